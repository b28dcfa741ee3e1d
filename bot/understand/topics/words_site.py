"""Words of the site's other questions, per concept and language.

Traffic, links between servers, the single H200 plan against one GPU of the HGX server,
refunds, the OS image, root access, the calculator and docs.
"""

from __future__ import annotations

from bot.understand.topics.concepts import Concept

# concept -> language -> one regular expression (lower case)
SITE_WORDS: dict[Concept, dict[str, str]] = {
    Concept.TRAFFIC: {
        "en": (
            r"\btraffic|\begress|\bdata transfer|\btransfer (?:volume|limit|cap)|"
            r"\bbandwidth (?:cap|limit|included|per month|allowance)|\bterabytes? (?:a|per) month|"
            r"\btb (?:a|per) month|\btb ?/ ?(?:mo|month)\b|\bdata cap|\bbandwidth (?:is )?metered|"
            r"\bmetered (?:bandwidth|traffic|egress)"
        ),
        "zh-Hans": r"流量|出网|带宽上限|每月带宽",
        "zh-Hant": r"流量|頻寬上限|每月頻寬",
        "ru": r"\bтрафик|\bисходящ\w* трафик|\bобъ[её]м передачи",
        "ja": r"転送量|トラフィック|データ転送|通信量",
        "ko": r"트래픽|전송량|데이터 전송",
        "es": r"\btráfico|\btrafico|\btransferencia de datos",
        "pt-BR": r"\btráfego|\btrafego|\btransferência de dados|\bfranquia",
        "de": r"\btraffic|\bdatenvolumen|\btransfervolumen|\bdatentransfer",
        "fr": r"\btrafic|\btransfert de données|\bbande passante (?:incluse|mensuelle)",
    },
    Concept.FABRIC: {
        "en": r"\binfiniband|\broce\b|\brdma\b|\b400 ?g(?:b|bps)?\b|\b400gbe|\bconnectx|\bib\b",
        "zh-Hans": r"infiniband|(?<![a-z])roce(?![a-z])|rdma|400g|ib网络",
        "zh-Hant": r"infiniband|(?<![a-z])roce(?![a-z])|rdma|400g|ib網路",
        "ja": r"インフィニバンド|infiniband|(?<![a-z])roce(?![a-z])|rdma|400g",
        "ko": r"인피니밴드|infiniband|(?<![a-z])roce(?![a-z])|rdma|400g",
        "ru": r"\bинфинибэнд|\binfiniband",
    },
    Concept.BETWEEN_SERVERS: {
        "en": (
            r"\bbetween (?:the |my |our |two |several |multiple )?(?:servers|nodes|machines|"
            r"boxes)|\bacross (?:servers|nodes)|\bmulti[- ]node|\binter[- ]?node|"
            r"\bserver[- ]to[- ]server|\bcross[- ]node"
        ),
        "zh-Hans": r"服务器之间|服务器间|节点间|节点之间|多机|跨节点|跨服务器|机器之间|跨机",
        "zh-Hant": r"伺服器之間|伺服器間|節點間|節點之間|多機|跨節點|跨伺服器|機器之間|跨機",
        "ru": r"\bмежду сервер|\bмежду узл|\bмежду машин|\bмежсервер|\bмногоузл",
        "ja": r"サーバー間|サーバ間|ノード間|マルチノード",
        "ko": r"서버 ?간|서버끼리|노드 ?간|멀티 ?노드",
        "es": r"\bentre (?:los |dos |varios )?(?:servidores|nodos|máquinas)",
        "pt-BR": r"\bentre (?:os |dois |vários )?(?:servidores|nós|máquinas)",
        "de": (
            r"\bzwischen (?:den |zwei |mehreren )?(?:servern|knoten|maschinen)|"
            r"\bserverübergreifend"
        ),
        "fr": r"\bentre (?:les |deux |plusieurs )?(?:serveurs|nœuds|noeuds|machines)",
    },
    Concept.SINGLE_PLAN: {
        "vm": (
            r"\bvms?\b|\bvirtual machines?|虚拟机|虛擬機|仮想マシン|가상 ?머신|виртуальн\w* машин|"
            r"\bmáquinas? virtua|\bvirtuelle maschine|\bmachines? virtuelle"
        ),
        "en": (
            r"\bsingle(?:[- ]gpu)? (?:h200 )?(?:plans?|vms?|instances?|offers?|machines?)|"
            r"\bsingle h200|"
            r"\bone-gpu plans?|\bh200 singles?|\bstandalone h200|\bseparate h200"
        ),
        "zh-Hans": r"单卡|单张|单卡套餐|单独的h200",
        "zh-Hant": r"單卡|單張|單卡方案",
        "ru": r"\bодиночн|\bотдельн\w* h200|\bодн\w* h200|\bтариф\w* с одной",
        "ja": r"単体|単独|1枚プラン|シングル",
        "ko": r"단일|단독|싱글",
        "es": (
            r"\bh200s? individual(?:es)?|\bplan(?:es)? individual|\buna sola h200|"
            r"\bh200s? suelt[oa]s?"
        ),
        "pt-BR": (
            r"\bh200s? avuls[oa]s?|\bplanos? individua(?:l|is)|\bh200s? individua(?:l|is)|"
            r"\buma h200 só"
        ),
        "de": r"\beinzelne[rn]? h200|\beinzel-?h200|\beinzelpl(?:a|ä)ne?|\bh200 einzeln",
        "fr": (
            r"\bh200 seules?|\boffre individuelle|\bh200 individuelles?|\bune seule h200|"
            r"\bh200 unitaires?|\binstances? h200"
        ),
    },
    Concept.HGX: {
        "en": r"\bhgx|\b8x h200 server|\b8-gpu server|\beight-gpu",
        "zh-Hans": r"hgx|8卡服务器|八卡",
        "zh-Hant": r"hgx|8卡伺服器|八卡",
        "ja": r"hgx|8枚サーバ|8gpuサーバ",
        "ko": r"hgx|8장 서버|8gpu 서버",
    },
    Concept.SERVER_GPU: {
        "en": (
            r"\b(?:gpu|card) (?:of|in|from) (?:the |an |a )?(?:hgx|8x|8-gpu|"
            r"eight-gpu)?\s?(?:server|box|node)|\bone of the (?:eight|8) gpus|"
            r"\b(?:individual|single|separate) gpus (?:from|of|out of) (?:the|a|an|your) "
            r"(?:8x|8-gpu|hgx|mi355x)?\s?(?:server|box|node)"
        ),
        "zh-Hans": (
            r"服务器里的一张|服务器中的一张|服务器的一张|服务器里的卡|8卡中的一张|八卡里的一张"
        ),
        "zh-Hant": r"伺服器裡的一張|伺服器中的一張|伺服器的一張|8卡中的一張",
        "ru": r"\b(?:gpu|карт\w*) (?:в|из) (?:hgx|сервер)|\bодн\w* из (?:восьми|8) gpu",
        "ja": r"サーバーの(?:gpu|1枚)|サーバ内の(?:gpu|1枚)|hgxの(?:gpu|1枚)|サーバーのgpu1枚",
        "ko": r"서버의 ?(?:gpu|한 장)|서버 안의 ?(?:gpu|한 장)|hgx의 ?(?:gpu|한 장)",
        "es": r"\bgpu del servidor|\buna gpu del (?:servidor|hgx)|\bgpu de un servidor",
        "pt-BR": r"\bgpu do servidor|\buma gpu do (?:servidor|hgx)",
        "de": (
            r"\bgpu (?:des|im|aus dem) (?:hgx-)?server|\beine gpu des|"
            r"\beinzelne gpus? (?:daraus|davon|aus dem|aus den|der server)"
        ),
        "fr": r"\bgpu du serveur|\bun gpu du (?:serveur|hgx)",
    },
    Concept.PART_OF_SERVER: {
        "en": (
            r"\bhalf (?:a|the|of the) (?:server|box|node)|"
            r"\bthe (?:whole|entire|full) (?:server|box|machine|node)|\b(?:only|just) "
            r"(?:[0-9]|two|three|four|some|a few) (?:of the )?(?:[a-z0-9]+ )?gpus? ?"
            r"(?:of|from|out of|instead)?\b|\bpart of (?:a|the) (?:server|box)"
        ),
        "zh-Hans": (
            r"整台(?:服务器|机器)?|半台|只租\s?(?:[0-9]|一|两|二|三|四)\s?张|部分\s?gpu|拆开租|"
            r"只租[^，。？?]{0,16}(?:其中|里面的|里的)[^，。？?]{0,4}张"
        ),
        "zh-Hant": (
            r"整台(?:伺服器|機器)?|半台|只租\s?(?:[0-9]|一|兩|二|三|四)\s?張|部分\s?gpu|拆開租|"
            r"只租[^，。？?]{0,16}(?:其中|裡面的|裡的)[^，。？?]{0,4}張"
        ),
        "ru": (
            r"\bцеликом|\bтолько (?:[0-9]|две|три|четыре) (?:gpu|карт)|\bчасть сервера|"
            r"\bне (?:весь|целый) сервер|\bполовин[уа] сервера|\bпол-?сервера|"
            r"\b(?:[0-9]|две|три|четыре) (?:gpu|карт[аы]?) из (?:8|восьми)"
        ),
        "ja": r"丸ごと|半分だけ|(?:[0-9]|一|二|三|四)\s?枚だけ|一部の\s?gpu|バラで",
        "ko": (
            r"서버[^.?!]{0,8}통째로|통째로만|gpu\s?(?:[0-9]+\s?장)?만 따로|[0-9]+\s?장만 따로|"
            r"일부 gpu만|서버\s?일부만|일부만\s?(?:빌|대여|임대)|서버\s?절반|"
            r"반만\s?(?:빌|대여|임대)"
        ),
        "es": (
            r"\b(?:el|como|un) servidor (?:entero|completo)|\bla mitad del servidor|"
            r"\bmedio servidor|"
            r"\bs[oó]lo (?:[0-9]|dos|tres|cuatro) gpus|"
            r"\bgpus? sueltas?|\bpor gpu (?:suelta|individual)|"
            r"\bs[oó]lo [0-9] de las [0-9] gpus|\bno (?:el|todo el) servidor (?:entero|completo)?"
        ),
        "pt-BR": (
            r"\b(?:o|como|um) servidor (?:inteiro|completo)|\bmetade do servidor|"
            r"\bmeio servidor|"
            r"\bs[oó] (?:[0-9]|duas|três|quatro) gpus|"
            r"\bgpus? avulsas?|\bpor gpu (?:avulsa|individual)"
        ),
        "de": (
            r"\bden ganzen server|\bdes ganzen servers|\bdie hälfte (?:des|eines) servers|"
            r"\bhalben (?:[a-z0-9]+-)?server|\bkomplett(?:en)? server|"
            r"\bnur (?:[0-9]|zwei|drei|vier)(?: von (?:den )?(?:8|acht))? gpus|"
            r"\b(?:[0-9]|zwei|drei|vier) von (?:den )?(?:8|acht) gpus"
        ),
        "fr": (
            r"\b(?:le|du) serveur (?:entier|complet)|\bla moitié (?:du|d'un) serveur|"
            r"\bdemi-serveur|\b(?:juste|seulement|que) (?:[0-9]|deux|trois|"
            r"quatre) gpus?"
        ),
    },
    Concept.DIFFERENCE: {
        "en": (
            r"\bdifference|\bdiffer\b|\bdifferent\b|\bvs\.?\b|\bversus\b|\bcompared to\b|"
            r"\bsame as\b"
        ),
        "zh-Hans": r"区别|差别|不同|差异|一样吗|有何不同",
        "zh-Hant": r"區別|差別|不同|差異|一樣嗎|有何不同",
        "ru": r"\bразниц|\bотлича|\bотличи",
        "ja": r"違い|差|異なる|同じ",
        "ko": r"차이|다른가|다른 점|같은가|뭐가 (?:다르|달라)|어떻게 (?:다르|달라)|다른가요|달라요",
        "es": r"\bdiferencia|\bdistint",
        "pt-BR": r"\bdiferença|\bdiferente",
        "de": r"\bunterschied|\bunterscheid",
        "fr": r"\bdifférence|\bdiffère",
    },
    Concept.REFUND: {
        # the money given back, however the verb is put ("nos devuelven el dinero", "钱能退吗")
        "en": (
            r"\brefund|\bmoney back|\breimburse|\bchargeback|\bget (?:my|our) money|"
            r"\breturn (?:the |our |my )?money"
        ),
        "zh-Hans": r"退款|退钱|退费|返还|钱能退|钱可以退|把钱退|退回|退还",
        "zh-Hant": r"退款|退錢|退費|返還|錢能退|錢可以退|把錢退|退回|退還",
        "ru": (
            r"\bвозврат|\bвозвращ\w*[^.?!]{0,16}\bденьг|\bверн\w*[^.?!]{0,16}\bденьг|"
            r"\bденьг\w*[^.?!]{0,16}\b(?:верн|возвра)"
        ),
        "ja": r"返金|払い戻し|お金[^。？?]{0,4}(?:返|戻)",
        "ko": r"환불|돈[^.?？]{0,3}돌려",
        "es": (
            r"\breembols|\bdevolución del dinero|\bdevoluci[oó]n|"
            r"\b(?:devolv|devuelv|recuper)\w*[^.?!]{0,12}\b(?:dinero|plata|lana|pasta)"
        ),
        "pt-BR": (
            r"\breembols|\bdevolução do dinheiro|\bdinheiro de volta|\bestorno|"
            r"\b(?:devolv|recuper)\w*[^.?!]{0,12}\bdinheiro"
        ),
        "de": r"\brückerstatt|\bgeld zurück|\berstatt|\bgeld wieder",
        "fr": r"\brembours|\brécup[eéè]r\w*[^.?!]{0,12}\bargent|\brend\w* (?:l'|notre |mon )argent",
    },
    Concept.OS_IMAGE: {
        "en": (
            r"\boperating system|\b(?:which|what|the|an?) os\b|\bos (?:image|version|install)|"
            r"\bubuntu|\bdebian|\bcentos|\brocky linux|\bred hat|\brhel\b|\bwindows|"
            r"\bmy own image|\bcustom image|\bown iso|\biso\b|\bos image|\bwhich image|"
            r"\bwhat image|\bbase image"
        ),
        "zh-Hans": r"操作系统|系统镜像|镜像|ubuntu|自定义系统|装系统|重装系统",
        "zh-Hant": r"作業系統|系統映像|映像檔|ubuntu|自訂系統|重灌",
        "ru": r"\bоперационн\w* систем|\bос\b|\bобраз|\bubuntu|\bубунту",
        "ja": (
            r"(?<![a-zà-ÿ])os\s?(?:は|の|を|が|って|イメージ)|(?:どの|何の)\s?os|"
            r"オペレーティングシステム|イメージ|ubuntu|独自イメージ"
        ),
        "ko": r"운영체제|(?<![a-zà-ÿ])os\s?(?:는|가|를|은|이미지|버전)|이미지|우분투|ubuntu",
        "es": (
            r"\bsistema operativo|\bimagen propia|\bmi propia imagen|\bubuntu|\bimagen del sistema"
        ),
        "pt-BR": (
            r"\bsistema operacional|\bimagem própria|\bminha própria imagem|\bubuntu|"
            r"\bimagem do sistema"
        ),
        "de": (
            r"\bbetriebssystem|\beigenes image|\beigene iso|\bubuntu|\bos-image|"
            r"\bwelches os\b|\beigenes? (?:os|system)-?image"
        ),
        "fr": (
            r"\bsystème d'exploitation|\bmon propre image|\bma propre image|\bubuntu|"
            r"\bimage système|\bimage os|\bquel os\b|\bl'os\b|\bnotre propre image|"
            r"\bpropre image"
        ),
    },
    Concept.ROOT: {
        "en": (
            r"\broot\b|\bsudo\b|\badmin (?:access|rights)|\bfull access|\bssh access|"
            r"\bbare[- ]metal access"
        ),
        "zh-Hans": r"root|管理员权限|sudo|完全控制",
        "zh-Hant": r"root|管理員權限|sudo|完全控制",
        "ru": r"\broot|\bрут|\bсуперпользоват|\bправа администратор|\bsudo",
        "ja": r"root|ルート権限|管理者権限|sudo",
        "ko": r"root|루트 ?(?:권한|접속|계정|접근)|관리자 ?권한|sudo",
        "es": r"\broot\b|\bacceso root|\bpermisos de administrador|\bsudo",
        "pt-BR": r"\broot\b|\bacesso root|\bacesso de administrador|\bsudo",
        "de": r"\broot\b|\broot-zugriff|\broot-rechte|\badmin-rechte|\bsudo",
        "fr": r"\broot\b|\baccès root|\bdroits administrateur|\bsudo",
    },
    Concept.CALCULATOR: {
        "en": (
            r"\bcalculator|\bestimator|\bsimulator|\bcost tool|\bpricing tool|\bdocumentation|"
            # ("sorry if this is in the docs" asks for no docs)
            # (nor the customer's own: "a RAG bot over our docs", "their docs", "internal docs")
            r"(?<!in the )(?<!in your )(?<!\bour )(?<!\btheir )(?<!\bmy )(?<!internal )"
            r"(?<!company )"
            # (nor documents counted: "RAG over 2M docs", "2M de docs", "millions of docs")
            r"(?<![0-9] )(?<![0-9]k )(?<![0-9]m )(?<![0-9])(?<!\bde )(?<!\bof )"
            r"\bdocs?\b(?! of)|\bdocs (?:page|link)|\bguide\b"
        ),
        # (a company's 文档 / 문서 are its documents, not ours: "公司文档做 RAG", "사내 문서")
        "zh-Hans": (
            r"计算器|试算|估算工具|文档(?:链接|地址|在哪)|说明文档|使用文档|官方文档|技术文档|教程"
        ),
        "zh-Hant": r"計算機|計算器|試算|估算工具|文件連結|說明文件|教學",
        "ru": r"\bкалькулятор|\bдокументац|\bинструкц",
        "ja": r"計算ツール|シミュレーター|料金計算|計算機|ドキュメント|マニュアル",
        "ko": r"계산기|시뮬레이터|(?:기술|사용|공식|설명) ?문서|문서 ?(?:링크|페이지)|가이드",
        "es": r"\bcalculadora|\bsimulador|\bdocumentación|\bdocumentacion",
        "pt-BR": r"\bcalculadora|\bsimulador|\bdocumentação|\bdocumentacao",
        "de": r"\brechner|kostenrechner|preisrechner|\bkalkulator|\bdokumentation|\bdoku\b",
        "fr": r"\bcalculateur|\bcalculatrice|\bsimulateur|\bdocumentation",
    },
}
