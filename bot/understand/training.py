"""Training and fine-tuning asks, in ten languages: the method, the data, the sequence length.

"fine-tune Llama 3.1 70B with LoRA", "全参数微调 Qwen3 32B", "дообучение", "ファインチューニング",
"파인튜닝", "pre-train a 7B from scratch on 1T tokens", "3 epochs over 50k examples of 2k
tokens", "seq len 8k". A model someone already trained ("serve our fine-tuned Llama", "a
model trained on 2T tokens", "host my LoRA adapter") is a serving question, not a job. Read
before the service-level targets, the users and the context, and blanked from the text, so
that a dataset's numbers are taken for none of them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache

from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import blank
from bot.understand.target_numbers import NUM, number_of
from sizing import TrainingMethod

# Doing the training (not a model that was trained): verbs and nouns of the act, per language.
_TRAIN_ACT = (
    r"fine[\s-]?tun(?:e|es|ing)(?![a-z])|finetun(?:e|es|ing)(?![a-z])|\bsft\b|"
    # ("in the FT": a newspaper read, not a fine-tune)
    r"(?<![a-z])(?<!the )(?<!in )ft(?![a-z])|"
    r"fine-?tunear|finetunear|fine-?tunar|finetunar|finetunen|voll(?:feintuning|finetuning)|"
    r"(?<![a-z])(?:pre|re)?[\s-]?train(?:ing|s)?(?![a-z])|from\sscratch|"
    r"feinabstimm|feintuning|feintunen|fine-?tunen|finetunen|(?:nach|weiter|vor)?trainier(?:en|e)(?!t)|"
    r"vortraining|von\sgrund\sauf|"
    r"affin(?:er|age)|fine-?tuner|r?é?entra[iî]n(?:er|ement)|pré-?entra[iî]n|à\spartir\sde\széro|"
    r"ajuste\s(?:fino|completo)|afinar|(?:re|pre-?)?entrenar|(?:pre-?)?entrenamiento|desde\scero|"
    # ("monte treino", "treino de academia": a workout built for someone, no model trained)
    r"(?:re)?treinar|treinamento|(?<!monte\s)(?<!montar\s)(?<!monta\s)(?<!montem\s)"
    r"treino(?!s)(?!\s(?:de\s|para\s)?(?:academia|musculação|corrida|força|personalizado))|"
    r"pré-?trein|do\szero|"
    r"дообуч(?:ить|ение|ения|ению|ать)|файн-?тюн|обуч(?:ить|ение|ения|ать)|тренир|предобуч|"
    # ("ставить всё с нуля" sets up software from scratch: no training)
    r"претрейн|(?<!ставить\s)(?<!ставить\sвсё\s)(?<!ставить\sвсе\s)(?<!настраивать\s)(?<!собирать\s)"
    r"с\sнуля|"
    r"微调|微調|训练|訓練|预训练|預訓練|从头|從頭|从零|從零|"
    r"ファインチューニング|ファインチューン|微調整|学習(?!済|支援|者|塾|アシスタント)|事前学習|ゼロから|スクラッチ|"
    # teaching it in plain words: "teach Llama our tickets", "让模型“学会”", "覚えさせる",
    # "enseñarle", "ensinar o modelo", "beibringen", "« apprendre » à l'IA", "научить модель"
    r"(?<![a-z])teach(?:ing)?\s(?:it|the\s(?:model|ai|bot|llm)|ai|an?\s(?:model|ai)|[a-z]+\s[0-9.]+\s?b?)|"
    r"['‘\"“]teach['’\"”]|(?:让|讓)(?:模型|ai|它|大模型)[“\"「]?(?:学会|學會)|[“\"「]?(?:学会|學會)[”\"」]|"
    r"[“\"「]教[”\"」](?:给|給)|教(?:给|給)\s?(?:ai|模型)|覚えさせ|学習させ|"
    r"enseñar(?:le)?\s?(?:a\sla\sia|al\smodelo)?|ensinar\s(?:a\sia|o\smodelo)|ensiná-l[oa]|"
    r"beibringen|[„\"»]lernt[“\"«]|(?<![a-z])apprendre\s(?:à\sl'ia|au\smodèle)|[«\"]\s?apprendre\s?[»\"]|"
    r"научить\s(?:модель|её|ее|бота|ии)|"
    r"파인\s?튜닝|미세\s?조정|"
    # ("학습 도우미", "学習支援": a study helper for learners, not a model trained)
    r"학습(?!된|한\s?모델|\s?도우미|\s?지원|\s?보조|자|\s?자료)|훈련|사전\s?학습|처음부터"
)
# A model already trained, served: "fine-tuned", "trained on", "our finetuned model".
_TRAINED = (
    # a model that is a fine-tune: "our own fine-tune", "un fine-tune nuestro", "est un fine-tune"
    r"(?<![a-zà-ÿ])(?:our|my|notre|nuestro|nosso|unser(?:en)?)\s(?:own\s|propio\s)?fine[\s-]?tune|"
    r"fine[\s-]?tune\s(?:nuestro|propio|interno|maison|in-house|nosso|próprio)|"
    r"(?<![a-zà-ÿ])(?:is|es|est|é|ist)\s(?:a|an|un|une|um|ein)\s(?:own\s)?fine[\s-]?tune|"
    r"fine[\s-]?tun(?:é|ée|és|ées|eado|eada|ado)\b|"
    # a fine-tuning already done: "ein eigenes Fine-Tuning ... ist bereits erfolgt"
    r"fine[\s-]?tuning[^.!?]{0,60}?(?:bereits|schon|already|ya|já|déjà|уже)\s(?:erfolgt|"
    r"durchgeführt|abgeschlossen|done|finished|hecho|feito|fait|сделан)|"
    r"fine[\s-]?tuned|finetuned|\btrained\b|feinabgestimmt|trainiert(?:es|en)?\b|entra[iî]né|"
    r"affiné|entrenado|ajustado|treinado|обученн|дообученн|"
    r"натренированн|微调过|微调后|微調過|微調後|微调好|微調好|微调了|微調了|训练了|訓練了|训练好|訓練好|"
    r"训好|训练的|訓練的|微调的|微調的|训练出来|学習され|학습은[^.?!]{0,30}했|"
    r"訓練出來|ファインチューニングした(?!い)|ファインチューニング済|学習済|学習させた|学習した(?!い)|"
    r"학습된|학습시킨|학습한|학습이?\s?끝난|학습\s?완료|파인\s?튜닝된|파인\s?튜닝한"
)
_SERVE = (
    r"\bserv(?:e|ing)\b|\bhost(?:ing)?\b|\binference\b|\bdeploy|\bserve\b|vllm|sglang|서비스|"
    r"bereitstell|inferenz|servir|inferencia|inferência|implantar|déployer|héberger|"
    r"инференс|развернуть|развёртыв|服务|部署|推理|推論|提供|サービング|デプロイ|서빙|추론|배포|"
    r"multi-?lora|adapters?\s(?:on|for)\s"
)
_QLORA = r"q-?lora|(?:4|four)[\s-]?bit\s?lora|lora\s(?:in\s)?4[\s-]?bit|nf4"
_LORA = (
    r"(?<![a-z])lora(?![a-z])|\bpeft\b|low[\s-]rank|(?<![а-яё])лор[аеуы](?![а-яё])|адаптер|"
    r"アダプター|어댑터|로라"
)
# Full fine-tuning named as such: a job whatever else the message says.
_FULL_JOB = (
    r"full[\s-]?(?:parameter|param|fine[\s-]?tun(?:e|es|ed|ing)?|finetun(?:e|es|ed|ing)?|sft|ft)"
    r"(?![a-z])|"
    r"full\s(?:parameters?|params?)\s(?:fine|ft|sft|train)|voll(?:feintuning|finetuning)|"
    r"fully\sfine[\s-]?tun(?:e|es|ed|ing)|fully\sfinetun(?:e|es|ed|ing)|fully\sretrain|"
    r"voll(?:es|em|en)?\s(?:fein-?tuning|finetuning|fine-?tuning)|"
    r"全参数|全參數|全参|全量微调|全量微調|フルファインチューニング|フル\s?パラメータ|全パラメータ|"
    r"풀\s?파인\s?튜닝|전체\s?파라미터|풀\s?파라미터"
)
# Every weight trained, said in a training ask ("all the weights", "complet", "полное").
_FULL = (
    _FULL_JOB
    + r"|full[\s-]?(?:weights?|model)|all\s(?:the\s)?(?:parameters|weights)|full\s(?:ft|fine)|"
    r"vollständig|voll\s(?:fine-?tunen|finetunen|feintunen|trainieren)|alle\sparameter|komplett|complet|"
    r"(?:ajuste|entrenamiento|treinamento|treino)\s"
    r"completo|(?:treino|treinamento)\sfull|fine[\s-]?tun(?:ing|e)\s(?:full|completo|complet)(?![a-z])|"
    r"todos\slos\sparámetros|todos\slos\sparametros|todos\sos\sparâmetros|"
    r"полн(?:ое|ый|ого|ую)|фулл|всех\sпараметров|全量|フル\s?ファインチューニング|"
    r"전체\s?파인\s?튜닝|전체\s?미세\s?조정"
)
_PRETRAIN = (
    r"pre[\s-]?train|from\sscratch|continued\spre|continual\spre|vortrain|von\sgrund\sauf|"
    r"von\snull|pré-?entra[iî]n|pre-?entren|preentren|desde\scero|pré-?trein|do\szero|"
    r"предобуч|претрейн|с\sнуля|预训练|預訓練|从头|從頭|从零|從零|事前学習|ゼロから|スクラッチ|"
    r"사전\s?학습|처음부터|밑바닥부터"
)
_TOKENS = r"tokens?|tokns?|toks?|токен(?:ов|а)?|トークン|토큰|(?:个|個|개)\s?token|token"
_ITEMS = (
    r"examples?|samples?|conversations?|dialog(?:ue)?s?|rows?|pairs?|instructions?|records?|"
    r"documents?|docs?|chats?|prompts?|beispiele?n?|exemples?|ejemplos?|exemplos?|amostras?|"
    r"muestras?|échantillons?|conversaciones|conversas|диалог(?:ов|а)?|пример(?:ов|а)?|"
    r"образц(?:ов|а)?|сэмпл(?:ов|а)?|записей|条|條|个样本|個樣本|样本|樣本|对话|對話|件|サンプル|"
    r"例|개|건|샘플|예제|대화|문서|筆|笔|ex\.?(?=\s)|tickets?|e-?mails?|mails?|correos|fiches|"
    r"entries|einträge[n]?|questions|preguntas|perguntas|工单|工單|問|题|題|articles|transcripts"
)
# An average length said apart from the count of examples ("30k tickets … tickets average ~400
# tokens", "平均 400 token"): each example's tokens.
_AVERAGE_TOKENS = (
    r"(?:average|avg\.?|on\saverage|mean|平均|в\sсреднем|em\smédia|en\spromedio|en\smoyenne|"
    r"im\sschnitt|durchschnittlich|평균)\s?(?:of\s|de\s|von\s)?(?:about\s|around\s|~\s?|約|约|大约|大約|"
    r"около\s|ca\.\s?)?"
)
_EPOCHS = (
    r"epochs?|ep(?=\s|,|$)|epochen?|époques?|[ée]pocas?|эпох[иа]?|轮|輪|エポック|에폭|에포크|"
    # passes over the data, in plain words: "3 passes over the data", "Zwei Durchläufe",
    # "4 прохода", "3回通す", "dos pasadas", "deux passes"
    r"pass(?:es)?\s(?:over|through)\s(?:the\s|our\s)?(?:data(?:set)?|corpus|tickets)|"
    r"full\spass(?:es)?|durchl(?:ä|a)ufe?|durchgänge|проход(?:а|ов)?(?:\sпо\sданным)?|"
    r"回(?:通す|通し|回す|学習)|pasadas?|passadas?|passagens|passes?\ssur\sles\sdonnées|"
    r"passes?(?=\s|,|\.|$)"
)
_SEQ_WORDS = (
    r"seq(?:uence)?[\s_-]?len(?:gth)?|seq(?=\s?\d)|max[\s_-]?len(?:gth)?|cutoff[\s_-]?len|"
    # a length alone, in a training ask: "longitud 2048", "comprimento 4096", "Länge 8192"
    r"(?<![a-z])(?:longitud|comprimento|longueur|länge|length)(?=\s(?:de\s)?\d)|"
    r"sequence\sof|sequences\sof|sequenzlänge|longueur\sde\sséquence|longitud\sde\s"
    r"secuencia|comprimento\sde\ssequência|длин[аеуы]\sпоследовательност[иь]|"
    r"secuencias?\sde|(?<![a-z])secuencia(?=\s?\d)|sequência(?=\s?\d)|sequências?\sde|"
    r"séquences?\sde|(?<![a-z])séquence(?=\s?\d)|sequenzen\svon|sequenz(?=\s?\d)|"
    r"序列长度|序列長度|序列(?=\s?\d)|シーケンス長|系列長|시퀀스(?:\s?길이)?"
)
# A LoRA rank or alpha is a setting, not a count of anything ("r=16", "alpha 32", "rank 64").
_RANK = r"(?:\br|rank|alpha|ранг|秩)\s?[=:]?\s?\d+"
_LEAST_DATASET_TOKENS = 1e5
# No one example holds this many tokens: a count said after examples is then their total.
_LEAST_EXAMPLE_TOTAL = 1e7


@dataclass(frozen=True, slots=True)
class Training:
    """What a message says of a training job; ``job`` False when it asks no training."""

    job: bool
    method: TrainingMethod | None = None
    tokens: int | None = None
    epochs: float | None = None
    seq_len: int | None = None
    rest: str = ""


def _renamed(pattern: str, prefix: str) -> str:
    """``pattern`` with its named groups prefixed, so that one regex can hold two numbers."""
    return re.sub(r"\(\?P<([a-z0-9]+)>", lambda m: f"(?P<{prefix}{m.group(1)}>", pattern)


@cache
def _patterns() -> dict[str, Searchable]:
    num2 = _renamed(NUM, "b")
    epochs_before = _renamed(NUM, "a0")
    epochs_after = _renamed(NUM, "a1")
    return {
        "act": gated_re(_TRAIN_ACT),
        "trained": gated_re(_TRAINED),
        "serve": gated_re(_SERVE),
        "qlora": gated_re(_QLORA),
        "lora": gated_re(_LORA),
        "full": gated_re(_FULL),
        "full_job": gated_re(_FULL_JOB),
        "pretrain": gated_re(_PRETRAIN),
        "rank": gated_re(_RANK),
        "counted": gated_re(rf"{NUM}\s?(?:[a-zа-яё\-]+\s){{0,2}}?(?:{_ITEMS})(?![a-zа-яё])"),
        "average": gated_re(rf"{_AVERAGE_TOKENS}{num2}\s?(?:{_TOKENS})"),
        "examples": gated_re(
            rf"{NUM}\s?(?:[a-zа-яё\-]+\s){{0,2}}?(?:{_ITEMS})[^0-9]{{0,28}}?{num2}\s?(?:{_TOKENS})"
        ),
        "epochs": gated_re(
            rf"{epochs_before}\s?(?:-|\s|个|個|개)?\s?(?:{_EPOCHS})(?![a-z])"
            rf"|(?:{_EPOCHS})\s?(?:数|數|수|次数|次數|回数)?\s?(?:은|는|이|가|は|を|为|為|是)?\s?[=:]?\s?"
            rf"{epochs_after}"
        ),
        "tokens": gated_re(
            rf"{NUM}\s?(?:个|個|개|개의)?\s?(?:de\s|of\s|d'|der\s)?(?:{_TOKENS})(?![a-z]|\s?/\s?s)"
        ),
        "tokens_local": gated_re(
            rf"{NUM}\s?(?P<local>bi|mi|mds?|billón|billon)\.?\s(?:de\s)?(?:{_TOKENS})(?![a-z])"
        ),
        "tokens_after": gated_re(
            rf"(?:{_TOKENS})\s?(?:은|는|이|가|数は|数)?\s?{NUM}\s?(?:개|個|个)"
        ),
        # "トークン数は 5000 億", "토큰 수는 1조": the count of tokens named, then the number;
        # "토큰 200B 정도", "tokens: 200B" (a count of data, at least _LEAST_DATASET_TOKENS)
        "tokens_named": gated_re(
            rf"(?:{_TOKENS})\s?(?:数は|数|수는|수|量は|量|:|=|은|는)?\s?(?:~|≈|約|约|大概|약)?\s?{NUM}"
        ),
        "seq": gated_re(rf"(?:{_SEQ_WORDS})[^0-9]{{0,12}}?{NUM}"),
        "seq_after": gated_re(rf"{NUM}\s?(?:{_TOKENS})?\s?(?:seq(?:uence)?s?\b|序列)"),
    }


def asks_training_act(text: str) -> bool:
    """Whether the text says the act of training ("fine-tune", "微调"), not only a method word."""
    found = _patterns()
    return bool(found["act"].search(_DATA_WORDS.sub(" ", found["trained"].sub(" ", text))))


# A training already done, said as such: "we fine-tuned", "hemos hecho un fine-tuning propio",
# "a gente fez um fine-tune", "nous avons réalisé un fine-tuning", "мы дообучили", "做了微调",
# "学習済み", "학습은 끝났": beside a word of serving, the model is to serve, not to train.
_DONE_TRAINING = gated_re(
    r"(?<![a-z])(?:we|i)(?:'ve| have)? (?:already )?(?:fine-?tuned|finetuned|trained|"
    r"full[- ]fine-?tuned)|(?:fine-?tun|train)(?:ing|e) (?:is |was )?(?:already )?(?:done|"
    r"finished|complete|over)|already (?:fine-?tuned|trained)|"
    r"(?:finished|completed) (?:the |our )?(?:fine-?tuning|training)|"
    r"(?:terminamos|concluímos|finalizamos) (?:o |a )?(?:fine-?tun|treino|treinamento)|"
    r"(?:o )?treino já (?:está|foi) (?:concluído|feito|finalizado|pronto)|"
    r"学習(?:は|が)?(?:すでに|既に)?(?:完了|終わ)|追加学習済|"
    r"(?:训练|訓練)(?:已经|已經)?(?:结束|結束|完成)|已完成[^，。]{0,14}(?:微调|微調)|"
    r"(?<![a-z])(?:ajustamos|entrenamos|afinamos) |"
    r"(?:hemos|ya hemos|hicimos) (?:hecho|realizado|terminado) (?:un |el )?(?:fine-?tun|ajuste|"
    r"entrenamiento)|(?:hemos|ya hemos) (?:entrenado|ajustado)|"
    r"(?:fizemos|a gente fez|realizamos|já fizemos) (?:um |o )?(?:fine-?tun|ajuste|treinamento|"
    r"treino)|treinamos|já (?:foi )?(?:treinado|ajustado)|"
    r"(?:nous avons|on a) (?:réalisé|fait|effectué|terminé) (?:un |le |notre )?(?:fine-?tun|"
    r"entraînement|affinage)|(?:nous avons|on a) (?:entraîné|affiné)|déjà (?:entraîné|affiné)|"
    r"(?:wir haben|haben wir)[^.!?]{0,60}(?:feinabgestimmt|feinjustiert|trainiert|fine-?getunt|"
    r"angepasst|"
    r"nachtrainiert)|(?:training|fine-?tuning) ist (?:bereits |schon )?(?:abgeschlossen|erfolgt|"
    r"fertig|beendet)|(?:l'entraînement|le fine-?tuning) est (?:déjà )?(?:terminé|fini|fait)|"
    r"(?:el entrenamiento|el fine-?tuning) (?:ya )?(?:está|esta) (?:terminado|hecho|listo)|"
    r"(?:o treinamento|o fine-?tun\w*) (?:já )?(?:está|foi) (?:concluído|feito|pronto|finalizado)|"
    r"(?:дообучили|обучили|зафайнтюнили|дообучение уже|обучение уже)|"
    r"做了微调|做了微調|微调过|微調過|已经训练|已經訓練|训练好|訓練好|训练完|訓練完|微调好|微調好|"
    r"学習済|ファインチューニング済|ファインチューニングした|学習(?:は|が)(?:完了|終わ)|"
    r"파인\s?튜닝(?:한|된|했|을 마친|을 마쳤|을 끝냈)|학습(?:은|이)?\s?(?:끝났|완료|끝난|마쳤)"
)
# Training put off, serving first: "fine-tune later, for now only inference".
_LATER = gated_re(
    r"más adelante|later on|(?<![a-z])later(?![a-z])|plus tard|später|mais (?:pra )?(?:tarde|"
    r"frente)|потом|позже|以后|以後|后面再|後面再|後で|将来|나중에"
)
_FOR_NOW = gated_re(
    r"por ahora|for now|pour l'instant|pour le moment|vorerst|zunächst|erstmal|por enquanto|"
    r"por agora|пока что|сейчас только|目前只|先只|今は|当面|우선|일단"
)
_SERVING_NOW = gated_re(
    rf"{_SERVE}|betrieb|betreiben|hosten|hospedar|rodar|servir|inferência|inférence|inferencia|"
    r"produção|producción|en production|in production|produktiv|в прод|"
    r"推論|推理|上线|上線|サービング|運用|本番|운영|서빙|배포|инференс|развернуть|запустить|"
    r"serve|serving|host|inference|deploy"
)


def says_serving(text: str) -> bool:
    """Whether the text (cleaned) speaks of serving a model as well ("then deploy it")."""
    return _SERVING_NOW.search(text) is not None


def asks_training(text: str) -> bool:
    """Whether a message asks to train or fine-tune (a model already trained does not).

    The act of training is read once the words for a trained model ("fine-tuned", "训练好的")
    and for its data ("training data") are set aside; a method word alone (LoRA, QLoRA) asks
    for training unless the message is about serving.
    """
    found = _patterns()
    if _DONE_TRAINING.search(text) and _SERVING_NOW.search(text):
        return False  # "we fine-tuned X, now we need to serve it": a model to size
    if _LATER.search(text) and _FOR_NOW.search(text) and _SERVING_NOW.search(text):
        return False  # "fine-tuning más adelante, por ahora solo inferencia": serving first
    acts = _DATA_WORDS.sub(" ", found["trained"].sub(" ", text))
    if found["act"].search(acts):
        return True
    if found["qlora"].search(text) or found["full_job"].search(text):
        return True  # QLoRA and full-parameter runs are jobs; nobody serves a "QLoRA"
    if found["lora"].search(text):
        return found["serve"].search(text) is None
    return False


_DATA_WORDS = gated_re(
    # people trained, not a model ("retrain them", "train our ops team", "обучать людей")
    # French "en train de" ("we are in the middle of"): no training
    r"en\strain\sd[e']|"
    r"(?:re)?train(?:ing)?\s(?:them|him|her|us|people|staff|(?:the|our|my)\s(?:ops|team|staff|"
    r"people|engineers|admins|devs)[a-z\s]{0,12})|переобучать\sлюдей|обучать\s(?:людей|команду)|"
    r"training\s(?:data|set|corpus|run|mix)|trainingsdaten|données\sd'entra[iî]nement|"
    r"datos\sde\sentrenamiento|dados\sde\streino|обучающ|训练数据|訓練資料|训练集|学習データ|"
    r"학습\s?데이터"
)


# A method ruled out: "not pretraining, just a full fine-tune", "LoRAじゃなくて全パラメータ",
# "LoRA 말고 풀 파인튜닝", "不是 LoRA", "kein LoRA", "sans LoRA", "не LoRA".
_NOT_BEFORE = gated_re(
    r"(?:(?<![a-z])(?:not|no|without|rather than|instead of|kein(?:e|en)?|nicht|ohne|pas(?: de|"
    r" du)?|"
    r"sans|sin|no es|sem|não|nao|не|без|nada de|nothing of|nichts mit|rien de|никаких)|不是|不用|"
    r"不要|非|而不是)\s?"
    r"(?:a |an |the |un |una |um |uma |"
    r"ein(?:e|en)? |le |la |du )?$"
)
_NOT_AFTER = gated_re(
    r"\s?(?:じゃなく|ではなく|でなく|じゃない|ではない|말고|아니고|아니라|은 아니|는 아니)"
)
_NOT_REACH = 16


def _said_at(pattern: Searchable, text: str) -> int | None:
    """Return where ``pattern`` first matches where it is not ruled out, or None."""
    for found in pattern.finditer(text):
        before = text[max(0, found.start() - _NOT_REACH) : found.start()]
        if _NOT_BEFORE.search(before) is None and _NOT_AFTER.match(text, found.end()) is None:
            return found.start()
    return None


# The methods in the order that wins where two are said at one place ("QLoRA" holds "LoRA").
_METHODS = (
    ("qlora", TrainingMethod.QLORA),
    ("pretrain", TrainingMethod.PRETRAIN),
    ("lora", TrainingMethod.LORA),
    ("full", TrainingMethod.FULL),
)


def _method(text: str) -> TrainingMethod | None:
    """Return the method said first ("fine-tuning full … o teste foi com LoRA": full)."""
    found = _patterns()
    said = [
        (at, rank, method)
        for rank, (name, method) in enumerate(_METHODS)
        if (at := _said_at(found[name], text)) is not None
    ]
    return min(said)[2] if said else None


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) and value > 0 else None


_LOCAL_MAGNITUDES = {"bi": 1e9, "mi": 1e6, "md": 1e9, "mds": 1e9, "billón": 1e12, "billon": 1e12}
# "per example" said with a one ("1件あたり", "1개당"): read as "each", so the one is no count.
_PER_ONE = gated_re(r"1\s?(?:件|개|条|條|筆|サンプル)\s?(?:あたり|当たり|당)")


def _local_tokens(text: str) -> tuple[float | None, str]:
    """Read "2 bi de tokens", "200 mi de tokens", "60 Md de tokens", "1 billón de tokens"."""
    for match in _patterns()["tokens_local"].finditer(text):
        value = _finite(number_of(match) * _LOCAL_MAGNITUDES[match.group("local")])
        if value is not None:
            return value, blank(text, match.start(), match.end())
    return None, text


_TOKEN_COUNT = gated_re(rf"{NUM}\s?(?:个|個|개)?\s?(?:{_TOKENS})(?![a-z])")


def blank_token_counts(text: str) -> str:
    """Blank every "N tokens" from ``text``: a count of tokens is never a parameter count."""
    for match in _TOKEN_COUNT.finditer(text):
        text = blank(text, match.start(), match.end())
    return text


def _first(
    text: str,
    key: str,
    least: float = 0.0,
    prefix: str | None = None,
    language: str | None = None,
) -> tuple[float | None, str, re.Match[str] | None]:
    """Return the first positive value of a pattern (at least ``least``), blanked from text."""
    for match in _patterns()[key].finditer(text):
        value = _finite(number_of(match, prefix, language))
        if value is not None and value >= least:
            return value, blank(text, match.start(), match.end()), match
    return None, text, None


def _examples(text: str, language: str | None) -> tuple[float | None, str]:
    """Read "50k examples of 2k tokens": the tokens of one pass over the data."""
    for match in _patterns()["examples"].finditer(text):
        examples, each = number_of(match, "", language), number_of(match, "b", language)
        if _finite(examples) and _finite(each):
            if each >= _LEAST_EXAMPLE_TOTAL:
                # "40 тыс. диалогов (~250 млн токенов)": the data's total, not each example's
                return each, blank(text, match.start(), match.end())
            return examples * each, blank(text, match.start(), match.end())
    return _examples_apart(text, language)


def _examples_apart(text: str, language: str | None) -> tuple[float | None, str]:
    """Read examples counted, and their average length said in another sentence."""
    counted = _patterns()["counted"].search(text)
    average = _patterns()["average"].search(text)
    if counted is None or average is None or average.start() < counted.end():
        return None, text
    examples, each = number_of(counted, "", language), number_of(average, "b", language)
    if not (_finite(examples) and _finite(each)) or each >= _LEAST_EXAMPLE_TOTAL:
        return None, text
    rest = blank(blank(text, average.start(), average.end()), counted.start(), counted.end())
    return examples * each, rest


def _sequence(text: str) -> tuple[int | None, str]:
    for key in ("seq", "seq_after"):
        value, rest, match = _first(text, key)
        if value is not None and match is not None:
            return _binary_k(value, match.group(0)), rest
    return None, text


def find_training(text: str, *, asked: bool = False, language: str | None = None) -> Training:
    """Read a training job's method and data from ``text``; blank what was read.

    ``asked``: the job is training whatever the words (the ``/train`` command); ``language``,
    the message's, decides what "billion" means ("2 billions de tokens" is 2 x 10^12).
    """
    if not asked and not asks_training(text):
        return Training(job=False, rest=text)
    rest = _PER_ONE.sub(lambda m: " " * len(m.group(0)), text)
    for match in _patterns()["rank"].finditer(rest):
        rest = blank(rest, match.start(), match.end())
    tokens, rest = _examples(rest, language)
    epochs, rest, _ = _first(rest, "epochs")
    if epochs is None and (one := _ONE_EPOCH.search(rest)) is not None:
        epochs, rest = 1.0, blank(rest, one.start(), one.end())
    seq_len, rest = _sequence(rest)
    if tokens is None:
        tokens, rest = _local_tokens(rest)
    for key in ("tokens_after", "tokens_named", "tokens"):
        if tokens is None:
            tokens, rest, _ = _first(rest, key, _LEAST_DATASET_TOKENS, language=language)
    return Training(
        job=True,
        method=_method(text),
        tokens=int(tokens) if tokens is not None else None,
        epochs=epochs,
        seq_len=seq_len,
        rest=rest,
    )


# One pass said in words: "single epoch", "одна эпоха", "une seule époque", "一个 epoch".
_ONE_EPOCH = gated_re(
    rf"(?:(?<![a-zа-яёà-ÿ])(?:a single|single|one|just one|only one|одн(?:а|у|ой)|один|une seule|"
    rf"une|eine|einer|una sola|una|uma só|uma|un)|一个|一個|一|1つの|한)\s?"
    rf"(?:{_EPOCHS})(?![a-zа-яё])"
)
_K_SUFFIX = gated_re(r"\d\s?[kKкК](?![a-zа-яё])")
_POWERS_OF_TWO_K = frozenset(2**n for n in range(7, 21))


def _binary_k(value: float, said: str) -> int:
    """Return a sequence length: "8k" is 8,192 (lengths are powers of two), "8000" stays 8,000."""
    if _K_SUFFIX.search(said) and int(value) % 1000 == 0:
        binary = int(value) // 1000 * 1024
        if binary in _POWERS_OF_TWO_K or binary % 1024 == 0:
            return binary
    return int(value)
