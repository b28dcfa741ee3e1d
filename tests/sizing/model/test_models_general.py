"""Configs of 41 repositories the engine was not tuned to: right, or refused naming a field.

The corpus (``tests/data/hub-corpus``) was written from the published configs without reading
the engine, and counted with transformers 5.24.0 on the meta device
(``truth.json``). A config the engine reads must match it (parameters within 0.5%, BF16 KV of
the full-attention layers within 1%); one it cannot read is refused with the field's name;
none is sized wrong. The types refused today are listed, so that reading one more is noticed.
"""

from __future__ import annotations

import json

import pytest

from sizing.errors import InvalidRequestError
from sizing.model import model_from_config
from tests.helpers.model_names import CORPUS, corpus_repos

TRUTH = {row["repo"]: row for row in json.loads((CORPUS / "truth.json").read_text())}
# Parallel hybrid layers (Falcon-H1) and zero-computation experts with two attentions per layer
# (LongCat-Flash) are shapes the engine does not model.
REFUSED = {"tiiuae/Falcon-H1-34B-Instruct", "meituan-longcat/LongCat-Flash-Chat"}
REPOS = list(corpus_repos())


@pytest.mark.parametrize(("info", "config"), REPOS, ids=[info["id"] for info, _ in REPOS])
def test_a_config_is_read_right_or_refused_by_name(info, config):
    """Never silently wrong: within 0.5% and 1% of transformers, or a refusal naming a field."""
    repo = info["id"]
    truth = TRUTH[repo]
    if repo in REFUSED:
        with pytest.raises(InvalidRequestError) as refused:
            model_from_config(config, repo)
        assert refused.value.field.startswith("config.")
        return
    model = model_from_config(config, repo)
    assert abs(model.params.total / truth["total_params"] - 1) <= 0.005
    kv = truth["kv_bytes_per_token_bf16_full_layers"]
    if kv:
        assert abs(model.kv_bytes_per_token / kv - 1) <= 0.01
    state = truth.get("state_bytes_per_sequence") or 0
    if state and repo == "ibm-granite/granite-4.0-h-small":  # BF16 state, as vLLM keeps it
        assert model.state_bytes_per_sequence == state
