"""Follow-ups that pull a lever on the answer on the table, and the rental terms of a message.

A lever asks for a change without a value: "cheaper?", "geht es billiger?", "更便宜的呢" ask
for the cheapest way from the plan on the table (``cheaper``); "explain this figure", "why so
many GPUs?", "where does 4.8 GB come from" for this answer's own figures (``explain``); "why not
H200?", "почему не MI355X?" why another GPU was not picked (``why_not``, with the GPU in
``gpus``). Rental terms (``bot.understand.rental``) are read beside them: months, plans counted,
servers counted.

``with_levers`` is the parser's one hook: it writes what it found into the request and settles
the intent a lever or a term implies when no model is named: a lever, a count of servers or a
term alone are follow-ups; plans counted ask for their price. "explain FP8" stays a glossary
question, and a model named keeps its sizing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from bot.request import Intent, Lever, ParsedRequest, RequestFacts
from bot.understand import lexicon
from bot.understand.addressees import without_addressees
from bot.understand.cues.asked import find_asked
from bot.understand.gates import Searchable, gated_re
from bot.understand.lever_shapes import (
    FIGURE_TOPICS,
    lever_by_shape,
    too_dear,
    why_about_one_gpu,
    why_contrast,
    without_self_description,
    you_said,
)
from bot.understand.money import BUDGET_NAMED
from bot.understand.questions import WH_RE, yes_no_questions
from bot.understand.quoted import figure_asked
from bot.understand.rental import RentalAsk, find_rental
from bot.understand.topics.concepts import Concept
from bot.understand.topics.lexicon import mentions_concept
from sizing import load_plans

_LETTER = r"a-zß-öø-ÿа-яё"

_CHEAPER = (
    # en: a comparative of a low price, paying or spending less, a cost brought down
    r"cheaper|less (?:expensive|pricey|costly|money)|least (?:expensive|costly|pricey)|"
    r"more (?:affordable|economical|"
    r"budget[- ]friendly|cost[- ]effective)|budget[- ]friendly|low(?:er)?[- ]cost|"
    r"(?:pay|spend) less(?! than)|for less(?! than)|(?:lower|reduce|cut|bring down|trim|"
    r"decrease) (?:the |my |our )?(?:price|cost|bill|spend)s?|save (?:some )?money|"
    r"(?:bring|get|push|keep) (?:the |our |my )?(?:[a-z]+ )?(?:price|cost|bill|spend)s? down|"
    r"(?:bring|get|push) (?:that|this|the) (?:number|figure|total|amount) down|"
    r"pricier than (?:i|we) (?:hoped|expected|wanted|thought)|"
    r"cheapest (?:way|option|plan|setup)|costs? less|leaner|cost-?wise|price-?wise|"
    r"lighter on (?:the |our |my )?(?:budget|wallet)|"
    r"(?:budget|economy) (?:option|plan|version|setup)|"
    # en idioms: what does not cost a fortune, a notch down, easier on the wallet
    r"(?:doesn't|does not|won't|wouldn't|without|not) (?:cost(?:ing)? )?(?:an arm and a leg|"
    r"a fortune|the earth)|(?:break|breaking|breaks) the bank|easier on (?:the |our |my )?"
    r"(?:wallet|budget|pocket)|wallet[- ]friendly|(?:a )?(?:tier|notch|step|rung) (?:down|lower)|"
    r"(?:less|not as|not so) (?:steep|pricy|spendy)|"
    r"(?:shave|whittle|pare|knock|trim|bring|get|push) (?:the |that |this |our |my )?(?:monthly |"
    r"total |overall )?(?:price|cost|bill|number|figure|total|amount|spend)s? (?:down|off)|"
    r"(?:shave|whittle|pare|knock|trim) (?:that|it|this|the "
    r"(?:price|cost|bill|number)|some(?:thing)?)(?: (?:bill|cost|price))? (?:down|off)|"
    # under a ceiling asked: "any configuration that gets us under $30k?", "stay under 20k"
    r"(?:gets?|getting|brings?|keeps?) (?:us|it|this|that|the (?:bill|cost|price)) (?:under|below)|"
    r"(?:come|comes|stay|stays|fit|fits) (?:in )?(?:under|below) (?:\$|us\$|usd|€|[0-9])|"
    # cost put first: "コスト優先で再検討", "成本优先", "prioritize cost", "Kosten im Vordergrund"
    r"コスト(?:を)?優先|費用を抑え|成本优先|成本優先|先考虑成本|先考慮成本|비용 ?우선|"
    r"prioriti[sz]e (?:the )?cost|cost (?:first|is the priority)|priorizar (?:el |o )?costo?|"
    r"priorité (?:au|aux) coûts?|kosten im vordergrund|в приоритете стоимость|"
    # superlatives in every language: "die billigste Variante", "最便宜的", "一番安い"
    r"billigste[nrs]?|günstigste[nrs]?|preiswerteste[nrs]?|(?<![a-z])cheapest|"
    r"(?:la|lo|el) m[aá]s barat[oa]|最便宜|一番安い|最安|가장 싼|제일 싼|최저가|"
    # de
    r"billiger|günstiger|preisgünstiger|preiswerter|kostengünstiger|erschwinglicher|"
    r"weniger (?:kost|zahl|geld|ausgeb)|sparsamer|(?:kosten|preis) (?:senken|reduzieren|drücken)|"
    r"(?:geld|kosten) sparen|sparvariante|sparversion|"
    r"nummer kleiner|nicht (?:ganz )?so teuer|weniger teuer|geldbeutel(?:schonend|freundlich)|"
    r"schont? (?:den|unseren|meinen) geldbeutel|preislich (?:noch )?(?:was|etwas) (?:drehen|machen|"
    r"tun)|(?:preislich|kostenmäßig|vom preis her) "
    r"(?:etwas |was )?(?:niedriger|drunter|darunter)|"
    # fr
    r"moins ch[eè]re?s?|moins coûteu[a-z]*|moins onéreu[a-z]*|plus économique|plus abordable|"
    r"meilleur marché|à moindre co[uû]t|(?:payer|dépenser) moins|"
    r"(?:alléger|allèger|réduire|baisser) (?:un peu )?(?:la |notre |ma |l')?(?:facture|note|"
    r"addition)|(?:réduire|baisser|diminuer) "
    r"(?:le |les |la )?(?:co[uû]ts?|prix|facture)|économiser|"
    r"pique(?:nt)? moins|moins sal[ée]e?s?|co[uû]t[a-z]* (?:pas )?(?:un bras|"
    r"les yeux de la t[eê]te|"
    r"une fortune)|un cran (?:en dessous|plus bas|moins cher)|gamme en dessous|"
    # es
    r"más barat[oa]s?|mas barat[oa]s?|m[aá]s econ[oó]mic[oa]s?|más asequible|"
    r"mas asequible|menos car[oa]s?|menos costos[oa]|por menos(?! de)(?: dinero)?|"
    r"(?:pagar|gastar) menos(?! de)|(?:cueste|cuesta|cuesten|salga|sale|salgan) menos(?! de)|"
    r"(?:reducir|bajar)(?:le|les)? (?:el |los |la )?(?:costes?|costos?|precio|factura)|"
    r"abarat[aoe]r?|"
    r"ahorrar|"
    r"bancarrota|(?:no|sin) (?:me |nos )?(?:arruine|arruinar|deje en la ruina)|baratit[oa]s?|"
    r"un ojo de la cara|un riñón|no tan car[oa]s?|(?:un )?escal[oó]n (?:más )?abajo|"
    r"más en cuenta|mas en cuenta|"
    # pt-BR
    r"mais barat[oa]s?|mais em conta|mais econômic[oa]s?|mais economic[oa]s?|mais acessíve(?:l|is)|"
    r"(?:reduzir|baixar|diminuir) (?:o |os |a )?(?:custos?|preço|conta)|economizar|baratear|"
    r"(?:sair|ficar|fica) mais em conta|"
    r"(?:não|sem) (?:me |nos )?(?:quebrar|falir|arruinar)|os olhos da cara|não tão car[oa]s?|"
    r"menos car[oa]s?|(?:uma faixa|um degrau) abaixo|(?:pes[ea]r?|pesa) menos no bolso|"
    # ru
    r"дешевле|подешевле|побюджетнее|бюджетнее|экономнее|доступнее|менее дорог[а-я]*|сэкономить|"
    r"самый дешёвый|самый дешевый|ужаться|"
    r"поскромнее|поэкономнее|(?:попроще|полегче) по (?:цене|деньгам|бюджету)|не разорит|"
    r"не разориться|не резиновый|"
    r"без разорения|эконом[- ]?вариант|не так дорого|"
    r"(?:платить|тратить|потратить|заплатить) меньше|(?:снизить|уменьшить|сократить|срезать) "
    r"(?:цену|стоимость|расходы|затраты|сч[её]т)|бюджетн[а-я]* вариант|"
    # zh
    r"更便宜|便宜点|降規|降规|降配|低配|再抠|抠一[点點]|摳一[点點]|再摳|省(?:点|點|一点|一點|些)(?:钱|錢)|便宜點|便宜些|便宜一点|便宜一點|便宜一些|"
    r"再便宜|比较便宜|比較便宜|先省(?:一)?(?:点|點|些)|凑合跑|湊合跑|先凑合|先湊合|予算(?:的に|が)厳し|压一压|壓一壓|压一下(?:成本|价格|費用|费用)?|"
    r"壓一下(?:成本|價格|費用)?|"
    r"便宜的(?:方案|选择|選擇|配置|选项|選項|办法|辦法)|省钱|省錢|更实惠|更實惠|实惠一点|實惠一點|"
    r"更划算|比较划算|比較划算|划算一点|划算一點|低成本|少花(?:点|點)?(?:钱|錢)|"
    r"(?:降低|降|压低|壓低|减少|減少|节省|節省)(?:一)?(?:点|點|些)?(?:成本|费用|費用|开销|開銷|开支|開支|"
    r"价格|價格)|(?:再|更|能)?省(?:点|點|一点|一點|些)?(?:吗|嗎|呢|吧)|再省(?:一)?(?:点|點|些)|"
    r"再(?:压|壓|降|砍)(?:低)?(?:一)?(?:点|點|些)|省一[点點]的(?:做法|方案|办法|辦法)|"
    r"(?:成本|费用|費用|价格|價格|预算|預算)(?:可以|能不能|能)?(?:再)?(?:压|壓|降|砍|减|減)(?:低|下来|下來)?"
    r"(?:一)?(?:点|點|些)?|"
    r"更经济|更經濟|性价比更高|性價比更高|性价比高(?:一)?(?:点|些)|性價比高(?:一)?(?:點|些)|"
    r"(?:压压|壓壓|砍砍|降降)(?:成本|价格|價格|费用|費用)?|"
    r"便宜一[档檔级級]|(?:低|降)一[档檔级級]|不(?:那么|那麼|太)(?:贵|貴)|平价|平價|亲民|親民|"
    # "比較省的做法", Cantonese "平啲", "價錢有點硬"
    r"(?:比较|比較|更)省|平啲|平d|(?:价钱|價錢|价格|價格)(?:有点|有點)?硬|平替|"
    r"cp\s?值(?:高|更高)|性價比高|贵了贵了|貴鬆鬆|"
    r"(?:钱包|錢包)友好|(?:价格|價格)(?:低|便宜)一?(?:点|點|些)|"
    # ja
    r"もっと安|より安|安く(?:でき|なる|なら|なり|する|済|抑え)|安い(?:プラン|構成|方法|選択肢|オプション|案)|"
    r"安価な|安め|安上がり|安い(?:ほう|方)の|お手頃|手頃な|節約|低コスト|(?:コスト|費用|予算)を?(?:下げ|抑え|削)|"
    r"(?:お)?財布に(?:優しい|やさしい)|懐に(?:優しい|やさしい)|(?:もう少し|もうちょい|もうちょっと)"
    r"(?:安|お安)|お安く|(?:ランク|グレード)を?(?:一つ|ひとつ)?下げ|(?:一|ひと)つ下の(?:プラン|構成)|"
    # ko
    r"더 싸|싸지|싸질|더 저렴|저렴하게|저렴한 ?(?:옵션|방법|구성|플랜|선택|안|걸로)|싸게|가성비|"
    r"싼 ?(?:옵션|방법|구성|플랜)|"
    r"(?:가격|값|요금)(?:이|은)? ?(?:좀 |조금 |더 )?(?:착한|낮은|싼|저렴한)|착한 가격|"
    r"지갑 ?(?:부담|사정)|부담(?:이)? ?(?:덜한|덜 되는|적은)|"
    r"한 ?단계 (?:낮은|아래)|싼 ?(?:거|걸로)|"
    r"비용(?:을|이)? ?(?:좀 |조금 |더 )*(?:줄|낮|절감|아끼)|돈(?:을)? ?(?:좀 )?(?:아끼|덜)|절약"
)
_EXPLAIN = (
    # the breakdown of a figure asked: "どういう内訳", "what's the breakdown of that"
    r"どういう内訳|内訳って|what'?s the breakdown|what is the breakdown|breakdown of (?:that|this|"
    r"the) (?:price|figure|number|total)|cómo se desglosa|wie setzt sich (?:das|der|die)|"
    r"из чего (?:складывается|состоит)|怎么构成的|怎麼構成的|"
    # en
    r"explain|how did you (?:get|calculate|compute|arrive|work)|how (?:is|was|were) (?:this|that|"
    r"these|those|it) (?:calculated|computed|worked out)|"
    r"where (?:exactly |precisely )?(?:does|do|did) .{1,48}? come from|in your answer|"
    r"walk me through|how (?:did|do) you (?:land|arrive|come up)|how'?d you (?:get|land|arrive)|"
    r"why (?:so|that|this) many|why do (?:i|we) need (?:so many|[0-9]+)|break (?:it|this|that) "
    r"down|why (?:[0-9]+|two|three|four|eight|sixteen) (?:gpus?|servers?|cards?|nodes?|"
    r"h200s?|mi355xs?|b200s?|machines)(?![a-z])|"
    r"why (?:would |do |does )?(?:it|i|we|this|that) (?:need|take)s? (?:[0-9]+|two|three|four|"
    r"eight|sixteen) |"
    r"show (?:me )?(?:the|your) (?:math|maths|calculation)|"
    # de
    r"erklär|erläuter|wie kommst du|wie kommen sie|wie kommt ihr|woher komm|"
    r"wie (?:seid|sind|bist) (?:ihr|sie|du) (?:auf|zu) .{1,30}?gekommen|wie (?:wurde|wird|"
    r"ist) .{1,30}? "
    r"berechnet|(?:warum|wieso|weshalb)\s(?:[a-zäöüß]+\s){0,4}so viele|rechenweg|aufschlüssel|"
    r"woher stammt|vorrechnen|rechne[nt]? (?:mir|uns) (?:das )?vor|"
    # fr
    r"expliqu|comment (?:as-tu|avez-vous|tu as|vous avez) calcul|d'où (?:vien|sor)|"
    r"pourquoi (?:autant|tant) de|détaill[a-z]* (?:le|ce|du) (?:calcul|raisonnement)|"
    # es
    r"explica|explíca|cómo (?:lo |la )?(?:has |ha )?calcul|de dónde sal|de donde sal|"
    r"por qu[eé] (?:tantas|tantos)|desglos|explic(?:á|ás|ame|anos)|"
    # pt-BR
    r"expli(?:ca|que|car)|como (?:você |vc )?calcul|d[ae] onde (?:vem|veio|saiu|sai)|"
    r"(?:por que|porque|pq|pra que) (?:tantas|tantos)|detalh[a-z]* o cálculo|"
    r"como (?:vocês |vcs |você |vc )?cheg(?:ou|aram|amos) (?:n|a)|detalhar como|"
    r"n[ãa]o entendi|pode(?:ria)? detalhar|me detalha|(?:é |foi )?calculad[oa] como|"
    r"como (?:é|foi) calculad|"
    # ru
    r"объясн|поясни|откуда (?:взял|берет|берёт|такие|эти|это|столько|получил)|"
    r"почему так много|зачем так много|не понял[аи]?\s(?:цифр|расч|откуда|как|почему|про)|"
    r"(?:можно|можете|могли бы) (?:это )?расшифровать|расшифруй(?:те)?|как (?:вы |"
    r"ты )?(?:посчитал|рассчитал|считал)|распиши|"
    r"как (?:вы |ты )?(?:её |его |это |их )?(?:получил|вывел)|откуда [0-9]|"
    # zh
    r"解释|解釋|怎么算|怎麼算|怎么来的|怎麼來的|如何计算|如何計算|为什么(?:要|需要)?(?:这么|那么)多|"
    r"展开(?:讲|说|講|說)|展開(?:講|說|讲|说)|怎么估|怎麼估|估出来|估出來|为什么会需要|為什麼會需要|"
    r"咋算|咋來|咋来|點解(?:要)?咁多|点解(?:要)?咁多|(?:係|系)?(?:點|点)(?:樣)?計(?:出)?(?:嚟|来|來)|"
    r"依據是什麼|依据是什么|根據是什麼|根据是什么|依據為何|依据为何|"
    # how it was worked out: "這是用 BF16 還是 FP8 KV 算的？", "按多少并发算出来的"
    r"(?:用|按|以)[^。？?，,]{1,20}算的|算出來的|算出来的|"
    r"(?:为什么|為什麼|为啥|為啥|怎么|怎麼)(?:会|會)?(?:要|需要)(?!不)|"
    r"為什麼(?:要|需要)?(?:這麼|那麼)多|为啥(?:要)?这么多|為啥(?:要)?這麼多|"
    # ja
    r"説明して|説明を|説明お願い|どう計算|どうやって計算|計算根拠|根拠は|根拠を|根拠が|内訳|"
    r"どこから(?:来|き)|どういう計算|どうやって出し|どう出し|"
    r"(?:なぜ|なんで|どうして)(?:こんなに|そんなに|あんなに)|"
    r"(?:なぜ|なんで|どうして)[^。？?]{0,16}(?:も)?必要(?:なの|なん|です|か)|"
    # ko
    r"설명해|설명 좀|설명 부탁|어떻게 계산|어떻게 나온|왜 이렇게 많|왜 그렇게 많|근거가|산출 근거|"
    # why the answer says so: "為什麼說只能放 3 個", "为啥说要 2 台"
    r"(?:为什么|為什麼|为啥|為啥|为何|為何)(?:你|你們|你们)?说|(?:为什么|為什麼|为啥|為啥|为何|為何)(?:你|你們|你们)?說|"
    r"계산 ?근거|근거 ?좀|근거를"
)
_WHY_NOT = (
    r"why not|why no |why didn't|why did you not|why isn't|why wasn't|what's wrong with|"
    r"what about .{0,20}instead|(?:warum|wieso|weshalb)\s(?:[a-zäöüß0-9]+\s){0,3}(?:nicht|kein)|"
    r"grund,? .{0,24}nicht zu|taucht .{0,24}(?:nicht|gar nicht) auf|"
    r"pourquoi pas|pourquoi ne pas|pourquoi pas plutôt|por qu[eé] no|porque no|"
    r"por que não|porque não|por quê não|почему не|а почему не|почему бы не|чем плох|"
    r"为什么不|為什麼不|为啥不|為啥不|为何不|為何不|怎么不用|怎麼不用|"
    r"(?:怎么|怎麼|干嘛|幹嘛)不(?:直接|干脆|乾脆)?(?:用|选|選|上|考虑|考慮)|"
    r"(?:點解|点解)(?:唔|冇|無)|唔得(?:咩|嗎|吗)|(?:怎么|怎麼)(?:没|沒)(?:推|推荐|推薦|提)|"
    r"почему (?:вы |ты )?не (?:предлага|рекоменд|взял|выбрал|советуе)|"
    r"なぜ.{0,12}(?:じゃない|ではない|を使わない|にしない|じゃなく)|なんで.{0,12}(?:じゃない|にしない)|"
    r"왜 .{0,12}(?:안 |아니|안써|안 써)|(?:은|는) 왜 안|"
    # a GPU left out of the answer, asked about: skipped, ruled out, not listed, what is wrong
    r"(?:why|any reason) (?:did |do |would |have )?you (?:skip|exclud|drop|leav|left|rul|pass)|"
    r"(?:why|any reason|how come) (?:you |did you )?(?:didn't|did not|don't|haven't|never) "
    r"(?:suggest|recommend|propose|pick|offer|include|mention|go with|consider)|"
    r"why (?:was|is|were|has) (?:it|the [a-z0-9]+|[a-z0-9]+ ?[0-9]*[a-z]?) (?:not |n't )?"
    r"(?:skipped|excluded|dropped|left out|ruled out|not (?:listed|included|considered))|"
    r"didn't (?:it |that |this )?(?:come up|make (?:it|the cut))|"
    r"didn't make the (?:shortlist|list)|you skipped|"
    r"what's (?:bad|the (?:problem|issue)) (?:with|about)|"
    r"was spricht gegen|wär(?:e)?\s[^?.]{0,24}nicht\s(?:naheliegender|besser|sinnvoller|günstiger)|"
    r"fällt\s(?:die|der|das|sie|er|es)?\s?raus|(?:ausgeschlossen|weggelassen|rausgefallen|"
    r"aussortiert)|"
    r"qu'est-ce qui (?:cloche|ne va pas|coince) avec|(?:avez |a )?écarté|pas retenu|"
    r"laissé de côté|pas envisagé|pour quelle raison|(?:n')?aurai(?:t|ent) pas (?:fait|suffi|"
    r"convenu)|"
    r"pourquoi (?:tu|vous|on) ne (?:l[ae]s? |l')?(?:propos|recommand|suggèr|suggér|conseill|"
    r"prend|pren)|"
    r"qu[eé] tiene de malo|descart|no serv[ií]an?|no sirve[n]?\b|no ser[ií]a mejor|"
    r"no convendr[ií]a|(?:xq|pq|porq) no|"
    r"no (?:la|lo|las|los) mencionaste|"
    r"(?:não|nao) serve|ficou de fora|(?:por que|porque|pq|pk)\s(?:vc|você|vocês|vcs)\s(?:não|nao)|"
    r"(?:não|nao) (?:sugeriu|sugeriram|recomendou|recomendaram|indicou|indicaram|ofereceu)|"
    r"qual (?:o|é o) problema (?:com|da|do)|(?:pq|pk) (?:não|nao)|"
    r"не устроил|отпал|исключил|не подош(?:[её]л|ла|ло)|не предложил|не рассматрива|"
    r"не рассмотрел|не угодил|"
    r"咋不(?:考虑|考慮|用)|怎么不考虑|怎麼不考慮|(?:怎么|怎麼)(?:没|沒)有?把|"
    r"(?:为什么|為什麼|为何|為何|怎么|怎麼|为啥|為啥)(?:没|沒)(?:有)?(?:推荐|推薦|选|選|用|考虑|考慮|"
    r"列|提)|排除|不行(?:吗|嗎)|没推荐|沒推薦|(?:没|沒)(?:列|考虑|考慮)进来|(?:沒|没)列進來|"
    r"ダメな理由|だめな理由|ダメなの|選ばない(?:の|理由)|使わない(?:の|理由)|(?:じゃ|では)(?:ダメ|だめ|いけない)|入って(?:い)?ない(?:の)?は|外れた|"
    r"除外|選ばなかった|"
    r"外した理由|候補に入って|候補に入ら|候補から外れ|候補に(?:は)?ない|"
    r"왜 빠졌|빠진 이유|왜 제외|제외된 이유|안 되는 이유|하면 안 되|왜 추천(?:을)? 안|"
    r"추천 안 한 이유|후보에(?:도)? 없|(?:얘기|언급)(?:는|은)? 왜 없"
)
# "explain FP8" asks what a term means: an explanation of this answer names it ("this figure").
_THIS = (
    r"this|that|these|those|the (?:figure|number|answer|result|calculation|math)|it|dies|das|"
    r"diese|ce |cette|ces|cela|ça|esto|este|esta|eso|isso|isto|esse|essa|это|эти|этот|эту|"
    r"这|這|那个|那個|この|その|これ|それ|이 |그 |이거|그거|"
    # a calculation is the answer's: "KV 캐시 계산 근거", "le calcul du KV"
    r"calculation|calcul|cálculo|расч[её]т|计算|計算|계산"
)
# Topics a lever's words also touch: "billiger" reads as billing, "only CUDA" as the software
# card; beside a lever or a setting said alone, they are no question of their own.
_WORDS_OF_A_LEVER = frozenset({None, "billing", "software"})
# Words of a question about the terms themselves ("a discount for 12 months?"): a term with a
# contract word only ("1年契約だと？", "1년 약정이면요?") still asks for its total.
_CONTRACT = r"discount|rabatt|descuento|desconto|remise|скидк|折扣|优惠|優惠|割引|할인"
# Topics about terms and money: plans counted beside them ask for their total, which says the
# terms too.
_TERM_TOPICS = frozenset({"billing", "minimum_term", "longer_terms"})
# Settings a message may only say to change ("only CUDA", "nur CUDA"): a follow-up, not the
# software card, when little else is said.
_SHORT_CHANGE_WORDS = 4
# A setting put as a condition ("and what if we're locked into CUDA?", "e se for só CUDA?",
# "а если только CUDA?", "CUDA만 되면요?"): a change to the plan on the table, asked briefly.
_IF = (
    r"what if|and if|if (?:we|it|you|i)|suppose|say we|y si|e se|et si|und wenn|was wäre|"
    r"(?:und )?falls|sofern|angenommen|wenn (?:wir|es|nur)|а если|если|如果|要是|假如|的话|的話|"
    r"場合|なら|だったら|としたら|면요|라면|다면|이라면|하면"
)
_SETTING_QUESTION_CHARS = 64
# CUDA named in such a condition, with no word against it, can only ask for CUDA ("what if the
# team insists on CUDA?", "et si CUDA est imposé ?", "¿y si dependemos sí o sí de CUDA?").
_CUDA_NAMED = r"cuda|nvidia|英伟达|英偉達|エヌビディア|엔비디아|쿠다|нвидиа"
_OTHER_PLATFORM = r"rocm|amd|mi ?3[0-9]{2}|mi ?355"
_NOT_CUDA = (
    r"(?:no|not|n't|without|sin|sem|sans|ohne|kein|nicht|не|без|不|没|沒|無|なし|なく|없|안|말고)"
    r"[^.?!。？]{0,14}(?:cuda|nvidia)|(?:cuda|nvidia)[^.?!。？]{0,14}(?:not|no es|não|n'est|nicht|"
    r"не |不|没|沒|じゃなく|でなく|不要|いらな|없|안 |필요 ?없)"
)


@cache
def _compiled(source: str) -> Searchable:
    return gated_re(rf"(?<![{_LETTER}])(?:{source})")


# A Latin letter right before CJK ("MI355Xじゃダメ"): the CJK words start there.
_LATIN_THEN_CJK = gated_re(r"(?<=[a-z])(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3])")


def find_lever(text: str, *, gpus: bool) -> Lever | None:
    """Return the lever a cleaned message pulls, or None."""
    text = _LATIN_THEN_CJK.sub(" ", text)
    if gpus and _compiled(_WHY_NOT).search(text):
        return Lever.WHY_NOT
    if _compiled(_CHEAPER).search(text) or (too_dear(text) and "?" in text):
        # ("zu teuer, geht es auch mit einer einzelnen H200?": too dear, another way asked)
        return Lever.CHEAPER
    if _compiled(_EXPLAIN).search(text):
        return Lever.EXPLAIN
    return None


def _explains_a_term(request: ParsedRequest, text: str) -> bool:
    """Whether "explain ..." asks what a term means rather than how this answer was reached."""
    return request.term is not None and not _compiled(_THIS).search(text)


def _only_a_setting(request: ParsedRequest, text: str) -> bool:
    """Tell a platform setting said alone or as a condition ("only CUDA", "what if only CUDA?")."""
    if request.facts.cuda_only is None:
        return False
    if request.facts.gpus and _compiled(_IF).match(text) is not None:
        return True  # "Et si on part sur MI355X ? … aucun souci côté AMD": the GPU and platform
    if request.topic not in _WORDS_OF_A_LEVER | {"rocm_image", "faq_migrate"}:
        return False
    stated = "?" not in text and "？" not in text
    if stated and (
        request.topic in {"billing", "rocm_image"}
        or (request.topic in {"software", "faq_migrate"} and request.facts.cuda_only)
    ):
        # stated, not asked: "весь прод на TensorRT-LLM, красные карты не предлагайте", "AMD
        # sin problema, ya tenemos todo dockerizado con ROCm"
        return True
    if len(text.split()) <= _SHORT_CHANGE_WORDS and "?" not in text:
        return True
    return len(text) <= _SETTING_QUESTION_CHARS and _compiled(_IF).search(text) is not None


def _cuda_as_a_condition(request: ParsedRequest, text: str) -> bool:
    """Tell CUDA named as a condition alone, a requirement however it is worded."""
    if request.facts.cuda_only is not None or len(text) > _SETTING_QUESTION_CHARS:
        return False
    if not _compiled(_CUDA_NAMED).search(text) or _compiled(_OTHER_PLATFORM).search(text):
        return False
    return _compiled(_IF).search(text) is not None and re.search(_NOT_CUDA, text) is None


def _only_a_term(text: str) -> bool:
    """Tell a term said alone ("for 12 months?") with no word of a contract."""
    return len(text.split()) <= _SHORT_CHANGE_WORDS and not _compiled(_CONTRACT).search(text)


def with_levers(request: ParsedRequest, text: str) -> ParsedRequest:
    """Add the rental terms and the lever ``text`` (cleaned) holds; settle the intent they imply."""
    if request.command is not None:
        return request
    rental = find_rental(text, request.language, named_alone=not _names_model(request))
    lever = find_lever(text, gpus=bool(request.facts.gpus))
    named = _names_model(request)
    if lever is None or (lever is Lever.CHEAPER and why_about_one_gpu(request, text, named=named)):
        # "а чё не MI355X, он же дешевле?": why the cheaper GPU was left out
        lever = lever_by_shape(request, text, named=named) or lever
    if lever is Lever.EXPLAIN and _explains_a_term(request, text):
        lever = None
    lever, why_of_the_pick = _why_of_the_pick(request, text, lever, named=named)
    if _cuda_as_a_condition(request, text):
        request = replace(request, facts=replace(request.facts, cuda_only=True))
    setting_alone = _only_a_setting(request, text)
    if not rental.said and lever is None and not setting_alone:
        return request
    found = replace(
        request, facts=_rented_facts(request, rental), servers=rental.servers, lever=lever
    )
    if _prices_a_purchase(found, text):
        # "想租 4 台單卡 H200 半年，總價多少？": plans to rent, their total asked, no person
        found = replace(found, intent=Intent.PRICE)
    # A term with its total asked ("1년 쓰면 총액이 얼마나?") is the plan on the table for it,
    # unless a discount is what is asked about.
    # (a fleet's total asked beside a discount is still its total: "Gesamtsumme netto und ob es
    # für 24 Monate Rabatt gibt", the longer terms said with it)
    counted = sum((rental.plan_counts or {}).values())
    # (or one plan's total over the term named as such: "итоговую сумму за год и скидка?")
    named_total = _TOTAL_WORD.search(text) is not None
    fleet = counted > 1 or (counted == 1 and bool(rental.months) and named_total)
    total_asked = find_asked(text) == "price" and (DISCOUNT_WORDS.search(text) is None or fleet)
    # A term put as a change ("and if we commit for 6 months?", "e se fecharmos por 6 meses?"):
    # the plan on the table for it, unless a discount is what is asked about.
    term_as_change = (
        rental.months is not None
        and lexicon.search("followup", text)
        and DISCOUNT_WORDS.search(text) is None
    )
    term_alone = _only_a_term(text) or total_asked or term_as_change
    settled = replace(
        found,
        intent=_intent(
            found,
            setting_alone=setting_alone,
            term_alone=term_alone,
            total_asked=total_asked,
            compared=_compared(text),
            grown=_servers_changed(text),
            discount=DISCOUNT_WORDS.search(text) is not None,
            min_term_asked=_MIN_TERM_NAMED.search(text) is not None,
            too_dear=too_dear(text),
            earlier_said=_EARLIER.search(text) is not None,
        ),
    )
    if _one_month_asked(settled, text) or _term_allowed_asked(settled, text):
        # "Quisiera alquilar por un mes para hacer pruebas, ¿es posible?": the shortest term
        # asked, the page's answer, with no plan on the table to put it on
        settled = replace(settled, intent=Intent.KNOWLEDGE, topic="minimum_term")
    settled = _figures_explained(settled, found, text)
    if why_of_the_pick:
        # the pick and the other set against each other, or the pick's count asked why: a
        # question of the answer on the table
        facts = replace(settled.facts, plan_counts=None, months=None)
        settled = replace(settled, intent=Intent.FOLLOWUP, facts=facts, servers=None, topic=None)
    return _no_topic(_after_intent(settled, found.topic, text))


def _figures_explained(settled: ParsedRequest, found: ParsedRequest, text: str) -> ParsedRequest:
    """Return ``settled`` as an explanation of the answer's figures, when it asks one."""
    if settled.intent is Intent.SIZE and _explains_your_count(found, text):
        # "Объясните, почему у вас для Qwen3.5-397B выходит 2 сервера": the answer's count for
        # the model on the table, explained
        settled = replace(settled, intent=Intent.FOLLOWUP)
    if (
        settled.intent is Intent.SIZE
        and found.lever is Lever.WHY_NOT
        and _WHY_NOT_PICKED.search(text) is not None
    ):
        # "為什麼不推薦 B200？我們要跑的是 NVFP4 版的 DeepSeek-V3.1": the answer's pick asked
        # about, the model on the table said again
        settled = replace(settled, intent=Intent.FOLLOWUP)
    if settled.intent is Intent.SIZE and _why_not_of_the_model_said(found, text):
        # "¿Y por qué no una sola H200? Si el modelo es de 32B…": the model on the table, its
        # size said back as the reason to ask
        facts = replace(settled.facts, params_b=None, moe=None)
        settled = replace(settled, intent=Intent.FOLLOWUP, facts=facts)
    if settled.intent is Intent.FOLLOWUP and _explains_figures(found):
        # "2 machines for a 70B model? walk me through it": the figures said back are the
        # answer's own, no new size or count to size again
        facts = replace(settled.facts, params_b=None, gpu_count=None)
        settled = replace(settled, facts=facts, servers=None)
    return settled


