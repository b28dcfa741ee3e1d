"""Several models on one deployment: each sized on its own GPUs, packed into a plan's servers."""

from __future__ import annotations

import itertools
import json
from decimal import Decimal

import pytest

from sizing import (
    GpuId,
    InvalidRequestError,
    SharedRequest,
    SizingRequest,
    size_deployment,
    size_shared,
    to_json,
)
from sizing.cli import main
from sizing.deploy.shared import pack

CHAT = SizingRequest(
    model_id="meta-llama/Llama-3.3-70B-Instruct", context_tokens=32768, concurrency=20
)
AUTOCOMPLETE = SizingRequest(model_id="meta-llama/Llama-3.1-8B-Instruct", concurrency=50)


def _option(answer, plan):
    return next(o for o in answer.options if o.plan == plan)


def test_a_70b_and_an_8b_share_one_mi355x_server():
    """Each model takes its own GPUs of one server; the rest stay free; the price is one server."""
    answer = size_shared(SharedRequest(members=(CHAT, AUTOCOMPLETE)))
    option = _option(answer, "mi355x-8x")
    assert option.fits
    assert option.servers == 1
    assert option.monthly_usd == Decimal(19900)
    assert 2 <= option.gpus_used <= option.gpus == 8
    assert sum(member.gpus for member in option.members) == option.gpus_used
    assert [m.context_tokens for m in option.members] == [32768, 8192]


def test_every_process_sees_its_own_gpus_and_port():
    """Launch lines match the placement: no GPU of a server twice, one port per process."""
    answer = size_shared(SharedRequest(members=(CHAT, AUTOCOMPLETE)))
    for option in answer.options:
        if not option.fits or not option.launch_commands:
            continue
        assert len(option.launch_commands) == len(option.placement)
        ports = [line.rsplit("--port ", 1)[1] for line in option.launch_commands]
        assert len(set(ports)) == len(ports)
        taken: set[tuple[int, int]] = set()
        for slot in option.placement:
            gpus = {(slot.server, slot.first_gpu + i) for i in range(slot.gpus)}
            assert not gpus & taken
            taken |= gpus
            assert slot.first_gpu + slot.gpus <= 8


@pytest.mark.parametrize(
    ("groups", "servers"),
    [([(0, 4), (1, 2), (2, 2), (3, 1)], 2), ([(0, 1)] * 8, 1), ([(0, 8), (1, 1)], 2)],
)
def test_packing_fills_servers_largest_group_first(groups, servers):
    """Power-of-two groups pack into the fewest 8-GPU servers without overlap."""
    packed = pack(groups, 8)
    assert len(packed) == servers
    for server in packed:
        assert sum(size for _, _, size in server) <= 8
        spans = sorted((first, first + size) for _, first, size in server)
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


def test_single_h200_machines_hold_a_model_each_and_never_split_one():
    """A model larger than one H200 cannot run on single-GPU plans; smaller ones get VMs."""
    big = SizingRequest(model_id="deepseek-ai/DeepSeek-V3", context_tokens=32768)
    answer = size_shared(SharedRequest(members=(big, AUTOCOMPLETE)))
    single = _option(answer, "h200-1x")
    assert not single.fits
    small = size_shared(SharedRequest(members=(AUTOCOMPLETE, AUTOCOMPLETE)))
    option = _option(small, "h200-1x")
    assert option.fits
    assert option.servers == option.gpus_used == sum(m.gpus for m in option.members)


def test_the_pick_is_the_cheapest_option_holding_every_model():
    """No priced option that fits and is offerable costs less than the pick."""
    answer = size_shared(SharedRequest(members=(CHAT, AUTOCOMPLETE)))
    pick = answer.options[answer.recommended_index]
    for option in answer.options:
        if option.fits and option.offerable and option.monthly_usd is not None:
            assert pick.monthly_usd <= option.monthly_usd


def test_sharing_is_set_beside_renting_each_model_alone():
    """The answer adds up what each model's own pick would rent."""
    answer = size_shared(SharedRequest(members=(CHAT, AUTOCOMPLETE)))
    alone = sum(
        (
            size_deployment(m).options[size_deployment(m).recommended_index].price.monthly_usd
            for m in (CHAT, AUTOCOMPLETE)
        ),
        Decimal(0),
    )
    assert answer.separately_usd == alone


def test_a_member_target_is_met_by_the_pick():
    """A member's throughput target is checked on its GPUs; the pick meets it."""
    fast = SizingRequest(model_id="meta-llama/Llama-3.1-8B-Instruct", throughput_tok_s=3000)
    answer = size_shared(SharedRequest(members=(CHAT, fast)))
    pick = answer.options[answer.recommended_index]
    assert pick.meets_targets is True
    check = pick.members[1].option.targets.throughput
    assert check.met
    assert check.predicted >= 3000


def test_cuda_only_sets_the_mi355x_aside():
    """The deployment's constraints hold for every model at once."""
    answer = size_shared(SharedRequest(members=(CHAT, AUTOCOMPLETE), cuda_only=True))
    pick = answer.options[answer.recommended_index]
    assert pick.gpu is not GpuId.MI355X
    assert not _option(answer, "mi355x-8x").offerable


@pytest.mark.parametrize("count", [1, 9])
def test_one_model_or_too_many_are_refused_by_field(count):
    """Two to eight models are sized together; other counts are refused, naming the field."""
    with pytest.raises(InvalidRequestError, match="members"):
        size_shared(SharedRequest(members=(AUTOCOMPLETE,) * count))


def test_the_shared_command_prints_json(capsys):
    """``python -m sizing shared`` takes one --member per model with its own settings."""
    code = main(
        [
            "shared",
            "--member",
            "meta-llama/Llama-3.3-70B-Instruct:context=32k,concurrency=20",
            "--member",
            "meta-llama/Llama-3.1-8B-Instruct:concurrency=50",
            "--json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data == json.loads(json.dumps(to_json(size_shared(SharedRequest((CHAT, AUTOCOMPLETE))))))
    assert main(["shared", "--member", "x:colour=red", "--member", "y"]) == 2
