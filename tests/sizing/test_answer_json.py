"""An option's figures come in parts; its JSON stays the one flat object DESIGN.md describes."""

import dataclasses

from sizing import SizingRequest, size_deployment, to_json
from sizing.answer import OptionFit, OptionLaunch, OptionPrice, OptionSpeed, PlanOption

PARTS = ("fit", "speed", "price", "launch")
# Set by the engine for the answers' own use; the JSON form keeps DESIGN.md's keys only.
NOT_WRITTEN = frozenset({"offerable", "priced", "gpu_facts", "plan_facts"})


def test_every_figure_of_an_option_has_one_json_key():
    """Each field of the option and of its parts is written once; only checkout_url is extra."""
    paths = [path for _key, path in PlanOption.JSON_FIELDS if path is not None]
    expected = set()
    for spec in dataclasses.fields(PlanOption):
        if spec.name in PARTS:
            names = [f.name for f in dataclasses.fields(_part_class(spec.name))]
            expected |= {f"{spec.name}.{name}" for name in names}
        elif spec.name not in NOT_WRITTEN:
            expected.add(spec.name)
    assert len(paths) == len(set(paths))
    assert set(paths) == expected
    keys = [key for key, _path in PlanOption.JSON_FIELDS]
    assert [key for key, path in PlanOption.JSON_FIELDS if path is None] == ["checkout_url"]
    assert len(keys) == len(set(keys))


def _part_class(name):
    return {"fit": OptionFit, "speed": OptionSpeed, "price": OptionPrice, "launch": OptionLaunch}[
        name
    ]


def test_an_options_json_is_flat_with_the_engines_figures():
    """``sizing size --json`` options carry the figures as top-level keys, from the parts."""
    answer = size_deployment(SizingRequest(model_id="meta-llama/Llama-3.1-8B-Instruct"))
    option = answer.options[answer.recommended_index]
    written = to_json(answer)["options"][answer.recommended_index]
    assert written["kv_cache_tokens"] == option.fit.kv_cache_tokens
    assert written["decode_tokens_per_s"] == option.speed.decode_tokens_per_s
    assert written["monthly_usd"] == f"{option.price.monthly_usd:.2f}"
    assert written["launch_commands"] == list(option.launch.commands)
    assert written["checkout_url"] is None
    assert not {"fit", "speed", "price", "launch", "offerable", "priced"} & set(written)
