"""Words of questions about GPUs: specs, models, software, formats, porting, comparisons."""

from __future__ import annotations

from bot.understand.topics.concepts import Concept

# concept -> language -> one regular expression (lower case)
GPU_WORDS: dict[Concept, dict[str, str]] = {
    Concept.BETTER_THAN: {
        "en": r"\bbetter than\b|\bsuperior to\b|\bfaster than\b",
        "zh-Hans": r"比\s?\S{1,12}\s?(?:更好|好|强|更强|优秀|更优)",
        "zh-Hant": r"比\s?\S{1,12}\s?(?:更好|好|強|更強|優秀|更優)",
        "ru": r"\bлучше,? чем\b|\bлучше\b.{0,20}\bчем\b",
        "ja": r"より\s?(?:優れ|良い|いい|上|速い)",
        "ko": r"보다\s?(?:더\s?)?(?:좋|낫|우수|빠르)",
        "es": r"\bmejor que\b|\bsuperior a\b",
        "pt-BR": r"\bmelhor (?:do )?que\b|\bsuperior (?:a|ao)\b",
        "de": r"\bbesser als\b|\bschneller als\b",
        "fr": r"\bmeilleure? que\b|\bmieux que\b|\bsupérieure? (?:à|au)\b",
    },
    Concept.BETTER: {
        "en": r"\bbetter\b|\bbest\b|\bsuited\b|\bsuitable\b",
        "zh-Hans": r"更好|适合|哪款|哪个好|更适合",
        "zh-Hant": r"更好|適合|哪款|哪個好|更適合",
        "ru": r"\bлучше\b|\bподходит\b|\bподойд",
        "ja": r"向いて|適して|良い|いい|どちら",
        "ko": r"적합|좋은|나은|어느 쪽",
        "es": r"\bmejor\b|\badecuad",
        "pt-BR": r"\bmelhor\b|\badequad",
        "de": r"\bbesser\b|\bgeeignet",
        "fr": r"\bmeilleure?\b|\bmieux\b|\badapté",
    },
    Concept.RUN: {
        "en": r"\brun|\bfit|\bwork|\bhold|\bserve\b|\bload\b",
        "zh-Hans": r"运行|跑|装下|装得下|放得下|部署|能用",
        "zh-Hant": r"執行|運行|跑|裝下|裝得下|放得下|部署",
        "ru": r"\bзапуст|\bвлез|\bпомест|\bработа|\bпойд",
        "ja": r"動|載|乗|収ま",
        "ko": r"돌릴|돌아|실행|올릴|구동|들어가",
        "es": r"\bfuncion|\bcorrer|\bcorre\b|\bejecutar|\bcabe",
        "pt-BR": r"\brodar|\broda\b|\bcaber|\bcabe\b|\bfunciona",
        "de": r"\bläuft|\blaufen|\bpasst|\bbetreiben",
        "fr": r"\btourner|\btourne\b|\btient\b|\bfonctionne|\bfaire tourner",
    },
    Concept.ONE: {
        "en": r"\bsingle\b|\bone\b|\b1\s?x?\b|\bjust one\b|\bonly one\b|\ba h200\b|\ban h200\b",
        "zh-Hans": r"单张|单卡|一张|单块|一块|只租一|1张|1 张|单个",
        "zh-Hant": r"單張|單卡|一張|單塊|一塊|1張|1 張|單個",
        "ru": r"\bодн(?:ой|у|а|им)\b|\bодин\b|\bединственн|\bотдельн",
        "ja": r"1 枚|1枚|一枚|単体|1基|1 基|一台|1台",
        "ko": r"한 장|1장|한장|하나|단일|1 장",
        "es": r"\buna sola\b|\bun solo\b|\buna única\b|\bindividual|\buna\b",
        "pt-BR": r"\buma única\b|\bum único\b|\buma só\b|\bsó uma\b|\bavuls|\buma\b",
        "de": r"\beinzig|\beinzeln|\beiner\b|\beine\b|\bnur eine",
        "fr": r"\bun seul\b|\bune seule\b|\bindividuel|\bun\b|\bune\b",
    },
    Concept.CODE_CHANGE: {
        "en": (
            r"\bchange (?:my |our |the )?code|\bcode changes?\b|\bmodify (?:my |our )?code|"
            r"\brewrite|\bporting\b|\bchange anything\b"
        ),
        "zh-Hans": r"修改代码|改代码|代码改动|改动代码|代码修改|移植|重写",
        "zh-Hant": r"修改程式碼|改程式碼|修改程式|改程式|修改代碼|移植|重寫",
        "ru": r"\bмен(?:ять|ять ли) код|\bизмен\w* код|\bпереписыв|\bпортиров|\bправить код",
        "ja": r"コードの変更|コードを変更|コード変更|書き換え|移植|コードを修正",
        "ko": r"코드를 수정|코드 수정|코드를 바꿔|코드 변경|포팅|코드를 변경",
        "es": (
            r"\bcambiar (?:mi |el |nuestro )?código|\bmodificar (?:mi |el )?código|\bportar|"
            r"\breescribir"
        ),
        "pt-BR": (
            r"\bmudar (?:o |meu |nosso )?código|\balterar (?:o |meu )?código|"
            r"\bmodificar (?:o |meu )?código|\bportar|\breescrever"
        ),
        "de": r"\bcode (?:ändern|anpassen|umschreiben)|\bportieren|\bumschreiben",
        "fr": (
            r"\bmodifier (?:mon |le |notre )?code|\bchanger (?:mon |le )?code|\bréécrire|"
            r"\bporter (?:mon |le )?code"
        ),
    },
    Concept.MIGRATE: {
        "en": r"\bmove\b|\bmoving\b|\bmigrat|\bswitch|\bgo from\b|\bfrom h200\b|\bport\b",
        "zh-Hans": r"迁移|转到|换到|切换",
        "zh-Hant": r"遷移|轉到|換到|切換",
        "ru": r"\bпереход|\bперейти|\bпереезд|\bмиграц|\bперенос",
        "ja": r"移行|乗り換え|移す",
        "ko": r"옮기|이전|마이그레이션|전환|넘어가",
        "es": r"\bpasar de\b|\bmigrar|\bcambiar de\b|\bmudarme",
        "pt-BR": r"\bmigrar|\bmudar de\b|\bpassar de\b|\bmigração",
        "de": r"\bumsteigen|\bwechseln|\bmigrieren|\bumzug|\bumstieg",
        "fr": r"\bpasser (?:du|de)\b|\bmigrer|\bmigration|\bbasculer",
    },
    Concept.DEEPSEEK: {
        "en": r"\bdeepseek",
        "zh-Hans": r"深度求索",
        "zh-Hant": r"深度求索",
        "ru": r"\bдипсик",
        "ja": r"ディープシーク",
        "ko": r"딥시크",
        "es": r"",
        "pt-BR": r"",
        "de": r"",
        "fr": r"",
    },
    Concept.MODEL_CLASS: {
        "en": r"-class\b|\bclass\b|\blevel\b|\bsized\b|\blike deepseek",
        "zh-Hans": r"级|类|这种规模|这类",
        "zh-Hant": r"級|類|這種規模|這類",
        "ru": r"\bуровня\b|\bкласса\b|\bмасштаба\b|\bтипа\b",
        "ja": r"クラス|級|規模",
        "ko": r"급|수준|규모",
        "es": r"\bclase\b|\btamaño\b|\bnivel\b|\btipo\b",
        "pt-BR": r"\bclasse\b|\bporte\b|\bnível\b|\btipo\b",
        "de": r"-klasse\b|\bklasse\b|\bgröße\b|\bart\b",
        "fr": r"\bclasse\b|\btaille\b|\bgenre\b|\btype\b",
    },
    Concept.BEST_FOR: {
        "en": r"\bbetter for\b|\bbest for\b|\bsuited for\b|\bfor deepseek\b",
        "zh-Hans": r"适合|更适合",
        "zh-Hant": r"適合|更適合",
        "ru": r"\bлучше для\b|\bподходит для\b|\bдля моделей\b",
        "ja": r"向いて|適して|に最適",
        "ko": r"적합|에 좋은",
        "es": r"\bmejor para\b|\badecuad|\bpara modelos\b",
        "pt-BR": r"\bmelhor para\b|\badequad|\bpara modelos\b",
        "de": r"\bbesser für\b|\bgeeignet|\bfür modelle\b",
        "fr": r"\bmieux pour\b|\badapté|\bpour les modèles\b",
    },
    Concept.SPECS: {
        "en": (
            r"\bspecs?\b|\bspecifications?\b|\bdatasheet|\btell me about\b|\bdetails about\b|"
            r"\binfo on\b|\bwhat is the\b"
        ),
        "zh-Hans": r"规格|参数|介绍|配置是什么|是什么",
        "zh-Hant": r"規格|參數|介紹|是什麼",
        "ru": r"\bхарактеристик|\bспецификац|\bпараметр|\bрасскаж",
        "ja": r"スペック|仕様|について教えて",
        "ko": r"사양|스펙|알려줘|알려 주세요|소개",
        "es": (
            r"\bespecificaciones|\bficha técnica|\bcaracterísticas|\bcuéntame|"
            r"\bqué es (?:exactamente )?(?:la|el)\b|\buna ficha\b"
        ),
        "pt-BR": (
            r"\bespecificações|\bespecificacoes|\bficha técnica|\bcaracterísticas|"
            r"\bo que é (?:exatamente )?(?:a|o)\b|\buma ficha\b"
        ),
        "de": (
            r"\btechnische daten|\bdatenblatt|\bspezifikation|\beckdaten|\berzähl mir|"
            r"\bwas ist (?:eigentlich |genau )?(?:die|das|der)\b|\bsteckbrief"
        ),
        "fr": (
            r"\bcaractéristiques|\bspécifications|\bfiche technique|\bparle-moi|"
            r"\bc'est quoi (?:exactement )?(?:la|le|cette|ce)\b|\bune fiche\b|"
            r"\bqu'est-ce que (?:c'est que )?(?:la|le)\b"
        ),
    },
    Concept.BANDWIDTH: {
        "en": r"\bbandwidth|\btb/s",
        "zh-Hans": r"带宽",
        "zh-Hant": r"帶寬|頻寬",
        "ru": r"\bпропускн",
        "ja": r"帯域",
        "ko": r"대역폭",
        "es": r"\bancho de banda",
        "pt-BR": r"\blargura de banda",
        "de": r"\bbandbreite|\bspeicherbandbreite",
        "fr": r"\bbande passante",
    },
    Concept.MEMORY: {
        "en": r"\bmemory\b|\bvram\b|\bhbm|\bgb\b",
        "zh-Hans": r"显存|内存",
        "zh-Hant": r"顯存|記憶體|內存",
        "ru": r"\bпамят|\bвидеопамят",
        "ja": r"メモリ",
        "ko": r"메모리",
        "es": r"\bmemoria|\bvram\b",
        "pt-BR": r"\bmemória|\bmemoria|\bvram\b",
        "de": r"\bspeicher|\bvram\b",
        "fr": r"\bmémoire|\bvram\b",
    },
    Concept.POWER: {
        "en": r"\bpower\b|\btdp\b|\bwatts?\b|\benergy",
        "zh-Hans": r"功耗|功率|耗电",
        "zh-Hant": r"功耗|功率|耗電",
        "ru": r"\bпотреблен|\bмощност|\bэнерг",
        "ja": r"消費電力|電力",
        "ko": r"소비 전력|전력|소비전력",
        "es": r"\bconsumo|\bpotencia\b",
        "pt-BR": r"\bconsumo|\bpotência\b",
        "de": r"\bleistungsaufnahme|\bstromverbrauch|\bverbrauch",
        "fr": r"\bconsommation|\bpuissance électrique",
    },
    Concept.COMPUTE: {
        "en": r"\btflops|\bpflops|\bflops|\bcompute\b|\bperformance\b",
        "zh-Hans": r"算力|性能",
        "zh-Hant": r"算力|效能|性能",
        "ru": r"\bпроизводительн|\bфлопс|\bвычислит",
        "ja": r"演算性能|性能",
        "ko": r"성능|연산",
        "es": r"\brendimiento|\bpotencia de cálculo",
        "pt-BR": r"\bdesempenho|\bpoder de computação",
        "de": r"\brechenleistung|\bleistung\b",
        "fr": r"\bpuissance de calcul|\bperformances?\b",
    },
    Concept.INTERCONNECT: {
        "en": r"\binterconnect|\bnvlink|\binfinity fabric|\bconnected\b",
        "zh-Hans": r"互联",
        "zh-Hant": r"互連|互聯",
        "ru": r"\bинтерконнект|\bсоединен",
        "ja": r"インターコネクト|相互接続",
        "ko": r"인터커넥트|연결 방식",
        "es": r"\binterconexi",
        "pt-BR": r"\binterconex",
        "de": r"\binterconnect|\bverbunden|\bverbindung",
        "fr": r"\binterconnexion",
    },
    Concept.FORM_FACTOR: {
        "en": r"\bform factor|\bliquid|\bcooling|\bcooled\b|\boam\b|\bsxm\b",
        "zh-Hans": r"液冷|风冷|散热|外形",
        "zh-Hant": r"液冷|氣冷|散熱|外形",
        "ru": r"\bжидкост|\bохлажд|\bформ-фактор",
        "ja": r"液冷|冷却|水冷",
        "ko": r"수랭|액체|냉각|폼팩터",
        "es": r"\brefrigera|\blíquid",
        "pt-BR": r"\bresfria|\blíquid|\brefrigera",
        "de": r"\bkühl|\bflüssig|\bformfaktor",
        "fr": r"\brefroidi|\bliquide",
    },
    Concept.ARCHITECTURE: {
        "en": r"\barchitecture",
        "zh-Hans": r"架构",
        "zh-Hant": r"架構",
        "ru": r"\bархитектур",
        "ja": r"アーキテクチャ",
        "ko": r"아키텍처",
        "es": r"\barquitectura",
        "pt-BR": r"\barquitetura",
        "de": r"\barchitektur",
        "fr": r"\barchitecture",
    },
    Concept.MODEL: {
        "en": r"\bmodels?\b|\bllm\b",
        "zh-Hans": r"模型|大模型",
        "zh-Hant": r"模型",
        "ru": r"\bмодел",
        "ja": r"モデル",
        "ko": r"모델",
        "es": r"\bmodelos?\b",
        "pt-BR": r"\bmodelos?\b",
        "de": r"\bmodell",
        "fr": r"\bmodèles?\b",
    },
    Concept.ROCM: {"en": r"(?<![a-z])rocm"},  # a product name, the same in every language
    Concept.IMAGE: {
        # (what comes installed: "Ist ROCm vorinstalliert?")
        "en": r"\bimage|\bdocker|\bcontainer|\btemplate|\benvironment|\bpre-?installed",
        "zh-Hans": r"镜像|容器|环境|预装",
        "zh-Hant": r"映像|鏡像|容器|環境|預裝",
        "ru": r"\bобраз|\bконтейнер|\bокружен|\bсред|\bпредустановлен",
        "ja": r"イメージ|コンテナ|環境|プリインストール",
        "ko": r"이미지|컨테이너|환경|사전 설치|기본 설치",
        "es": r"\bimagen|\bcontenedor|\bentorno|\bpreinstalad",
        "pt-BR": r"\bimagem|\bcontêiner|\bambiente|\bpré-?instalad|\bpreinstalad",
        "de": r"\bimage|\bcontainer|\bumgebung|\bvorinstalliert",
        "fr": r"\bimage|\bconteneur|\benvironnement|\bpré-?install",
    },
    Concept.SOFTWARE: {
        # (what comes installed is the software too: "vorinstalliert", "preinstalled")
        "en": r"\bsoftware|\bstack\b|\bframeworks?\b|\blibrar|\bpre-?installed",
        "zh-Hans": r"软件|框架|软件栈|预装",
        "zh-Hant": r"軟體|框架|軟件|預裝|預先安裝",
        "ru": r"\bсофт|\bпрограмм|\bфреймворк|\bбиблиотек|\bпредустановлен",
        "ja": r"ソフトウェア|ソフト|フレームワーク|ライブラリ|プリインストール",
        "ko": r"소프트웨어|프레임워크|라이브러리|사전 설치|기본 설치",
        "es": r"\bsoftware|\bprogramas|\bframeworks?\b|\bpreinstalad",
        "pt-BR": r"\bsoftware|\bprogramas|\bframeworks?\b|\bpré-?instalad|\bpreinstalad",
        "de": r"\bsoftware|\bframeworks?\b|\bbibliothek|\bvorinstalliert",
        "fr": r"\blogiciels?|\bframeworks?\b|\bbibliothèque|\bpré-?install",
    },
    Concept.SUPPORT: {
        "en": r"\bsupports?\b|\bnatively\b|\bnative\b|\bhandle",
        "zh-Hans": r"支持|原生",
        "zh-Hant": r"支援|支持|原生",
        "ru": r"\bподдерж|\bнативн",
        "ja": r"対応|ネイティブ|サポート",
        "ko": r"지원|네이티브",
        "es": r"\badmite|\bsoporta|\bcompatible|\bnativ",
        "pt-BR": r"\bsuporta|\bnativ|\bcompatível",
        "de": r"\bunterstütz|\bnativ",
        "fr": r"\bprend(?:-il|-elle)? en charge|\bsupporte|\bnati",
    },
    Concept.FORMATS: {
        "en": r"\bformats?\b|\bprecisions?\b|\bdata types?\b",
        "zh-Hans": r"格式|精度",
        "zh-Hant": r"格式|精度",
        "ru": r"\bформат|\bточност",
        "ja": r"フォーマット|精度|データ型",
        "ko": r"형식|포맷|정밀도",
        "es": r"\bformatos?\b|\bprecisión",
        "pt-BR": r"\bformatos?\b|\bprecisão",
        "de": r"\bzahlenformat|\bformate?\b",
        "fr": r"\bformats?\b|\bprécision",
    },
}
