"""The figure a direct question asks for, which the answer opens with.

"how many H200 do I need" (``gpu_count``), "how fast" / "tokens per second" (``speed``), "how
much KV cache" / "how many 128K contexts fit" (``kv``), "how many users can one H200 serve"
(``users``), "is an 8x server overkill" (``overkill``), "how much will it cost" (``price``),
"can I run X on Y" (``fits``, a yes/no question). Read only beside a model or a size: without
one there is nothing to size, and other readers (price, topics) answer the message.
"""

from __future__ import annotations

from functools import cache, lru_cache

from bot.understand import lexicon
from bot.understand.gates import gated_re
from bot.understand.questions import WH_RE, questions, sentences, yes_no_questions
from bot.understand.topics.lexicon import ConceptWords

# asked figure -> its words in every language, most specific first (cleaned, lower-case text).
# GPUs we do not rent, by the names customers use (a count of them is still asked).
_OTHER_GPUS = (
    r"h100s?|h800s?|h20s?|a100s?|a10s?|a800s?|l4s?|l40s?|rtx ?[0-9]{4}s?|mi300x?s?|mi325x?s?|"
    r"gb200s?|b300s?|tpus?|gaudi"
)


_WORDS: tuple[tuple[str, str], ...] = (
    (
        "overkill",
        (
            r"overkill|over-?provision|too (?:much|big|many)|a waste|wasteful|more than (?:i|"
            r"we) need|"
            r"大材小用|浪费|浪費|过剩|過剩|太多了|杀鸡用牛刀|殺雞用牛刀|"
            r"オーバースペック|過剰|やりすぎ|もったいない|"
            r"과한가|과하지|과할까|오버스펙|낭비|과잉|"
            r"избыточ|перебор|слишком\s(?:ли\s)?(?:это\s)?(?:много|мощн|жирн|больш)|"
            r"exagerad|excesiv|demasiad|sobredimension|"
            r"exagero|excessiv|demais|superdimension|"
            r"übertrieben|overkill|zu viel|zu groß|überdimension|"
            r"excessif|surdimension|trop (?:gros|grand|puissant)|c'est trop pour|est-ce trop|"
            r"too much"
        ),
    ),
    (
        "users",
        (
            r"how many (?:of (?:their|our|the|your) )?(?:staff|employees|people|users) can|"
            r"how many (?:users|people|ppl|folks|seats|customers|concurrent|simultaneous|sessions|"
            r"requests|chats|conversations at once)|"
            r"(?:max(?:imum)?|most) (?:concurrent|simultaneous) (?:users|sessions|requests)|"
            r"number of (?:concurrent |simultaneous )?(?:users|sessions|people|seats)\b|"
            r"(?:n[uú]mero|quantidade|cantidad) de (?:usu[aá]rios|usuarios|sess[õo]es|sesiones|"
            r"pessoas|"
            r"personas)(?: simult[aâ]ne[oa]s| concurrentes| ao mesmo tempo| a la vez)?|"
            r"(?:anzahl|zahl) (?:der )?(?:gleichzeitigen )?(?:nutzer|user|sitzungen)|"
            r"nombre d'utilisateurs(?: simultanés)?|"
            r"max(?:imum)? (?:users|sessions) per|"
            r"(?:同時)?(?:ユーザー|利用者)数はどれ(?:くらい|ぐらい)|para cu[aá]nta (?:gente|peña)|"
            r"pra quant[ao]s? (?:pessoas|gente)|"
            r"(?:потолок|максимум) одновременных|"
            r"(?:serve|handle|support|hold)s? how many|how many (?:can|could|will) (?:it|one|a|an|"
            r"the)|"
            r"多少(?:个|個|位)?(?:同時|同时)?(?:用户|用戶|使用者|人|并发|並發)|几(?:个|個)(?:用户|使用者|人|并发|並發)|"
            r"幾(?:個|"
            r"位)(?:用户|使用者|人)|"
            r"何人|何ユーザー|何セッション|幾個用戶|几个用户|幾個使用者|能撑多少|能撐多少|几路|幾路|多少路|"
            r"幾個同時|几个同时|(?:幾|几|多少)位[^?？。]{0,6}(?:同時|同时|用户|用戶|使用者|人)|"
            r"幾個(?:併發|並發|并发)|qts (?:users|usuários|pessoas)|"
            # "可以給多少工程師同時用": how many of whoever it is, at once
            r"(?:多少|幾多)(?:个|個|位|名)?[^?？。，,0-9]{0,8}(?:同時|同时)(?:用|使用|在线|在線|跑|连线|連線)|"
            # Cantonese: "頂到幾多個同時在線嘅用戶", "撐到幾多個 concurrent session"
            r"(?:頂|顶|撐|撑)到幾多|幾多(?:個|位)?\s?(?:concurrent|同時|用戶|人)|"
            r"сколько параллельных|скольк(?:о|их) (?:же )?народ|сколько (?:людей|человек)|"
            r"몇 ?명|몇 ?사용자|"
            r"(?:동접|동시 ?접속(?:자)?|동시 ?사용자|동시 ?요청)[^?？.]{0,6}"
            r"몇(?! ?(?:장|대|gpu|노드))|"
            r"몇 ?(?:까지|건)|"
            r"скольк(?:о|их|им) (?:же )?(?:пользовател|юзер|человек|одновременн|запрос|сесси|"
            r"клиент)|"
            r"cu[áa]nt[oa]s (?:usuari[oa]s|personas|sesiones|clientes)|cu[aá]nta gente|"
            r"quant[oa]s (?:usuários|usuarios|pessoas|sessões|sessoes|clientes)|"
            r"cu[áa]nt[oa]s (?:peticiones|solicitudes|conversaciones|sesiones) (?:simult|a la vez|"
            r"en paralelo|concurrentes)|"
            r"quant[oa]s (?:requisições|requisicoes|conversas|sessões) (?:simult|ao mesmo|"
            r"em paralelo)|"
            r"wie ?viele (?:parallele |gleichzeitige )?(?:nutzer|benutzer|user|anwender|personen|"
            r"leute|"
            r"gleichzeitig)|wie ?viele (?:parallele|gleichzeitige) (?:anfragen|requests|sitzungen|"
            r"sessions|chats|gespräche)|"
            r"combien d'utilisateurs|combien (?:de personnes|de sessions|de requêtes|de monde|"
            r"de gens)"
        ),
    ),
    (
        "gpu_count",
        (
            rf"how many (?:{_OTHER_GPUS})|"
            rf"(?:幾多|几|幾|多少)(?:张|張|块|塊|台)?\s?(?:{_OTHER_GPUS})|"
            rf"(?:{_OTHER_GPUS})[^?？。]{{0,12}}(?:幾多|几|幾|多少)(?:张|張|块|塊|台)|"
            rf"сколько (?:нужно )?(?:{_OTHER_GPUS})|cuánt[oa]s (?:{_OTHER_GPUS})|"
            rf"quant[oa]s (?:{_OTHER_GPUS})|wie viele (?:{_OTHER_GPUS})|"
            rf"combien de (?:{_OTHER_GPUS})|"
            rf"(?:{_OTHER_GPUS})[^?？。]{{0,8}}(?:何枚|何台|몇 ?장|몇 ?대)|"
            r"how many (?:gpus?|h200s?|mi355x?s?|b200s?|cards?|servers?|nodes?|machines?|boxes|"
            r"of them)|"
            r"how many do (?:i|we) need|(?:gpu|card|server|node) count (?:for|to run|needed)|"
            r"gpu[^?？。]{0,4}(?:どれ|どの)(?:くらい|ぐらい)(?:の数)?\s?(?:要|いる|いり|必要)|"
            # the scale to rent asked: "어느 정도 규모로 빌려야", "どのくらいの規模で"
            r"어느 ?정도 ?규모|どの(?:くらい|ぐらい|程度)の規模|(?:多大|什么|什麼)(?:的)?规模|"
            r"(?:多大|什麼)(?:的)?規模|how big (?:a|of a) (?:setup|deployment|cluster)|"
            r"(?:需要|要)?租多大(?:的)?|"
            # the count itself asked how it changes: "台数はどう変わりますか", "대수는 어떻게 바뀌"
            r"(?:台数|枚数|サーバー数|gpu数|대수|서버 ?수)(?:は|が|는|은|도)?\s?"
            r"(?:どう|どの(?:くらい|ぐらい)|어떻게|얼마나|何)|"
            # one or more asked: "one H200 or more?", "eine oder mehrere?", "一台还是多台"
            r"(?:one|1|a single)\s[^?.]{0,24}\bor (?:more|several|two|2)\b|"
            r"(?:eine[nr]?|1)\s[^?.]{0,24}\boder (?:mehr|mehrere|zwei)\b|"
            r"(?:uma?|1)\s[^?.]{0,24}\bou (?:mais|várias|vários|duas|dois)\b|"
            # what to rent asked: "What would we rent", "what do we need to rent"
            r"what (?:would|should|do) (?:we|i) (?:need to )?rent\b|"
            r"(?:una?|1)\s[^?.]{0,24}\bo (?:más|varias|varios|dos)\b|"
            r"(?:une?|1)\s[^?.]{0,24}\bou (?:plus|plusieurs|deux)\b|"
            r"(?:одн[аоуй]|1)\s[^?.]{0,24}или (?:больше|несколько|две|два)|"
            # the fewest it takes: "minimum number of gpus", "сколько минимум серверов", "qual o
            # mínimo de placas", "最少要幾多張"
            r"(?:minimum|min\.?|smallest|fewest) (?:number of |# of )?(?:gpus|cards|servers|h200s|"
            r"nodes|boxes)|сколько (?:минимум|как минимум|хотя бы|минимально) (?:нужно |надо )?"
            r"(?:серверов|карт|gpu|видеокарт|машин)|сколько[^?.!]{0,16}карточ|"
            r"m[ií]nimo de (?:placas|gpus|servidores|tarjetas|máquinas|maquinas)|"
            r"(?:mindestens|minimal) (?:wie ?viele|anzahl)|"
            r"nombre minimum de (?:gpus|cartes|serveurs)|"
            r"just the (?:gpu |server )?count|smallest (?:setup|config(?:uration)?|deployment)|"
            r"сколько (?:тогда |же |теперь )(?:нужно |надо )?(?:серверов|карт|gpu|h200)|"
            r"(?:cambia|cambiaría|muda|mudaria) el n[uú]mero de (?:servidores|gpus|tarjetas)|"
            r"(?:el|o) n[uú]mero de (?:servidores|gpus|tarjetas|placas)\s*[?？]|"
            r"(?:还|還)?(?:用得着|用得著|需要|要)(?:两|兩|三|[0-9])台吗|(?:还|還)?(?:用得着|用得著)(?:两|兩|三|[0-9])台|"
            # "which plan, and how many?", "which one and how many?"
            r"(?:which|what) (?:one|plan|server|gpu|box|option)s?,? (?:and|&) how many|"
            r"(?:and|&) how many (?:of them|do we need)?\s*[?？]|"
            # "카드 수가 줄어드나요?": the count of cards asked
            r"(?:카드|gpu|서버|장비) ?수|"
            # "servidor inteiro ou dá com uma placa só?", "a whole server or one card?"
            r"(?:servidor inteiro|whole server|full server|ganzen server|serveur entier|servidor "
            r"entero|целый сервер)[^?]{0,24}\b(?:ou|or|oder|o|или)\b|"
            r"(?:what|which) (?:gpu|h200|mi355x?|b200|card|server|node) count|"
            r"сколько (?:hgx|серверов|h200|mi355x?|b200|gpu|карт)[^?.]{0,16}(?:потребуется|"
            r"понадобится|нужно|надо)|"
            r"quant[oa]s (?:hgx|servidores|h200|mi355x?|b200|gpus?|placas)|"
            r"quanto de (?:gpu|máquina)|cu[aá]ntas? (?:gpus?|hgx|servidores)|"
            r"сколько (?:понадобится|потребуется|нужно|надо) (?:h200|mi355x?|b200|gpu|карт|"
            r"серверов)|"
            r"how many of (?:your|the|those) (?:8x |8-gpu |hgx |mi355x )?"
            r"(?:servers|gpus|boxes|nodes|machines|h200s?|mi355xs?|b200s?|cards)|"
            r"(?:幾多|几|幾|多少)(?:张|張|块|塊|台|个|個|颗|顆)?\s?(?:卡|gpu|显卡|顯卡|h200|hgx|mi355|b200|服务器|"
            r"伺服器|机器|機器|节点|節點)|"
            r"(?:需要|要|得)(?:租|用|上)?(?:幾多|几|幾|多少)(?:张|張|块|塊|台|颗|顆)|"
            r"(?:幾多|几|幾|多少)\s?(?:张|張|块|塊|台)\s*(?:[?？吗嗎呢]|$)|"
            r"何(?:枚|台|基|ノード)|"
            # "몇 개" counts whatever it follows: GPUs only after their name
            r"몇 ?(?:장|대|gpu|노드)|(?:gpu|카드|서버|노드|h200|mi355x?|b200)[^?？.]{0,4}몇 ?개|"
            # a plan counted: "H200 단일 플랜 몇 개", "서버 플랜 몇 개"
            r"(?:플랜|인스턴스|vm)\s?몇 ?개|"
            # how big a machine: "How big a box do we need?", "どれくらいの GPU が必要",
            # "сколько это по железу"
            r"how big (?:a|of a) (?:box|server|machine|cluster|setup)|"
            r"どれくらいの\s?(?:gpu|サーバー|台数|構成)|сколько (?:это )?по железу|"
            # how much hardware: "quanto de máquina?", "cuánta máquina", "how much hardware"
            r"quanto de máquina|quanta máquina|cu[aá]nta máquina|cu[aá]nto hardware|"
            r"how much (?:hardware|iron|gpu power)|wie viel hardware|combien de machines?|"
            r"сколько железа|"
            r"сколько (?:нужно |ваших |наших |их )?(?:gpu|видеокарт|карт(?![а-яё]{2,})|h200|"
            r"серверов|узлов|машин|"
            r"ускорител)|скок(?:о|а)? (?:надо |нужно )?(?:железа|gpu|карт|серверов)|"
            r"сколько (?:их|штук) (?:нужно|надо)|#\s?of (?:servers|gpus|cards|nodes|boxes)|"
            r"(?:rough|ballpark|approximate) number of (?:servers|gpus|cards|nodes)|"
            r"скольк(?:их|о) (?:серверов|карт|gpu|видеокарт) (?:хватит|нужно|надо)|"
            r"wie viele brauch(?:e|en) (?:ich|wir)|combien de (?:mi355x?|b200|h200)s?|"
            r"cu[aá]nt[oa]s (?:mi355x?|b200|h200)s?|quant[oa]s (?:mi355x?|b200|h200)s?|"
            r"сколько (?:надо|нужно) железа|"
            r"скок(?:о|а)? (?:надо |нужно )?(?:h200|mi355x?|b200)|"
            r"(?:h200|mi355x?|b200)[^?.]{0,16}сколько (?:надо|нужно|потребуется|понадобится)|"
            r"(?:幾多|几多|幾|几)(?:部|台)(?:機|机)|"
            r"сколько (?:h200|mi355x?|b200|gpu|карт|серверов)[^?.]{0,12}(?:потребуется|понадобится|"
            r"нужно|надо)|(?:число|количество|кол-во) (?:карт|gpu|видеокарт|"
            r"серверов|ускорителей)|"
            r"number of (?:gpus|h200s|cards|servers|nodes|boxes|machines)\b|"
            r"(?:número|numero) de (?:gpus|tarjetas|placas|servidores) (?:necesari|que (?:necesit|"
            r"precis))|"
            r"anzahl (?:der |an )?(?:gpus|karten|server) (?:brauch|nötig|benötigt)|"
            # the count a change would change: "Ändert das was an der Anzahl der Karten?",
            # "does that change the number of GPUs?", "cambia el número de GPUs?"
            r"(?:ändert|ändern|change|changes|cambia|muda|change-t-il|меняет)[^?.]{0,24}"
            r"(?:anzahl|number|número|numero|nombre|количеств)[^?.]{0,8}(?:gpus?|karten|server|cards|"
            r"servers|tarjetas|servidores|placas|cartes|serveurs|карт|серверов)|"
            r"^(?:die )?anzahl (?:der |an )?(?:gpus?|karten|server|knoten|h200)(?![a-zäöü])|"
            r"nombre de (?:gpus|cartes|serveurs) (?:nécessaire|qu'il (?:nous )?faut)|"
            r"(?:卡数|卡的数量|卡的數量|显卡数量|顯卡數量)|(?:gpu|カード)の?(?:枚数|台数)|"
            r"(?:gpu|카드) ?(?:장수|대수)|"
            r"cu[aá]nt[oa]s (?:gpus?|h200|servidores|tarjetas|nodos|máquinas)|"
            r"(?:quant[oa]s|q(?:n)?t[oa]s|qnts) (?:gpus?|h200|servidores|placas|nós|máquinas)|"
            r"wie ?vi(?:el|ll)e (?:gpus?|(?:hgx )?h200|mi355x?|b200|server|karten|knoten|"
            r"maschinen|hgx)|"
            r"wie ?vill (?:gpus?|h200|mi355x?|b200|server|karten|knoten|maschinen)|"
            r"combien de (?:gpus?|h200|serveurs|cartes|nœuds|noeuds|machines)"
        ),
    ),
    (
        "kv",
        (
            r"how much kv|how (?:big|large) (?:a |is the |should the )?kv|kv[- ]cache (?:size|"
            r"room|capacity)|"
            r"how many (?:[a-z-]+ ){0,2}?(?:[0-9]+k[- ]?(?:tokens?[- ])?)?(?:contexts|sequences|"
            r"conversations|sessions)|"
            r"(?:kv|缓存|快取).{0,6}(?:多大|多少|够不够|夠不夠)|(?:多大|多少)的?\s?kv|"
            r"(?:能|可以)(?:同时|同時)?(?:放|装|裝|塞)(?:下|得下)?(?:幾多|几|幾|多少)(?:个|個)?|"
            r"kv\s?キャッシュ.{0,10}(?:どれくらい|いくら|何|足り|いくつ)|"
            r"(?:コンテキスト|文脈)[^。？?]{0,16}(?:いくつ|何個|何本)|"
            r"kv\s?캐시.{0,10}(?:얼마|몇)|컨텍스트[^?？.]{0,16}몇 ?개|"
            r"сколько (?:kv|кэш|контекст)|"
            r"cuánt[oa]s?\s(?:de\s)?(?:kv|caché|cache|contextos)|"
            r"quant[oa]s?\s(?:de\s)?(?:kv|cache|contextos)|"
            r"wie viel kv|wie viele (?:[0-9]+k[- ]?)?kontexte|combien de (?:cache|kv|contextes)"
        ),
    ),
    (
        "speed",
        (
            r"how fast|what speed|tokens?\s?(?:per|a|/)\s?s(?:ec(?:ond)?)?\b|tok/s|(?<![a-z])tps\b|"
            r"throughput will|"
            r"how quick|latency will|"
            r"速度|多快|每秒[^。？?，,]{0,10}token|吞吐|"
            r"速さ|どのくらい速|トークン/秒|毎秒|秒あたり|秒間|何トークン|スループット|"
            r"속도|초당[^?？.]{0,10}토큰|얼마나 빠르|처리량|"
            r"скорост|как быстро|токенов в секунду|ток/с|"
            # faster than today ("速くなりますか", "會快多少", "will it be faster")
            r"速くなり|速くなる|快多少|会更快|會更快|更快吗|更快嗎|快多少|빨라|빠를|빠른가|"
            r"будет быстрее|станет быстрее|\bfaster\b|más rápido|mais rápido|schneller|plus rapide|"
            r"velocidad|qué tan rápido|tokens por segundo|"
            r"velocidade|quão rápido|tokens por segundo|"
            r"wie schnell|geschwindigkeit|tokens pro sekunde|"
            r"quelle vitesse|à quelle vitesse|tokens par seconde|débit"
        ),
    ),
    (
        "price",
        (
            r"how much (?:would|will|does|is) (?:it|that|this)|how much (?:would|will) (?:i|"
            r"we) pay|"
            r"what (?:would|will|does) (?:it|that|this) cost|cost me|how much per month|"
            r"what (?:would|will|does|do) (?:an?|one|two|three|the|[0-9]+) [^?.]{1,40}? cost\b|"
            r"幾多(?:美金|美元|錢|蚊|港幣|港元)|"
            r"monthly cost|monthly bill|the bill|what(?:'s| is| would be) the total|"
            r"what would (?:the|that|it) total (?:be|come to)|"
            r"(?<![a-z])(?:price|pricing) (?:for|of)\b|"
            r"quel prix pour|(?:à|a|pour) quel prix|"
            # a contract's whole value asked: "Total contract value", "valor total do contrato"
            r"total contract value|contract value|valor total (?:do|del) contrato|"
            r"montant total du contrat|gesamtvertragswert|vertragswert|"
            r"每个月要花多少|每個月要花多少|一个月要花多少|一個月要花多少|月いくら|"
            # a quote asked for: "見積もりください", "Chiffrez-moi", "un devis"
            r"見積(?:も)?り(?:を)?(?:ください|下さい|お願い|して|いただけ)|chiffrez|un devis|"
            r"\bcome to\b|how much (?:for|in total|altogether|all in)|"
            # the cheapest plan that does it asked: "cheapest box that finishes", "租什么最划算"
            r"(?<![a-z])cheapest|最划算|最划得来|最省|最便宜|安く済|一番安|mais barat[oa]|"
            r"m[aá]s barat[oa]|le moins cher|la moins chère|am günstigsten|günstigste|"
            r"самы[йе] дешёв|самы[йе] дешев|дешевле всего|가장 ?싼|제일 ?싼|가장 ?저렴|"
            # "how much is one MI355X server for 6 months", "how much are two HGX boxes"
            r"how much (?:is|are|would|will) (?:an?|one|two|three|the|[0-9]+)\s[^?]{0,24}"
            r"(?:server|box|node|vm|plan|h200|mi355x|b200|hgx)|"
            r"what(?:'s|s| is) the (?:grand )?total|grand total|run (?:me|us)\b|"
            r"合計金額|合計は|合計いくら|итогов(?:ая|ую) сумм|cotizaci[oó]n|\bel total\b|"
            r"cot[ií]za(?:me|nos)|\bdevis\b|\bangebot\b|견적|報價|报价|посчитайте|fica quanto|"
            r"quanto fica|sai quanto|fica quanto|custa quanto|cu[aá]nto pagamos|总共要付|總共要付|"
            r"quote request|^quote\b|\bquote:|\bquotation\b|"
            r"total\s?(?:要|是)?\s?(?:多少|幾多|いくら|얼마)|"
            r"total,? please|total por favor|total bitte|total svp|"
            # chat shorthand: "total pls thx", "qnto fica o mi355x", "combien pr le mi355x"
            r"total,? (?:pls|plz|thx)|\bq(?:n|u)?to (?:fica|sai|custa)|combien pr\b|"
            r"cu[aá]nto (?:sale )?en total|сколько (?:в сумме|итого)|"
            r"precio total|preço total|prix total|precio final|preço final|prix final|valor total|"
            r"qu[eé] precio (?:tiene|tienen|tendr[ií]a)|monatspreis|revient à combien|"
            r"ça (?:me |nous )?revient|总共要多少|總共要多少|一共要多少|"
            r"costo total|coste total|custo total|coût total|gesamt(?:summe|kosten|preis)|"
            # "state the total cost of one server over 18 months", a quote asked for: "necesito
            # presupuesto para 2 servidores", "preciso de um orçamento pra 3 servidores"
            r"(?<![a-z])total cost(?! of ownership)|"
            r"(?:necesito|necesitamos|pido|pedimos|solicito|solicitamos|quisiera|quisiéramos|"
            r"env[ií](?:e|en)me|m[aá]nd(?:e|en)me|p[aá]s(?:e|en)me) (?:un )?presupuesto "
            r"(?:para|de|por)|"
            r"(?:preciso|precisamos|queria|gostaria)(?: de)? (?:um )?or[çc]amento (?:para|pra|de)|"
            r"(?:manda|envia|passa|mande|envie|passe)(?:m)?(?:-me| me)? (?:um )?or[çc]amento|"
            r"итоговая стоимость|общая стоимость|総額|총액|총 ?비용|"
            # the total of a pasted row asked: "Quel est le montant total", "Preciso do total pra
            # esse período", "金額を教えて", "the total for 9 months"
            r"montant total|(?:preciso|precisamos) do total|o total (?:pra|para) (?:esse|este)|"
            r"金額を(?:教えて|お願い|知りたい)|(?:need|needs|want) the total|the total for|"
            r"el importe total|importe total|gesamtbetrag|total at list|at list price|list total|"
            r"(?:could|can) you quote|ballpark (?:cost|price|figure|number)|rough (?:cost|price)|"
            r"가격 ?(?:좀 |을 |이 |도 )?(?:같이 )?(?:알려|문의|어떻게)|"
            r"precio (?:del|de la|de los)\s|(?:^|[.!?]\s)precio de (?:[0-9]|una?\s)|"
            r"(?:passa|manda|envia|mande|passe)(?:-me| me| pra mim)? o total|o total em|"
            r"нужна сумма|сумма за|(?:一個|一个)月多少|月多少錢|月多少钱|"
            r"(?:一個|一个)?月大概(?:要)?多少|"
            r"(?<![a-z])(?:le |quel |un )?tarifs? (?:pour|de|du|d')|"
            r"\bquote (?:me|us)\b|(?:just |only )?need the total|(?:^|[.;!?]\s?|—\s?)total\s*[?？]|"
            r"цена\s*[?？]|итого|сколько (?:это )?(?:в|за) месяц|qual (?:é )?o valor|"
            r"多少钱|多少錢|幾多錢|幾錢|费用|費用|成本|月租|(?:月费|月費)(?!\s?(?::|：)?\s?[0-9])|总价|總價|一共多少|總共多少|共多少|"
            r"いくら|費用|料金|コスト|"
            r"얼마|비용|"
            r"сколько (?:мне |нам )?(?:будет )?сто|во сколько[^?.!]{0,24}обойд|стоимост|"
            r"сколько[^?.!]{0,20}(?:будет|будут) стоить|"
            r"每[个個]月[^?？。，,]{0,4}(?:要)?花多少|"
            r"сколько (?:всего |в сумме |итого )?(?:выйдет|будет)|сколько (?:же )?(?:набежит|"
            r"набегает)|"
            r"сколько за (?:сервер|месяц|штуку|одн[уы]|такой|такую)|"
            r"(?:总共|總共|一共)(?:得|要|需要)?付多少|ça ferait combien|ça fera combien|"
            r"合计多少|合計多少|合计金额|合計金額|加總|加总|what's the damage|^total pour|"
            r"(?<![a-z])(?<!au )total pour [0-9]|почём|почем(?!у)|"
            r"all-in (?:total|price|cost)|what would .{1,40}? cost (?:with|at|from) you|"
            r"сколько (?:у вас |это )?будет стоить|(?:租|用)一季要多少|要多少(?:钱|錢)?[？?]?$|"
            r"combien (?:ça|cela) (?:ferait|fera|coûterait)|"
            r"was kommt (?:\w+ )?(?:insgesamt |in summe |unterm strich )?raus|"
            r"was macht (?:das|es|sie)(?: (?:dann|zusammen|insgesamt|in summe))? (?:pro|im|für den|"
            r"je) monat|was macht das (?:zusammen|insgesamt|in summe)|"
            r"cu[aá]nto (?:me |nos |le |les )?(?:cuesta|costaría|costaria|sale|saldría|pagaría|"
            r"va a costar)|cu[aá]nto (?:ser[ií]an?|es|son|queda|quedar[ií]a)(?: en total)?\b|"
            r"quanto (?:me |nos |lhe )?(?:custa|custaria|vai (?:me |nos )?custar|eu pagaria|"
            r"pagaria|sai|sairia|fica|ficaria|dá|daria)|"
            r"quanto (?:eu |a gente )?(?:vou|vamos|vai|iria) pagar|d[aá] quanto|"
            r"cuánto (?:voy|vamos|va) a pagar|was (?:zahle ich|zahlen wir)|"
            r"wie viel (?:zahle|zahlen)|"
            r"combien (?:je vais|vais-je|on va|allons-nous) payer|"
            r"was kostet|wie teuer|was würde|was wird (?:mich|uns|es|das)|kosten(?!stelle)|"
            r"combien (?:coûte|couterait|coûterait|ça coûte|je paierais|pour|au total|en tout|ça "
            r"fait)|ça fait combien|quel (?:est le )?total|coût|"
            # the monthly price asked with the recommendation ("ainsi que le tarif mensuel",
            # "samt monatlicher Kosten", "y el precio mensual", "e o preço mensal")
            r"(?:le |du |un )?tarif mensuel|(?:samt|mit|und|inklusive) monatliche[rn]? kosten|"
            r"(?:el |y el )?(?:precio|coste|costo) mensual|(?:o |e o )?(?:preço|custo) mensal|"
            r"(?:the |a )?monthly (?:price|cost|fee)|"
            r"(?:月额|月額|月费|月費)(?!\s?(?:は|:|：)?\s?[0-9])|"
            r"월 ?(?:비용|요금|가격)|"
            r"(?:price|cost) per (?:hour|month)|preço por hora|precio por hora|à l'heure|"
            r"一小时多少|一小時多少|월 가격|時間あたり(?:の料金|いくら)|"
            # "what's the monthly on that?", "大概什么价", "скока выйдет", "qto fica no total"
            r"(?:the |a )?monthly (?:on|for) (?:that|it|this|those|these)|什么价|什麼價|啥价|啥價|"
            r"(?:what(?:'s| is| would be) )?the monthly (?:for|on|of)\b|"
            r"monatliche[rn]? preis|preis (?:pro|im) monat|"
            r"(?:价格|價格|价钱|價錢)(?:是)?多少|月付多少|月繳多少|скока (?:выйдет|будет|стоит)|"
            r"как(?:ая|ой) (?:будет )?(?:цена|стоимость)|цена (?:в|за) месяц|qto (?:fica|custa|"
            r"sai)|"
            # "租一年大概多少", "麻煩報個價", "每月多少", "какая сумма выйдет", "orçamento pra 3
            # servidores", "was kommt da zusammen"
            r"(?:租|用)[^。？?，,]{0,8}(?:大概|大約|大约|约|約)?多少(?![个個位张張台人])|"
            r"(?:报|報)(?:个|個|一下)?(?:价|價)|每(?:个|個)?月(?:大概|大約|大约)?多少|"
            r"(?:加起來|加起来|合起來|合起来)(?:要|是)?多少|"
            r"quanto (?:por|ao|pelo) m[eê]s|combien (?:par|le) mois|cu[aá]nto (?:por|al) mes|"
            r"how much (?:per|a) month|wie ?viel (?:pro|im) monat|"
            r"как(?:ая|ую) (?:будет )?сумм|сумм[аы] (?:выйдет|получится)|"
            r"orçamento (?:pra|para) (?:[0-9]|um|uma|dois|duas|três|tres)|"
            r"was kommt (?:da |dabei |dafür )?zusammen|"
            # the amount asked in one word: "Quanto?", "¿Cuánto?", "Combien ?", "Сколько?"
            r"(?:^|[.!?]\s)(?:and )?(?:how much|quanto|cu[aá]nto|combien|сколько|wie viel|多少|"
            r"いくら|얼마)\s*[?？]"
        ),
    ),
    (
        "fits",
        (
            r"^(?:can|could|will|would|does|do|is|are)\b|\b(?:can|could) (?:i|we|it|you)\b|"
            r"does it fit|yes or no|\byes/no\b|"
            r"will it (?:fit|run)|will [^?]{1,40} (?:run|fit) (?:on|in)|\bfits?\b\?|"
            r"\b(?:can|could) [^?]{1,40}? (?:run|fit)(?: (?:on|in|across|over))?\b|"
            r"\b(?:would|will|does|do) [^?]{1,40}? squeeze (?:onto|into|on|in)|am i dreaming|"
            r"扛得住|抗得住|顶得住|頂得住|撑得住|撐得住|hold得住|"
            r"реально\s*[?？]|реально (?:ли )?(?:поднять|запустить|развернуть|потянуть)|"
            r"十分(?:じゃない|ですか|でしょうか)|faisable|pass(?:e|ait|erait) sur|"
            r"is (?:it|that|one) enough|enough for|enough\s*[?？]|sufficient\s*[?？]|"
            # chat shorthand: "one h200 enough or nah", "c jouable", "schaffbar", "норм вообще"
            r"enough or (?:nah|not|no)\b|\bc jouable|\bschaffbar|норм вообще\s*[?？]?$|"
            r"올라감|돌아감|되나\s*[?？]?$|되냐|"
            # "the same single H200 still can or not?", "will one HGX suffice"
            r"\bcan or not\b|\bcan (?:or )?cannot\b|\bsuffice\b|"
            # "One H200 or do we need more?": whether one is enough
            r"or (?:do|will|would) (?:we|i) need (?:more|two|another)|or more than one\s*[?？]|"
            # the plan on the table checked again: "does the plan you suggested still hold?"
            r"still (?:hold|work|fit|enough|ok)|or do we need to (?:go up|upgrade|add)|"
            r"能(?:不能)?(?:跑|运行|運行|部署|放|装|裝|带|帶|撑|撐)|(?:能|可以)在.{1,16}?(?:跑|运行|運行|部署)|"
            r"可以(?:跑|运行|運行|部署)|"
            r"跑得动|跑得動|"
            r"放得下|裝得下|装得下|(?:吗|嗎)\s?[，,]\s?(?:还是|還是)|够不够|夠不夠|够吗|夠嗎|行吗|行嗎|行不行|能不能|可不可以|可以吗|可以嗎|"
            # Cantonese: "放唔放得落", "行唔行得郁", "得唔得"
            r"放唔放得落|放得落|行唔行得|行得郁|得唔得|夠唔夠|跑唔跑得|"
            r"動かせ|動きますか|動きます\s*[?？]|動く\s*[?？]|動くか|載りますか|乗りますか|足りますか|"
            r"足ります\s*[?？]|足りる\s*[?？]|足りるか|"
            r"入りますか|可能ですか|(?:厳しい|無理|きつい)(?:です|でしょう)?か|いけますか|いける\s*[?？]|"
            r"돌릴 ?수|올릴 ?수|돌아가|가능한가요|가능할까요|충분한가요|들어가나요|들어가요|"
            r"충분한지|충분할지|가능한지|되는지|"
            r"될까요|되나요|"
            r"올라가|"
            r"올라갈|"
            r"(?:나요|까요|습니까|ㄴ가요)\s*[?？]|吗\s*[?？]?$|嗎\s*[?？]?$|ますか|でしょうか|되죠|되겠죠|"
            r"можно ли|влезет|влезаем|влезем|укладываемся|уложимся|успеем|успеваем|потянет|"
            r"поместится|хватит|запустится|"
            r"можно (?:на|в) (?:них|н[её]м|этом|этих|наших)|"
            r"c'est jouable|est-ce jouable|ça passe\s*[?？]|ça tient\s*[?？]|ça rentre|"
            r"¿?(?:puedo|podemos|se puede)|^¿?corre\b|cabe|cabría|entra en|"
            r"^¿?(?:(?:me|nos|te|le) )?entra\b|"
            r"entraría|alcanza|"
            r"sirve|servir[ií]an?|corre en|(?:nos|me) vale(?:n)? con|hacen? falta más|"
            r"(?:dá|da) (?:pra|para) (?:rodar|fazer|usar|subir|colocar)|roda em|roda na|roda no|"
            r"consigo rodar|rola (?:numa|num|em|na|no|com)\b|"
            r"cabe|aguenta|d[ãa]o? conta|"
            r"läuft|passt|reicht|reichen|schafft|kann ich|können wir|könnt ihr|machbar|"
            r"tourne|rentre|ça passe|suffit|suffirait|suffisent|suffiraient|suffira|"
            r"est-ce que .{0,40} (?:tourne|passe|rentre|tient)|"
            r"tient(?:-(?:il|elle))? (?:sur|dans)|tiendrait|puis-je|"
            r"peut-on"
        ),
    ),
)


