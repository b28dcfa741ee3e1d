"""Models the engine does not size, by kind: embeddings, rerankers, speech, images, video.

"bge-m3", "an embedding model", "Whisper", "TTS", "Stable Diffusion", "FLUX", "text-to-video".
Words name the kind, never an image of an operating system or a container.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.topics.lexicon import ConceptWords

_WORDS: tuple[tuple[str, str], ...] = (
    (
        "reranker",
        (
            r"re-?rank|bge-reranker|重排|重新排序|リランク|리랭|реранк|переранжир|reclasific|"
            r"reordenamiento|reranqueamento|neu[- ]?rank"
        ),
    ),
    (
        "embedding",
        (
            r"embedding|\bembed\b|bge-m3|\bbge\b|\be5[- ]|\bgte\b|nomic-embed|text-embedding|"
            r"vector(?:iz|is)|向量化|向量模型|嵌入|埋め込み|ベクトル化|임베딩|벡터화|эмбеддинг|"
            r"векториз|"
            r"incrustacion|vetoriz|einbettung|plongement|vectoris"
        ),
    ),
    (
        "video",
        (
            r"text-to-video|video generat|generat\w* videos?|\bsora\b|\bwan ?2|hunyuanvideo|"
            r"cogvideo|"
            r"视频生成|影片生成|文生视频|文生影片|動画生成|영상 생성|동영상 생성|비디오 생성|"
            r"генерац\w* видео|видео ?генерац|generación de v[ií]deo|geração de v[ií]deo|"
            r"videogenerier|videos? generier|génération (?:de )?vid[ée]os?|générer des vid[ée]os"
        ),
    ),
    (
        "image",
        (
            r"stable diffusion|\bsdxl\b|\bsd ?3|black forest labs|midjourney|dall-?e|text-to-image|"
            # FLUX with its version or a word of images ("flux" alone is French for streams)
            r"(?<![a-z])flux(?=[.\s-]?(?:1|dev|schnell|pro|kontext|模型|model|で|로|를|生成|画像|image|图|für|"
            r"自動|自动|產生|产生|做圖|做图|出圖|出图|"
            r"pour|para|bild|photo|foto|"
            r"圖|이미지))|"
            r"image generat|generat\w* images?|diffusion model|"
            r"文生图|文生圖|图像生成|圖像生成|生成图片|生成圖片|画像生成|이미지 생성|그림 생성|"
            r"генерац\w* (?:изображен|картин)|generaci[oó]n de im[aá]gen(?:es)?|"
            r"geração de image(?:m|ns)|génération d'images?|"
            r"bildgenerier|bilder generier|génération d'images|générer des images|"
            r"generar im[aá]genes|gerar image(?:m|ns)|(?:generate|create|make) images|"
            r"bilder (?:erzeugen|erstellen|generieren)|créer des images|"
            r"(?<![a-z])(?:con|com|with|mit|avec|using|usando) flux(?![a-z])"
        ),
    ),
    (
        "speech",
        (
            # transcribing is the task; transcripts are texts ("resumir transcripciones de
            # llamadas" summarizes texts)
            r"whisper|speech[- ]to[- ]text|text[- ]to[- ]speech|\bstt\b|\btts\b|\basr\b|"
            r"transcrib|transcription (?:model|service|api|of audio)|audio transcription|"
            r"(?:hours|horas|heures|stunden|часов) (?:of |de |d'|von )?(?:audio|áudio)|"
            r"voice (?:model|bot|clon)|speech recogn|"
            r"语音|語音|音声認識|音声合成|文字起こし|음성|распознаван\w* речи|синтез речи|"
            r"录音(?:要)?(?:转写|轉寫|转录|轉錄)|錄音(?:要)?(?:轉寫|轉錄)|(?:音频|音頻)(?:转写|轉寫|转录|轉錄)|"
            r"reconocimiento de voz|síntesis de voz|transcribir|transcripción de (?:audio|voz)|"
            r"reconhecimento de voz|transcrever|transcrição de (?:áudio|voz)|transcrire|"
            r"síntese de voz|texto a voz|voz a texto|texto para fala|fala para texto|"
            r"texte en parole|parole en texte|sprache zu text|text zu sprache|"
            r"spracherkennung|sprachsynthese|reconnaissance vocale|synthèse vocale|transkribier|"
            r"транскриб|расшифровк\w* (?:аудио|речи)"
        ),
    ),
)


@cache
def _compiled() -> tuple[tuple[str, ConceptWords], ...]:
    # One word set per value, read the way the topic concepts are (led by literal characters).
    return tuple((value, ConceptWords({"all": words})) for value, words in _WORDS)


@cache
def _plain(kind: str) -> Searchable:
    return gated_re(dict(_WORDS)[kind])


def without_kind_words(text: str, kind: str) -> str:
    """Return ``text`` with the words naming ``kind`` blanked ("이미지 생성" is no OS image)."""
    return _plain(kind).sub(" ", text)


# A note that the message was spoken and transcribed ("（語音轉文字）", "[voice message,
# transcribed]", "(transcrição de áudio)"): how it was written, no speech model asked for.
_TRANSCRIBED_NOTE_RE = gated_re(
    r"[(（\[【]\s?(?:[^)）\]】]{0,16}?(?:語音轉文字|语音转文字|語音訊息|语音消息|語音輸入|语音输入|"
    r"voice (?:message|note|memo)|dictated|transcri|音声入力|音声メッセージ|음성 ?(?:메시지|입력)|"
    r"голосов|áudio|audio|diktiert|dictée|dictado))[^)）\]】]{0,24}[)）\]】]"
)


def find_model_kind(text: str) -> str | None:
    """Return the kind of model the text names that the engine does not size, or None."""
    if "(" in text or "（" in text or "[" in text or "【" in text:
        text = _TRANSCRIBED_NOTE_RE.sub(" ", text)
    return next((kind for kind, pattern in _compiled() if pattern.search(text)), None)


# Models of those kinds by name: "bge-m3", "Whisper large-v3", "FLUX.1 dev", "Wan 2.1", "XTTS".
_NAMED_RE = gated_re(
    r"(?<![a-z])(?:bge(?:-[a-z0-9]+)*|e5(?:-[a-z0-9]+)*|gte|nomic-embed|text-embedding-[a-z0-9-]+|"
    r"jina-(?:embeddings|reranker)[a-z0-9-]*|qwen3-(?:embedding|reranker)|mxbai-[a-z-]+|"
    r"whisper|xtts|cosyvoice|fish-speech|bark|stable diffusion|sdxl|sd ?3(?:\.5)?|"
    r"flux(?:\.1)?|midjourney|dall-?e|sora|wan ?2(?:\.[0-9])?|hunyuanvideo|cogvideo)(?![a-z])"
)
# Words after or before a name that make it an example of the kind, not the model chosen:
# "Whisper 那類", "Whisper みたいなやつ", "Whisper ou parecido", "Stable Diffusion 계열", "tipo
# Whisper", "something like FLUX".
_HEDGE_AFTER_RE = gated_re(
    r"^[\s）)]{0,3}(?:那類|那类|之類|之类|一類|一类|类的|類的|系列|みたいな|のような|など|系の|계열|같은|등|"
    r"or (?:similar|something)|or the like|ou (?:parecido|similar|equivalente?|équivalent)|"
    r"o (?:similar|parecido)|oder (?:ähnlich|so)|или (?:аналог|похож)|-?like\b|-?ish\b)"
)
_HEDGE_BEFORE_RE = gated_re(
    r"(?:like|such as|tipo|genre|à la|wie|вроде|типа|像|类似|類似)[\s(（]{0,3}$"
)


def names_kind_model(text: str) -> bool:
    """Whether the text names a model of a kind we do not size as the one to run.

    A name said as an example ("Whisper 那類", "something like FLUX") names none.
    """
    for match in _NAMED_RE.finditer(text):
        before = text[max(0, match.start() - 16) : match.start()]
        after = text[match.end() : match.end() + 24]
        # (the name's own version or size after it: "Whisper large-v3 みたいな" is still hedged)
        after = re.sub(
            r"^[\s-]*(?:large|medium|small|base|tiny|v[0-9.]+|[0-9.]+|xl|dev|schnell|"
            r"pro)(?:[\s-]+(?:v[0-9.]+|[0-9.]+))?",
            "",
            after,
        )
        if _HEDGE_AFTER_RE.search(after) or _HEDGE_BEFORE_RE.search(before):
            continue
        return True
    return False
