"""Words of hesitation, left out: "社員がえっと1200人", "ну штук 50", "um sixty users".

A message dictated or typed as it is said holds hesitations between the words every reader
expects side by side ("社員が えっと 1200人" is a head count; "嗯 四台单卡H200" counts plans).
``without_fillers`` drops them once the corrections are read (a hesitation before a second
number, "30 äh 50", takes the first back there). Only words that are nothing but hesitation
in their language go: "like", "типа", "tipo" and "este" also mean something and stay.
"""

from __future__ import annotations

from bot.understand.gates import gated_re

_LETTER = r"a-zà-ÿß-öø-ÿœа-яё"

_FILLERS_RE = gated_re(
    rf"(?<![{_LETTER}])(?:umm+|uh+|uhm+|erm+|hmm+|äh+m?|öh+m?|euh+|bah|ээ+|эм+|ммм*|"
    rf"hum+|ahn+|eh+m?)(?![{_LETTER}])[,.…]*\s?"
    # Japanese, Chinese and Korean hesitations (a Korean one only standing alone)
    r"|(?:えっと|えーと|えーっと|あのー|えー|うーん)[、,…]*\s?"
    r"|(?<![\u3400-\u9fff])(?:嗯+|呃+)[，,…]*\s?"
    r"|(?<![가-힣])(?:음+|어+|으음)(?![가-힣])[,…]*\s?"
)


# English "um" (Portuguese "um" is "a", "one": "por um ano").
_ENGLISH_UM_RE = gated_re(rf"(?<![{_LETTER}])um(?![{_LETTER}])[,.…]*\s?")


def without_fillers(text: str, language: str | None = None) -> str:
    """Return ``text`` (cleaned, lower case) without its words of hesitation."""
    if language == "en":
        text = _ENGLISH_UM_RE.sub("", text)
    if not _FILLERS_RE.search(text):
        return text
    return _FILLERS_RE.sub("", text)