def _why_of_the_pick(
    request: ParsedRequest, text: str, lever: Lever | None, *, named: bool
) -> tuple[Lever | None, bool]:
    """Return the lever of a why asked of the pick, and whether one was.

    "why HGX and not 2 single H200s? cheaper" asks why not the other; "为什么推荐 2 台服务器？
    权重才 700 多 GB" asks to explain the count.
    """
    if why_contrast(request, text, named=named):
        return Lever.WHY_NOT, True
    if lever in {None, Lever.WHY_NOT} and _why_of_a_count(request, text):
        return Lever.EXPLAIN, True
    return lever, False


def _why_of_a_count(request: ParsedRequest, text: str) -> bool:
    """Whether a why or a word of not following asks of a count of GPUs or servers said back.

    "Pourquoi vous comptez 2 H200 alors que le modèle fait 70 Go ?", "推奨が H200 2枚になって
    いる理由は？", "No entiendo por qué necesito 2 servidores": the answer's count, explained.
    """
    if _names_model(request) or len(request.facts.plan_counts or {}) > 1:
        return False
    if _OTHER_CHOICE.search(text):
        return False  # "為什麼推這台 8 卡的？直接租單張 H200": the other choice, why not it
    unclear = lexicon.search("unclear", without_self_description(text))
    asked = lexicon.search("why", text) or unclear or _REASON.search(text)
    return bool(asked) and figure_asked(text) == "gpu_count"


