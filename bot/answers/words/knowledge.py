"""The sentences of the knowledge base: one gettext message per ``Fact`` (and per variant).

Placeholders are the point's value names (``%(monthly_usd)s``), filled with figures already
formatted for the customer's locale (``bot.answers.views.knowledge``). A message given as a pair is
a plural: the point's ``count`` value picks the form. A test renders every fact in every language,
so a new ``Fact`` fails until it is worded and translated.
"""

from __future__ import annotations

from bot.answers.i18n import N_
from sizing import (
    Fact,
)

Message = str | tuple[str, str]


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - gettext's marker style
    """Mark a singular/plural pair for extraction (``pybabel -k NP_:1,2``)."""
    return singular, plural


FACTS: dict[Fact, Message] = {
    Fact.SPEC_MEMORY: N_(
        "%(gpu)s has %(memory_gb)s of %(memory_type)s per GPU, %(server_memory_gb)s in a "
        "server with %(gpus_count)s GPUs."
    ),
    Fact.SPEC_BANDWIDTH: N_("%(gpu)s has %(bandwidth_tb_s)s of memory bandwidth per GPU."),
    Fact.SPEC_COMPUTE: N_(
        "%(gpu)s peaks at %(fp8_tflops)s in FP8 and %(bf16_tflops)s in BF16 "
        "(dense, vendor figures)."
    ),
    Fact.SPEC_FP4_COMPUTE: N_("In FP4 it reaches %(fp4_tflops)s (dense, vendor figure)."),
    Fact.SPEC_INTERCONNECT_MESH: N_(
        "%(gpu)s GPUs talk over an %(interconnect)s mesh: %(links_count)s links of "
        "%(link_gb_s)s per GPU, one to each peer, about %(total_tb_s)s in all."
    ),
    Fact.SPEC_INTERCONNECT_SWITCHED: N_(
        "%(gpu)s GPUs talk over %(interconnect)s through switches: %(per_gpu_gb_s)s per GPU, "
        "at full speed between any two GPUs."
    ),
    Fact.SPEC_SERVER_NETWORK: N_("%(plan)s: %(network)s between servers."),
    Fact.SPEC_POWER: N_("%(gpu)s draws up to %(power_w)s."),
    Fact.SPEC_FORM_OAM_LIQUID: N_("%(gpu)s is an OAM module with liquid cooling."),
    Fact.SPEC_FORM_SXM: N_("%(gpu)s is an SXM module on an HGX %(gpu)s board."),
    Fact.SPEC_ARCHITECTURE: N_(
        "%(gpu)s is built on the %(architecture)s architecture (%(vendor)s)."
    ),
    Fact.CARD_SUMMARY: N_(
        "%(gpu)s: %(architecture)s, %(memory_gb)s of %(memory_type)s per GPU, "
        "%(bandwidth_tb_s)s of memory bandwidth."
    ),
    Fact.PLAN_OFFER: NP_(
        "%(plan)s: %(monthly_usd)s a month, %(availability)s, delivered within "
        "%(delivery_days)s business day of payment.",
        "%(plan)s: %(monthly_usd)s a month, %(availability)s, delivered within "
        "%(delivery_days)s business days of payment.",
    ),
    Fact.NO_PLAN_PRICE: N_("We don't list a %(gpu)s price yet: ask us for a quote."),
    Fact.PLAN_DELIVERY: NP_(
        "%(plan)s: %(availability)s, delivered within %(delivery_days)s business day of payment.",
        "%(plan)s: %(availability)s, delivered within %(delivery_days)s business days of payment.",
    ),
    Fact.DATE_BEFORE_PAYMENT: N_(
        "%(plan)s: stock is limited, and the committed delivery date is shown before you pay."
    ),
    Fact.MINIMUM_TERM: NP_(
        "The minimum term is %(minimum_months)s month, and you can cancel any month at no charge.",
        "The minimum term is %(minimum_months)s months, and you can cancel any month at no charge.",
    ),
    Fact.FIXED_MONTHLY: N_("Every plan has a fixed monthly price."),
    Fact.TRAFFIC_INCLUDED: N_(
        "Our monthly prices include %(min_tb)s–%(max_tb)s TB of traffic a month, as our site "
        "states."
    ),
    Fact.SERVER_PORTS: NP_(
        "Each server has %(ports_count)s network port of %(gbps_count)s Gbit/s for traffic "
        "between servers.",
        "Each server has %(ports_count)s network ports of %(gbps_count)s Gbit/s for traffic "
        "between servers.",
    ),
    Fact.SINGLE_VM_NETWORK: N_(
        "A single %(gpu)s plan is a separate virtual machine with a %(gbps_count)s Gbit/s "
        "link: several of them share no NVLink and cannot split one model."
    ),
    Fact.SAME_GPU: N_(
        "Both are the same %(gpu)s with %(memory_gb)s of memory; what differs is the machine "
        "around it."
    ),
    Fact.SINGLE_PLAN_SHAPE: N_(
        "%(plan)s: a virtual machine of its own with one GPU, %(vcpus_count)s vCPU, "
        "%(ram_gb)s of RAM and a %(network)s network, %(monthly_usd)s a month."
    ),
    Fact.SERVER_PLAN_SHAPE: N_(
        "%(plan)s: %(gpus_count)s GPUs in one server, linked by %(interconnect)s at "
        "%(per_gpu_gb_s)s per GPU, %(cpu)s, %(ram_gb)s of RAM, %(network)s, %(monthly_usd)s "
        "a month (%(per_gpu_usd)s per GPU), rented as a whole server."
    ),
    Fact.CALCULATOR: N_(
        "The GPU cost calculator on our site adds up plans, quantities and months for you."
    ),
    Fact.DOCS: N_("Our documentation explains the setup of the ROCm environment on the MI355X."),
    Fact.NOT_PUBLISHED_REFUND: N_(
        "Our published terms say nothing about refunds, so I won't guess."
    ),
    Fact.NOT_PUBLISHED_OS_IMAGE: N_(
        "Our published facts don't say which operating system images are offered or whether "
        "you can bring your own, so I won't guess."
    ),
    Fact.NOT_PUBLISHED_ROOT: N_(
        "Our published facts don't say what access you get to the machine (root or "
        "otherwise), so I won't guess."
    ),
    Fact.PERSON_WILL_ANSWER: N_("A person from our team can answer it: tap “Talk to a person”."),
    Fact.PER_GPU_HOUR_RULE: N_(
        "Per GPU-hour prices are the monthly price ÷ GPUs ÷ %(hours_count)s hours, only to "
        "compare with hourly offers."
    ),
    Fact.PAYMENT_CRYPTO: N_("Payment is in cryptocurrency."),
    Fact.LONGER_TERMS_QUOTED: N_(
        "Longer terms (%(min_months)s to %(max_months)s months) and volume prices for several "
        "servers are quoted on request."
    ),
    Fact.QUOTE_BY_TICKET: N_(
        "Once you have a server running, open a ticket to ask for that price, or ask me to put "
        "you in touch with a person now."
    ),
    Fact.WHOLE_SERVER_ONLY: N_(
        "No: we rent %(gpu)s only as the whole server with %(gpus_count)s GPUs, "
        "%(monthly_usd)s a month."
    ),
    Fact.SINGLE_GPU_PLAN: N_("Yes: a single %(gpu)s (%(memory_gb)s) is %(monthly_usd)s a month."),
    Fact.SINGLE_GPU_ALTERNATIVE: N_(
        "If one GPU is enough: a single %(gpu)s (%(memory_gb)s) is %(monthly_usd)s a month."
    ),
    Fact.SINGLES_NOT_JOINED: N_(
        "No: single-%(gpu)s plans are independent virtual machines, fine for separate jobs or "
        "replicas, not for splitting one model across GPUs."
    ),
    Fact.SINGLES_COST: N_(
        "Two or three single-%(gpu)s plans cost %(two_usd)s or %(three_usd)s a month."
    ),
    Fact.SERVER_FOR_ONE_MODEL: N_(
        "To split one model across GPUs, take the %(plan)s server (%(monthly_usd)s a month): "
        "its %(gpus_count)s GPUs are linked by %(interconnect)s."
    ),
    Fact.PRIVATE_NETWORK_ON_REQUEST: N_(
        "Yes: we set up a private network between your servers on request."
    ),
    Fact.PIPELINE_NEEDS_NETWORK: N_(
        "That is what a model spread over several servers (pipeline parallelism) runs on."
    ),
    Fact.STACK_ROCM: N_("%(gpu)s runs ROCm, AMD's software stack, not CUDA."),
    Fact.STACK_CUDA: N_("%(gpu)s runs NVIDIA's CUDA stack."),
    Fact.STACK_SAME_AS: N_(
        "%(gpu)s runs the same software as %(same)s: the same CUDA versions, kernels and "
        "container images, with no porting."
    ),
    Fact.ITEM_RUNS: N_("Yes: %(item)s runs on %(gpu)s."),
    Fact.ITEM_NEEDS_PORT: N_("Partly: %(item)s need a port to %(target)s to run on %(gpu)s."),
    Fact.ITEM_NOT_AVAILABLE: N_("No: %(item)s is not available on %(gpu)s."),
    Fact.RUNS_UNCHANGED: N_("%(names)s run on %(gpu)s as they are."),
    Fact.NEEDS_PORT: N_("A port to %(target)s is needed for %(names)s."),
    Fact.NOT_AVAILABLE: N_(
        "NVIDIA-only tools such as %(names)s have no AMD version and need replacing."
    ),
    Fact.TORCH_CUDA_INTERFACE: N_(
        "PyTorch on AMD GPUs keeps the torch.cuda device interface, so PyTorch code mostly "
        "runs unchanged."
    ),
    Fact.ROCM_IMAGE_READY: N_(
        "Yes: our ROCm image gives you a ready base to start from on %(gpu)s."
    ),
    Fact.ROCM_IMAGE_BASE: N_("Our ROCm image gives you a ready base to start from on %(gpu)s."),
    Fact.NO_ROCM_IMAGE: N_("We don't provide a ready ROCm image for %(gpu)s."),
    Fact.CHECK_DEPENDENCIES: N_("Check your dependencies first, then run your real workload."),
    Fact.TRY_A_MONTH: NP_(
        "Not sure? Test on %(gpu)s for %(trial_months)s month first: you can cancel any month.",
        "Not sure? Test on %(gpu)s for %(trial_months)s months first: you can cancel any month.",
    ),
    Fact.MIGRATE_USUALLY_NOT: N_(
        "For %(any_names)s code, usually not: both support ROCm, which %(gpu)s runs."
    ),
    Fact.FORMAT_NOT_NATIVE: N_(
        "Not natively: the lowest-precision floating-point format %(gpu)s computes in is "
        "%(lowest)s, not %(format)s."
    ),
    Fact.FORMAT_NATIVE: N_(
        "Yes: %(gpu)s computes in %(format)s natively (%(tflops)s dense, vendor figure)."
    ),
    Fact.WEIGHT_ONLY: N_(
        "You can still store %(bits_count)s-bit weights with weight-only quantization "
        "(%(any_names)s), but the maths runs at a higher precision: memory use drops, speed "
        "does not rise."
    ),
    Fact.OCP_MICROSCALING: N_(
        "%(names)s are microscaling formats standardised by the Open Compute Project (OCP)."
    ),
    Fact.NEEDS_FRAMEWORK_SUPPORT: N_(
        "4- and 6-bit models then compute natively, as long as your framework supports them."
    ),
    Fact.NATIVE_LIST: N_("%(gpu)s computes natively in %(names)s."),
    Fact.OTHER_HAS_NATIVE: N_("%(gpu)s computes %(names)s in hardware, up to %(tflops)s."),
    Fact.CHOOSE_INTRO: N_("It depends on how many GPUs you need and on your software:"),
    Fact.CHOOSE_SINGLE_GPU: N_(
        "One GPU, a model of %(max_params_b)s or smaller in %(precision)s: a single %(gpu)s, "
        "%(monthly_usd)s a month."
    ),
    Fact.CHOOSE_SERVER_ROCM: N_(
        "A whole server, and a stack that runs on ROCm: %(plan)s, %(monthly_usd)s a month, "
        "with more memory, more bandwidth and native FP4."
    ),
    Fact.CHOOSE_SERVER_CUDA_ONLY: N_(
        "A whole server, and CUDA-only dependencies: %(plan)s, %(monthly_usd)s a month; if you "
        "also need FP4, a %(other)s server (price on request)."
    ),
    Fact.CHOOSE_UNSURE: NP_(
        "Not sure your stack will port: test on %(gpu)s for %(trial_months)s month before "
        "committing to a longer term.",
        "Not sure your stack will port: test on %(gpu)s for %(trial_months)s months before "
        "committing to a longer term.",
    ),
    Fact.HARDWARE_LEAD: N_(
        "On hardware, yes: %(gpu)s has about %(memory_ratio)s the memory per GPU of "
        "%(other)s, about %(bandwidth_ratio)s the memory bandwidth and about "
        "%(compute_ratio)s the vendors' peak FP8 and BF16 compute."
    ),
    Fact.HARDWARE_BEHIND: N_(
        "On hardware, no: %(gpu)s has about %(memory_ratio)s the memory per GPU of "
        "%(other)s, about %(bandwidth_ratio)s the memory bandwidth and about "
        "%(compute_ratio)s the vendors' peak FP8 and BF16 compute."
    ),
    Fact.HARDWARE_MIXED: N_(
        "It depends on the figure: next to %(other)s, %(gpu)s has %(memory_ratio)s the memory "
        "per GPU, %(bandwidth_ratio)s the memory bandwidth and %(compute_ratio)s the peak FP8 "
        "and BF16 compute."
    ),
    Fact.HARDWARE_RATIOS: N_("%(gpu)s next to %(other)s: %(items)s."),
    Fact.MEMORY_PER_DOLLAR: N_(
        "%(gpu)s gives about %(per_dollar_ratio)s the GPU memory per dollar of %(other)s."
    ),
    Fact.SAFER_FOR_CUDA: N_(
        "%(gpu)s is the safer choice when your code depends on CUDA-only components: it runs "
        "the %(name)s stack with no changes."
    ),
    Fact.CHEAPER_SERVER: N_("%(plan)s is %(difference_usd)s a month cheaper than %(other_plan)s."),
    Fact.FITS_IN_PRECISION: N_(
        "In %(precision)s, yes: the weights of a %(params_b)s model take about "
        "%(weights_gb)s, which leaves about %(room_gb)s of the %(gpu)s for the KV cache."
    ),
    Fact.NEEDS_MORE_GPUS: NP_(
        "In %(precision)s the weights alone take about %(weights_gb)s, so you need "
        "%(gpus_count)s %(gpu)s, or one GPU with more memory such as %(any_names)s.",
        "In %(precision)s the weights alone take about %(weights_gb)s, so you need "
        "%(gpus_count)s %(gpu)s GPUs, or one GPU with more memory such as %(any_names)s.",
    ),
    Fact.TWO_GPUS_MEAN_SERVER: N_(
        "Several %(gpu)s GPUs holding one model means the %(plan)s server: single-%(gpu)s "
        "plans cannot be joined."
    ),
    Fact.KV_EXAMPLE: NP_(
        "With an FP8 KV cache, one %(context_tokens)s context of a Llama-3-70B-class model "
        "takes about %(per_context_gb)s: about %(contexts_count)s fits beside FP8 weights "
        "on one %(gpu)s.",
        "With an FP8 KV cache, one %(context_tokens)s context of a Llama-3-70B-class model "
        "takes about %(per_context_gb)s: about %(contexts_count)s fit beside FP8 weights "
        "on one %(gpu)s.",
    ),
    Fact.BOTH_SERVERS_HOLD: N_(
        "A %(params_b)s MoE model takes about %(weights_gb)s in %(precision)s: both 8-GPU "
        "servers hold it."
    ),
    Fact.KV_ROOM_SERVERS: N_(
        "But %(plan)s leaves about %(room_gb)s for the KV cache, %(other_plan)s only about "
        "%(other_room_gb)s."
    ),
    Fact.ONLY_ONE_SERVER_HOLDS: N_(
        "In %(precision)s (about %(weights_gb)s) only %(plan)s holds it, with about "
        "%(room_gb)s to spare."
    ),
    Fact.NO_SERVER_HOLDS: N_(
        "In %(precision)s (about %(weights_gb)s) it needs more than one 8-GPU server."
    ),
    Fact.TERM_BF16: N_(
        "BF16 and FP16 are 16-bit floating-point formats: BF16 keeps the range of FP32 with "
        "less precision, FP16 has more precision in a narrower range. Most models are "
        "published in BF16."
    ),
    Fact.TERM_FP8: N_(
        "FP8 is an 8-bit floating-point format (E4M3 or E5M2): weights and KV cache take half "
        "the memory of BF16, and GPUs that compute in FP8 natively also run the maths faster."
    ),
    Fact.TERM_FP4: N_(
        "FP4 is a 4-bit floating-point format in which each small block of values shares a "
        "scale: MXFP4 is the Open Compute Project's microscaling standard, NVFP4 NVIDIA's "
        "variant with smaller blocks and FP8 scales."
    ),
    Fact.TERM_INT4: N_(
        "INT4 with AWQ or GPTQ is weight-only quantization: the weights are stored as 4-bit "
        "integers with a scale per group, and turned back into a higher precision for the "
        "maths, so memory shrinks while the maths stays in BF16 or FP16."
    ),
    Fact.TERM_KV_CACHE: N_(
        "The KV cache keeps the attention keys and values of every token already processed, "
        "so they are not computed again for each new token. It grows with the context length "
        "and with every request served at once, and fills the GPU memory left beside the "
        "weights."
    ),
    Fact.TERM_MLA: N_(
        "MLA (multi-head latent attention, introduced with DeepSeek-V2) caches one compressed "
        "latent vector per token and layer instead of keys and values for every head, which "
        "makes the KV cache much smaller."
    ),
    Fact.TERM_MOE: N_(
        "A mixture-of-experts (MoE) model has many expert networks in each layer, and a router "
        "sends each token to only a few of them: every expert must sit in GPU memory, but each "
        "token computes with the active ones only."
    ),
    Fact.TERM_TENSOR_PARALLELISM: N_(
        "Tensor parallelism splits every layer's weights across several GPUs, which work on "
        "each token together and exchange results at every layer, so it needs fast links "
        "between the GPUs of one server."
    ),
    Fact.TERM_CONTEXT_LENGTH: N_(
        "The context length is how many tokens, prompt and answer together, a model takes into "
        "account at once. Each model has a maximum, and every token of context takes room in "
        "the KV cache."
    ),
    Fact.TERM_SLIDING_WINDOW: N_(
        "Sliding-window attention lets some layers look only at the most recent tokens (the "
        "window), so the KV cache of those layers stops growing once the context is longer "
        "than the window."
    ),
    Fact.TERM_TTFT: N_(
        "Time to first token (TTFT) is how long a request waits before the first token of the "
        "answer arrives: the prompt is read first (prefill), and under load the request also "
        "waits for prompts ahead of it and shares the GPUs with answers being written."
    ),
    Fact.TERM_TPOT: N_(
        "Time per output token (TPOT, also inter-token latency) is the time between two tokens "
        "of an answer once it streams; its inverse is the tokens per second each user sees. "
        "It grows with the number of requests served at once, while the total tokens per "
        "second of the server rises."
    ),
    Fact.GLOSSARY_TERMS: N_("That term is not in my glossary yet. I can explain %(names)s."),
    Fact.FORMAT_WEIGHTS: N_(
        "In %(format)s a weight takes %(weight_bits)s bits: the weights of %(model)s take "
        "about %(weights_gb)s, against %(bf16_weights_gb)s in BF16."
    ),
    Fact.FP4_VARIANTS: N_(
        "With its scales, MXFP4 takes %(weight_bits)s bits per weight and NVFP4 "
        "%(other_bits)s: the weights of %(model)s take about %(weights_gb)s in MXFP4 and "
        "%(other_weights_gb)s in NVFP4, against %(bf16_weights_gb)s in BF16."
    ),
    Fact.NATIVE_ON: NP_(
        "Of the GPUs we rent, %(names)s computes in %(format)s natively.",
        "Of the GPUs we rent, %(names)s compute in %(format)s natively.",
    ),
    Fact.WEIGHT_ONLY_ON: N_(
        "No native %(format)s on %(names)s: there, 4-bit weights are stored with weight-only "
        "quantization (%(any_names)s) and the maths runs at a higher precision."
    ),
    Fact.KV_PER_TOKEN: N_(
        "For %(model)s it takes %(per_token_bytes)s per token in BF16: one %(context_tokens)s "
        "context needs about %(per_context_gb)s, or %(fp8_per_context_gb)s with an FP8 KV "
        "cache."
    ),
    Fact.MLA_VS_GQA: N_(
        "%(model)s (MLA) caches %(per_token_bytes)s per token in BF16, %(other_model)s "
        "(grouped-query attention) %(other_per_token_bytes)s: one %(context_tokens)s context "
        "takes about %(per_context_gb)s against %(other_per_context_gb)s."
    ),
    Fact.MLA_KV_WHOLE_ON_EACH_GPU: N_(
        "With MLA attention, vLLM keeps the whole KV cache on every tensor-parallel GPU "
        "instead of splitting it."
    ),
    Fact.MOE_MEMORY_AND_SPEED: N_(
        "%(model)s has %(total_b)s parameters, %(active_b)s of them active per token: memory "
        "is sized by all %(total_b)s (about %(weights_gb)s in %(precision)s), generation speed "
        "by the %(active_b)s each token reads."
    ),
    Fact.TP_SPLIT: NP_(
        "In %(precision)s the weights of %(model)s take about %(weights_gb)s: split over "
        "%(gpus_count)s GPU, each holds about %(per_gpu_gb)s, and the rest of its memory goes "
        "to the KV cache.",
        "In %(precision)s the weights of %(model)s take about %(weights_gb)s: split over "
        "%(gpus_count)s GPUs, each holds about %(per_gpu_gb)s, and the rest of its memory goes "
        "to the KV cache.",
    ),
    Fact.TP_SERVER: N_(
        "%(plan)s: %(gpus_count)s GPUs linked by %(interconnect)s, %(monthly_usd)s a month."
    ),
    Fact.CONTEXT_GROWTH: N_(
        "%(model)s accepts up to %(max_tokens)s. Its KV cache takes %(per_token_bytes)s per "
        "token in BF16: about %(short_per_context_gb)s for one %(short_tokens)s context, "
        "%(per_context_gb)s for one %(context_tokens)s context."
    ),
    Fact.TTFT_EXAMPLE: NP_(
        "%(model)s in %(format)s on one %(gpu)s, prompts of %(input_tokens)s tokens: the first "
        "token after about %(idle_ttft_s)s for one user alone, about %(load_ttft_s)s with "
        "%(users_count)s user at once (estimates).",
        "%(model)s in %(format)s on one %(gpu)s, prompts of %(input_tokens)s tokens: the first "
        "token after about %(idle_ttft_s)s for one user alone, about %(load_ttft_s)s with "
        "%(users_count)s users at once (estimates).",
    ),
    Fact.TPOT_EXAMPLE: NP_(
        "%(model)s in %(format)s on one %(gpu)s: one user alone gets about %(alone_tok_s)s "
        "tokens/s (a token every %(alone_ms)s ms); with %(users_count)s user at once, each "
        "gets about %(each_tok_s)s tokens/s (estimates).",
        "%(model)s in %(format)s on one %(gpu)s: one user alone gets about %(alone_tok_s)s "
        "tokens/s (a token every %(alone_ms)s ms); with %(users_count)s users at once, each "
        "gets about %(each_tok_s)s tokens/s (estimates).",
    ),
    Fact.WINDOW_CAP: NP_(
        "In %(model)s, %(windowed_count)s of %(layers_count)s layers attends to a window of "
        "%(window_tokens)s tokens: one %(context_tokens)s context takes about "
        "%(per_context_gb)s of KV cache in BF16, against %(full_per_context_gb)s if every "
        "layer cached the whole context.",
        "In %(model)s, %(windowed_count)s of %(layers_count)s layers attend to a window of "
        "%(window_tokens)s tokens: one %(context_tokens)s context takes about "
        "%(per_context_gb)s of KV cache in BF16, against %(full_per_context_gb)s if every "
        "layer cached the whole context.",
    ),
}

