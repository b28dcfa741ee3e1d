"""The format a GPU computes a model's matrices in: its own, or the next one it has."""

from __future__ import annotations

from sizing.catalog import GpuFacts
from sizing.request import Precision

_FOUR_BIT_FLOATS = frozenset({Precision.FP4, Precision.MXFP4, Precision.NVFP4})


def gpu_fp4_format(gpu: GpuFacts) -> Precision | None:
    """Return the GPU's own 4-bit float (NVFP4 where native, else MXFP4), None when it has none."""
    for fmt in (Precision.NVFP4, Precision.MXFP4):
        if fmt in gpu.native_formats:
            return fmt
    return None


def storage_format(gpu: GpuFacts, precision: Precision) -> Precision:
    """Return the concrete format the weights are stored in on this GPU (generic fp4 resolved).

    A GPU without a 4-bit float stores generic FP4 as MXFP4 weight-only.
    """
    if precision is Precision.FP4:
        return gpu_fp4_format(gpu) or Precision.MXFP4
    return precision


def is_native(gpu: GpuFacts, precision: Precision) -> bool:
    """Whether the GPU computes in this (concrete) format."""
    return storage_format(gpu, precision) in gpu.native_formats


# What a 4-bit float GEMM reaches of its dense peak, beside what 8- and 16-bit GEMMs reach of
# theirs (the share ``KernelCosts.matrix_efficiency`` stands for). Large dense FP4 x FP4 GEMMs on
# a B200 (8192 x 8192 x 8192) run at 5.24 PFLOPS with cuBLAS 13.3 and 5.70 with DeepGEMM, 0.58-
# 0.63 of the 9 PFLOPS peak (deepseek-ai/DeepGEMM PR #348's table, 2026-06); FP8 GEMMs reach
# about 0.78 of theirs (DeepGEMM README: up to 1,550 of the H800's 1,979 TFLOPS). 0.6 / 0.78:
# the block scales read and applied beside the narrower data keep FP4 further from its peak.
# The MI355X's MXFP4 GEMMs are taken to do the same (no published figure; its answers are
# estimates).
FP4_GEMM_SHARE = 0.77


def compute_tflops(gpu: GpuFacts, precision: Precision) -> float:
    """Return the dense TFLOPS the weights' matrix work runs at, as the kernels reach it.

    The format's own if native (a 4-bit float at ``FP4_GEMM_SHARE`` of its peak), FP8 weights
    on a GPU without FP8 at BF16. A format the GPU does not compute in (FP4 or FP6 on an H200,
    integer weights anywhere) is weight-only: the kernels unpack the weights to 16 bits and
    multiply at BF16 (Marlin, and the MXFP4 kernels vLLM runs gpt-oss with on Hopper and on the
    MI300X).
    """
    fmt = storage_format(gpu, precision)
    if fmt in _FOUR_BIT_FLOATS and fmt in gpu.native_formats and gpu.tflops_fp4:
        return gpu.tflops_fp4 * FP4_GEMM_SHARE
    if fmt is Precision.FP6 and fmt in gpu.native_formats and gpu.tflops_fp6:
        return gpu.tflops_fp6 * FP4_GEMM_SHARE
    if fmt is Precision.FP8 and Precision.FP8 in gpu.native_formats and gpu.tflops_fp8:
        return gpu.tflops_fp8
    return gpu.tflops_bf16
