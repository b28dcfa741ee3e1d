"""The words of levers: "cheaper?", "explain this figure", "why not H200?", in ten languages.

``find_lever`` reads which lever a cleaned message pulls; ``lever_re`` compiles a pattern of
such words so that no letter runs into its start; ``THIS`` names this answer's own figures
("explain this figure", "这个数字"), which a question about a term does not.
"""

from __future__ import annotations

from functools import cache

from bot.request import Lever
from bot.understand.gates import Searchable, gated_re
from bot.understand.lever_shapes import too_dear

_LETTER = r"a-zß-öø-ÿа-яё"

_CHEAPER = (
    # en: a comparative of a low price, paying or spending less, a cost brought down
    r"cheaper|less (?:expensive|pricey|costly|money)|least (?:expensive|costly|pricey)|"
    r"more (?:affordable|economical|"
    r"budget[- ]friendly|cost[- ]effective)|budget[- ]friendly|low(?:er)?[- ]cost|"
    r"(?:pay|spend) less(?! than)|for less(?! than)|"
    # the plan on the table brought under an amount: "get your recommendation under $25k a month"
    r"(?:get|bring|keep|fit) (?:it|this|that|the (?:plan|setup|price|cost|bill)|your "
    r"(?:recommendation|proposal|plan))\s(?:down\s)?(?:under|below)\s"
    r"(?:\$|€|£|us\$|[0-9][0-9.,]*\s?(?:k|usd|eur|dollars)\b)|"
    r"(?:안쪽|이하|안)으로 맞출|"
    r"(?:lower|reduce|cut|bring down|trim|"
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
    r"tem como baixar|dá (?:pra|para) baixar|se puede bajar|on peut baisser|"
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
    r"더 싼|싼 ?(?:옵션|방법|구성|플랜)|더 ?cheap|更\s?cheap|もっと\s?cheap|"
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
    r"expli(?:ca|que|car)|como (?:você |vc )?calcul|"
    r"d[ae] onde (?:vem|veio|saiu|sai|saíram|sairam|vieram|tiraram|tirou)|"
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
    # a figure found too small or too big: "why so little?", "Pourquoi si peu ?", "warum so
    # wenig", "почему так мало", "为什么这么少"
    r"why (?:so|that) (?:few|little|low|high|many|much|small|big)|"
    r"pourquoi (?:si|aussi|tellement) (?:peu|bas|haut|élevé|faible|gros)|"
    r"por qu[eé] (?:tan|tanto|tantos|tantas) (?:poco|pocos|bajo|alto)?|"
    r"por que (?:tão|tanto|tantos|tantas) (?:pouco|poucos|baixo|alto)?|"
    r"warum so (?:wenig|niedrig|hoch|viel|klein|groß)|почему так (?:мало|много)|"
    r"为什么(?:这么|那么)(?:少|多|低|高|小|大)|為什麼(?:這麼|那麼)(?:少|多|低|高|小|大)|"
    # the assumptions behind a figure: "どういう前提の数字", "前提条件を教えて"
    r"どういう前提|どんな前提|何を前提|前提(?:条件)?(?:は|を|が)|"
    r"(?:なぜ|なんで|どうして)(?:こんなに|そんなに|あんなに)|"
    r"(?:なぜ|なんで|どうして)[^。？?]{0,16}(?:も)?必要(?:なの|なん|です|か)|"
    # ko
    r"설명해|설명 좀|설명 부탁|어떻게 계산|어떻게 나온|왜 이렇게 많|왜 그렇게 많|근거가|산출 근거|"
    # why the answer says so: "為什麼說只能放 3 個", "为啥说要 2 台"
    r"(?:为什么|為什麼|为啥|為啥|为何|為何)(?:你|你們|你们)?说|(?:为什么|為什麼|为啥|為啥|为何|為何)(?:你|你們|你们)?說|"
    r"계산 ?근거|근거 ?좀|근거를|"
    # the basis of a figure asked: "이게 동시 64명 기준인가요, 1명 기준인가요?"
    r"기준(?:인가요|이에요|인지|이죠|인가|으로 (?:계산|나온))"
)
_WHY_NOT = (
    r"why not|why no |why didn't|why did you not|why isn't|why wasn't|what's wrong with|"
    r"\by not\b|\bwhy not just\b|(?:pq|pk|pkoi|pourquoi) pas\b|"
    # the pick asked why, the other named after it: "why'd you put me on the MI355X box and not
    # HGX H200?", "why did you go with X rather than Y"
    r"why(?:'d| did| would) you (?:put|go with|pick|choose|recommend|suggest|give)"
    r"[^?.!]{0,48}(?:and not|rather than|instead of|over|not the)|"
    r"what about .{0,20}instead|(?:warum|wieso|weshalb)\s(?:[a-zäöüß0-9]+\s){0,3}(?:nicht|kein)|"
    # the reason of our pick asked, another GPU named beside it: "why are you recommending HGX?
    # the MI355X is cheaper", "MI355X가 더 저렴한데 왜 HGX를 추천하셨는지", "ご提案いただいた理由"
    r"why (?:are|were|did|do|would) you (?:recommend|suggest|propos|pick|choos)|"
    r"왜[^?.]{0,24}추천|추천(?:하신|한) 이유|"
    r"(?:ご提案|ご推奨|お勧め|おすすめ)(?:いただいた|された|した)?理由|を選(?:んだ|ばれた)理由|"
    r"(?:为什么|為什麼|为啥|為啥|点解|點解)(?:要)?(?:推荐|推薦|建议|建議)|"
    r"por qu[eé] (?:me |nos )?(?:recomiendan|recomendaron|recomiendas|recomendaste|proponen)|"
    r"por ?que (?:vocês |você |vc |vcs )?(?:recomendaram|recomendou|indicaram|sugeriram)|"
    r"warum (?:empfehlt ihr|empfehlen sie|habt ihr [^?.]{0,24}empfohlen)|"
    r"pourquoi (?:vous )?(?:recommandez|proposez|avez[- ]vous (?:recommandé|proposé))|"
    r"почему (?:вы )?(?:рекомендуете|предложили|посоветовали|порекомендовали)|"
    r"grund,? .{0,24}nicht zu|taucht .{0,24}(?:nicht|gar nicht) auf|"
    r"pourquoi pas|pourquoi ne pas|pourquoi pas plutôt|por qu[eé] no|porque no|"
    r"por que não|porque não|por quê não|почему не|а почему не|почему бы не|чем плох|"
    r"为什么不|為什麼不|为啥不|為啥不|为何不|為何不|怎么不用|怎麼不用|"
    r"(?:怎么|怎麼|干嘛|幹嘛)不(?:直接|干脆|乾脆)?(?:用|选|選|上|考虑|考慮)|"
    r"(?:點解|点解)(?:唔|冇|無)|唔得(?:咩|嗎|吗)|(?:怎么|怎麼)(?:没|沒)(?:推|推荐|推薦|提)|"
    r"почему (?:вы |ты )?не (?:предлага|рекоменд|взял|выбрал|советуе)|"
    r"なぜ.{0,12}(?:じゃない|ではない|を使わない|にしない|じゃなく)|なんで.{0,12}(?:じゃない|にしない)|"
    r"(?:なぜ|なんで|どうして).{0,24}(?:じゃ|では)(?:ダメ|だめ|駄目)|"
    r"왜 .{0,24}?(?:안 |아니|안써|안 써)|(?:은|는) 왜 안|"
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
    r"なぜ(?:ダメ|だめ|駄目)|ダメな理由|だめな理由|ダメなの|選ばない(?:の|理由)|使わない(?:の|理由)|(?:じゃ|では)(?:ダメ|だめ|いけない)|入って(?:い)?ない(?:の)?は|外れた|"
    r"除外|選ばなかった|"
    r"外した理由|候補に入って|候補に入ら|候補から外れ|候補に(?:は)?ない|"
    r"왜 빠졌|빠진 이유|왜 제외|제외된 이유|안 되는 이유|하면 안 되|왜 추천(?:을)? 안|"
    r"추천 안 한 이유|후보에(?:도)? 없|(?:얘기|언급)(?:는|은)? 왜 없"
)
# "explain FP8" asks what a term means: an explanation of this answer names it ("this figure").
THIS = (
    r"this|that|these|those|the (?:figure|number|answer|result|calculation|math)|it|dies|das|"
    r"diese|ce |cette|ces|cela|ça|esto|este|esta|eso|isso|isto|esse|essa|это|эти|этот|эту|"
    r"这|這|那个|那個|この|その|これ|それ|이 |그 |이거|그거|"
    # a calculation is the answer's: "KV 캐시 계산 근거", "le calcul du KV"
    r"calculation|calcul|cálculo|расч[её]т|计算|計算|계산"
)


