"""Small hand-written ``config.json`` dictionaries for the engine tests."""

# The shape of Llama 3.1 8B: a dense GQA decoder.
LLAMA_LIKE = {
    "model_type": "llama",
    "hidden_size": 4096,
    "num_hidden_layers": 32,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "intermediate_size": 14336,
    "vocab_size": 128256,
}