# A plan named by its eight GPUs, or the single plan named beside: a choice, not a count.
_OTHER_CHOICE = gated_re(
    r"(?<![0-9])8\s?(?:卡|gpu|장|枚|карт|x)|八卡|单张|單張|单卡|單卡|単体|단일|single|einzeln|"
    r"avuls|suelt|одиночн|individu"
)


# The reason asked as a noun: "の理由", "理由是", "이유", "la raison".
_REASON = gated_re(r"理由|原因|이유|근거|la raison|el motivo|o motivo|den grund|причин")


def _one_month_asked(request: ParsedRequest, text: str) -> bool:
    """Tell one month asked for on its own, not as a change to the plan on the table."""
    facts = request.facts
    return (
        request.intent in {Intent.FOLLOWUP, Intent.UNKNOWN}
        and facts.months == 1
        and not (facts.gpus or facts.plan_counts or request.servers or request.lever)
        and not _names_model(request)
        and not lexicon.search("followup", text)
        and _RENT_VERB.search(text) is not None
        and not BUDGET_NAMED.search(text)  # "預算一個月港幣 15 萬": a budget's month
        and not WH_RE.search(text)
    )


# Renting said as such: a month asked to rent ("alquilar por un mes"), not a budget's month
# ("預算一個月港幣 15 萬").
_RENT_VERB = gated_re(
    r"(?<![a-zà-ÿ])(?:rent|hire|lease|alquil|rentar|alug|mieten|miete|louer|loue)|аренд|租|借り|"
    r"レンタル|빌리|빌릴|대여|렌탈"
)