@cache
def _compiled() -> tuple[tuple[str, ConceptWords], ...]:
    # One word set per value, read the way the topic concepts are (led by literal characters).
    return tuple((value, ConceptWords({"all": words})) for value, words in _WORDS)


# A speed said with the bound it must reach ("使用者看到的速度要 40 tok/s 以上", "speed of at least
# 30"): a target, not a speed asked.
_SPEED_BOUND = gated_re(
    r"(?:速度|speed|velocidad|velocidade|скорост[а-яё]*|geschwindigkeit|vitesse|속도|速さ)\s?"
    r"(?:要|至少|需要|須|须|要求|應|应|得|は|은|는|of at least|at least|min(?:imum)?|≥|>=|>|:|：|"
    r"de (?:au moins|pelo menos|al menos)|von mindestens|mindestens|не ниже|не менее)\s?"
    r"(?:要|是|达到|達到|在)?\s?[0-9]"
)


@lru_cache(maxsize=16)
def find_asked(text: str, *, besides_speed: bool = False) -> str | None:
    """Return the figure a direct question asks for (cleaned text), or None.

    Cached: the levers, the topic hook and the cues read it of one message up to four times.

    A yes/no question ("can I run X on one H200?") is ``fits`` only when no question word
    asks for something else ("what can I run on one H200?" asks for a figure).
    ``besides_speed``: the speed's words are a target stated, another figure is looked for.
    """
    for asked, pattern in _compiled():
        if asked == "speed" and besides_speed:
            continue
        if asked == "speed":
            # a speed said with its number is a target ("30 Tokens pro Sekunde pro Nutzer"),
            # not a speed asked
            if pattern.search(_SPEED_FIGURE.sub(" ", _SPEED_BOUND.sub(" ", text))):
                return asked
        elif asked != "fits":
            if pattern.search(text):
                return asked
        # A question word of the same sentence asks for a figure ("what can I run on one
        # H200?"), not one of another ("will R1 run on H100s? that's what our cloud has").
        elif any(
            pattern.search(sentence) and not WH_RE.search(sentence) for sentence in sentences(text)
        ):
            return asked
    return None