@cache
def lever_re(source: str) -> Searchable:
    """Return ``source`` compiled so that it starts where no letter runs into it."""
    return gated_re(rf"(?<![{_LETTER}])(?:{source})")


# A Latin letter right before CJK ("MI355Xじゃダメ"): the CJK words start there.
_LATIN_THEN_CJK = gated_re(r"(?<=[a-z])(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3])")


def find_lever(text: str, *, gpus: bool) -> Lever | None:
    """Return the lever a cleaned message pulls, or None."""
    text = _LATIN_THEN_CJK.sub(" ", text)
    if gpus and lever_re(_WHY_NOT).search(text):
        return Lever.WHY_NOT
    if lever_re(_CHEAPER).search(text) or (too_dear(text) and "?" in text):
        # ("zu teuer, geht es auch mit einer einzelnen H200?": too dear, another way asked)
        return Lever.CHEAPER
    if lever_re(_EXPLAIN).search(text):
        return Lever.EXPLAIN
    return None


# Our answer said back as ours: "the bot says 2x HGX", "Votre outil me propose 2 serveurs",
# "先ほどの提案は HGX 1台", "HGX 서버를 추천하셨어요", "вы предложили": a lever beside it
# pulls on that answer, even with its model named again.
_REPORTED = (
    r"(?:the|your|ur|this) (?:bot|tool|assistant|calculator|sizer) (?:says|said|recommends|"
    r"recommended|suggests|suggested|proposes|proposed|came back with|gave|gives|told|picked)|"
    r"you (?:guys )?(?:recommended|suggested|proposed|quoted|picked|came back with)|"
    r"your (?:recommendation|suggestion|proposal|pick)|"
    r"(?:votre|ton|le) (?:outil|bot|assistant|calculateur) (?:me |nous )?(?:propose|recommande|"
    r"conseille|suggère|indique|a proposé|a recommandé)|"
    r"vous (?:m'|nous )?(?:avez|aviez) (?:proposé|recommandé|conseillé|suggéré)|"
    r"vous (?:me |nous )?(?:proposez|recommandez|conseillez)|"
    r"(?:el bot|su herramienta|tu herramienta|el asistente|la calculadora) (?:me |nos )?(?:dice|"
    r"dijo|recomienda|recomendó|propone|propuso|sugiere|sugirió)|"
    r"(?:me|nos) (?:recomendaron|recomendaste|propusieron|propusiste|sugirieron|sugeriste)|"
    r"(?:o bot|a ferramenta|o assistente|a calculadora)(?: de vocês)? (?:me |nos )?(?:diz|disse|"
    r"recomenda|recomendou|propõe|propôs|sugere|sugeriu|indicou)|"
    r"(?:vocês|você|vc|vcs) (?:me |nos )?(?:recomendaram|recomendou|sugeriram|sugeriu|"
    r"propuseram|indicaram|indicou)|"
    r"(?:der bot|euer tool|ihr tool|das tool|der rechner|der assistent) (?:sagt|schlägt|"
    r"empfiehlt|meint|hat)|(?:ihr habt|sie haben|du hast) (?:[^.?!]|\.(?=\S)){0,64}(?:empfohlen|"
    r"vorgeschlagen)|(?:euer|ihr|dein) vorschlag|"
    r"(?:бот|ваш (?:бот|инструмент|калькулятор)) (?:говорит|сказал|предлагает|предложил|"
    r"советует|посоветовал|рекомендует|порекомендовал)|"
    r"вы (?:мне |нам )?(?:предложили|порекомендовали|посоветовали|рекомендовали|советуете|"
    r"предлагаете)|"
    r"(?:你们|你們|您|你)(?:刚才|剛才)?(?:推荐|推薦|建议|建議|给的|給的)|"
    r"(?:机器人|機器人|工具|计算器|計算器)(?:说|說|推荐|推薦|建议|建議|给出|給出)|"
    r"先ほどの(?:提案|回答|見積)|先程の(?:提案|回答)|ご提案|(?:提案|推奨|おすすめ)された|"
    r"추천하셨|추천해 ?주신|추천하신|제안하신|제안해 ?주신|"
    r"봇이 (?:[^.?!]|\.(?=\S)){0,12}(?:추천|제안)"
)


def reports_our_answer(text: str) -> bool:
    """Whether the message says back a plan our answer recommended ("the bot says 2x HGX")."""
    return lever_re(_REPORTED).search(text) is not None


_OPENING_CHARS = 4


def opens_with_why_not(text: str) -> bool:
    """Whether a message opens with "why not …?" ("Por que não uma H200 avulsa? Pro …")."""
    found = lever_re(_WHY_NOT).search(text, 0, _OPENING_CHARS + 24)
    return found is not None and found.start() <= _OPENING_CHARS