def _term_allowed_asked(request: ParsedRequest, text: str) -> bool:
    """Tell a term asked whether it is allowed ("3개월만 쓰고 반납해도 되나요?").

    "нужен на 2 месяца … Так можно?" too: the shortest term answers it; a price asked or a
    change to the plan on the table does not.
    """
    facts = request.facts
    return (
        bool(facts.months)
        and (
            request.intent in {Intent.FOLLOWUP, Intent.UNKNOWN, Intent.PRICE}
            or (request.intent is Intent.KNOWLEDGE and request.topic is None)
        )
        and len(facts.plan_counts or {}) <= 1
        and sum((facts.plan_counts or {}).values()) <= 1
        and not request.servers
        and not request.lever
        and not _names_model(request)
        and not lexicon.search("followup", text)
        and find_asked(text) != "price"
        and any(_ALLOWED.search(part) for part in yes_no_questions(text))
    )


# Words that ask whether something is allowed or possible.
_ALLOWED = gated_re(
    r"(?<![а-яё])можно|(?<![a-zà-ÿ])(?:possible|posible|possível|möglich|ok|okay|allowed|erlaubt|"
    r"permitido|autorisé|se puede|dá pra|da pra|tudo bem)(?![a-zà-ÿ])|가능|되나요|돼요|될까요|"
    r"可以吗|可以嗎|能不能|行吗|行嗎|できますか|大丈夫|いいですか"
)