# A choice asked ("どっちがいいですかね", "which plan"): a price named beside it is no price asked.
_WHICH = gated_re(
    r"どっち|どちら|\bwhich\b|哪个|哪個|哪家|哪种|哪種|welche[rsn]?\b|lequel|laquelle|"
    r"cu[aá]l de|qual d|какой из|какую из"
)


# A speed with its number: "30 tok/s", "3 000 ток/с", "50 tokens per second".
_SPEED_FIGURE = gated_re(
    r"[0-9][0-9.,  ]*\s?(?:k\s?)?(?:tok(?:ens?)?|токен(?:ов|а)?|ток|トークン|토큰|t)\s?"
    r"(?:/\s?s(?:ec)?|per\s?s(?:ec(?:ond)?)?|a\ssecond|pro\s?sekunde|par\s?seconde|"
    r"por\s?segundo|в\s?секунду|/\s?с|/秒|毎秒)|[0-9][0-9.,]*\s?(?:tps|tok/s)"
)


def asks_speed(text: str) -> bool:
    """Whether a question of ``text`` (a sentence with a question's shape) asks a speed."""
    pattern = dict(_compiled())["speed"]
    return any(
        pattern.search(_SPEED_FIGURE.sub(" ", _SPEED_WORD_FIGURE.sub(" ", part)))
        for part in questions(text)
    )


# A speed word right before its figure: "생성 속도 20 tok/s 이상", "speed: 30 tok/s" (a target).
_SPEED_WORD_FIGURE = gated_re(
    r"(?:速度|speed|velocidad|velocidade|скорост[а-яё]*|geschwindigkeit|vitesse|속도|速さ)\s?[:：=]?"
    r"\s?[0-9][0-9.,]*\s?(?:k\s?)?(?:tok(?:ens?)?|t/s|tps|токен\w*|ток|トークン|토큰)"
)


def asked_by_shape(text: str) -> str | None:
    """Return the figure a question asks by its shape, where no word of ``find_asked`` matched.

    A question about money ("Total?", "Qual o valor?", "Цена за всё?") asks the price; any
    other question with no question word ("Llama 405B on one server, realistic?", "H200
    撐得住嗎") asks yes or no.
    """
    asked = questions(text)
    if any(lexicon.search("cost", sentence) and not _WHICH.search(sentence) for sentence in asked):
        return "price"
    return "fits" if yes_no_questions(text) else None
