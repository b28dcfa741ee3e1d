"""The reference configs' facts kept in tests/data: complete, with their sources, and faithful.

Where the reference folder is beside the project, each checkpoint's kept facts must give the
engine exactly what its full published config gives it (the same model, with and without its
id, or the same refusal), and every checkpoint there must be kept. Without the folder, the
facts themselves are checked; nothing is skipped either way.
"""

import json

import pytest

from tests.helpers.reference import (
    SHARED_CONFIGS,
    facts_of,
    model_config_ids,
    model_config_stems,
    stem_of,
)
from tools.reference_facts import FORMAT, QUANT_SUFFIX, fingerprint

SHARED_STEMS = sorted(
    path.name.removesuffix(".json")
    for path in (SHARED_CONFIGS.glob("*.json") if SHARED_CONFIGS.is_dir() else ())
    if not path.name.endswith(QUANT_SUFFIX)
)


@pytest.mark.parametrize("stem", model_config_stems())
def test_each_kept_checkpoint_names_itself_and_its_source(stem):
    """Each file holds its id, how the config was obtained, where it was read, and a config."""
    facts = facts_of(stem)
    assert facts["format"] == FORMAT
    assert stem_of(facts["hf_id"]) == stem
    assert facts["obtained"]
    assert facts["read_from"]
    assert isinstance(facts["config"].get("model_type"), str)


def test_the_kept_checkpoints_are_the_reference_folders():
    """Where the folder is present, the same checkpoints are kept; there are always some."""
    assert len(model_config_ids()) >= 60
    if SHARED_STEMS:
        assert model_config_stems() == SHARED_STEMS


def _full(stem):
    config = json.loads((SHARED_CONFIGS / f"{stem}.json").read_text("utf-8"))
    quant_path = SHARED_CONFIGS / f"{stem}{QUANT_SUFFIX}"
    quant = json.loads(quant_path.read_text("utf-8")) if quant_path.is_file() else None
    return config, quant


def test_the_kept_facts_give_the_engine_what_the_full_configs_give_it():
    """Each reference config present beside the project reads as its kept facts read."""
    for stem in SHARED_STEMS:
        facts = facts_of(stem)
        config, quant = _full(stem)
        kept = fingerprint(facts["hf_id"], facts["config"], facts.get("hf_quant_config"))
        assert kept == fingerprint(facts["hf_id"], config, quant), stem


def test_the_fingerprint_tells_configs_apart():
    """The comparison above can fail: a changed field reads differently."""
    facts = facts_of("meta-llama--Llama-3.1-8B-Instruct")
    changed = {**facts["config"], "num_hidden_layers": 31}
    assert fingerprint(facts["hf_id"], changed, None) != fingerprint(
        facts["hf_id"], facts["config"], None
    )