def _rented_facts(request: ParsedRequest, rental: RentalAsk) -> RequestFacts:
    """Return the request's facts with the months and plans counted the message says."""
    facts = request.facts
    plans = rental.plan_counts
    if rental.months or plans:
        facts = replace(facts, months=rental.months, plan_counts=plans)
    if plans and not facts.gpus:
        # "¿Con 2 HGX alcanzaría para DeepSeek-V3?": the plans named name their GPUs
        gpu_of = {plan.id: plan.gpu for plan in load_plans()}
        gpus = dict.fromkeys(gpu_of[plan] for plan in plans if plan in gpu_of)  # said order
        facts = replace(facts, gpus=tuple(gpus))
    if plans and len(plans) > 1:
        facts = replace(facts, gpu_count=None)  # "2 HGX + 1 H200" counts plans, not GPUs
    if plans and facts.concurrency in plans.values() and not _names_model(request):
        facts = replace(facts, concurrency=None)  # "H200 단일 VM 2개": machines, not users
    return facts


def _after_intent(settled: ParsedRequest, topic: str | None, text: str) -> ParsedRequest:
    """Settle what the intent read leaves: a model across plans, the delivery beside a total."""
    if _runs_across_plans(settled, text):
        # "one MI355X server and one HGX H200: can Kimi K2 run across both?": the model on
        # those plans, not the two GPUs compared
        settled = replace(settled, intent=Intent.SIZE)
    if settled.intent is Intent.PRICE and topic == "delivery":
        # the total asked with when the plans come: the delivery said under the total
        settled = replace(settled, more_topics=("delivery", *settled.more_topics))
    return settled