# A fact worded differently when a value is present (or absent, for ``names``).
WITH_VALUE: dict[tuple[Fact, str], Message] = {
    (Fact.CHEAPER_SERVER, "memory_ratio"): N_(
        "%(plan)s is %(difference_usd)s a month cheaper than %(other_plan)s, with about "
        "%(memory_ratio)s the memory."
    ),
}
WITHOUT_VALUE: dict[tuple[Fact, str], Message] = {
    (Fact.FORMAT_WEIGHTS, "bf16_weights_gb"): N_(
        "In %(format)s a weight takes %(weight_bits)s bits: the weights of %(model)s take "
        "about %(weights_gb)s."
    ),
    (Fact.CONTEXT_GROWTH, "max_tokens"): N_(
        "The KV cache of %(model)s takes %(per_token_bytes)s per token in BF16: about "
        "%(short_per_context_gb)s for one %(short_tokens)s context, %(per_context_gb)s for one "
        "%(context_tokens)s context."
    ),
    (Fact.NEEDS_MORE_GPUS, "any_names"): NP_(
        "In %(precision)s the weights alone take about %(weights_gb)s, so you need "
        "%(gpus_count)s %(gpu)s.",
        "In %(precision)s the weights alone take about %(weights_gb)s, so you need "
        "%(gpus_count)s %(gpu)s GPUs.",
    ),
}
# The parts of a HARDWARE_RATIOS line, one per ratio present.
RATIO_ITEMS: dict[str, str] = {
    "memory_ratio": N_("about %(ratio)s the memory"),
    "bandwidth_ratio": N_("about %(ratio)s the memory bandwidth"),
    "fp8_ratio": N_("about %(ratio)s the FP8 compute"),
}
# Names of things the facts list, in every language (product names stay as they are).
ITEM_NAMES: dict[str, str] = {
    "pytorch": "PyTorch",
    "vllm": "vLLM",
    "sglang": "SGLang",
    "tensorrt_llm": "TensorRT-LLM",
    "cuda": "CUDA",
    "hip": "HIP",
    "awq": "AWQ",
    "gptq": "GPTQ",
    "mxfp4": "MXFP4",
    "mxfp6": "MXFP6",
    "nvfp4": "NVFP4",
    "amd": "AMD",
    "nvidia": "NVIDIA",
    # the glossary's terms
    "bf16_fp16": "BF16/FP16",
    "fp4_formats": "FP4 (MXFP4, NVFP4)",
    "int4_weight_only": "INT4 (AWQ, GPTQ)",
    "mla": "MLA",
    "moe": "MoE",
}
TRANSLATED_ITEMS: dict[str, str] = {
    "custom_cuda_kernels": N_("custom CUDA kernels"),
    "kv_cache": N_("KV cache"),
    "tensor_parallelism": N_("tensor parallelism"),
    "context_length": N_("context length (context window)"),
    "sliding_window": N_("sliding-window attention"),
    "ttft": N_("time to first token (TTFT)"),
    "tpot": N_("time per output token (TPOT)"),
}
