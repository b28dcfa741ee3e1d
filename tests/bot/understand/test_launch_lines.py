"""Pasted ``vllm serve`` and SGLang command lines: the model, the formats, context and load."""

from bot.understand import parse_message


def test_a_pasted_vllm_command_gives_the_model_formats_context_and_sequences():
    """--quantization is the weights' format, --kv-cache-dtype the cache's, never swapped."""
    parsed = parse_message(
        "vllm serve meta-llama/Llama-3.3-70B-Instruct --quantization fp8 --kv-cache-dtype fp8 "
        "--max-model-len 131072 --max-num-seqs 64"
    )
    facts = parsed.facts
    assert facts.model_id == "meta-llama/Llama-3.3-70B-Instruct"
    assert (facts.precision.value, facts.kv_dtype.value) == ("fp8", "fp8")
    assert (facts.context_tokens, facts.concurrency) == (131072, 64)
    assert facts.engine.value == "vllm"


def test_a_pasted_sglang_command_names_a_hub_model_and_its_context():
    """--model-path of a repository the catalog lacks is a Hub id; MXFP4 by flag."""
    parsed = parse_message(
        "python -m sglang.launch_server --model-path microsoft/phi-4 --context-length 16384"
    )
    assert parsed.hub is not None
    assert (parsed.hub.text, parsed.hub.is_id) == ("microsoft/phi-4", True)
    assert parsed.facts.context_tokens == 16384
    assert parsed.facts.engine.value == "sglang"
    mxfp4 = parse_message("vllm serve openai/gpt-oss-120b --quantization mxfp4").facts
    assert mxfp4.precision.value == "mxfp4"
