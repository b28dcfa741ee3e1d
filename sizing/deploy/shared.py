"""Several models on one deployment: each sized on its own GPUs, the plan holding them all.

Serving engines run one model per process, and a process owns whole GPUs (vLLM and SGLang take
``CUDA_VISIBLE_DEVICES`` / ``HIP_VISIBLE_DEVICES``). So on each plan every model is sized on
slices of 1, 2, 4 or 8 GPUs (``slice_target``: a tensor-parallel group never leaves a server)
with its own context, users and targets, keeping the slice size that needs the fewest GPUs;
the slices are then packed into the plan's servers, largest first (sizes that are powers of two
pack without waste). Single-H200 plans hold one GPU each: a model that needs more cannot run
there, and each of its replicas is a machine of its own. The plan's price is the rent of the
servers the packing fills; the cheapest plan holding every model (and meeting every target
asked) is the pick, set beside what each model would rent alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from sizing.answer import PlanOption, SharedAnswer, SharedMember, SharedOption, SharedSlot
from sizing.catalog import Software, beyond_online_order, monthly_usd
from sizing.codes import Reason
from sizing.deploy.engine import (
    model_info,
    resolve_model,
    resolved_for,
    size_deployment,
    targets,
)
from sizing.deploy.search import best_variant_index, explore_target
from sizing.deploy.service import service_option
from sizing.errors import InvalidRequestError
from sizing.fit import TENSOR_PARALLEL_SIZES, Target
from sizing.model import ModelSpec
from sizing.request import ResolvedRequest, SharedRequest, SizingRequest

# Models one answer sizes together: a chat model, an autocomplete model, an embedder's
# neighbour... a request naming more is refused by field, as other absurd values are.
MAX_SHARED_MODELS = 8


@dataclass(frozen=True, slots=True)
class _Sized:
    """One model on one slice size: its option there, and the GPUs it takes."""

    option: PlanOption
    slice_gpus: int
    gpus: int
    request: ResolvedRequest

    def member(self) -> SharedMember:
        """Return the model's part of a shared option."""
        users = self.option.sequences_in_flight or self.request.concurrency
        return SharedMember(
            option=self.option,
            gpus=self.gpus,
            context_tokens=self.request.context_tokens,
            concurrency=users,
        )


def slice_target(target: Target, gpus: int) -> Target:
    """Return a slice of ``gpus`` GPUs of the target's servers, priced by the GPU it holds.

    The slice has no plan: an unpriced target's cost is its GPUs, which ranks a model's ways
    of serving by the GPUs they take (the plan's price is the whole packing's).
    """
    return Target(gpu=target.gpu, plan=None, gpus_per_unit=gpus, can_split_model=gpus > 1)


def _member_request(member: SizingRequest) -> SizingRequest:
    """Return a member as sized alone on a slice: the shared constraints are the answer's."""
    return replace(member, gpus=(), gpu_count=None, budget_usd_month=None, cuda_only=False)


def _size_on(model: ModelSpec, target: Target, request: ResolvedRequest) -> PlanOption:
    """Size a member on one slice: its targets when asked, else the best variant."""
    if request.service is not None and request.service.asks_targets:
        return service_option(model, target, request).option
    explored = explore_target(model, target, request)
    return explored[best_variant_index(explored, model, request.concurrency)]


def _serves(option: PlanOption) -> bool:
    return option.fits and option.meets_targets is not False


def _per_user(option: PlanOption) -> float:
    speed = option.speed
    return speed.decode_tokens_per_s_per_user or speed.decode_tokens_per_s or 0.0


def _best_slice(model: ModelSpec, target: Target, request: ResolvedRequest) -> _Sized | None:
    """Return the slice size serving the member on the fewest GPUs (then the fastest)."""
    sizes = [k for k in TENSOR_PARALLEL_SIZES if k <= target.gpus_per_unit]
    if not target.can_split_model:
        sizes = [1]
    found: list[_Sized] = []
    nearest: _Sized | None = None
    for size in sizes:
        option = _size_on(model, slice_target(target, size), request)
        sized = _Sized(option, size, option.gpus, request)
        # Pipeline stages hand over between servers: a slice smaller than a server is not one.
        whole = size == target.gpus_per_unit or (option.pipeline_parallel or 1) == 1
        if _serves(option) and whole:
            found.append(sized)
        elif nearest is None:
            nearest = sized
    if found:
        return min(found, key=lambda s: (s.gpus, -_per_user(s.option), s.slice_gpus))
    return nearest


