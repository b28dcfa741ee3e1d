"""A monthly budget in US dollars, in any of the notations customers use.

"$10k", "10k USD", "2万美元", "一万美金", "20.000 $", "30 mil dólares", "月2万ドル", "2만 달러",
"20 000 долларов", "US$ 25 mil". Only amounts marked as money (a dollar sign or word, or a
budget word right before) count: token counts are never read as money. "k" means 1,000 here,
unlike contexts. A negative amount ("-$5000") or one beyond any plan ("$1e308") is no budget:
it is refused with a code the answer words.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand import limits
from bot.understand.gates import Searchable, gated_re
from bot.understand.lexicon import WORD_LETTER, union
from bot.understand.numbers import (
    CJK_NUMBER_PATTERN,
    NUMBER_PATTERN,
    Found,
    blank,
    magnitude_factor,
    magnitude_pattern,
    parse_cjk_number,
    parse_number,
    scan,
    worth_trying,
)
from bot.understand.rental import counted_after
from bot.understand.rental_months import ANOTHER_PROVIDER
from sizing import load_plans

_MONTHS_PER_YEAR = 12
# "w" is 万 (10,000) in Chinese chat shorthand ("2w刀"), read only beside money.
_LETTER_FACTORS = {"k": 1e3, "к": 1e3, "m": 1e6, "mm": 1e6, "м": 1e6, "w": 1e4, "t": 1e3}
# A minus sign before a dollar sign ("-$5000"): the amount is negative.
_SIGN_BEFORE_RE = gated_re(r"(?<![a-z0-9])-\s?$")


@cache
def _amounts() -> tuple[str, ...]:
    """Return the amount patterns: digits (with k, M or a magnitude word), CJK numerals."""
    # ("15 T€": thousands of euros, as German writes them)
    multiplier = (
        rf"(?:(?P<letter>mm|[kкmмw]|t(?=\s?€))|(?P<mag>{magnitude_pattern()}))(?![{WORD_LETTER}])"
    )
    return (rf"{NUMBER_PATTERN}(?:\s?{multiplier})?", CJK_NUMBER_PATTERN)


@cache
def _amount() -> str:
    return "(?:" + "|".join(_amounts()) + ")"


# "2 万多", "3 萬餘", "5 万出头": a little over the amount said.
_OVER = r"(?:多|余|餘|出头|出頭|(?:max(?:imum)?|tops|máx(?:imo)?|maximal|максимум)\.?,?\s)"
# A bare "$" only: "R$", "NT$", "HK$", "C$" are other dollars (and reais).
_BEFORE = r"(?:us\s?\$|u\$s|\$(?<![a-z]\$)|usd)"
_AFTER = (
    r"(?:\$|usd|us\$|\$ us|dollars?|bucks|美元|美金|美刀|刀|ドル|달러|불|долл[а-яё]*|dólares|"
    r"dolares|dólar|dolar)"
)


# What may stand between a budget word and its amount: no digit, no amount already read, and
# no word of users at once ("予算で、同時 60 ユーザー": 60 users, not a budget of 60) or of the
# context ("この予算内で、コンテキスト 32K": a context of 32K, not a budget of $32k).
BUDGET_GAP = (
    r"(?:(?!同時|同时|并发|並發|동시|одновремен|simultan|concurr|at once|a la vez|ao mesmo|"
    r"コンテキスト|上下文|컨텍스트|контекст|context|kontext|ctx)"
    # (nor the end of a sentence: "在这个预算里跑起来？日均 4000 次" is no budget of 4000)
    r"[^\d¤零〇一二两兩三四五六七八九十百千万萬？！。?!\n-]){0,25}?"
)


@cache
def _money_res() -> tuple[Searchable, ...]:
    budget = r"(?:budget|预算|預算|бюджет[а-яё]*|予算|예산|presupuesto|orçamento|orcamento)"
    return (
        gated_re(rf"{_BEFORE}\s?{_amount()}"),
        # ("2 万多美元": a little over the amount, read as the amount)
        *(gated_re(rf"{amount}\s?{_OVER}?{_AFTER}") for amount in _amounts()),
        # CJK numerals first: "予算は1万5千" is 15,000, not 1
        gated_re(
            rf"(?<!¤の)(?<!¤ の)(?<!¤)(?<!¤ ){budget}{BUDGET_GAP}"
            rf"(?:{'|'.join(reversed(_amounts()))})"
        ),
    )


# Amounts in other currencies are no USD budget ("15k€", "R$ 50 mil", "2万元", "50万円"): they
# are blanked so that neither the budget cue nor the context finder reads their number.
_OTHER_BEFORE = union(
    (
        "r\\$",
        "nt\\$",
        "hk\\$",
        "(?<![a-z])(?:ca|can|c|au|a|s)\\$",
        *"€£¥₽₩₹",
        *["eur", "rmb", "cny", "gbp", "chf", "jpy", "rub", "brl", "krw", "cad", "aud", "sgd"],
        *["hkd", "twd", "mxn", "mx\\$"],
        # Chinese names the currency before the amount too ("港幣 15 萬", "人民币 20 万")
        *["港币", "港幣", "港元", "新台币", "新臺幣", "新台幣", "台币", "台幣", "臺幣"],
        *["人民币", "人民幣", "欧元", "歐元", "日元", "日圓", "韩元", "韓元"],
    )
)
_OTHER_AFTER = (
    r"(?:€|£|¥|₽|₩|₹|euros?|eur|rmb|cny|yuan|gbp|pounds?|chf|jpy|yen|rub|r[o]?ubles?|brl|krw|reais|"
    r"libras?|pfund|francs?|руб[а-яё]*|евро|фунт[а-яё]*|юан[а-яё]*|иен[а-яё]*|元|块|塊|人民币|"
    r"人民幣|日元|円|欧元|歐元|英镑|英鎊|港币|港幣|新台幣|新台币|新臺幣|台币|台幣|ユーロ|유로|엔|원(?![해하합할했함])|루블|"
    r"cad|aud|sgd|hkd|twd|\$\s?(?:can?|cad|aud?)|(?:canadian|australian|singapore|hong kong|"
    r"taiwan) dollars?|dollars? (?:canadiens?|australiens?|de singapour)|"
    r"dólares (?:canadienses|canadenses|australianos|de singapur)|канадск[а-яё]* доллар[а-яё]*|"
    r"加元|加币|加幣|澳元|澳币|澳幣|新加坡元|カナダドル|豪ドル|シンガポールドル|캐나다 ?달러|"
    r"호주 ?달러|싱가포르 ?달러|"
    # Pesos of any country (Mexican, Argentine, Colombian, Chilean...): never US dollars.
    r"mxn|pesos?(?: (?:mexicanos?|argentinos?|colombianos?|chilenos?))?|mexican pesos?|"
    r"[а-яё]*\s?песо|[^\s]{0,6}ペソ|[^\s]{0,6}페소|[^\s]{0,6}比索|"
    # Other currencies of the reference rates, and crowns and lire of any country
    r"pln|zł|zl|zlotys?|złotys?|złotych|zlotych|злот[а-яё]*|sek|kronor|kroner|czk|kč|korun[ay]?|"
    r"₺|(?:turkish )?liras?(?: turcas?)?|tl|₸|kzt|тенге|tenge|clp|cop|ars|"
    r"(?:de )?(?:nuevos )?soles)"
    r"(?![a-z])"
)
# Substrings every other-currency amount contains: most messages have none, and a substring
# test is far cheaper than the amount patterns.
_OTHER_MARKS = (
    *"€£¥₽₩₹元块塊币幣円鎊镑ユ유엔원루",
    *("r$", "nt$", "hk$", "c$", "a$", "s$", "au$", "ca$"),  # dollars that are not US dollars
    *("cad", "aud", "sgd", "hkd", "twd", "$ ca", "$ca", "$ au", "$au", "canad", "austral"),
    *("singap", "taiwan", "hong kong", "加元", "澳", "新加坡", "カナダ", "캐나다", "호주"),
    *("シンガポール", "豪ドル"),
    "싱가포르",
    "rmb",
    *("₸", "kzt", "тенге", "tenge"),
    *("clp", "soles", "ars", "cop"),
    "peso",
    "mxn",
    "pln",
    "zł",
    "zlot",
    "złot",
    "злот",
    "sek",
    "kronor",
    "kroner",
    "czk",
    "kč",
    "korun",
    "₺",
    "lira",
    " tl",
    "песо",
    "ペソ",
    "페소",
    "比索",
    "cny",
    "yuan",
    "gbp",
    "pound",
    "chf",
    "jpy",
    "yen",
    "rub",
    "roubl",
    "brl",
    "krw",
    "reais",
    "libra",
    "pfund",
    "franc",
    "руб",
    "евро",
    "фунт",
    "юан",
    "иен",
)
# "eur" only where a currency word may end or go on to "euro": not inside "utilisateurs" or
# "heure", which would otherwise send every French message through the amount patterns.
_OTHER_MARKS_RE = gated_re("|".join((*map(re.escape, _OTHER_MARKS), "eur(?![a-np-z])")))
_SPENT = "¤"


@cache
def _other_money_res() -> tuple[Searchable, ...]:
    return (
        gated_re(rf"{_OTHER_BEFORE}\s?{_amount()}"),
        *(gated_re(rf"{amount}\s?{_OVER}?{_OTHER_AFTER}") for amount in _amounts()),
    )


_PER_YEAR_RE = gated_re(
    r"\s?(?:/\s?(?:y|yr|year|год|año|ano|jahr|an)\b|per year|a year|each year|annually|"
    r"每年|一年|/年|в год|al año|por año|por ano|ao ano|pro ano|no ano|pro jahr|im jahr|par an|"
    r"per annum|p\.a\.|年間|年額)"
)


def amount_patterns() -> tuple[str, ...]:
    """Return the amount patterns money is written with (for other currencies' readers)."""
    return _amounts()


def amount_value(match: re.Match[str], text: str, language: str) -> float:
    """Return the value of an amount pattern's match (negative after a minus sign)."""
    return _amount_value(match, text, language)


# A year's budget named before its amount: "年間予算 5,000万円", "一年总预算 80 万", "Annual
# budget is C$90k", "Jahresbudget 200.000 €", "годовой бюджет".
_YEAR_BEFORE_RE = gated_re(
    r"(?:annual|yearly|anual|annuel(?:le)?|jährlich(?:e[snr]?)?|jahres|годов(?:ой|ого)|за год|"
    r"年間|年度|一年|全年|整年|年总|年總|연간|연 ?예산|1년 ?예산|one year|per year|a year|"
    r"par an|por año|por ano|pro jahr|в год)[^0-9.,;。，；]{0,24}$"
)
_YEAR_BEFORE_CHARS = 40


# A budget word's number that is a year: "budget 2026", "orçamento de 2027", "预算 2026 年".
_YEAR_NUMBER_RE = gated_re(
    r"(?<![0-9.,])20[2-3][0-9](?![0-9]|[.,][0-9]|\s?(?:k|m|万|萬|mil))|"
    # a year of Taiwan's calendar or Japan's era, with its word: "113 年度", "令和8年"
    r"(?<![0-9.,])1[01][0-9]\s?年度|令和\s?[0-9]{1,2}\s?年"
)
# A rate after the number makes it money: "budget 2025 per month", "预算 2030/月".
_PER_PERIOD_AFTER_RE = gated_re(
    r"\s?(?:per|a|/|每|par|por|pro|im|в|al|ao)\s?(?:month|mo\b|mois|mes|mês|monat|месяц|月|year|"
    r"año|ano|an\b|jahr|год)|\s?(?:月|/月|円|元|€|\$|usd|eur|dollars?)"
)


def a_year(said: str, text: str = "", end: int = 0) -> bool:
    """Whether the amount a budget word reads (``said``, words and number) is a year."""
    numbers = re.findall(r"[0-9][0-9.,  ]*", said)
    if len(numbers) != 1 or _YEAR_NUMBER_RE.search(said + text[end : end + 4]) is None:
        return False
    return _PER_PERIOD_AFTER_RE.match(text, end) is None


def per_year(text: str, end: int, start: int | None = None) -> bool:
    """Whether the amount ending at ``end`` is said per year ("$120k/yr", "每年", "年間予算 X")."""
    if _PER_YEAR_RE.match(text, end) is not None:
        return True
    if start is None:
        return False
    return _YEAR_BEFORE_RE.search(text[max(0, start - _YEAR_BEFORE_CHARS) : start]) is not None


def _amount_value(match: re.Match[str], text: str, language: str) -> float:
    groups = match.groupdict()
    if groups.get("cjk"):
        value = parse_cjk_number(groups["cjk"])
    else:
        value = parse_number(groups["num"])
        if groups.get("letter"):
            value *= _LETTER_FACTORS[groups["letter"]]
        elif groups.get("mag"):
            value *= magnitude_factor(groups["mag"], language)
    negative = _SIGN_BEFORE_RE.search(text, max(0, match.start() - 2), match.start())
    return -abs(value) if negative else value


_MONEY_MARKS_RE = gated_re(
    r"\$|usd|dollar|dólar|dolar|buck|美元|美金|美刀|刀|ドル|달러|불|долл|budget|预算|預算|бюджет|予算|"
    r"예산|presupuesto|orçamento|orcamento"
)


# An amount that is a price paid or quoted, not a limit: per hour ("$2.10/GPU-hr"), what is paid
# today or elsewhere ("we pay $2.10 at our current cloud", "bei unserem jetzigen Hoster zahlen
# wir 3.500 €", "у конкурента … стоит 1,9 млн ₽"), what something costs ("sai por volta de US$
# 2.000 por mês"). A budget word or a limit ("up to", "at most") before it keeps it a budget.
_PER_HOUR_RE = gated_re(
    r"(?:[.,][0-9]+)?\s?(?:/|per |an? |por |pro |в |за |par |je |de )\s?"
    # (per GPU first: "2.35 美元/卡/小时", "$2.10 per GPU per hour")
    r"(?:gpu[- ]?(?:/\s?|per\s)?)?"
    r"(?:hr|hour|h|hora|stunde|std|"
    r"heure|час)(?![a-zа-яё])|\s?/\s?(?:卡|张|張)\s?/\s?(?:小时|小時)|\s?(?:每小时|每小時|/小时|/小時|一小时|一小時|時間あたり|/時間|시간당)"
)
_PAID_RE = gated_re(
    r"(?<![a-zа-яё])(?:we(?:'re| are)? (?:currently |now |already |still )?(?:pay|paying|spend|"
    # (one person's bill too, said as today's: "we're on Together paying ~$2.3k/mo", "I'm paying
    # $900", "плачу ~$400/мес"; not a limit: "we'd be OK paying $3k", "mi gasto máximo")
    r"spending)|(?:currently|now) (?:pay|spend)|(?:on [a-z0-9.\-]+|currently|now|today|already) "
    r"paying|i(?:'m| am) (?:currently |now )?(?:paying|spending)|i (?:currently )?pay|"
    # someone else's bill, relayed: "they pay roughly $9k/mo", "cust is spending", "they're on
    # a hosted API and pay", "mentioned spending $40k on cloud", "hoje gasta R$ 50 mil",
    # "сейчас платят", "Kunde zahlt", "ils paient" (not a limit: "willing to pay", "and pay at
    # most", "spending limit")
    r"(?:they|he|she|cust(?:omer)?|client|the client|the customer)(?:'re| are| is)? "
    r"(?:currently |now |already |still |today )?(?:pay|pays|paying|spend|spends|spending)"
    r"(?! (?:at most|up to|no more|max))|"
    r"(?<!willing to )(?<!happy to )(?:and|but) (?:pay|spend)(?! (?:at most|up to|no more|max))|"
    r"(?<!willing )(?<!happy )(?<!fine )(?<!ok )(?:mentioned |been )?spending(?= [^.!?]{0,16}on )|"
    r"(?<![a-zà-ÿ])gasta(?:n|m)?(?! (?:como )?(?:m[aá]ximo|até|hasta|no m[aá]ximo))(?![a-zà-ÿ])|"
    r"(?<![а-яё])(?:платят|платит|тратят|тратит)(?![а-яё])|(?:kunde|sie) zahl(?:t|en)|"
    r"zahlt (?:der|die|aktuell|derzeit|heute)|(?:ils|elle|il) pai(?:e|ent)|le client paie|"
    r"(?:今|現在|いま)の(?:請求|支払い|費用|コスト|利用料)|"
    # charged once, elsewhere: "月底被收了 3 千多美元的流量费"
    r"被收了?|被扣了?|被罚了?|"
    # today's setup said first, its cost after: "Aujourd'hui on tourne sur l'API de GPT-4o,
    # environ 3 500 € par mois", "hoy usamos la API, unos 2.000 $" (a budget word or a limit in
    # the same reach keeps a budget)
    r"(?<![a-z])(?:aujourd'hui|actuellement|hoy(?: en día)?|actualmente|hoje|atualmente|heute|"
    r"derzeit|momentan)(?![a-z])|"
    # the setup it runs on today: "on tourne sur l'API de GPT-4o, environ 3 500 €", "we run on
    # the OpenAI API, ~$4k"
    r"on tourne sur|(?<![a-z])we run on|"
    # what the price plans sold would come to: "3 H200 sairiam por uns US$ 9.270"
    r"sairiam|ficariam|saldrían|costarían|custariam|"
    r"(?<![а-яё])(?:плачу|трачу|тратим)(?![а-яё])|(?<!mi )(?<!nuestro )gasto(?! m[aá]x)|"
    r"gastamos(?! (?:como )?(?:m[aá]ximo|hasta))|estoy pagando|estou pagando|je paie|je paye|"
    r"ich zahle|zahle ich|at our current|our current (?:cloud|provider|host|"
    r"vendor)|competitor|other provider|elsewhere|zahlen wir|wir zahlen|"
    rf"{ANOTHER_PROVIDER}|autre cloud|"
    r"jetzigen? (?:hoster|anbieter|provider)|konkurrenz|nous payons|on paie|on paye|"
    r"notre (?:hébergeur|fournisseur) "
    r"actuel|concurrent|pagamos|estamos pagando|proveedor actual|competencia|provedor atual|"
    r"concorrente|платим|конкурент|(?:notre|la|ma|nuestra|unsere|our|the|current) "
    r"(?:facture|factura|rechnung|invoice|bill)|(?:costs?|is priced at|goes for|стоит|стоят|"
    r"sale(?: por)?|"
    r"sai(?: por)?|saindo por|kostet|coûte|cuesta|custa|on (?:the|your) (?:site|website)|"
    # what another plan would come to: "Sairia uns 9 mil dólares", "that'd be ~$6k", "ça
    # ferait 8 000 €", "käme auf 6.000 $", "выйдет 500 тысяч"
    r"sairia|ficaria|saldría|would come to|would cost|that'?d be|it'?d be|would run|"
    r"ça ferait|ça reviendrait|ferait|käme auf|kämen auf|kostet dann|würde kosten|выйдет|"
    r"выйдут|обойд[её]тся|"
    r"no site|en (?:el|su) sitio|auf (?:der|eurer) website|sur (?:le|votre) site|на сайте|"
    # what their own hardware cost to buy: "Anschaffung 2023, ca. 28.000 €", "bought for $60k";
    # what it would cost to buy instead of renting: "acheter deux serveurs MI300X (480 k€)"
    r"anschaffung|angeschafft|gekauft für|bought (?:it |them )?for|purchased for|purchase price|"
    r"if we (?:buy|bought)|buying (?:it|them|[0-9]+)|on pourrait acheter|"
    r"(?:hésite|hésitons) entre acheter|acheter [^.!?]{0,40}\((?:environ|env\.|ca\.?|about)?|"
    r"si compramos|se comprarmos|"
    r"wenn wir [^.!?]{0,30}kaufen|"
    # another's quote: "A AWS cotou … US$ 14 mil/mês", "they quoted us $30k"
    r"quoted|cotou|cotaram|cotizó|cotizaron|uns angeboten|nous propose|nos propone|"
    r"compr(?:amos|ado|ados|adas) (?:por|en|a)|acheté(?:es|s)? (?:pour|à)|купили за|покупка|"
    r"购买|購買|购入|購入|買った|구매|"
    # what the site gives, said back: "Total estimado según su web", "laut eurer Seite"
    r"según (?:su|la|vuestra|tu) (?:web|página|calculadora)|segundo o (?:seu )?site|"
    r"according to your (?:site|website|page|calculator)|laut (?:eurer|ihrer|der) (?:website|"
    r"seite|webseite|vergleichsseite|preisliste)|d'après votre site|по вашему сайту|"
    r"(?:total|суммa|summe) (?:estimad[oa]|estimated|geschätzt)|estimated total|"
    r"(?:you|vous m'avez|vous nous avez|ihr habt uns|"
    r"nos) (?:quoted|annoncé|proposé|dit|genannt|angeboten|cotizaron|cotizó)|"
    r"(?:another|other|a different) (?:cloud|provider|host)))(?![a-zа-яё])|"
    r"现在每月|目前每月|现在付|目前付|現在付|竞品|競品|他社|경쟁사|지금 [^ ]{0,6} ?내고|"
    r"купить (?:бы )?за|買うと|買えば|如果买|要是买|구매하면|报的|報的|报价是|報價是|"
    r"(?:现在|現在|目前)[^。，,]{0,14}(?:付|花)|다른 클라우드|別のクラウド|其他云|其他雲|"
    r"官網|官网|標示|标示|サイト(?:に|で|の)|"
    # today's bill, however it is said: "last month's bill was", "at a hyperscaler, roughly",
    # "счёт за октябрь", "через внешний API", "花 3.5 万美元", "月付約", "別家", "先月は",
    # "Kosten ~", "Facture GPU actuelle", "paga ChatGPT"
    r"(?<![a-z])(?:last month'?s|this month'?s|monthly) bill|bill (?:was|is|came to)|hyperscaler|"
    r"(?<![а-яё])сч[её]т(?: за)?(?![а-яё])|внешн[а-яё]* api|"
    r"(?:^|(?<=[，,\s月上]))花(?:了|掉)?\s?(?:约|約|大概|大约|大約)?\s?$|выходит|"
    r"(?<![a-z])zahlen (?:rund|ca\.?|etwa|ungefähr)|月付|每月付|別家|别家|上个月|上個月|先月|"
    r"지난달|"
    r"(?<![a-z])kosten\s?[:~≈]?\s?(?:ca\.?|rund|etwa)?\s?$|(?<![a-z])actuel(?:le)?(?![a-z])|"
    r"(?<![a-z])paga(?:n)?(?![a-z])|"
    # what today's machines cost to run or lease: "每月电费加运维", "リース残が月", "в аренде за"
    r"电费|電費|运维|運維|リース(?:残|料)?|лизинг|в аренде за|(?:rent|lease) (?:is|of|at)"
)
# The company's revenue or its current bill, said in the amount's own clause: no budget
# ("выручка 900 млн", "年商は約40億円", "faturamento de R$ 50 milhões", "帳單快 80 萬台幣").
_REVENUE_RE = gated_re(
    r"(?<![a-z])(?:revenue|turnover|annual sales)|выручк|оборот|年商|売上|매출|faturamento|"
    r"receita anual|facturación|ingresos anuales|umsatz|chiffre d'affaires|营收|營收|营业额|"
    r"營業額|年收入|帳單|账单|(?<![a-z])(?:our|the|monthly) bill(?![a-z])|"
    # a bill elsewhere and a salary: "notre facture Azure", "инженер обходится в 450 тыс. ₽"
    r"обходится|зарплат|(?<![a-z])salar(?:y|ies|io|ios|ié|aire)|salário|gehalt|연봉|年収|工资|薪水|薪資|"
    # money raised, invoiced or turned over: "Series A ($14M raised)", "fatura uns R$ 400 mil",
    # "CA de 3 M€"
    r"(?<![a-z])(?:raised|funding|series [a-e](?![a-z])|fatura(?:mos)?(?![a-z])|ca de)|融资|融資|"
    r"資金調達"
)
_CLAUSE_ENDS = ",，;；、"
# A price per person said before the amount: "每人每月 25 美金", "1人あたり月3,000円", "인당 월
# 2만원", "per seat per month $30", "pro Kopf 20 €", "с человека 2000 ₽".
_PER_PERSON_BEFORE_RE = gated_re(
    r"每(?:个|個|位|名)?(?:人|使用者|用户|用戶|员工|員工|座位|帐号|帳號)|每位|1?人(?:あたり|当たり)|"
    r"1?ユーザー(?:あたり|当たり)|1?인당|사용자당|"
    r"(?<![a-z])(?:per|each) (?:user|seat|head|person|license|licence)|"
    r"(?<![a-z])(?:pro (?:nutzer|kopf|person|platz|lizenz)|par (?:utilisateur|personne|siège|"
    r"licence)|por (?:usuario|usuário|persona|pessoa|cabeza|cabeça|licencia|licença))|"
    r"за (?:пользователя|человека|место)|с человека"
)
_PER_PERSON_REACH = 16
# What they pay now said to be the most ours may cost: "이보다는 싸야", "has to be cheaper than
# that", "tem que sair mais barato que isso", "muss günstiger sein als das", "比这个便宜".
_BEAT_IT_RE = gated_re(
    r"이보다(?:는)? ?(?:싸|저렴)|그보다(?:는)? ?(?:싸|저렴)|"
    r"(?:cheaper|less) than (?:that|this|what we pay)|"
    r"has to beat|must beat|más barato que eso|mais barat[oa] que isso|günstiger (?:sein )?als das|"
    r"moins cher que ça|дешевле (?:этого|чем сейчас)|比这个便宜|比這個便宜|比现在便宜|比現在便宜|"
    r"これより安く|それより安く"
)
_BEAT_IT_REACH = 48
# A price said back as too much, right after it: "$23,900/mo is way over what we can spend",
# "2만 3900달러는 말이 안 돼요", "les 23 900 $, c'est trop", "23.900 $ sind zu viel".
_TOO_DEAR_AFTER_RE = gated_re(
    r"[^.!?。！？\n]{0,16}?(?:is (?:way |far |much )?(?:over|above|too (?:much|high|expensive|"
    r"steep))|way over|too (?:much|expensive|pricey)|"
    r"말이 안|너무 비싸|부담|太贵|太貴|贵了|貴了|超出预算|超出預算|高すぎ|予算オーバー|"
    # over the budget, said of the price: "$47k/mo is more than what we pay", "예산 초과예요",
    # "sprengt das Budget", "dépasse notre budget"
    r"is (?:more than|over|above) what we|exceeds (?:our|the) budget|예산 ?초과|"
    r"sprengt (?:unser|das)|dépasse (?:notre|le) budget|"
    r"supera (?:nuestro|el|o nosso|o) (?:presupuesto|orçamento)|превышает (?:наш )?бюджет|"
    # refused by whoever approves it: "이사회에서 절대 안 통과", "won't get approved"
    r"안 ?통과|통과 ?(?:안|못)|won'?t (?:get )?(?:approved|pass)|通过不了|通過不了|通らない|"
    r"не пройд|no (?:lo )?aprueban|não (?:vai )?passa|ne passera pas|kommt nicht durch|"
    r"(?:的方案|的配置)?(?:肯定|已经|已經|都|就)?超了|超预算|超預算|"
    r"es demasiado|es mucho|muy caro|é demais|é muito|caro demais|c'est trop|trop cher|"
    r"(?:ist|sind) (?:zu|viel zu) (?:viel|teuer|hoch)|zu teuer|слишком дорог|дорого)"
)
_REVENUE_REACH = 28
# After the amount, in languages that put the verb last: "월 2만 달러 내고 있는데", "月 50 万円
# 払っています".
_PAID_AFTER_RE = gated_re(
    r"\s?(?:를|을|씩|정도|쯤|ほど|くらい|ぐらい|程度)?\s?"
    r"(?:넘게|이상|가량)?\s?(?:내고 ?있|지불하고 ?있|쓰고 ?있|나가고 ?있|"
    r"나와(?:서|요|요\.|는)|나오(?:는|고|네)|(?:이|가)? ?들었(?:는데|어요|습니다|다)|"
    r"나옵니다|청구되|"
    # (the bill flying away: "月に40万円くらい飛んでいく", "每月烧掉 3 万")
    r"払って|支払って|かかって(?:い)?(?:ます|る)|飛んで|消えて|溶けて|使って|쓰는 ?중|"
    # (where it is spent, after it: "~$31k/mo all-in at our current cloud")
    r"(?:/\s?mo(?:nth)?\s?)?(?:all-in )?at (?:our|the|a) (?:current|existing|other)|"
    r"(?:/\s?mo(?:nth)?\s?)?(?:all-in )?at (?:a|our) hyperscaler)"
    # revenue said after the amount: "$40M in annual revenue", "80 Mio. € Umsatz"
    r"|\s?(?:in |of |de |d')?(?:annual |yearly )?(?:revenue|turnover|umsatz|faturamento|"
    r"chiffre d'affaires|facturación|выручки|оборота|매출)|\s?(?:raised|in funding)"
    # a price per million tokens: "$0.40 per 1M input tokens", "¥2.1/百万 token"
    r"|\s?(?:per|/|a|each|por|pro|par|每|за)\s?(?:1\s?m(?![a-z])|1\s?million|million|mtok|百万|"
    r"100万|백만|миллион|1m\s?(?:input|output)?\s?tok)"
    # a difference of prices: "der ist 4.000 $ günstiger", "$4k cheaper", "便宜 4000 美元" (after)
    r"|\s?(?:/\s?(?:month|mo|mes|mês|monat|mois|месяц)\s?|(?:a|per) month |al mes |por mês |"
    r"im monat |par mois |в месяц )?"
    r"(?:de moins|de menos|a menos|less(?! than)|weniger|меньше|"
    r"günstiger|billiger|teurer|cheaper|more expensive|más barato|mais barato|"
    r"más caro|mais caro|moins cher|plus cher|дешевле|дороже|便宜|更便宜|贵|安い|高い|싸|비싸)"
    # a price per person: "un abonnement à 30 € par utilisateur", "$20 per seat", "每人 100 元"
    r"|\s?(?:per|par|por|pro|/|a|each|за|每)\s?(?:user|utilisateur|usuario|usuário|nutzer|"
    r"benutzer|seat|licen[cs]e|licencia|licença|пользователя|юзера|person|personne|persona|"
    r"pessoa|人|用户|用戶|ユーザー|사용자|head)(?![a-zà-ÿа-яё])"
    # said not to be the budget: "— это не бюджет", "that's not the budget", "ce n'est pas le
    # budget", "das ist nicht das Budget", "no es el presupuesto", "não é o orçamento"
    r"|[^.!?。]{0,24}?(?:это не бюджет|(?:that|this|it)(?:'s| is) not (?:the |our |a )?budget|"
    r"(?:ce|c')\s?n'est pas (?:le |notre )?budget|ist nicht (?:das |unser )?budget|"
    r"no es (?:el |nuestro )?presupuesto|não é (?:o |nosso )?orçamento|"
    r"不是(?:他们|他們|我们|我們|客户|客戶|你们|你們)?的?(?:预算|預算)|"
    r"予算ではありません|예산이 아닙니다|예산 아님)"
    # a bill past: "R$ 38 mil no mês passado", "$9k last month"
    r"|\s?(?:(?:on|in|at) (?:the )?(?:cloud|aws|azure|gcp|openai|[a-z]+ cloud) )?"
    r"(?:last (?:quarter|year)|no trimestre passado|el trimestre pasado|letztes quartal|"
    r"le trimestre dernier|в прошлом квартале|上季度|上季|前四半期)"
    r"|\s?(?:no mês passado|el mes pasado|last month|letzten monat|le mois dernier|"
    r"в прошлом месяце|上个月|上個月|先月|지난달)"
)
_KEPT_BUDGET_RE = gated_re(
    # (a word of its own: "minimax" holds no "max", "thunder" no "under")
    r"budget|预算|預算|бюджет|予算|예산|presupuesto|orçamento|orcamento|up to|at most|"
    r"(?<![a-z])max(?![a-z])|(?<![a-z])under(?![a-z])|"
    r"no more than|less than|bis zu|höchstens|hasta|até|jusqu'à|au plus|не более|до |最多|"
    r"以内|まで|이하|이내"
)
_SENTENCE_ENDS = ".?!。？！\n"
_PAID_REACH = 48


# An exchange rate: the amount set equal to another currency's ("1ドル＝150円", "1 € = 1,08 $").
_EXCHANGE_RATE_AFTER = gated_re(r"\s?[=＝≈]")
_EXCHANGE_RATE_BEFORE = gated_re(r"[=＝≈]\s?$")


def _sentence_start(text: str, start: int) -> int:
    """Return where the sentence holding ``start`` begins (an abbreviation's dot ends none).

    "ca. 28.000 €", "approx. $5k": a dot before a number is an abbreviation's.
    """
    begin = 0
    for mark in _SENTENCE_ENDS:
        at = text.rfind(mark, 0, start)
        while mark == "." and at >= 0 and _NUMBER_NEXT.match(text, at + 1):
            at = text.rfind(mark, 0, at)
        begin = max(begin, at + 1)
    return begin


_NUMBER_NEXT = gated_re(r"\s?[0-9$€£¥]")


_MOST_UNITS = 16  # units of one plan whose monthly total may be said back


@cache
def our_monthly_prices() -> frozenset[int]:
    """Monthly list prices of one to sixteen units of each plan, in whole dollars."""
    return frozenset(
        int(plan.monthly_usd) * units
        for plan in load_plans()
        for units in range(1, _MOST_UNITS + 1)
    )


def spent_elsewhere(text: str, start: int, end: int) -> bool:
    """Whether the amount at ``start:end`` is a price paid or quoted, not a budget."""
    if _BEAT_IT_RE.search(text, end, end + _BEAT_IT_REACH):
        return False  # "월 4,000만 원 나가고 있어서 이보다는 싸야 합니다": what they pay, a ceiling
    if (
        _PER_HOUR_RE.match(text, end)
        or _PAID_AFTER_RE.match(text, end)
        # "$23,900/mo is way over …", "월 2만 3900달러는 말이 안 돼요": a price refused
        or _TOO_DEAR_AFTER_RE.match(text, end)
        # "1ドル＝150円": an exchange rate, no amount of money
        or _EXCHANGE_RATE_AFTER.match(text, end)
        or _EXCHANGE_RATE_BEFORE.search(text, max(0, start - 3), start)
    ):
        return True
    sentence = _sentence_start(text, start)
    before = text[max(sentence, start - _PAID_REACH) : start]
    clause = max(sentence, *(text.rfind(mark, 0, start) + 1 for mark in _CLAUSE_ENDS))
    if _REVENUE_RE.search(text, max(clause, start - _REVENUE_REACH), start):
        return True
    if _PER_PERSON_BEFORE_RE.search(text, max(clause, start - _PER_PERSON_REACH), start):
        return True  # "每人每月 25 美金", "per seat per month $30": a price per person
    return _PAID_RE.search(before) is not None and _KEPT_BUDGET_RE.search(before) is None


# A budget named as such: "预算一個月" is a budget's month, not a term; a price said back with
# "explain" and no such word is the answer's, not a budget.
BUDGET_NAMED = gated_re(r"budget|presupuesto|orçamento|orcamento|бюджет|预算|預算|予算|예산")
# A unit right after a budget word's number: time, tokens, memory or a share, not money.
NOT_MONEY_AFTER = gated_re(
    r"\s?(?:ms|мс|毫秒|ミリ秒|밀리초|s|sec|seconds?|сек|秒|초|tok|tokens?|токен|gb|tb|gib|%|"
    r"(?:de |of |d'|des )?(?:contexto|context|contexte|kontext|ctx|контекст[а-яё]*|上下文|"
    r"コンテキスト|컨텍스트))(?![a-zа-яё])"
)


def find_budget(text: str, language: str = "en") -> Found | None:
    """Find the first money amount in ``text`` (per month; a yearly one is divided by 12)."""
    if _MONEY_MARKS_RE.search(text) is None:
        return None  # every pattern below needs a dollar or a budget word
    budget_word = _money_res()[-1]
    for pattern in worth_trying(_money_res(), text):
        for match in scan(pattern, text):
            value = _amount_value(match, text, language)
            if value == 0 or spent_elsewhere(text, match.start(), match.end()):
                continue
            if pattern is budget_word and counted_after(text, match.end()):
                continue  # "orçamento pra 3 servidores": a quote for three servers
            if pattern is budget_word and NOT_MONEY_AFTER.match(text, match.end()):
                continue  # "latency budget: 25ms per token": a budget of time, not money
            if pattern is budget_word and a_year(match.group(), text, match.end()):
                continue  # "orçamento 2026": the year's budget, no amount
            if per_year(text, match.end(), match.start()):
                value /= _MONTHS_PER_YEAR
            rest = blank(text, match.start(), match.end())
            whole, refused = limits.check_whole(limits.BUDGET, value)
            return Found(whole, rest, refused)
    return None


def blank_spent(text: str, language: str = "en") -> str:
    """Return ``text`` with dollar amounts paid or quoted elsewhere blanked (same length).

    "Kosten ~19k $/Monat" today is no budget, and its "19k" no context either.
    """
    if _MONEY_MARKS_RE.search(text) is None:
        return text
    for pattern in worth_trying(_money_res()[:-1], text):  # amounts with their currency
        for match in list(scan(pattern, text)):
            start, end = match.span()
            if spent_elsewhere(text, start, end) and _amount_value(match, text, language):
                text = text[:start] + _SPENT * (end - start) + text[end:]
    return text


def blank_other_currencies(text: str) -> tuple[str, bool]:
    """``text`` with amounts in currencies other than USD blanked, and whether there were any."""
    if _OTHER_MARKS_RE.search(text) is None:
        return text, False
    found = False
    for pattern in worth_trying(_other_money_res(), text):
        for match in list(scan(pattern, text)):
            # Filled with a currency sign, not spaces: a budget word before it must not reach
            # past it to a later number ("budget 5000 eur, ctx 32k").
            start, end = match.span()
            # a price paid elsewhere or quoted is blanked too, but is no budget to convert
            found = found or not spent_elsewhere(text, start, end)
            text = text[:start] + _SPENT * (end - start) + text[end:]
    return text, found
