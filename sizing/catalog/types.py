"""Catalog facts: one GPU's figures, one plan of the price table, and the price list itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum

from sizing.request import GpuId, Precision
from sizing.serialize import NOT_IN_JSON


class Software(StrEnum):
    """The GPU's software stack."""

    ROCM = "rocm"
    CUDA = "cuda"


class Interconnect(StrEnum):
    """How the GPUs of one server talk to each other."""

    INFINITY_FABRIC = "infinity_fabric"  # AMD direct mesh, one link per peer
    NVLINK4 = "nvlink4"  # through NVSwitch
    NVLINK5 = "nvlink5"


class FormFactor(StrEnum):
    """Module form and cooling."""

    OAM_LIQUID = "oam_liquid"
    SXM_HGX = "sxm_hgx"


class Availability(StrEnum):
    """Stock status of a plan."""

    IN_STOCK = "in_stock"
    LIMITED = "limited"


@dataclass(frozen=True, slots=True)
class GpuFacts:
    """One GPU model: vendor figures (dense TFLOPS) and the bytes a framework can use."""

    id: GpuId
    name: str  # e.g. "AMD Instinct MI355X"
    vendor: str  # "amd" | "nvidia"
    architecture: str  # e.g. "CDNA 4"
    memory_gb: int  # marketed HBM capacity
    memory_type: str  # "HBM3e"
    usable_bytes: int  # what the framework sees (measured, or derived and estimated)
    usable_bytes_estimated: bool
    cuda_context_bytes: int  # taken by the runtime before any tensor
    bandwidth_tb_s: float  # marketed HBM bandwidth
    tflops_fp4: float | None  # dense; None where the format is not native
    tflops_fp6: float | None
    tflops_fp8: float | None
    tflops_bf16: float
    native_formats: tuple[Precision, ...]
    interconnect: Interconnect
    interconnect_gb_s: float  # per GPU, all links
    interconnect_links: int | None  # links per GPU where the fabric is a mesh
    interconnect_link_gb_s: float | None  # one link
    form_factor: FormFactor
    power_w: int
    software: Software
    gpus_per_server: int  # the server shape this GPU comes in (8)
    # One small all-reduce inside a server, measured for this GPU where a published
    # microbenchmark gives it (seconds); None: the latency the speed model assumes for all
    collective_latency_s: float | None = None


@dataclass(frozen=True, slots=True)
class PlanFacts:
    """One plan of the price table, with the page's rules as flags."""

    id: str  # e.g. "mi355x-8x"
    gpu: GpuId
    gpus: int
    cpu: str  # model text, e.g. "2x EPYC 9575F"
    cpu_cores: int | None  # physical cores (servers)
    cpu_vcpus: int | None  # virtual CPUs (single-GPU machines)
    ram_gb: int
    storage_drives: int
    storage_tb_per_drive: float
    network: str  # as the price table writes it, e.g. "8x 400G RoCE"
    network_ports: int
    network_gbps_per_port: int
    monthly_usd: Decimal
    usd_per_gpu_hour: Decimal  # monthly / GPUs / hours per month (730), to the cent
    usd_per_gb_month: Decimal  # monthly / (GPUs x marketed GB), to the cent
    memory_gb_total: int  # GPUs x marketed GB
    availability: Availability
    lead_time_business_days: int
    whole_server_only: bool  # rented only as the whole server
    can_split_model: bool  # one model may span its GPUs (False: independent machines)
    is_server: bool  # an 8-GPU server (False: a single-GPU machine)
    page_path: str  # product page under https://fullgpu.com/{locale}/


@dataclass(frozen=True, slots=True)
class PriceAnswer:
    """The price table, optionally filtered to one GPU."""

    plans: tuple[PlanFacts, ...]
    gpu: GpuId | None  # the filter asked for, None for all
    gpus: tuple[GpuFacts, ...]  # facts of the GPUs the plans use (or the GPU asked for)
    unpriced_gpus: tuple[GpuId, ...]  # asked for or known, but no plan in the catalog (B200)
    hours_per_month: int  # the hours a month is counted as, for the price per GPU-hour
    prices_as_of: date = field(metadata=NOT_IN_JSON)  # the date the prices were set
