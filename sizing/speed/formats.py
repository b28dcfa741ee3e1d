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


def compute_tflops(gpu: GpuFacts, precision: Precision) -> float:
    """Return the dense TFLOPS the weights' matrix work runs at.

    The format's own if native, else the next format the GPU has (FP4/FP6 to FP8, then BF16);
    integer weight-only formats run at BF16.
    """
    fmt = storage_format(gpu, precision)
    if fmt in _FOUR_BIT_FLOATS and fmt in gpu.native_formats and gpu.tflops_fp4:
        return gpu.tflops_fp4
    if fmt is Precision.FP6 and fmt in gpu.native_formats and gpu.tflops_fp6:
        return gpu.tflops_fp6
    wants_fp8 = fmt in _FOUR_BIT_FLOATS or fmt in {Precision.FP6, Precision.FP8}
    if wants_fp8 and Precision.FP8 in gpu.native_formats and gpu.tflops_fp8:
        return gpu.tflops_fp8
    return gpu.tflops_bf16