def _runs_across_plans(request: ParsedRequest, text: str) -> bool:
    """Tell a model asked to run on several plans counted together, not a comparison."""
    plans = request.facts.plan_counts or {}
    return (
        request.intent is Intent.COMPARE
        and _names_model(request)
        and len(plans) > 1
        and not _compared(text)
        and find_asked(text) == "fits"
    )


def _servers_changed(text: str) -> frozenset[str | None]:
    """Return the topics servers counted replace: none, or a growing load's traffic.

    "サーバーを3台にしたらどうなりますか", "and with two servers?": a change; "our traffic doubles"
    beside it is the load, not the traffic the plans include. "Can two servers share a private
    network?" stays the page's question.
    """
    grows = _LOAD_GROWS.search(text) is not None
    change = grows or lexicon.search("followup", text) or _CHANGE_TO.search(text) is not None
    if not change:
        return frozenset()
    return frozenset({None, "traffic"}) if grows else frozenset({None})


# "what would it look like with", "にしたら", "으로 하면": servers put as a change
_CHANGE_TO = gated_re(
    r"what (?:would|does) it look like|what if|instead of|にしたら|にすると|にした場合|으로 하면|"
    r"로 하면|(?:으로|로) 늘리|に増やし|增加到|加到|扩到|擴到|scale (?:up )?to|"
    r"(?:y|e|et|und|и) (?:con|com|avec|mit|с) (?:dos|tres|dois|três|deux|trois|zwei|drei|"
    r"двумя|тремя)"
)


# A load that grows, said with the traffic: "our traffic doubles in November", "se nos triplica
# el tráfico", "o tráfego dobra", "Black Friday".
_LOAD_GROWS = gated_re(
    r"doubl|tripl|dobra|triplica|duplica|verdoppel|verdreifach|удва|утра|倍増|倍になる|두 배|세 배|"
    r"翻倍|翻番|black friday|peak season|high season|temporada alta|haute saison|hochsaison|"
    r"alta temporada|grows?|spikes?|增长|增長|増え|늘어"
)


