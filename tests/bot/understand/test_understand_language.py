"""Language detection from the message, negotiation of Telegram codes, and their order."""

from __future__ import annotations

import pytest

from bot.languages import LANGUAGES
from bot.understand import detect_language, negotiate_language, parse_message

SENTENCES = [
    ("en", "How many GPUs do I need to serve Llama 3.1 70B for my team?"),
    ("en", "is the h200 box enough for this model or not"),
    ("en", "thanks, and what would that cost per month"),
    ("zh-Hans", "我们想在你们的服务器上部署一个大模型"),
    ("zh-Hans", "这个配置够不够用，要多少钱"),
    ("zh-Hans", "用 vLLM 跑 Qwen3-32B 需要几张卡"),
    ("zh-Hant", "我們想在你們的伺服器上部署一個大模型"),
    ("zh-Hant", "這個配置夠不夠用，要多少錢"),
    ("zh-Hant", "請問 H200 的價格"),
    ("ru", "Нам нужно развернуть модель для внутреннего чат-бота"),
    ("ru", "подскажите, пожалуйста, какой сервер выбрать"),
    ("ja", "社内向けにLLMを動かしたいのですが、どのプランがおすすめですか"),
    ("ja", "Llama 3.1 70BはH200で動きますか"),
    ("ja", "料金を教えてください"),
    ("ko", "사내용 챗봇을 만들려고 하는데 어떤 서버가 좋을까요"),
    ("ko", "Llama 70B 돌릴 수 있나요"),
    ("es", "Queremos desplegar un modelo grande para nuestra empresa"),
    ("es", "¿Cuál es la diferencia entre los servidores?"),
    ("es", "necesito saber cuántas tarjetas hacen falta"),
    ("pt-BR", "Queremos colocar um modelo grande em produção na nossa empresa"),
    ("pt-BR", "Vocês têm servidor com H200? Quanto custa?"),
    ("pt-BR", "não sei qual plano escolher"),
    ("de", "Wir möchten ein großes Sprachmodell für unsere Firma betreiben"),
    ("de", "Welcher Server passt am besten zu uns?"),
    ("de", "Ich brauche eine Empfehlung für die Hardware"),
    ("fr", "Nous voulons déployer un grand modèle pour notre entreprise"),
    ("fr", "Quel serveur nous conseillez-vous ?"),
    ("fr", "je voudrais savoir combien de cartes il faut"),
]


@pytest.mark.parametrize(("language", "text"), SENTENCES)
def test_message_language_is_detected(language, text):
    """Each of the ten languages is recognised from ordinary customer sentences."""
    assert detect_language(text) == language


def test_every_language_has_detection_sentences():
    """The table above exercises all ten languages."""
    assert {language for language, _ in SENTENCES} == set(LANGUAGES)


@pytest.mark.parametrize(
    "text",
    [
        "H100",
        "fp8 128k",
        "llama 70b",
        "8x h200",
        "/price",
        "12345",
        "???",
        "🙂",
        "",
        "Kimi K2 1T",
        "1T params, 2e tokens",
    ],
)
def test_names_and_numbers_are_no_evidence(text):
    """Model and GPU names, numbers and symbols say nothing about the language."""
    assert detect_language(text) is None


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("deepseek-r1 fp8 128k 需要几张 H200", "zh-Hans"),
        ("Llama-3.1-405B 要幾張 H200", "zh-Hant"),
        ("Qwen3-235B-A22B можно на MI355X?", "ru"),
        ("gpt-oss-120b を H200 で", "ja"),
        ("gpt-oss-120b H200 가능?", "ko"),
    ],
)
def test_mixed_text_takes_the_language_of_its_words(text, language):
    """Latin model names inside CJK or Cyrillic text do not make it English."""
    assert detect_language(text) == language


@pytest.mark.parametrize(
    ("code", "language"),
    [
        ("en", "en"),
        ("en-US", "en"),
        ("EN_gb", "en"),
        ("pt", "pt-BR"),
        ("pt-br", "pt-BR"),
        ("pt-PT", "pt-BR"),
        ("zh", "zh-Hans"),
        ("zh-hans", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh-TW", "zh-Hant"),
        ("zh-hk", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("ru", "ru"),
        ("ja", "ja"),
        ("ko-KR", "ko"),
        ("es-419", "es"),
        ("de-AT", "de"),
        ("fr-CA", "fr"),
        ("uk", "en"),
        ("it", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_telegram_codes_negotiate_to_our_ten(code, language):
    """Telegram language codes map to one of our languages, English when we have none."""
    assert negotiate_language(code) == language


def test_message_evidence_beats_the_telegram_hint():
    """A Spanish message from a user whose client is in German is answered in Spanish."""
    assert parse_message("¿cuánto cuesta el servidor?", telegram_language="de").language == "es"


def test_the_hint_decides_when_the_message_has_no_evidence():
    """With no evidence in the text the Telegram language is used, negotiated."""
    assert parse_message("/price b200", telegram_language="pt").language == "pt-BR"
    assert parse_message("H100", telegram_language="zh-tw").language == "zh-Hant"


def test_english_is_the_last_resort():
    """No evidence and no hint: English."""
    assert parse_message("llama 70b").language == "en"


def test_hint_breaks_a_han_tie_between_chinese_standards():
    """Han text with no standard-specific character follows a zh-Hant hint."""
    assert parse_message("H200 差在哪", telegram_language="zh-TW").language == "zh-Hant"
    assert parse_message("H200 差在哪").language == "zh-Hans"


def test_kanji_only_japanese_is_japanese():
    """Japanese-only kanji forms identify Japanese even without kana."""
    assert detect_language("価格対応") == "ja"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Du bist nutzlos", "de"),
        ("t'es nul", "fr"),
        ("precios", "es"),
        ("Preise", "de"),
        ("tarifs", "fr"),
        ("bot inútil kkkkk", "pt-BR"),
        ("jajaja", "es"),
        ("滚", "zh-Hans"),
        ("那換成 int4 呢", "zh-Hant"),
        ("那换成 int4 呢", "zh-Hans"),
    ],
)
def test_short_messages_carry_their_language(text, language):
    """Pronouns, price words, written laughter and one Han character are evidence enough."""
    assert detect_language(text) == language


def test_a_shared_word_alone_leaves_the_hint_in_charge():
    """Word "du" is French and German: with a German hint a bare "du" stays German."""
    assert parse_message("du?", telegram_language="de").language == "de"
    assert parse_message("lol", telegram_language="fr").language == "fr"


def test_a_lone_han_unit_beside_latin_words_decides_nothing():
    """A 万 in "12.8万" beside Latin words is a number unit, not a Chinese message."""
    assert parse_message("llama 70b 12.8万 tokens", telegram_language="de").language == "de"