def pack(groups: list[tuple[int, int]], server_gpus: int) -> list[list[tuple[int, int, int]]]:
    """Pack GPU groups (member, GPUs) into servers, largest first.

    Returns each server's groups as (member, first GPU, GPUs). Group sizes are powers of two
    no larger than a server, so first-fit decreasing wastes no GPU a smaller group could use.
    """
    servers: list[list[tuple[int, int, int]]] = []
    free: list[int] = []
    for member, size in sorted(groups, key=lambda g: (-g[1], g[0])):
        for index, left in enumerate(free):
            if left >= size:
                servers[index].append((member, server_gpus - left, size))
                free[index] -= size
                break
        else:
            servers.append([(member, 0, size)])
            free.append(server_gpus - size)
    return servers


def _groups(sized: list[_Sized], server_gpus: int) -> list[tuple[int, int]]:
    """Return every member's GPU groups: one per slice it rents (a whole server at most)."""
    groups: list[tuple[int, int]] = []
    for member, item in enumerate(sized):
        slices = max(item.gpus // item.slice_gpus, 1)
        groups += [(member, min(item.slice_gpus, server_gpus))] * slices
    return groups


_DEVICES = {Software.CUDA: "CUDA_VISIBLE_DEVICES", Software.ROCM: "HIP_VISIBLE_DEVICES"}
# The first port a member's server listens on; each process takes the next.
FIRST_PORT = 8000


def _launch_commands(
    target: Target, sized: list[_Sized], servers: list[list[tuple[int, int, int]]]
) -> tuple[str, ...]:
    """Return one line per process, in placement order: its GPUs, the command, its own port."""
    variable = _DEVICES.get(target.gpu.software, "CUDA_VISIBLE_DEVICES")
    used = [0] * len(sized)
    lines: list[str] = []
    for groups in servers:
        for member, first, size in groups:
            commands = sized[member].option.launch.commands
            if not commands:
                return ()
            command = commands[min(used[member], len(commands) - 1)]
            used[member] += 1
            devices = ",".join(str(first + i) for i in range(size))
            lines.append(f"{variable}={devices} {command} --port {FIRST_PORT + len(lines)}")
    return tuple(lines)


def _no_option(
    target: Target,
    sized: list[_Sized | None],
    resolved: list[ResolvedRequest],
    reason: Reason,
) -> SharedOption:
    members = tuple(
        item.member()
        if item is not None
        else SharedMember(
            option=None, gpus=0, context_tokens=r.context_tokens, concurrency=r.concurrency
        )
        for item, r in zip(sized, resolved, strict=True)
    )
    return SharedOption(
        plan=target.plan.id if target.plan else None,
        gpu=target.gpu.id,
        servers=0,
        gpus=0,
        gpus_used=0,
        fits=False,
        reason=reason,
        members=members,
        monthly_usd=None,
        meets_targets=None,
        offerable=False,
        set_aside=(),
        placement=(),
        launch_commands=(),
        gpu_facts=target.gpu,
    )


def _shared_option(
    target: Target, sized: list[_Sized], request: SharedRequest, *, asks_targets: bool
) -> SharedOption:
    """Pack the members' GPUs into the target's units and price them."""
    server_gpus = target.gpus_per_unit
    servers = pack(_groups(sized, server_gpus), server_gpus)
    units = len(servers)
    monthly = monthly_usd(target.plan, units) if target.plan is not None else None
    set_aside: list[Reason] = []
    if request.cuda_only and target.gpu.software is not Software.CUDA:
        set_aside.append(Reason.CUDA_ONLY)
    budget = request.budget_usd_month
    if budget is not None and monthly is not None and monthly > budget:
        set_aside.append(Reason.OVER_BUDGET)
    if request.gpus and target.gpu.id not in request.gpus:
        set_aside.append(Reason.GPU_NOT_REQUESTED)
    meets = all(item.option.meets_targets is not False for item in sized)
    option = SharedOption(
        plan=target.plan.id if target.plan else None,
        gpu=target.gpu.id,
        servers=units,
        gpus=units * server_gpus,
        gpus_used=sum(item.gpus for item in sized),
        fits=True,
        reason=None,
        members=tuple(item.member() for item in sized),
        monthly_usd=monthly,
        meets_targets=meets if asks_targets else None,
        offerable=not (set(set_aside) - {Reason.GPU_NOT_REQUESTED}),
        set_aside=tuple(set_aside),
        placement=tuple(
            SharedSlot(member=member, server=server, first_gpu=first, gpus=size)
            for server, groups in enumerate(servers)
            for member, first, size in groups
        ),
        launch_commands=(),
        gpu_facts=target.gpu,
    )
    if beyond_online_order(option):
        return option
    return replace(option, launch_commands=_launch_commands(target, sized, servers))


def _option_on(
    target: Target,
    models: list[ModelSpec],
    resolved: list[ResolvedRequest],
    request: SharedRequest,
    *,
    asks_targets: bool,
) -> SharedOption:
    sized = [_best_slice(m, target, r) for m, r in zip(models, resolved, strict=True)]
    missing = [item for item in sized if item is None or not _serves(item.option)]
    if missing:
        first = missing[0]
        reason = first.option.reason if first is not None else None
        return _no_option(target, sized, resolved, reason or Reason.NO_PARALLEL_SHAPE)
    return _shared_option(target, [s for s in sized if s], request, asks_targets=asks_targets)


def recommend_shared(options: tuple[SharedOption, ...]) -> int | None:
    """Return the cheapest priced option serving every model within the constraints.

    The GPUs the customer named come first; the unpriced B200 only when no plan serves.
    """
    usable = [
        i for i, o in enumerate(options) if o.fits and o.offerable and o.meets_targets is not False
    ]
    priced = [i for i in usable if options[i].monthly_usd is not None]
    pool = priced or usable
    if not pool:
        return None
    return min(
        pool,
        key=lambda i: (
            Reason.GPU_NOT_REQUESTED in options[i].set_aside,
            options[i].monthly_usd if options[i].monthly_usd is not None else Decimal(0),
            options[i].gpus_used,
            i,
        ),
    )


def _alone_usd(member: SizingRequest) -> Decimal | None:
    """Return what the member would rent alone: its own answer's pick, when priced."""
    answer = size_deployment(member)
    index = answer.recommended_index
    if index is None:
        return None
    return answer.options[index].price.monthly_usd


def size_shared(request: SharedRequest) -> SharedAnswer:
    """Size several models on one deployment: on each plan, every model's GPUs packed together.

    Each member is a full sizing request (its own context, users, formats and targets); the
    GPUs named, the budget and CUDA-only apply to the deployment as a whole.
    """
    count = len(request.members)
    if count < 2 or count > MAX_SHARED_MODELS:  # noqa: PLR2004 - several means two or more
        raise InvalidRequestError("members", count, f"2 to {MAX_SHARED_MODELS} models")
    members = [_member_request(m) for m in request.members]
    models = [resolve_model(m) for m in members]
    resolved = [resolved_for(m, model) for m, model in zip(members, models, strict=True)]
    asks_targets = any(r.service is not None and r.service.asks_targets for r in resolved)
    options = tuple(
        _option_on(t, models, resolved, request, asks_targets=asks_targets) for t in targets()
    )
    alone = [_alone_usd(m) for m in members]
    priced = [a for a in alone if a is not None]
    separately = sum(priced, Decimal(0)) if len(priced) == len(alone) else None
    return SharedAnswer(
        models=tuple(model_info(m) for m in models),
        options=options,
        recommended_index=recommend_shared(options),
        separately_usd=separately,
        gpus_asked=request.gpus,
    )
