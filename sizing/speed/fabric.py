"""Collectives: what parallel layouts pay to exchange activations, in and across servers.

Tensor parallelism, data-parallel attention, expert parallelism and pipeline stages all move
activations between GPUs.

A collective costs a latency (fitted, ``KernelCosts``) plus its bytes over the links it uses
(vendor figures): NVSwitch gives every GPU its full NVLink bandwidth whatever the group; the
MI355X's Infinity Fabric is a direct mesh, one 153.6 GB/s link per peer, so a group of n GPUs
uses n - 1 links; between servers each GPU has its own NIC.
"""

from __future__ import annotations

from dataclasses import dataclass

from sizing.catalog import GpuFacts, Interconnect, PlanFacts
from sizing.speed.costs import KernelCosts

GB = 1e9
BITS_PER_BYTE = 8
# Activations cross the links in 16 bits.
ACTIVATION_BYTES = 2
# HGX B200 reference servers carry eight 400G ConnectX-7 NICs, one per GPU (NVIDIA HGX B200
# datasheet); used where the catalog has no plan, hence no network, for a GPU.
DEFAULT_NIC_GBPS = 400.0
# Vendor link figures count both directions ("NVLink 4: 900 GB/s total bidirectional", 18 links
# of 50 GB/s; the MI355X's 153.6 GB/s Infinity Fabric links and the MI300X's 896 GB/s aggregate
# likewise): a ring all-reduce, a gather or an all-to-all sends each byte one way, so a GPU's
# peers receive at half the quoted figure. NIC rates (400 Gb/s) are already one way. The
# training model reads the same figures the same way (``sizing.train.speed``).
ONE_WAY_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class Network:
    """The network between servers, per GPU (one NIC each on the servers sold)."""

    gbps_per_gpu: float


def server_network(plan: PlanFacts | None) -> Network:
    """Return the network of a plan's servers ("8x 400G RoCE": 400 Gb/s per GPU), or a default."""
    if plan is None or not plan.is_server:
        return Network(gbps_per_gpu=DEFAULT_NIC_GBPS)
    return Network(gbps_per_gpu=plan.network_ports * plan.network_gbps_per_port / plan.gpus)


def intra_server_gb_s(gpu: GpuFacts, group: int) -> float:
    """One-way bandwidth each GPU of a group of ``group`` GPUs of one server has to the others."""
    if gpu.interconnect is Interconnect.INFINITY_FABRIC and gpu.interconnect_link_gb_s:
        both = min(gpu.interconnect_gb_s, (group - 1) * gpu.interconnect_link_gb_s)
        return both * ONE_WAY_SHARE
    return gpu.interconnect_gb_s * ONE_WAY_SHARE


def collective_latency_s(gpu: GpuFacts, costs: KernelCosts) -> float:
    """One small collective's latency inside a server: the GPU's published one, else the fit's.

    The MI355X's is vLLM's own microbenchmark (``gpus.json``); the H200's is fitted with the
    kernels (``KernelCosts.collective_s``), and the B200 is taken as the H200.
    """
    return gpu.collective_latency_s or costs.collective_s


def all_reduce_s(
    gpu: GpuFacts, network: Network, costs: KernelCosts, *, group: int, message_bytes: float
) -> float:
    """One all-reduce of ``message_bytes`` over ``group`` GPUs (ring volume 2(n-1)/n).

    A group wider than a server reduces inside each server, then across servers, each GPU
    sending its share through its own NIC.
    """
    if group <= 1:
        return 0.0
    local = min(group, gpu.gpus_per_server)
    volume = 2 * (local - 1) / local * message_bytes
    seconds = collective_latency_s(gpu, costs) + volume / (intra_server_gb_s(gpu, local) * GB)
    servers = -(-group // gpu.gpus_per_server)
    if servers > 1:
        share = 2 * (servers - 1) / servers * message_bytes / local
        seconds += costs.network_collective_s + share / nic_bytes_per_s(network)
    return seconds


def all_to_all_s(
    gpu: GpuFacts, network: Network, costs: KernelCosts, *, group: int, bytes_per_gpu: float
) -> float:
    """One expert-parallel dispatch (or combine): each GPU sends (n-1)/n of its bytes away."""
    if group <= 1:
        return 0.0
    local = min(group, gpu.gpus_per_server)
    leaving = (group - 1) / group * bytes_per_gpu
    seconds = collective_latency_s(gpu, costs) + leaving / (intra_server_gb_s(gpu, local) * GB)
    if group > gpu.gpus_per_server:
        seconds += costs.network_collective_s + leaving / nic_bytes_per_s(network)
    return seconds


def stage_hop_s(network: Network, costs: KernelCosts, *, message_bytes: float) -> float:
    """Hand one micro-batch's activations to the next pipeline stage, on the next server."""
    return costs.network_collective_s + message_bytes / nic_bytes_per_s(network)


def nic_bytes_per_s(network: Network) -> float:
    """Bytes per second one GPU's NIC carries."""
    return network.gbps_per_gpu * GB / BITS_PER_BYTE
