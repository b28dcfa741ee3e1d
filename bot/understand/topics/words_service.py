"""Words of questions about the service: a person, delivery, terms, renting, network, billing."""

from __future__ import annotations

from bot.understand.topics.concepts import Concept

# "批量" is a bulk deal unless work done in a batch follows ("批量分类", "批量处理").
_NOT_PROCESSING = (
    r"(?!分类|分類|处理|處理|推理|跑|生成|翻译|翻譯|摘要|总结|總結|标注|標註|打标|清洗|抽取|识别|識別|"
    r"转写|轉寫|任务|任務|作业|作業)"
)

# concept -> language -> one regular expression (lower case)
SERVICE_WORDS: dict[Concept, dict[str, str]] = {
    Concept.HUMAN: {
        "en": (
            # ("people" counts users: "how many people can chat with it at once")
            r"\bhumans?\b|(?<![-\w])persons?\b(?!-)|\bsales\b|\bagent\b|\bmanager\b|\boperator\b|"
            r"\bsomeone\b|\bsomebody\b|\bengineer\b|\brepresentative\b|\bsupport team\b|"
            r"\breal person\b"
        ),
        "zh-Hans": r"人工|真人|客服|销售|业务员|工作人员|工程师",
        "zh-Hant": r"人工|真人|客服|銷售|業務|工作人員|工程師",
        "ru": r"\bчеловек|\bменеджер|\bоператор|\bпродаж|\bконсультант|\bсотрудник|\bинженер",
        "ja": r"人間|担当者|営業|オペレーター|スタッフ|有人|人と",
        "ko": r"상담원|사람|영업|담당자|직원|상담사",
        "es": r"\bhumano|\bpersona\b|\bventas\b|\bcomercial|\bagente\b|\basesor|\bvendedor",
        "pt-BR": (
            r"\bhumano|\bpessoa\b|\bcomercial\b|\bvendas\b|\batendente|\bconsultor|\bvendedor"
        ),
        "de": r"\bmensch|\bvertrieb|\bmitarbeiter|\bberater|\bverkauf|\bansprechpartner",
        "fr": r"\bhumain|\bpersonne\b|\bcommercia|\bconseiller|\bvendeur|\béquipe des ventes",
    },
    Concept.CONTACT: {
        "en": (
            r"\btalk|\bspeak|\bcontact|\breach\b|\bconnect me|\bcall\b|\bget in touch|\bchat with|"
            # handed over: "transfer me to an agent", "put me through to a person"
            r"\btransfer (?:me|us)\b|\bput (?:me|us) through|\bhand (?:me|us) (?:over|off)"
        ),
        "zh-Hans": r"联系|找|转|聊|沟通|对接",
        "zh-Hant": r"聯繫|聯絡|找|轉|聊|溝通",
        "ru": r"\bсвяза|\bсвяж|\bпоговор|\bпозов|\bсоедин|\bобщ|\bперевед|\bпереключ",
        "ja": r"話|連絡|つない|つなげ|相談|問い合わせ|代わって|回して|取り次",
        "ko": r"이야기|얘기|연락|연결|통화|상담",
        "es": (
            r"\bhabl[aeo]|\bcontact|\bcomunicar|\bllamar|"
            # handed over: "¿me pasas a un agente?", "pásame con alguien", "transfiéreme"
            r"\bp[aá]s(?:a|as|an|ar|ame|enme|eme)\b (?:a|con)\b|\btransf[ie]r"
        ),
        "pt-BR": (
            r"\bfal[aeo]|\bcontat|\bconversar|\bligar|\bpass(?:a|ar|e)\b (?:para|pra)\b|\btransf"
        ),
        "de": (
            r"\bsprech|\bsprich|\berreich|\bkontakt|\bred(?:e|en)\b|\banruf|\bverbind|\bweiterleit"
        ),
        "fr": (
            r"\bparler|\bcontacter|\bjoindre|\bjoins\b|\bappeler|\bpass(?:er|ez)\b (?:à|a)\b|"
            r"\btransf[eé]r"
        ),
    },
    Concept.SALES_PHRASE: {
        "en": r"\bcontact sales\b|\bsales team\b|\btalk to sales\b|\bhuman please\b",
        "zh-Hans": r"转人工|人工客服|找人工",
        "zh-Hant": r"轉人工|人工客服|找真人",
        "ru": r"\bживым человеком|\bживой человек",
        "ja": r"営業担当|有人対応",
        "ko": r"상담원 연결|영업팀",
        "es": r"\bequipo de ventas|\bequipo comercial",
        "pt-BR": r"\bequipe de vendas|\bequipe comercial|\btime comercial",
        "de": r"\bvertriebsteam|\bvertrieb kontaktieren",
        "fr": r"\béquipe commerciale|\bservice commercial",
    },
    Concept.DELIVERY: {
        "en": (
            r"\bdeliver|\blead time|\bhow fast\b|\bhow soon\b|\bin stock\b|\bstock\b|\bavailab|"
            r"\bwhen can (?:i|we) get\b|\bsetup time\b|\btime to provision|"
            r"\bhow long (?:does it take |will it take )?(?:after|from) (?:i |we )?"
            r"(?:order|sign|pay)|"
            r"\bhow long (?:until|till|before) (?:the |my |our |i |we )?(?:server|machine|box|"
            r"gpus?|access|it)[^?.]{0,20}(?:ready|usable|up|online|provisioned|available)|"
            # access after paying: "after I pay, when do I get access?"
            r"\b(?:when|how soon) (?:do|will|would|can|could) (?:i|we) (?:get|have|receive) "
            r"(?:access|the (?:server|machine|box|gpus?)|my (?:server|machine|box))|"
            r"\bafter (?:i|we) (?:pay|order|sign)\b[^?.]{0,30}\b(?:when|how (?:long|soon))\b|"
            # "when can we actually ssh in?", "how soon can I log in?"
            r"\b(?:when|how soon) (?:do|will|would|can|could) (?:i|we) (?:\w+ )?(?:ssh|log ?in|"
            r"start using|use (?:it|the (?:server|machine|box)))\b"
        ),
        "zh-Hans": (
            r"交付|交货|到货|发货|现货|库存|供货|多久能用|多快|下单后多久|多久可以用|多久开通|几天能用|"
            r"(?:付款|打款|钱打过去|转账)[^？?]{0,10}(?:几天|多久)|"
            r"拿到(?:机器|服务器|卡)|多久能拿到|能用上吗|明天能用|当天能用|"
            r"开通要多久|什么时候能(?:把)?(?:机器|服务器|卡)?(?:交|拿到|用上|到)"
        ),
        "zh-Hant": (
            r"交付|交貨|到貨|出貨|現貨|庫存|供貨|多快|下單後多久|多久可以用|多久能用|多久開通|交機|"
            r"下單之後|下单之后|"
            r"開通要多久|什麼時候能(?:把)?(?:機器|伺服器|卡)?(?:交|拿到|用上|到)"
        ),
        "ru": (
            r"\bдостав|\bпредостав|\bкак быстро|\bв наличии|\bналичи|\bсрок поставки|\bпоставк|"
            r"\bвыдач[аиу] сервер|\bсколько времени занимает выдач|"
            r"\bчерез сколько (?:времени |дней )?(?:после (?:оплаты|заказа) )?(?:получ|доступ|"
            r"заработ|запуст|можно)|\bкак скоро"
        ),
        "ja": (
            r"納期|納品|在庫|届|どれくらいで使え|提供開始|使えるようになるまで|利用できるまで|"
            r"(?:申し込んで|申込んで|申し込み|申込み?|発注して|注文して|契約して)から|"
            r"何日(?:くらい|ぐらい|ほど)?で(?:使え|利用でき|開通|届)"
        ),
        "ko": (
            r"얼마나 빨리|배송|납기|재고|(?<!더 )(?<!많이 )받을 수|제공|"
            r"언제부터 (?:쓸|사용)|세팅까지 얼마나|"
            r"바로 쓸 수|"
            r"(?:신청|주문|계약|결제)\s?(?:하고|하면|한 뒤|후)[^?？]{0,12}(?:얼마나|언제)|받기까지|"
            r"받으려면 얼마나"
        ),
        "es": (
            r"\bentreg|\bplazo de entrega|\bcuánto tardan|\bstock\b|\bdisponib|"
            r"\bdesde que (?:lo )?(?:pido|pedimos|contrato|contratamos|pago|pagamos)"
        ),
        "pt-BR": (
            r"\bentreg|\bem quanto tempo|\bestoque|\bdisponív|\bliberar o servidor|"
            r"\bquanto tempo (?:leva|demora)|"
            r"\bdepois (?:de|que) (?:eu |a gente )?(?:contratar|pagar|assinar|pedir)"
        ),
        "de": (
            r"\bliefer|\bverfügbar|\bauf lager|\bwie schnell|\bbereitstell|"
            r"\bnach (?:der )?(?:bestellung|buchung|zahlung)|\beinsatzbereit"
        ),
        "fr": (
            r"\blivr|\bdélai|\ben combien de temps|\ben stock|\bdisponib|"
            r"\bmise à disposition|\bcombien de temps entre|"
            r"\baprès (?:la |ma |notre )?(?:commande|souscription|paiement)"
        ),
    },
    Concept.MIN_TERM: {
        "en": (
            r"\bminimum (?:rental |contract |commitment )?(?:term|period|duration|commitment)|"
            r"\b(?:early )?termination (?:fee|penalty)|\bpenalty for (?:stopping|cancelling|"
            r"ending)|"
            r"\bmin(?:imum)? term|\bcancel|\bcommitment\b|\bcontract length|\bshortest\b|"
            r"\bmonth[- ]to[- ]month|"
            # a single month asked for: the shortest term
            r"\b(?:just|only) (?:for )?(?:one|1|a) month|\bfor (?:a )?single month|"
            r"\bone month only|"
            r"\b(?:just|only) (?:for )?(?:one|1|a) week|\bfor (?:just |only )?(?:a|one|1) week\b"
        ),
        "zh-Hans": (
            r"最短|租期|最少(?:要)?租|起租|取消|退租|合约期|合同期|只(?:租)?(?:一|1)\s?(?:个月|周|星期)"
        ),
        "zh-Hant": (
            r"最短|租期|最少(?:要)?租|起租|取消|退租|合約期|只(?:租)?(?:一|1)\s?(?:個月|週|星期|禮拜)"
        ),
        "ru": (
            r"\bминимальн\w* срок|\bсрок аренды|\bотмен|\bрасторг|\bотказаться|"
            r"\bвсего на (?:один )?месяц|\bтолько на (?:один )?месяц|\bминимум (?:на )?месяц|"
            r"\bна (?:одну )?неделю (?:взять|арендовать|можно)|\bменьше месяца|\bна пару недель"
        ),
        "ja": r"最低契約|契約期間|解約|キャンセル|最短|(?:1|一)\s?(?:ヶ|か|カ|ケ)月(?:だけ|のみ)",
        "ko": (
            r"최소 계약|계약 기간|해지|취소|최소 기간|한 ?달만|1\s?개월만|일주일만|한 ?주만|"
            r"(?:한 ?달|1\s?개월) 미만|"
            r"최소 한 ?달"
        ),
        "es": (
            # (not a bound on a figure: "mínimo 20 usuarios", "20 tok/s mínimo")
            r"(?<![0-9]\s)(?<!/s\s)(?<!tokens\s)\bmínimo\b(?!\s?(?:de\s)?[0-9])|\bcancelar|"
            r"\bpermanencia|\bplazo mínimo|\bduración mínima|"
            r"\bs[oó]lo (?:por )?un mes|\bun solo mes|\b(?:s[oó]lo |solamente )?por una semana"
        ),
        "pt-BR": (
            r"(?<![0-9]\s)(?<!/s\s)(?<!tokens\s)\bmínimo\b(?!\s?(?:de\s)?[0-9])|\bcancelar|"
            r"\bfidelidade|\bprazo mínimo|\bperíodo mínimo|"
            r"\b(?:só|apenas) (?:por )?um mês|\bum mês só|\b(?:só |apenas )?por uma semana"
        ),
        "de": (
            r"\bmindestlaufzeit|\bmindestdauer|\bmindestmiet|\bkündig|\bstornier|"
            r"\bvertragsstrafe|\bvorzeitig (?:beenden|aussteigen)|"
            r"\bnur (?:für )?(?:einen|1|ein) monat|\beinen monat lang|\b(?:nur )?für eine woche"
        ),
        "fr": (
            r"\bdurée minimale|"
            r"(?<![0-9]\s)(?<!/s\s)(?<!tokens\s)\bminimum\b(?!\s?(?:de\s|d\')?[0-9])|"
            r"\brésili|\bannuler|\bsans engagement|\bpénalité|"
            r"\bon arrête|\barrêter (?:avant|en cours|quand)|"
            r"\bun seul mois|\b(?:juste|seulement) (?:pour )?un mois|"
            r"\bpour (?:seulement |juste )?une semaine|\bune semaine seulement"
        ),
    },
    Concept.DISCOUNT: {
        "en": (
            r"\bdiscount|\bvolume\b|\blong(?:er)?[- ]term|\bannual|\byearly|"
            r"\b(?:6|12|twelve|six)[- ]months?\b|\bbulk\b|\breserved\b|"
            # the price going down with a commitment: "does the monthly price drop if we commit"
            r"\bprice (?:drop|go down|come down|goes down|comes down)"
        ),
        "zh-Hans": r"折扣|优惠|长期|长租|一年|年付|批量"
        + _NOT_PROCESSING
        + r"|包年|12\s?个月|6\s?个月|打折|签(?:一|两)年",
        "zh-Hant": r"折扣|優惠|長期|長租|一年|年付|批量"
        + _NOT_PROCESSING
        + r"|包年|12\s?個月|打折|簽(?:一|兩)年",
        "ru": r"\bскидк|\bдолгосроч|\bна год\b|\b12 месяц|\bоптов",
        "ja": r"割引|長期|年間|12か月|12ヶ月|12カ月|ボリューム|値引",
        "ko": r"할인|장기|1년|12개월|대량",
        "es": (
            r"\bdescuento|\blargo plazo|\banual|\b12 meses|\bvolumen|\btarifa especial|"
            r"\bcontratos? largos?|\bprecio especial|\bbaja el precio"
        ),
        "pt-BR": (
            r"\bdesconto|\blongo prazo|\banual|\b12 meses|\bvolume\b|\btarifa especial|"
            r"\bcontratos? longos?|\bpreço especial|\bo preço (?:cai|baixa|diminui)"
        ),
        "de": (
            r"\brabatt|\blangfrist|\bjahresvertrag|\b12 monat|\bmengenrabatt|\bmengenstaffel|"
            r"\blängere(?:r|n)? (?:bindung|laufzeit)"
        ),
        "fr": (
            r"\bremise|\bréduction|\blong terme|\bannuel|\b12 mois|\bvolume\b|\bdégressif|"
            r"\ble prix baisse"
        ),
    },
    Concept.RENT: {
        "en": r"\brent|\blease|\border\b|\bbuy\b|\bget just\b|\bget only\b",
        "zh-Hans": r"租|买|下单",
        "zh-Hant": r"租|買|下單",
        "ru": r"\bаренд|\bвзять|\bкупить|\bзаказать",
        "ja": r"借り|レンタル|契約|注文",
        "ko": r"빌릴|렌탈|대여|임대|주문",
        "es": r"\balquil|\brentar|\bcontratar",
        "pt-BR": r"\balugar|\bcontratar",
        "de": r"\bmieten|\bbuchen|\bbestellen|\bvermiet",
        "fr": r"\blouer|\bcommander",
    },
    Concept.JOIN: {
        "en": r"\bcombine|\bjoin|\bcluster|\blink\b|\btogether\b|\bpool\b|\baggregate|\bmerge",
        "zh-Hans": r"合起来|合并|组合|连起来|串联|串起来|连在一起|集群|一起",
        "zh-Hant": r"合起來|合併|組合|連起來|串聯|串起來|連在一起|叢集|集群|一起",
        "ru": r"\bобъедин|\bсоедин|\bсвязать|\bкластер|\bвместе",
        "ja": r"つない|繋|まとめ|結合|組み合わせ|クラスタ",
        "ko": r"묶어|묶|합쳐|클러스터",
        "es": r"\bunir|\bcombinar|\bjuntar|\bagrupar",
        "pt-BR": r"\bjuntar|\bcombinar|\bunir|\bagrupar",
        "de": r"\bzusammenschalten|\bzusammen|\bkombinieren|\bbündeln|\bclustern",
        "fr": r"\brelier|\breliées?|\bcombiner|\bregrouper|\bassocier|\bensemble|\bentre elles",
    },
    Concept.NETWORK: {
        "en": r"\bprivate network|\bvpc\b|\bvlan\b|\binternal network",
        "zh-Hans": r"私有网络|内网|专用网络|私网",
        "zh-Hant": r"私有網路|私有網絡|內網|專用網路",
        "ru": r"\bчастн\w* сет|\bприватн\w* сет|\bлокальн\w* сет|\bвнутренн\w* сет",
        "ja": r"プライベートネットワーク|専用ネットワーク|閉域",
        "ko": r"사설 네트워크|프라이빗 네트워크|내부 네트워크",
        "es": r"\bred privada",
        "pt-BR": r"\brede privada",
        "de": r"\bprivates netz|\bprivaten netz",
        "fr": r"\bréseau privé",
    },
    Concept.HOW: {
        "en": r"\bhow\b|\bhelp me\b|\bguide\b",
        "zh-Hans": r"怎么|如何|怎样",
        "zh-Hant": r"怎麼|如何|怎樣",
        "ru": r"\bкак\b",
        "ja": r"どうやって|どう選|どのように|どう",
        "ko": r"어떻게",
        "es": r"\bcómo\b|\bcomo\b|\bgu[ií]a\b",
        "pt-BR": r"\bcomo\b|\bguia\b",
        "de": r"\bwie\b|\bnach welchen kriterien|\bworauf (?:sollte|muss|soll)|\bleitfaden",
        "fr": r"\bcomment\b|\bguide\b",
    },
    Concept.CHOOSE: {
        "en": r"\bchoos|\bpick|\bdecide|\bselect",
        "zh-Hans": r"选",
        "zh-Hant": r"選",
        "ru": r"\bвыбрать|\bвыбор",
        "ja": r"選",
        "ko": r"골라|고르|선택",
        "es": r"\belij|\belegir|\bescoger",
        "pt-BR": r"\bescolh",  # ("guia pra escolher o plano": a guide is a how)
        "de": r"\bentscheide|\bauswählen|\bwähle",
        "fr": r"\bchoisi",
    },
    Concept.BILLING: {
        "en": (
            r"\bbill|\binvoice|\bby the hour\b|\bper hour\b|\ban hour\b|\bhourly\b|\bpay\b|"
            r"\bpayment|\bcredit card|\bcrypto|\bbitcoin|\busdt\b"
        ),
        "zh-Hans": r"按小时|计费|付款|支付|付费|信用卡|加密货币|比特币|结算|发票|专票|对公",
        "zh-Hant": r"按小時|計費|付款|支付|付費|信用卡|加密貨幣|比特幣|結算|發票|專票|對公",
        "ru": (r"\bпочасов|\bоплат|\bплатеж|\bкарт(?:а|ой|ы|у|е|ами|ам)?\b|\bкрипт|\bсчёт|\bсчет"),
        "ja": r"時間単位|課金|支払|クレジット|暗号資産|請求|時間課金",
        "ko": r"결제|시간 단위|과금|카드|암호화폐|청구",
        "es": r"\bpor hora\b|\bpago|\bpagar|\bse paga|\btarjeta|\bfactur|\bcripto",
        "pt-BR": r"\bpor hora\b|\bpagamento|\bpagar|\bcartão|\bcripto|\bfatura|\bcobrança",
        "de": (
            r"\bstündlich|\bpro stunde|\bbezahl|\bzahlung|\bkreditkarte|\bkrypto|\brechnung|"
            r"\babrechn|\babgerechnet|\bim voraus\b"
        ),
        "fr": r"\bà l'heure\b|\bpar heure\b|\bpaiement|\bpayer|\bcarte bancaire|\bcrypto|\bfactur",
    },
}
