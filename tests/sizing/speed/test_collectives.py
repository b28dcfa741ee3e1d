"""Collectives inside a server: a GPU's published latency, else the fitted one."""

from __future__ import annotations

import dataclasses

import pytest

from sizing.catalog.hardware import get_gpu
from sizing.request import GpuId
from sizing.speed.costs import CURRENT
from sizing.speed.fabric import Network, all_reduce_s, all_to_all_s, collective_latency_s

_NETWORK = Network(gbps_per_gpu=400.0)


def test_the_mi355x_uses_its_published_all_reduce_latency():
    """The MI355X's small all-reduce takes vLLM's measured 6.3 us (TP8, a 24 KB message)."""
    assert collective_latency_s(get_gpu(GpuId.MI355X), CURRENT) == pytest.approx(6.3e-6)


@pytest.mark.parametrize("gpu", [GpuId.H200, GpuId.B200])
def test_a_gpu_without_a_published_latency_uses_the_fitted_one(gpu):
    """The H200's latency is fitted with the kernels; the B200 is taken as the H200."""
    assert collective_latency_s(get_gpu(gpu), CURRENT) == CURRENT.collective_s


def test_a_tiny_all_reduce_costs_about_its_latency():
    """Eight GPUs reducing a few bytes pay the latency and next to nothing for the bytes."""
    mi355x = get_gpu(GpuId.MI355X)
    tiny = all_reduce_s(mi355x, _NETWORK, CURRENT, group=8, message_bytes=64)
    assert tiny == pytest.approx(6.3e-6, rel=0.01)
    assert all_to_all_s(mi355x, _NETWORK, CURRENT, group=8, bytes_per_gpu=64) == pytest.approx(
        6.3e-6, rel=0.01
    )


def test_a_higher_latency_makes_every_collective_slower():
    """The same GPU with a higher published latency pays more for every all-reduce."""
    mi355x = get_gpu(GpuId.MI355X)
    slower = dataclasses.replace(mi355x, collective_latency_s=12e-6)
    for message in (1e3, 1e6, 1e8):
        assert all_reduce_s(slower, _NETWORK, CURRENT, group=8, message_bytes=message) > (
            all_reduce_s(mi355x, _NETWORK, CURRENT, group=8, message_bytes=message)
        )


def test_one_gpu_has_no_collective():
    """A group of one exchanges nothing."""
    assert all_reduce_s(get_gpu(GpuId.MI355X), _NETWORK, CURRENT, group=1, message_bytes=1e6) == 0