# The shortest term named as such: a question about it, whatever months come beside it.
_MIN_TERM_NAMED = gated_re(
    r"minimum (?:rental |contract )?(?:term|period|commitment|duration)|min(?:imum)? term|"
    r"最低契約|契約期間|最短|최소 ?계약|최소 ?기간|минимальн\w* срок|plazo mínimo|duración mínima|"
    r"permanencia mínima|prazo mínimo|período mínimo|mindestlaufzeit|mindestdauer|mindestmiet|"
    r"durée minimale|engagement minimum|最短租期|最少租|最低租期"
)
# A discount asked, or a special price for the term: "¿hay precio especial por plazo largo?"
DISCOUNT_WORDS = gated_re(
    r"discount|cheaper|할인|割引|値引|折扣|优惠|優惠|rabatt|remise|réduction|descuento|desconto|скидк|"
    r"special (?:price|rate|pricing|deal)|precio especial|preço especial|tarifa especial|"
    r"sonderpreis|sonderkondition|prix spécial|tarif préférentiel|спеццен|специальн\w* цен|"
    r"特价|特價|特別価格|특가"
)


def _prices_a_purchase(request: ParsedRequest, text: str) -> bool:
    """Whether a purchase read as a request for a person only asks the total of plans counted."""
    if request.intent is not Intent.SALES or not request.facts.plan_counts:
        return False
    if lexicon.search("sales", without_addressees(text)):
        return False  # "talk to sales about 4 H200 VMs": a person is asked for
    return find_asked(text) == "price"


def _names_model(request: ParsedRequest) -> bool:
    return request.facts.kept().names_model or bool(request.unknown_model or request.hub)


# The answer before, pointed at: "さっきの", "先ほどの", "earlier", "your last answer", "刚才的".
_EARLIER = gated_re(
    r"さっきの|先ほどの|先程の|(?<![a-z])(?:earlier|just now|your (?:last )?(?:answer|quote|reply))"
    r"(?![a-z])|刚才|剛才|之前(?:说|說)的|아까|방금|ранее|(?<![а-яё])выше(?![а-яё])|vorhin|"
    r"tout à l'heure|hace un momento|agora há pouco"
)
# The whole of a rental named as such: "total", "итоговая сумма", "一共", "合計", "총액".
_TOTAL_WORD = gated_re(
    r"(?<![a-z])(?:total|totals|in all|altogether|gesamt\w*|insgesamt|au total|en total|no total|"
    r"somme|suma total|soma total)(?![a-z])|итогов\w*|общ(?:ая|ую) сумм|в сумме|всего за|"
    r"一共|总共|總共|合计|合計|总价|總價|总额|總額|총액|총\s?비용|합계|トータル"
)
# Topics a fleet's words touch ("single" and "HGX" side by side): plans counted with them are a
# fleet to price, not the difference between the plans.
_PLAN_TOPICS = frozenset({"single_vs_hgx", "single_h200_cluster", "whole_server_only"})


# Machines counted ("2대", "한 대"): Korean's counter is also its "versus" ("H200 대 MI355X").
_COUNTED_MACHINES_RE = gated_re(r"(?:[0-9]+|한|두|세|네|다섯)\s?대")


def _compared(text: str) -> bool:
    """Whether a message asks to compare or tell apart what it names."""
    text = _COUNTED_MACHINES_RE.sub(" ", text)
    return lexicon.search("compare", text) or mentions_concept(Concept.DIFFERENCE, text)


def _plans_priced(request: ParsedRequest, *, total_asked: bool, compared: bool) -> bool:
    """Tell plans counted whose total is asked: a fleet, or one plan with its total asked.

    "2 single H200 + 1 HGX, monthly total?", "一台 HGX H200 租一季要多少？".
    """
    if _a_fleet(request, compared=compared):
        return True
    if total_asked and request.topic in _TERM_TOPICS:
        # "Gesamtsumme netto und ob es für 24 Monate Rabatt gibt": units counted, their total;
        # "итоговую сумму за год": one plan's total over the term asked
        counted = sum((request.facts.plan_counts or {}).values())
        return counted > 1 or (counted == 1 and bool(request.facts.months))
    return bool(request.facts.plan_counts) and request.topic in _PLAN_TOPICS and total_asked


def _a_fleet(request: ParsedRequest, *, compared: bool) -> bool:
    """Tell several plans counted side by side, asked for as one fleet, not compared."""
    plans = request.facts.plan_counts or {}
    if len(plans) < 2:  # noqa: PLR2004 - a fleet mixes two plans at least
        return False
    if request.intent is Intent.COMPARE:
        return not compared
    return request.intent is Intent.KNOWLEDGE and request.topic in _PLAN_TOPICS and not compared


def _term_intent(
    request: ParsedRequest, *, term_alone: bool, min_term_asked: bool = False
) -> Intent | None:
    """Return the intent a term said alone implies, or None.

    "for 12 months?", "1年契約だと？": the plan on the table for the term; "can I rent just one
    month?" asks the shortest term, the page's answer.
    """
    months, topic, intent = request.facts.months, request.topic, request.intent
    if topic == "minimum_term" and intent is Intent.KNOWLEDGE and min_term_asked:
        # "3ヶ月だけ借りたいのですが、最低契約期間はありますか？": the shortest term is asked,
        # the months beside it say what the customer has in mind
        return intent
    if months == 1 and topic == "minimum_term":
        return intent
    term_topic = topic in _TERM_TOPICS or (topic is None and intent is Intent.KNOWLEDGE)
    return Intent.FOLLOWUP if months and term_topic and term_alone else None


