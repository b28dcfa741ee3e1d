"""The meanings the topic rules combine, each found by words in ten languages."""

from __future__ import annotations

from enum import StrEnum


class Concept(StrEnum):
    """A meaning the topic rules combine."""

    HUMAN = "human"
    CONTACT = "contact"
    SALES_PHRASE = "sales_phrase"
    BETTER_THAN = "better_than"
    BETTER = "better"
    RUN = "run"
    ONE = "one"
    CODE_CHANGE = "code_change"
    MIGRATE = "migrate"
    DEEPSEEK = "deepseek"
    MODEL_CLASS = "model_class"
    BEST_FOR = "best_for"
    SPECS = "specs"
    BANDWIDTH = "bandwidth"
    MEMORY = "memory"
    POWER = "power"
    COMPUTE = "compute"
    INTERCONNECT = "interconnect"
    FORM_FACTOR = "form_factor"
    ARCHITECTURE = "architecture"
    DELIVERY = "delivery"
    MIN_TERM = "min_term"
    DISCOUNT = "discount"
    RENT = "rent"
    JOIN = "join"
    MODEL = "model"
    NETWORK = "network"
    ROCM = "rocm"
    IMAGE = "image"
    SOFTWARE = "software"
    SUPPORT = "support"
    FORMATS = "formats"
    HOW = "how"
    CHOOSE = "choose"
    BILLING = "billing"
    TRAFFIC = "traffic"
    FABRIC = "fabric"  # InfiniBand, RoCE, 400G: a network between servers by name
    BETWEEN_SERVERS = "between_servers"
    SINGLE_PLAN = "single_plan"
    HGX = "hgx"
    DIFFERENCE = "difference"
    REFUND = "refund"
    OS_IMAGE = "os_image"
    ROOT = "root"
    CALCULATOR = "calculator"
    SERVER_GPU = "server_gpu"  # one GPU of a server ("a GPU of the HGX box")
    PART_OF_SERVER = "part_of_server"  # the whole server or only some of its GPUs
