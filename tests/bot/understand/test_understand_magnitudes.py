"""Counts of tokens with a magnitude word, read in the message's language.

"Billion" is 10^9 in English and Brazilian Portuguese ("bilhão"), 10^12 in German ("Billion",
"Billionen"), French ("billion") and Spanish ("billón"); 10^9 there is "Milliarde", "milliard"
and "mil millones". Where the spelling is shared ("billion" in English and French), the
language the message is written in decides.
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message

TRAINING = [
    ("de", "Fine-Tuning von Llama 3.1 8B mit LoRA auf 2 Billionen Tokens", 2 * 10**12),
    ("de", "Fine-Tuning von Llama 3.1 8B mit LoRA auf 1 Billion Tokens", 10**12),
    ("de", "Fine-Tuning von Llama 3.1 8B mit LoRA auf 2 Milliarden Tokens", 2 * 10**9),
    ("de", "Vortraining eines 1B-Modells von Grund auf mit 3 Mrd. Tokens", 3 * 10**9),
    ("fr", "fine-tuning de Llama 3.1 8B en LoRA sur 2 billions de tokens", 2 * 10**12),
    ("fr", "fine-tuning de Llama 3.1 8B en LoRA sur 1 billion de tokens", 10**12),
    ("fr", "fine-tuning de Llama 3.1 8B en LoRA sur 2 milliards de tokens", 2 * 10**9),
    ("es", "fine-tuning de Llama 3.1 8B con LoRA sobre 2 billones de tokens", 2 * 10**12),
    ("es", "fine-tuning de Llama 3.1 8B con LoRA sobre 1 billón de tokens", 10**12),
    ("es", "fine-tuning de Llama 3.1 8B con LoRA sobre 2 mil millones de tokens", 2 * 10**9),
    ("pt-BR", "fine-tuning do Llama 3.1 8B com LoRA em 2 bilhões de tokens", 2 * 10**9),
    ("pt-BR", "fine-tuning do Llama 3.1 8B com LoRA em 1 trilhão de tokens", 10**12),
    ("en", "fine-tune Llama 3.1 8B with LoRA on 2 billion tokens", 2 * 10**9),
    ("en", "fine-tune Llama 3.1 8B with LoRA on 2 trillion tokens", 2 * 10**12),
]

BATCH = [
    ("fr", "Llama 3.3 70B : 2 billions de tokens à traiter en 3 jours, quelle config ?", 2e12),
    ("fr", "Llama 3.3 70B : 2 milliards de tokens à traiter en 3 jours, quelle config ?", 2e9),
    ("de", "Llama 3.3 70B: 2 Billionen Tokens in 3 Tagen verarbeiten, welche Konfiguration?", 2e12),
    ("en", "Llama 3.3 70B: process 2 billion tokens in 3 days, what setup?", 2e9),
    ("es", "Llama 3.3 70B: procesar 2 billones de tokens en 3 días, ¿qué configuración?", 2e12),
    ("pt-BR", "Llama 3.3 70B: processar 2 bilhões de tokens em 3 dias, qual configuração?", 2e9),
]


@pytest.mark.parametrize(("language", "text", "tokens"), TRAINING)
def test_training_tokens_take_the_magnitude_of_the_message_language(language, text, tokens):
    """A training set's size: "Billion(en)"/"billion(s)" is 10^12 in German and French."""
    parsed = parse_message(text)
    assert parsed.language == language, text
    assert parsed.facts.training, text
    assert parsed.facts.tokens == tokens, (text, parsed.facts.tokens)


@pytest.mark.parametrize(("language", "text", "tokens"), BATCH)
def test_an_offline_job_takes_the_magnitude_of_the_message_language(language, text, tokens):
    """An offline job's total tokens read with the same rule as a training set's."""
    parsed = parse_message(text)
    assert parsed.language == language, text
    assert parsed.facts.batch_tokens == pytest.approx(tokens, rel=0.02), (text, parsed.facts)