def _intent(  # noqa: C901, PLR0911, PLR0912 - one intent per kind of lever or term
    request: ParsedRequest,
    *,
    setting_alone: bool,
    term_alone: bool,
    total_asked: bool = False,
    compared: bool = False,
    grown: frozenset[str | None] = frozenset(),
    discount: bool = False,
    min_term_asked: bool = False,
    too_dear: bool = False,
    earlier_said: bool = False,
) -> Intent:
    """Return the intent a lever or a term implies, when no model is named.

    ``discount``: a word of a discount is said; ``min_term_asked``: the shortest term is named
    as such ("最低契約期間", "minimum term"); ``too_dear``: what is counted is said to cost too
    much ("Der Kunde findet 2× HGX H200 zu teuer"), the plans on the table. ``grown``: topics
    the message's words of a growing load stand for ("our traffic doubles" is no question
    about the traffic the plans include).
    """
    intent = request.intent
    if _explains_figures(request):
        # "wait, 16 GPUs for a 70B model?? walk me through that", "por que 8 GPUs? me explica a
        # conta": the answer's own figures, said back, are what is asked about
        return Intent.FOLLOWUP
    if _names_model(request) or intent in {Intent.SALES, Intent.TRAIN}:
        return intent
    if request.lever is Lever.EXPLAIN and request.topic == "glossary":
        # "KV 캐시 계산 근거가 뭐예요?": a term of this answer's calculation, explained on it
        return Intent.FOLLOWUP
    if request.lever is Lever.WHY_NOT and (
        sum((request.facts.plan_counts or {}).values()) <= 1
        or (not total_asked and not request.facts.months)
    ):
        # "为啥不用MI355X，显存不是更大吗", "Vous avez écarté MI355X, pourquoi ?": why the answer
        # on the table left that GPU out, whatever fact about it comes along
        return Intent.FOLLOWUP
    one_plan = sum((request.facts.plan_counts or {}).values()) <= 1
    if (
        request.lever is Lever.CHEAPER
        and (too_dear or len(request.facts.plan_counts or {}) <= 1)
        and len(request.facts.gpus) <= 1
        and intent is not Intent.COMPARE
        and (too_dear or (one_plan and not (total_asked or request.facts.months)))
    ):
        # "Dá pra economizar usando só uma H200 avulsa?": the plan on the table, made cheaper
        # on the one plan named
        return Intent.FOLLOWUP
    if request.lever is Lever.EXPLAIN and not request.facts.months and earlier_said:
        # "さっきの月額$47,800ってどういう内訳？HGX2台分ってこと？": the answer's price explained
        return Intent.FOLLOWUP
    if _plans_priced(request, total_asked=total_asked, compared=compared):
        return Intent.PRICE
    if intent is Intent.COMPARE:
        return intent
    if request.topic == "longer_terms" and discount and intent is Intent.KNOWLEDGE:
        # "any discount if we commit to 12 months? looking at the 8x H200 box": the terms asked
        return intent
    # "2 HGX + 1 H200 for 6 months": their total, terms and all; "пять серверов 8×MI355X: цена
    # за месяц и сроки поставки": the total, said with when each plan is delivered
    delivered = total_asked and request.topic == "delivery"
    if request.facts.plan_counts and (
        request.topic is None or request.topic in _TERM_TOPICS or delivered
    ):
        return Intent.PRICE
    if request.facts.months and request.facts.gpus and total_asked and not request.servers:
        # "単体 H200 を1年使う予定ですが、総額は？": that GPU's plans for the term, their total
        return Intent.PRICE
    term = _term_intent(request, term_alone=term_alone, min_term_asked=min_term_asked)
    if term is not None:
        return term
    if intent is Intent.KNOWLEDGE and request.servers and request.topic in grown:
        # "and with two servers? our traffic doubles in November": the plan on the table on
        # that many servers, not the traffic the plans include
        return Intent.FOLLOWUP
    if (
        intent is Intent.KNOWLEDGE
        and not setting_alone
        and (request.topic not in _WORDS_OF_A_LEVER or request.lever is None)
    ):
        # "How fast can you deliver an MI355X server?", "is it cheaper for 12 months?", "a
        # private network between two servers?": the page's answer, terms and all.
        return intent
    if request.lever is not None or request.servers or setting_alone:
        return Intent.FOLLOWUP
    if request.facts.plan_counts:
        return Intent.PRICE
    if intent is Intent.PRICE and request.facts.gpus:
        return intent  # "H200 for 3 months, how much?": that GPU's plans for the term
    return Intent.FOLLOWUP


def _explains_your_count(request: ParsedRequest, text: str) -> bool:
    """Whether an explanation is asked of a count the answer gave for the model named."""
    if request.lever is not Lever.EXPLAIN or not request.facts.model_id:
        return False
    counted = request.servers is not None or request.facts.gpu_count is not None
    return counted and you_said(text)


# Why the answer did not pick something: "為什麼不推薦 B200", "why didn't you recommend the
# B200", "なぜ B200 をおすすめしないのか", "почему не рекомендуете", "warum empfehlt ihr nicht".
_WHY_NOT_PICKED = gated_re(
    r"(?:为什么|為什麼|为啥|為啥|怎么|怎麼)(?:不|没有?|沒有?)(?:推荐|推薦|选|選|考虑|考慮)|"
    r"why (?:didn't|did not|don't|do not|wouldn't) you (?:recommend|pick|suggest|propose|choose)|"
    r"why (?:not|no) (?:recommend|suggest)|"
    r"なぜ[^?？。]{0,16}(?:おすすめ|推奨|提案)(?:しない|されない|しなかった)|"
    r"왜[^?？.]{0,16}(?:추천|제안)(?:을|를)?\s?(?:안|하지 않)|"
    r"почему (?:вы )?не (?:рекомендуете|рекомендовали|предложили|советуете)|"
    r"por qu[eé] no (?:me |nos )?(?:recomiendan|recomendaste|recomendaron|sugieren|propusieron)|"
    r"por que (?:vocês |você )?não (?:recomendam|recomendou|recomendaram|sugeriram)|"
    r"pourquoi (?:vous )?(?:ne )?(?:recommandez|proposez|conseillez)[^?]{0,12}pas|"
    r"warum (?:empfehlt|empfehlen) (?:ihr|sie) (?:nicht|kein)"
)
# The model on the table, its size said back: "si el modelo es de 32B", "the model is only 70B",
# "o modelo tem 32B", "das Modell hat doch nur 70B", "le modèle fait 32B", "模型才 32B".
_MODEL_SAID_BACK = gated_re(
    r"(?<![a-z])(?:the|el|o|le|das|its|su|seu)\s(?:model|modelo|modèle|modell)\s(?:is|es|é|est|"
    r"ist|has|tiene|tem|hat|fait|só tem|solo tiene|only has)\s(?:de\s|only\s|just\s|solo\s|"
    r"sólo\s|apenas\s|nur\s|doch\snur\s|seulement\s)?~?[0-9]|"
    r"(?:модель|модели)\s(?:всего|только|же)?\s?[0-9]|模型(?:才|只有|就|只)\s?[0-9]|"
    r"モデル(?:は|が)\s?[0-9]|모델(?:은|이)\s?[0-9]"
)


def _why_not_of_the_model_said(request: ParsedRequest, text: str) -> bool:
    """Whether a why-not names the model on the table only by its size, said back."""
    facts = request.facts
    if request.lever is not Lever.WHY_NOT or facts.model_id or request.unknown_model:
        return False
    return facts.params_b is not None and _MODEL_SAID_BACK.search(text) is not None


def _explains_figures(request: ParsedRequest) -> bool:
    """Tell an explanation asked of figures the answer gave: GPUs counted, a size, no model."""
    if request.lever is not Lever.EXPLAIN or request.topic not in FIGURE_TOPICS:
        return False
    facts = request.facts
    if facts.model_id or request.unknown_model or request.hub or request.ambiguous:
        return False
    if facts.plan_counts or facts.months:
        return False  # "5 台 MI355X 八卡機，月租怎麼算？": the plans' total is asked
    if any(value is not None for value in (facts.context_tokens, facts.concurrency)):
        return False
    return facts.gpu_count is not None or facts.params_b is not None or bool(request.servers)


def _no_topic(request: ParsedRequest) -> ParsedRequest:
    """Clear a knowledge topic the lever or term replaced ("geht es billiger?" is no billing)."""
    if request.intent is Intent.KNOWLEDGE:
        return request
    return replace(request, topic=None, spec=None, software=None, term=None)
