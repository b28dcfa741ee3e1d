"""Words that signal what the customer wants, in ten languages, and the decision among them.

The decision follows facts first (a model, GPUs, numbers), words second: a greeting that also
names a model is a sizing question; "how much" with a model is sizing too (the answer carries
the price), without one it is a price question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.request import Intent

_PRICE_RE = re.compile(
    r"how much|price|pricing|prices|cost|costs|per month|monthly|rent|rental|quote|"
    r"多少钱|多少錢|价格|價格|价钱|價錢|租金|费用|費用|报价|報價|收费|收費|月租|一个月多少|一個月多少|"
    r"сколько стоит|стоимост\w*|цена|цены|прайс|аренд\w*|почём|"
    r"月額|料金|価格|値段|いくら|費用|レンタル代|"
    r"얼마|가격|요금|비용|월 사용료|렌탈비|"
    r"cuánto cuesta|cuanto cuesta|cuánto vale|precio|precios|costo|coste|alquiler|"
    r"quanto custa|quanto sai|preço|preços|custo|aluguel|mensalidade|"
    r"was kostet|kostet|kosten|preis|preise|miete|monatlich|cuesta|costar\w*|custa\w*|"
    r"combien co[uû]te|prix|tarif\w*|co[uû]t|location|loyer"
)
_COMPARE_RE = re.compile(
    r"(?<![a-z])(?:vs\.?|versus|or|compare|comparison|difference|better|faster|"
    r"или|сравн\w*|разниц\w*|отлича\w*|лучше|"
    r"o|ou|oder|mejor|melhor|diferencia|diferença|comparar|unterschied|vergleich\w*|besser|"
    r"mieux|différence|comparer|comparaison)(?![a-zа-яё])|"
    r"和|跟|与|與|或|还是|還是|比|哪个好|哪個好|差在哪|区别|區別|差别|差別|对比|對比|"
    r"と|か|違い|比較|どっち|どちら|오|와|과|비교|차이|어느|나을"
)
_HELP_RE = re.compile(
    r"^(?:hi|hello|hey|yo|hiya|help|start|menu|good (?:morning|afternoon|evening)|greetings|"
    r"你好|您好|嗨|哈喽|哈囉|帮助|幫助|привет|здравствуйте|добрый день|помощь|"
    r"こんにちは|こんばんは|おはよう|ヘルプ|안녕|안녕하세요|도움말|"
    r"hola|buenas|buenos días|ayuda|olá|ola|oi|bom dia|ajuda|hallo|guten tag|moin|hilfe|"
    r"bonjour|salut|coucou|aide)(?:[\s!.,?]+\w{0,12})?[\s!.?]*$|"
    r"what can (?:you|u|ya|this bot) do|what do (?:you|u) do|who are (?:you|u)|"
    r"what(?: is|'s|s) this bot|what are (?:you|u) for|how does (?:this|it) work|how do i use|"
    r"能干嘛|能幹嘛|能做什么|能做什麼|怎么用|怎麼用|你是谁|你是誰|干什么的|幹什麼的|"
    r"что ты умеешь|что умеешь|кто ты|как пользоваться|"
    r"何ができ|何ができる|使い方|"
    r"뭘 할 수|무엇을 할 수|뭐 할 수|뭐 해|사용법|"
    r"qué puedes hacer|que puedes hacer|cómo funciona|para qué sirves|para que sirves|"
    r"o que você faz|o que voce faz|o que você pode|como funciona|pra que serve|para que serve|"
    r"was kannst du|wie funktioniert|was machst du|wofür bist du|"
    r"que peux-tu faire|que sais-tu faire|comment ça marche|tu sers à quoi|à quoi tu sers|"
    r"à quoi sers-tu|tu fais quoi|que fais-tu|"
    r"что ты (?:можешь|умеешь)"
)
_SIZE_CUE_RE = re.compile(
    r"how many (?:gpus?|cards?|servers?|nodes?)|what do i need|does (?:it|this) fit|will it fit|"
    r"which plan|vram|memory|几张|幾張|多少张|多少張|几台|幾台|显存|顯存|够不够|夠不夠|"
    r"сколько (?:карт|gpu|видеокарт|серверов)|влезет|поместится|хватит|"
    r"何枚|何台|足りる|載る|乗る|몇 장|몇 대|충분|"
    r"cuántas gpus?|cuántas tarjetas|qué plan|alcanza|quantas gpus?|quantas placas|qual plano|cabe|"
    r"wie viele gpus?|welchen plan|reicht|passt|combien de (?:gpus?|cartes)|quel plan|ça passe"
)
_FOLLOWUP_RE = re.compile(
    r"^(?:and|also|ok(?:ay)?,? and|but|then|so)\b|what if|what about|how about|instead|"
    r"same (?:settings|setup|config|thing|but)|rather|switch to|change (?:it )?to|"
    r"那如果|如果用|如果换|如果換|换成|換成|改成|改用|那用|那换|那換|呢[?？]?$|"
    r"^а |^и |а если|а что если|вместо|тогда|"
    r"なら|だったら|の場合|代わりに|では[?？]?$|"
    r"이면|라면|대신|그럼|"
    r"^y |¿y |en vez|en lugar|^e |em vez|no lugar|^und |stattdessen|statt|^et |à la place|plutôt|"
    # Two-letter particles only as words: "e se" is also the middle of "que serve".
    r"(?<![\w])(?:y si|y con|e se|e com|und mit|und wenn|et avec|et si)(?![\w])"
)
# "How much would THAT cost on H200?": a pronoun for the previous request turns a price
# question into a follow-up ("the H200" or "this GPU" stay price questions).
_ANAPHOR_RE = re.compile(
    r"(?<![\w])(?:that|das|dies|eso|esto|isso|isto|ça|cela|это|этот|этого)(?![\w])"
    r"|^那|这个配置|這個配置|这套|這套|それ|その構成|그거|그걸|그 구성"
)
# "What GPUs do you have?", "do you have H100?": a question about what we rent (the price list).
_CATALOG_RE = re.compile(
    r"what (?:gpus?|cards?|servers?|hardware|plans?)|which (?:gpus?|cards?|servers?|plans?)|"
    r"(?:do|can) (?:you|u) (?:have|offer|rent)|what do (?:you|u) (?:have|offer|rent)|"
    r"有什么(?:显卡|gpu|服务器|套餐)|有什麼(?:顯示卡|顯卡|gpu|伺服器|方案)|有哪些|有没有|有沒有|"
    r"какие (?:видеокарты|карты|gpu|серверы|тарифы)|есть ли|у вас есть|"
    r"どんな(?:gpu|サーバー|プラン)|ありますか|어떤 (?:gpu|서버|요금제)|있나요|있어요\?|"
    r"qué (?:gpus?|tarjetas|servidores|planes)|tienen|quais (?:gpus?|placas|servidores|planos)|"
    r"vocês têm|voces tem|welche (?:gpus?|karten|server|tarife)|habt ihr|haben sie|"
    r"quels? (?:gpus?|cartes|serveurs|offres)|avez-vous|vous avez"
)
# A message that only thanks or acknowledges (short, nothing else in it).
_THANKS_RE = re.compile(
    r"^(?:thanks?(?: a lot| so much)?|thank you(?: very much| so much)?|thx|ty|cheers|great|"
    r"perfect|ok(?:ay)?|got it|谢谢|謝謝|多谢|多謝|感谢|感謝|好的|明白了|спасибо|благодарю|"
    r"понятно|ありがとう(?:ございます)?|了解です|わかりました|감사합니다|고마워요|고맙습니다|"
    r"알겠습니다|gracias|muchas gracias|vale|perfecto|obrigad[oa]|valeu|beleza|danke(?: schön)?|"
    r"vielen dank|alles klar|merci(?: beaucoup)?|parfait|d'accord)[\s!.,。！~]*$"
)
_OFF_TOPIC_MAX_CHARS = 3
_COMPARED_GPUS = 2  # a comparison names two GPUs
_ALNUM_RE = re.compile(r"[^\W_]")


@dataclass(frozen=True, slots=True)
class Facts:
    """What the field finders found, as the intent decision needs it."""

    has_model: bool
    has_size: bool
    gpus: int
    has_settings: bool  # precision, context, concurrency, budget, cuda, fp4


def has_price_words(text: str) -> bool:
    """Whether ``text`` asks about money."""
    return _PRICE_RE.search(text) is not None


def decide_intent(text: str, facts: Facts) -> Intent:
    """Return the intent of a non-command message (``text`` cleaned)."""
    if facts.has_model or facts.has_size:
        if facts.has_model and not facts.has_size and _says_instead(text):
            return Intent.FOLLOWUP
        return Intent.SIZE
    if facts.gpus >= _COMPARED_GPUS and (_COMPARE_RE.search(text) or not has_price_words(text)):
        return Intent.COMPARE
    price_of_that = has_price_words(text) and _ANAPHOR_RE.search(text) is not None
    if has_price_words(text) and not facts.has_settings and not price_of_that:
        return Intent.PRICE
    followup_words = price_of_that or _FOLLOWUP_RE.search(text) is not None
    if facts.has_settings or facts.gpus or followup_words:
        return _without_model(text, facts, followup_words=followup_words)
    return _without_facts(text)


def _without_facts(text: str) -> Intent:
    """Classify a message with no model, GPU or setting: sizing question, greeting or other."""
    if _SIZE_CUE_RE.search(text):
        return Intent.SIZE
    if _HELP_RE.search(text):
        return Intent.HELP
    if _CATALOG_RE.search(text):
        return Intent.PRICE
    return Intent.UNKNOWN


def is_thanks(text: str) -> bool:
    """Whether ``text`` (cleaned, lower case) only thanks or acknowledges."""
    return _THANKS_RE.match(text.strip()) is not None


def _says_instead(text: str) -> bool:
    return _INSTEAD_RE.search(text) is not None


_INSTEAD_RE = re.compile(
    r"instead|same (?:settings|setup|config|params|parameters|but)|rather than|switch to|"
    r"换成|換成|改成|改用|同样|同樣|一样的|一樣的|不变|不變|вместо|те же|тех же|"
    r"代わりに|同じ(?:設定|条件)|대신|같은 (?:설정|조건)|en vez|en lugar|misma configuración|"
    r"em vez|no lugar|mesma configuração|stattdessen|gleiche[n]? einstellungen|"
    r"à la place|plutôt|mêmes paramètres|^(?:and|what about|how about|what if|那|а|y|e|und|et) "
)


def _without_model(text: str, facts: Facts, *, followup_words: bool) -> Intent:
    """Classify settings or a GPU without a model: a follow-up, a price or a sizing question."""
    if facts.gpus and not facts.has_settings and has_price_words(text) and not followup_words:
        return Intent.PRICE
    if not facts.has_settings and not followup_words and _SIZE_CUE_RE.search(text):
        return Intent.SIZE
    return Intent.FOLLOWUP


def is_trivial(text: str) -> bool:
    """Whether ``text`` has nothing to read: no letters or digits, or a stray character or two."""
    if _ALNUM_RE.search(text) is None:
        return True
    return len(text) < _OFF_TOPIC_MAX_CHARS and not text.isalpha()
