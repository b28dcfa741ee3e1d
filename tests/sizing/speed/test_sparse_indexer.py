"""Sparse attention in the speed model: the indexer's kernels and keys, the tokens kept."""

import dataclasses

import pytest

from sizing.catalog.hardware import get_gpu
from sizing.fit.load import model_load
from sizing.fit.memory import Shape
from sizing.model import get_model
from sizing.model.hf.families import _kept_blocks
from sizing.request import GpuId, KvDtype, Precision
from sizing.speed.costs import CURRENT
from sizing.speed.decode import attention_s, decode_step
from sizing.speed.layers import indexer_key_bytes, kernels_per_step, kv_bytes_per_token_layer
from sizing.speed.prefill import prefill_flops

GLM5 = "zai-org/GLM-5-FP8"
MINIMAX_M3 = "MiniMaxAI/MiniMax-M3"
V4_FLASH = "deepseek-ai/DeepSeek-V4-Flash"


def _load(model_id, context=8192, kv=KvDtype.BF16, precision=Precision.FP8):
    return model_load(get_model(model_id), precision, kv, context, include_mtp=False)


def _dense(load):
    """Return the same load as if every layer attended the whole context (no indexer)."""
    return dataclasses.replace(load, indexer=None, indexer_bytes_per_token=0)


def _attention(load, sequences=1):
    gpu = get_gpu(GpuId.H200)
    return attention_s(
        load, gpu, Shape(8, 1), sequences=sequences, tokens_per_sequence=1.0, costs=CURRENT
    )


def test_catalog_indexers_carry_what_their_configs_say():
    """GLM-5 keeps 2,048 tokens on all 78 layers; MiniMax M3 17 blocks of 128 on 57 layers."""
    glm = get_model(GLM5).indexer
    assert (glm.layers, glm.heads, glm.head_dim, glm.top_k, glm.gemms) == (78, 32, 128, 2048, 3)
    minimax = get_model(MINIMAX_M3).indexer
    assert (minimax.layers, minimax.top_k, minimax.gemms, minimax.small_kernels) == (
        57,
        2176,
        2,
        4,
    )
    assert get_model(V4_FLASH).indexer is None  # compressed layers: not read token by token


def test_block_sparse_keeps_top_and_local_blocks():
    """sparse_topk_blocks 16 and one local block of 128 tokens: 2,176 kept."""
    config = {"sparse_topk_blocks": 16, "sparse_local_block": 1, "sparse_block_size": 128}
    assert _kept_blocks(config) == 2176
    assert _kept_blocks({"sparse_topk_blocks": 16}) is None


def test_indexer_kernels_are_counted_per_indexed_layer():
    """Three projections and three small kernels on each of GLM-5's 78 layers."""
    load = _load(GLM5)
    gemms, small = kernels_per_step(load)
    plain_gemms, plain_small = kernels_per_step(_dense(load))
    assert (gemms - plain_gemms, small - plain_small) == (78 * 3, 78 * 3)


def test_indexer_keys_are_read_apart_from_the_latent():
    """The latent's bytes per token and layer exclude the indexer keys; both add up."""
    load = _load(GLM5)
    latent = kv_bytes_per_token_layer(load)
    keys = indexer_key_bytes(load)
    assert keys == pytest.approx(128 * 2)  # one 128-wide key per layer, BF16 as the cache
    whole = load.kv_bytes_per_sequence / (load.layers * load.context_tokens)
    assert latent + keys == pytest.approx(whole, rel=1e-3)


def test_long_context_attention_grows_only_by_the_indexer_keys():
    """At 128K the sparse layers attend 2,048 tokens: far less than dense attention."""
    short, long = _load(GLM5, 8192), _load(GLM5, 131072)
    sparse_growth = _attention(long, 16) - _attention(short, 16)
    dense_growth = _attention(_dense(long), 16) - _attention(_dense(short), 16)
    assert 0 < sparse_growth < 0.5 * dense_growth


def test_sparse_decode_step_pays_the_indexer_at_short_context():
    """At 2K every token is kept, so the indexer only adds its kernels and scoring pass."""
    load = _load(GLM5, 2048)
    gpu = get_gpu(GpuId.B200)
    sparse = decode_step(load, gpu, Shape(8, 1), sequences=4).total_s
    dense = decode_step(_dense(load), gpu, Shape(8, 1), sequences=4).total_s
    assert sparse > dense * 1.1


def test_prefill_attention_is_capped_by_the_kept_tokens_plus_scoring():
    """A 64K prompt: sparse attention FLOPs well under dense, but above the scoring alone."""
    load = _load(GLM5, 65536)
    _, sparse = prefill_flops(load, 65536)
    _, dense = prefill_flops(_dense(load), 65536)
    assert sparse < 0.5 * dense
    short_sparse = prefill_flops(_load(GLM5, 1024), 1024)[1]
    short_dense = prefill_flops(_dense(_load(GLM5, 1024)), 1024)[1]
    assert short_sparse > short_dense  # nothing dropped at 1K; the scoring is extra
