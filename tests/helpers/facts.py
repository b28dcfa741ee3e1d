"""A Hypothesis strategy for request facts, as a chat may hold them."""

from decimal import Decimal

from hypothesis import strategies as st

from bot.request import RequestFacts
from sizing import KvDtype, TrainingMethod
from sizing.request import GpuId, Precision

FACTS = st.builds(
    RequestFacts,
    model_id=st.none() | st.sampled_from(["meta-llama/Llama-3.1-8B-Instruct", "m/x"]),
    params_b=st.none() | st.floats(1, 2000),
    precision=st.none() | st.sampled_from(Precision),
    kv_dtype=st.none() | st.sampled_from(KvDtype),
    context_tokens=st.none() | st.integers(1, 2**20),
    concurrency=st.none() | st.integers(1, 10_000),
    gpus=st.lists(st.sampled_from(GpuId), max_size=3).map(tuple),
    gpu_count=st.none() | st.integers(1, 64),
    budget_usd_month=st.none() | st.integers(1, 10**7).map(Decimal),
    cuda_only=st.none() | st.booleans(),
    throughput_tok_s=st.none() | st.floats(1, 1e6),
    method=st.none() | st.sampled_from(TrainingMethod),
    months=st.none() | st.integers(1, 36),
    plan_counts=st.none()
    | st.dictionaries(st.sampled_from(["h200-1x", "mi355x-8x"]), st.integers(1, 9)),
)
# Facts a chat keeps after a sizing: they always name a model.
SIZED_FACTS = FACTS.filter(lambda facts: facts.names_model)
