"""The kinds of phrasing fresh customer text showed the parser missing, each in many languages.

Cheaper levers said otherwise; CUDA put as a condition or implied by the team's own kernels;
rental terms in years and whole years; fleets of single H200 machines beside servers; models
the engine does not size; hardware we do not rent; salutations and the customer's own sales
team; the figure asked; concurrency with a classifier or a slang noun; budgets in local
notation; refunds, interconnect and help said plainly; head counts of a company. Every
example here is written for the test (none is a line of a blind set).
"""

from __future__ import annotations

import pytest

from bot.understand import parse_message, parsed_to_json

QWEN = "Qwen/Qwen3-32B"
LLAMA = "meta-llama/Llama-3.3-70B-Instruct"


def _read(text, language):
    return parsed_to_json(parse_message(text, telegram_language=language))


def _has(found, fields):
    return {key: found.get(key) for key in fields} == fields


CHEAPER = [
    ("any cheaper way?", "en"),
    ("anything more budget-friendly?", "en"),
    ("can we pay less?", "en"),
    ("もっと手頃なプランは？", "ja"),
    ("저렴한 구성은 없나요?", "ko"),
    ("有比較便宜的選擇嗎？", "zh-Hant"),
    ("能省点钱吗", "zh-Hans"),
    ("а дешевле никак?", "ru"),
    ("geht das auch preisgünstiger?", "de"),
    ("une option plus abordable ?", "fr"),
    ("dá pra pagar menos?", "pt-BR"),
    ("¿hay algo más asequible?", "es"),
    ("can we get the monthly cost down a bit?", "en"),
    ("비용을 조금 낮출 수 있나요?", "ko"),
    ("anything lighter on the budget?", "en"),
    ("可以压低一些费用吗？", "zh-Hans"),
]


@pytest.mark.parametrize(("text", "language"), CHEAPER)
def test_cheaper_said_otherwise_is_the_cheaper_lever(text, language):
    """A lower price asked in other words is the cheaper lever, a follow-up, no billing topic."""
    found = _read(text, language)
    assert _has(found, {"intent": "followup", "lever": "cheaper", "topic": None})


@pytest.mark.parametrize(
    "text",
    ["Llama 3.3 70B for less than $5000 a month", "gpt-oss-120b por menos de 4000 dólares al mes"],
)
def test_a_budget_ceiling_is_no_lever(text):
    """A ceiling ("for less than $5000") is a budget, not a request for something cheaper."""
    assert _read(text, None).get("lever") is None


CUDA_IF = [
    ("and what if we are locked into CUDA?", "en"),
    ("what if it must be CUDA?", "en"),
    ("要是只能用 CUDA 的话呢？", "zh-Hans"),
    ("а если только CUDA?", "ru"),
    ("CUDA必須だったら？", "ja"),
    ("もしCUDAしか使えないなら？", "ja"),
    ("쿠다만 된다면?", "ko"),
    ("¿y si solo podemos usar CUDA?", "es"),
    ("e se tiver que ser CUDA?", "pt-BR"),
    ("was wäre, wenn wir auf CUDA angewiesen sind?", "de"),
    ("et si on doit rester sur CUDA ?", "fr"),
    ("suppose we can't drop CUDA?", "en"),
    ("а если мы привязаны к CUDA намертво?", "ru"),
    ("und falls wir auf CUDA festgelegt wären?", "de"),
    ("et si on devait rester en CUDA ?", "fr"),
    ("what if management insists on NVIDIA?", "en"),
    ("¿y si la empresa exige CUDA?", "es"),
]


@pytest.mark.parametrize(("text", "language"), CUDA_IF)
def test_cuda_as_a_condition_is_a_follow_up(text, language):
    """CUDA put as a condition, with no model, changes the plan on the table."""
    found = _read(text, language)
    assert _has(found, {"intent": "followup", "cuda_only": True, "model": None, "topic": None})


def test_a_question_about_the_stack_stays_a_question():
    """A longer question about software beside the condition is still the software card."""
    found = _read(
        "what if we only use CUDA, which driver version do you ship on the servers?", "en"
    )
    assert found["intent"] == "knowledge"


STACKS = [
    ("Our team wrote custom CUDA kernels. Qwen3 32B for 20 users", "en", True),
    ("我们有自研的 CUDA 内核，Qwen3 32B，并发 20", "zh-Hans", True),
    ("我們有自己寫的 CUDA kernel，要跑 Qwen3 32B", "zh-Hant", True),
    ("自社製のCUDAカーネルを使っています。Qwen3 32Bを20ユーザーで", "ja", True),
    ("자체 CUDA 커널을 씁니다. Qwen3 32B 동시 20명", "ko", True),
    ("Tenemos kernels CUDA propios. Qwen3 32B para 20 usuarios", "es", True),
    ("Usamos nossos próprios kernels CUDA. Qwen3 32B para 20 usuários", "pt-BR", True),
    ("Wir nutzen selbst geschriebene CUDA-Kernel. Qwen3 32B für 20 Nutzer", "de", True),
    ("Nous avons nos propres noyaux CUDA. Qwen3 32B pour 20 utilisateurs", "fr", True),
    ("AMD is out. Qwen3 32B, 20 users", "en", True),
    ("AMD fällt weg. Qwen3 32B, 20 Nutzer", "de", True),
    ("AMD está fora. Qwen3 32B, 20 usuários", "pt-BR", True),
    ("我們全部都已經跑在 ROCm 上了，Qwen3 32B", "zh-Hant", False),
    ("저희는 이미 전부 ROCm에서 돌리고 있어요. Qwen3 32B", "ko", False),
    ("we already run everything on ROCm; Qwen3 32B for 20 users", "en", False),
    ("on tourne déjà tout sous ROCm, Qwen3 32B", "fr", False),
    ("мы уже всё гоняем на ROCm, Qwen3 32B", "ru", False),
    ("もう全部ROCmで動かしています。Qwen3 32B", "ja", False),
    ("we already tried ROCm and it was painful. Qwen3 32B", "en", None),
    ("Can we port our CUDA kernels to ROCm? Qwen3 32B 20 users", "en", None),
]


@pytest.mark.parametrize(("text", "language", "cuda_only"), STACKS)
def test_the_stack_a_team_runs_says_whether_cuda_is_needed(text, language, cuda_only):
    """Own CUDA kernels or AMD ruled out need CUDA; already on ROCm accepts it; tried says none."""
    found = _read(text, language)
    assert found["model"] == QWEN
    assert found.get("cuda_only") is cuda_only


TERMS = [
    ("and for a whole year?", "en", 12),
    ("for two years?", "en", 24),
    ("租一整年呢？", "zh-Hans", 12),
    ("租两年多少钱", "zh-Hans", 24),
    ("2年間借りたら？", "ja", 24),
    ("2년이면요?", "ko", 24),
    ("а за 3 месяца?", "ru", 3),
    ("на два года?", "ru", 24),
    ("por dois anos?", "pt-BR", 24),
    ("und für ein volles Jahr?", "de", 12),
    ("sur deux ans ?", "fr", 24),
    ("¿y un año completo?", "es", 12),
]


@pytest.mark.parametrize(("text", "language", "months"), TERMS)
def test_whole_years_and_years_counted_are_terms(text, language, months):
    """A whole year, years counted and "за N месяцев" asked of a plan are months of rent."""
    found = _read(text, language)
    assert _has(found, {"intent": "followup", "months": months})


@pytest.mark.parametrize(
    ("text", "language"),
    [("1年契約だと？", "ja"), ("1년 약정이면요?", "ko"), ("1年契約の場合はいくら？", "ja")],
)
def test_a_contract_term_asked_alone_is_priced(text, language):
    """A term with a contract word but no discount asked is the plan for that term."""
    assert _has(_read(text, language), {"intent": "followup", "months": 12})


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("дообучить модель за 3 месяца", "ru"),
        ("in 2 years we will need more", "en"),
        ("we have been in business for 10 years", "en"),
    ],
)
def test_a_deadline_or_a_long_past_is_no_term(text, language):
    """Work to finish "за 3 месяца", "in 2 years", ten years of business: no months of rent."""
    assert "months" not in _read(text, language)


FLEETS = [
    ("2 standalone H200s and one HGX H200, monthly total?", "en", {"h200-1x": 2, "h200-8x": 1}),
    ("3 台单卡 H200 加 1 台 HGX H200，每月合计多少？", "zh-Hans", {"h200-1x": 3, "h200-8x": 1}),
    (
        "2 部單卡 H200 和 1 台 MI355X 伺服器，月費總共多少？",
        "zh-Hant",
        {"h200-1x": 2, "mi355x-8x": 1},
    ),
    ("H200単体を3台とHGX H200サーバー1台、月額いくら？", "ja", {"h200-1x": 3, "h200-8x": 1}),
    ("単体H200を2台とMI355Xサーバーを1台", "ja", {"h200-1x": 2, "mi355x-8x": 1}),
    ("단일 H200 2대와 MI355X 서버 1대 월 비용은?", "ko", {"h200-1x": 2, "mi355x-8x": 1}),
    ("H200 단일 VM 2대랑 HGX H200 한 대", "ko", {"h200-1x": 2, "h200-8x": 1}),
    ("две отдельные H200 плюс сервер HGX H200, итого в месяц?", "ru", {"h200-1x": 2, "h200-8x": 1}),
    (
        "dos H200 individuales más un servidor MI355X, ¿total mensual?",
        "es",
        {"h200-1x": 2, "mi355x-8x": 1},
    ),
    (
        "2 H200 avulsas e 1 servidor MI355X, quanto por mês?",
        "pt-BR",
        {"h200-1x": 2, "mi355x-8x": 1},
    ),
    (
        "3 einzelne H200 und ein MI355X-Server, was kostet das monatlich?",
        "de",
        {"h200-1x": 3, "mi355x-8x": 1},
    ),
    ("deux VM H200 individuelles et un serveur HGX H200", "fr", {"h200-1x": 2, "h200-8x": 1}),
]


@pytest.mark.parametrize(("text", "language", "plans"), FLEETS)
def test_single_machines_beside_servers_are_a_fleet_to_price(text, language, plans):
    """Single H200 machines named by any word beside servers: each plan counted, a price."""
    assert _has(_read(text, language), {"intent": "price", "plan_counts": plans})


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("2 MI355X servers vs 1 HGX H200, which is better value?", "compare"),
        (
            "what is the difference between a single H200 and one GPU of the HGX server?",
            "knowledge",
        ),
    ],
)
def test_plans_compared_or_told_apart_stay_so(text, intent):
    """Plans counted to compare them, or the single plan against the HGX, are not a fleet."""
    assert _read(text, "en")["intent"] == intent


KINDS = [
    ("we need to embed 10M chunks with e5-mistral, what GPU?", "en", "embedding"),
    ("can you size a bge-reranker-large deployment for 200 QPS?", "en", "reranker"),
    ("我们要用 bge-m3 做向量化，每天 500 万条文本，能帮忙算一下配置吗？", "zh-Hans", "embedding"),
    ("想部署 Whisper 語音轉文字，每天 1000 小時，要哪種 GPU？", "zh-Hant", "speech"),
    ("Нужен Stable Diffusion XL на 5000 картинок в день, какие GPU нужны?", "ru", "image"),
    ("Whisperで文字起こしをしたい。1日500時間。GPUは何が必要？", "ja", "speech"),
    ("bge-m3 임베딩 서버가 필요해요. 하루 1000만 건, 사이징 가능할까요?", "ko", "embedding"),
    ("¿Pueden dimensionar un servidor para Whisper? 300 horas de audio al día", "es", "speech"),
    (
        "Queremos rodar um reranker (bge-reranker-v2-m3). Quanto custaria por mês?",
        "pt-BR",
        "reranker",
    ),
    ("Könnt ihr FLUX für Bildgenerierung dimensionieren? 10.000 Bilder pro Tag", "de", "image"),
    ("Combien de GPU pour Wan 2.1 en génération vidéo ?", "fr", "video"),
]


@pytest.mark.parametrize(("text", "language", "kind"), KINDS)
def test_models_the_engine_does_not_size_are_sizing_requests(text, language, kind):
    """A model of a kind we do not size is asked to be sized: the pipeline answers its scope."""
    found = _read(text, language)
    assert _has(found, {"intent": "size", "model_kind": kind, "model": None})
    assert "context_tokens" not in found  # "10M chunks" is no context


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("画像生成AIを動かしたいのですが、GPUは何枚？", "ja"),
        ("이미지 생성 모델 서버가 필요해요", "ko"),
    ],
)
def test_image_generation_is_no_os_image_question(text, language):
    """The word image in image generation is the kind's, not a question about the OS image."""
    assert _has(_read(text, language), {"intent": "size", "model_kind": "image", "topic": None})


def test_a_site_question_beside_a_kind_stays_a_site_question():
    """A traffic question about embeddings gets the traffic answer, not a scope answer."""
    found = _read("Is there traffic included? We'd push a lot of embeddings out", "en")
    assert _has(found, {"intent": "knowledge", "topic": "traffic"})


MOVING = [
    ("we currently serve Llama 3.3 70B on 4 A100s; what would we need with you?", "en", "a100"),
    ("我们现在用 4 张 A100 跑 Llama 3.3 70B，换到你们这边要什么配置？", "zh-Hans", "a100"),
    ("目前用 8 張 H100 跑 Llama 3.3 70B，改用你們的要多少錢？", "zh-Hant", "h100"),
    ("今はA100 4枚でLlama 3.3 70Bを動かしています。御社だと何が必要ですか？", "ja", "a100"),
    (
        "지금 H100 8장으로 Llama 3.3 70B를 돌리고 있어요. 귀사로 옮기면 뭐가 필요할까요?",
        "ko",
        "h100",
    ),
    ("Hoy usamos 8 H800 para Llama 3.3 70B, ¿qué necesitaríamos con ustedes?", "es", "h800"),
    ("Wir betreiben Llama 3.3 70B derzeit auf 2 H100. Was bräuchten wir bei euch?", "de", "h100"),
]


@pytest.mark.parametrize(("text", "language", "gpu"), MOVING)
def test_a_model_run_elsewhere_today_is_sized_for_our_plans(text, language, gpu):
    """Their model on hardware we do not rent, asked for here: a sizing, their cards not ours."""
    found = _read(text, language)
    assert _has(found, {"intent": "size", "model": LLAMA, "unrented_gpu": gpu, "gpu_count": None})


AGAINST_OURS = [
    ("compared to H100, what's different about your H200?", "en"),
    ("H100と比べてH200はどう違う？", "ja"),
    ("跟 H100 比，你们的 H200 有什么区别？", "zh-Hans"),
    ("H100이랑 비교하면 H200은 뭐가 달라요?", "ko"),
    ("чем ваша H200 отличается от H100?", "ru"),
    ("¿en qué se diferencia su H200 de una H100?", "es"),
    ("Was unterscheidet eure H200 von einer H100?", "de"),
    ("quelle différence entre votre H200 et une H100 ?", "fr"),
    ("qual a diferença da H200 de vocês para a H100?", "pt-BR"),
]


@pytest.mark.parametrize(("text", "language"), AGAINST_OURS)
def test_hardware_we_do_not_rent_against_ours_is_a_comparison(text, language):
    """One GPU of ours told apart from one we do not rent: a comparison of the two."""
    found = _read(text, language)
    assert _has(found, {"intent": "compare", "gpus": ["h200"], "unrented_gpu": "h100"})


NOT_SALES = [
    (
        (
            "Dear FullGPU team, we plan to run Qwen3 32B for 40 concurrent users with 16k "
            "context. What do we need? Regards, Tom"
        ),
        "en",
    ),
    ("our sales team will use it: Qwen3 32B, 30 users at once, 8k context", "en"),
    (
        "您好，FullGPU 团队：我们计划部署 Qwen3 32B，上下文 16K，40 个并发，需要什么配置？",
        "zh-Hans",
    ),
    ("我們業務團隊要用 Qwen3 32B，30 人同時使用，上下文 8K", "zh-Hant"),
    ("Для нашего отдела продаж: Qwen3 32B, 100 одновременных чатов", "ru"),
    ("FullGPU ご担当者様 Qwen3 32BをFP8で同時30ユーザー、コンテキスト32Kで運用したいです。", "ja"),
    ("営業チームで使います。Qwen3 32B、同時40人、コンテキスト8K", "ja"),
    ("FullGPU 담당자님께, Qwen3 32B를 동시 40명, 컨텍스트 16K로 쓰려고 합니다.", "ko"),
    ("저희 영업팀이 쓸 거예요. Qwen3 32B 동시 사용자 30명", "ko"),
    ("Lo usará nuestro equipo comercial: Qwen3 32B, 30 usuarios a la vez", "es"),
    ("Nossa equipe de vendas vai usar: Qwen3 32B com 30 usuários simultâneos", "pt-BR"),
    ("Unser Vertriebsteam nutzt es: Qwen3 32B, 30 gleichzeitige Nutzer", "de"),
    (
        (
            "Madame, Monsieur, nous voulons Qwen3 32B pour 40 utilisateurs simultanés avec 16k "
            "de contexte."
        ),
        "fr",
    ),
    ("Pour notre équipe commerciale : Qwen3 32B, 30 utilisateurs simultanés", "fr"),
]


@pytest.mark.parametrize(("text", "language"), NOT_SALES)
def test_a_salutation_or_our_own_sales_team_asks_for_no_one(text, language):
    """A letter to our staff, or the customer's sales team as the users: a sizing request."""
    assert _has(_read(text, language), {"intent": "size", "model": QWEN})


SALES = [
    ("Qwen3 32B for 50 users, please have sales contact me", "en"),
    ("Qwen3 32Bを検討中です。営業担当の方から連絡をください。", "ja"),
    ("영업팀과 통화하고 싶어요", "ko"),
    ("我想找你们的销售聊聊", "zh-Hans"),
    ("quiero hablar con su equipo de ventas", "es"),
    ("bitte verbinden Sie mich mit Ihrem Vertrieb", "de"),
    ("je voudrais parler à votre équipe commerciale", "fr"),
    ("свяжите меня с вашим отделом продаж", "ru"),
    ("quero falar com a equipe de vendas de vocês", "pt-BR"),
    ("Dear team, please have someone call me about 3 MI355X servers", "en"),
]


@pytest.mark.parametrize(("text", "language"), SALES)
def test_a_request_for_a_salesperson_still_goes_to_sales(text, language):
    """Asking for our sales people, with a salutation or not, is still a request for a person."""
    assert _read(text, language)["intent"] == "sales"


ASKED = [
    ("Llama 3.1 8B를 H200 한 장에 올리면 초당 토큰이 몇 개 정도 나와요?", "ko", "speed"),
    ("Qwen3 32B로 128K 컨텍스트가 KV 캐시에 몇 개 들어가나요?", "ko", "kv"),
    ("gpt-oss-120b 돌리려면 H200 몇 장 필요해요?", "ko", "gpu_count"),
    ("Qwen3 32BをH200 1枚で動かすと、1秒あたり何トークン出ますか？", "ja", "speed"),
    ("Llama 3.1 8Bで128KのコンテキストはKVキャッシュにいくつ入りますか？", "ja", "kv"),
    ("Llama 3.3 70B 用 H200 跑，每秒可以生成幾個 token？", "zh-Hant", "speed"),
    ("租 H200 跑 Qwen3 32B 的話要幾張？", "zh-Hant", "gpu_count"),
    ("跑 DeepSeek R1 要多少台？", "zh-Hans", "gpu_count"),
    ("Llama 3.3 70B 要租幾張 H200？", "zh-Hant", "gpu_count"),
    ("Llama 3.1 8B 在 H200 上，128K 上下文能同时装几个？", "zh-Hans", "kv"),
    ("¿Cuánto nos costaría mensualmente Llama 3.3 70B con 40 usuarios?", "es", "price"),
    ("Quanto vai me custar por mês rodar Llama 3.3 70B?", "pt-BR", "price"),
    ("Ça me coûterait combien par mois, Llama 3.3 70B pour 40 utilisateurs ?", "fr", "price"),
    ("Was würde mich Qwen3 32B für 20 Nutzer im Monat kosten?", "de", "price"),
    ("Wie viele 128k-Kontexte passen mit Llama 3.1 8B in den KV-Cache?", "de", "kv"),
    ("Сколько мне будет стоить в месяц Qwen3 32B на 20 пользователей?", "ru", "price"),
]


@pytest.mark.parametrize(("text", "language", "asked"), ASKED)
def test_the_figure_asked_is_read_by_what_is_counted(text, language, asked):
    """Tokens counted per second are speed, contexts counted are KV, a cost to me is a price."""
    assert _read(text, language)["asked"] == asked


USERS = [
    ("Qwen3 32B，40 个 users 同时在线", "zh-Hans", 40),
    ("Qwen3 32B，大概 30 個 user 同時用", "zh-Hant", 30),
    ("Qwen3 32B, юзеров 25, контекст 32к", "ru", 25),
    ("Qwen3 32B, 16k ctx, 25 concurrnt users", "en", 25),
    ("Qwen3 32B con 20 users simultáneos", "es", 20),
    ("Qwen3 32B com 30 users ao mesmo tempo", "pt-BR", 30),
    ("Qwen3 32B mit 20 parallelen Usern", "de", 20),
    ("Qwen3 32B pour 25 users en simultané", "fr", 25),
    ("Qwen3 32B、同時 20 user、コンテキスト 16K", "ja", 20),
    ("Qwen3 32B, 동시 20 user, 컨텍스트 16K", "ko", 20),
]


@pytest.mark.parametrize(("text", "language", "users"), USERS)
def test_users_with_a_classifier_a_typo_or_a_loanword_are_counted(text, language, users):
    """Users counted with a classifier, a slang noun or a typo are the users at once."""
    assert _read(text, language)["concurrency"] == users


BUDGETS = [
    ("預算每月 NT$45 萬，Qwen3 32B", "zh-Hant", 450000, "TWD"),
    ("每月預算新台幣 50 萬", "zh-Hant", 500000, "TWD"),
    ("預算港幣 12 萬一個月，Llama 3.3 70B", "zh-Hant", 120000, "HKD"),
    ("预算人民币 20 万每月", "zh-Hans", 200000, "CNY"),
    ("Budget de 30 000 $ CAD par mois", "fr", 30000, "CAD"),
    ("budget 40 000 dollars canadiens par mois", "fr", 40000, "CAD"),
    ("Tenemos 18 000 $ CA al mes para Qwen3 32B", "es", 18000, "CAD"),
    ("budget of AU$ 25,000 a month", "en", 25000, "AUD"),
    ("S$20k monthly budget, Llama 3.3 70B", "en", 20000, "SGD"),
    ("we have CHF 15'000 per month", "en", 15000, "CHF"),
    ("£7,500 a month for Qwen3 32B", "en", 7500, "GBP"),
]


@pytest.mark.parametrize(("text", "language", "amount", "currency"), BUDGETS)
def test_budgets_in_local_notation_keep_their_currency(text, language, amount, currency):
    """Local notation ("NT$45 萬", "港幣 12 萬", "30 000 $ CAD"): amount and code, no US$."""
    found = _read(text, language)
    assert _has(found, {"budget_amount": amount, "budget_currency": currency})
    assert "budget_usd_month" not in found


def test_us_dollars_named_before_the_amount_in_chinese_are_dollars():
    """US dollars named before the amount ("美金 2 万") are 20,000 US dollars a month."""
    found = _read("每个月美金 2 万以内", "zh-Hans")
    assert _has(
        found, {"budget_amount": 20000, "budget_currency": "USD", "budget_usd_month": 20000}
    )


REFUNDS = [
    ("do you give the money back if it doesn't work for us?", "en"),
    ("如果用不了，钱能退吗？", "zh-Hans"),
    ("不滿意的話可以把錢退回來嗎？", "zh-Hant"),
    ("うまく動かなかったらお金は返してもらえますか？", "ja"),
    ("안 맞으면 돈 돌려받을 수 있나요?", "ko"),
    ("Si no nos sirve, ¿recuperamos el dinero?", "es"),
    ("Se não funcionar, vocês devolvem o dinheiro?", "pt-BR"),
    ("Est-ce qu'on récupère notre argent si ça ne convient pas ?", "fr"),
    ("Если не подойдёт, вы вернёте деньги?", "ru"),
    ("а деньги вернёте, если не подойдёт?", "ru"),
    ("Erstattet ihr uns den Betrag, falls es nicht klappt?", "de"),
]


@pytest.mark.parametrize(("text", "language"), REFUNDS)
def test_money_given_back_is_the_refund_question(text, language):
    """The money given back, however the verb is put, asks about refunds."""
    assert _has(_read(text, language), {"intent": "knowledge", "topic": "refund"})


INTERCONNECT = [
    ("¿Hay InfiniBand entre servidores? Usaríamos 2 máquinas juntas", "es"),
    ("Gibt es InfiniBand zwischen den Servern? Wir würden 2 Maschinen koppeln", "de"),
    ("Есть ли InfiniBand между серверами? Будем использовать две машины вместе", "ru"),
    ("서버 두 대를 묶어서 쓸 건데 InfiniBand 있나요?", "ko"),
]


@pytest.mark.parametrize(("text", "language"), INTERCONNECT)
def test_a_fabric_between_machines_is_the_interconnect_question(text, language):
    """InfiniBand between two machines: the interconnect, and "2 máquinas" is no context."""
    found = _read(text, language)
    assert _has(found, {"intent": "knowledge", "topic": "interconnect", "context_tokens": None})


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("這個機器人能幫我們做什麼？", "zh-Hant"),
        ("这个机器人可以帮我做什么？", "zh-Hans"),
        ("你可以幫我什麼？", "zh-Hant"),
        ("このボットは何をしてくれるの？", "ja"),
        ("이 챗봇으로 뭘 할 수 있어요?", "ko"),
    ],
)
def test_what_the_bot_can_do_is_help(text, language):
    """What the assistant can do for me is help, not a chatbot to propose."""
    assert _read(text, language)["intent"] == "help"


MIN_TERM = [
    ("Can I rent just for one month?", "en"),
    ("Peut-on louer pour un seul mois ?", "fr"),
    ("¿Se puede alquilar solo un mes?", "es"),
    ("Dá pra alugar só por um mês?", "pt-BR"),
    ("Можно арендовать всего на месяц?", "ru"),
    ("可以只租一个月吗？", "zh-Hans"),
    ("1ヶ月だけ借りられますか？", "ja"),
    ("한 달만 빌릴 수 있나요?", "ko"),
]


@pytest.mark.parametrize(("text", "language"), MIN_TERM)
def test_one_month_only_asks_the_minimum_term(text, language):
    """Renting for a single month asks the shortest term the page states."""
    assert _has(_read(text, language), {"intent": "knowledge", "topic": "minimum_term"})


HEADCOUNTS = [
    (
        "Nous sommes une entreprise de 250 personnes, Llama 3.3 70B pour un assistant interne",
        "fr",
        250,
    ),
    ("une PME de 80 personnes, quel serveur pour Llama 3.3 70B ?", "fr", 80),
    ("una compañía de 150 personas, Llama 3.3 70B como asistente", "es", 150),
    ("nuestra empresa tiene 500 personas, ¿qué necesitamos para Llama 3.3 70B?", "es", 500),
    ("uma firma de 90 pessoas, Llama 3.3 70B", "pt-BR", 90),
    ("Wir sind eine Firma mit 400 Leuten und wollen Llama 3.3 70B", "de", 400),
    ("у нас компания на 400 человек, нужен Llama 3.3 70B", "ru", 400),
    ("300명 규모 회사입니다. Llama 3.3 70B 사내용", "ko", 300),
    ("a 450-employee insurer wants Llama 3.3 70B in house", "en", 450),
]


@pytest.mark.parametrize(("text", "language", "people"), HEADCOUNTS)
def test_a_company_of_n_people_is_a_head_count(text, language, people):
    """A company of N people ("une boîte de 400 personnes") is its staff, not users at once."""
    found = _read(text, language)
    assert _has(found, {"model": LLAMA, "headcount": people, "concurrency": None})


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("Llama 3.3 70B pour 400 personnes en simultané", 400),
        ("Llama 3.3 70B para 40 personas a la vez", 40),
    ],
)
def test_people_at_once_are_users_not_staff(text, users):
    """People said to be simultaneous stay the concurrency."""
    found = _read(text, None)
    assert _has(found, {"concurrency": users, "headcount": None})


@pytest.mark.parametrize("language", ["pt-BR", "es"])
def test_loanwords_of_the_trade_leave_the_hinted_language(language):
    """English words of the trade beside one Portuguese or Spanish word keep the chat's language."""
    assert _read("Qwen3 32B, 40 concurrent users, contexto 32k", language)["language"] == language


def test_a_portuguese_word_of_the_trade_keeps_portuguese():
    """A Spanish-looking noun ("usuarios") beside "concorrentes" stays in the Brazilian chat."""
    assert (
        _read("Llama 3.1 8B, 30 usuarios concorrentes, contexto 8k", "pt-BR")["language"] == "pt-BR"
    )


def test_loanwords_alone_are_english():
    """With no word of the hinted language, English words of the trade are English."""
    assert _read("how much for 20 users with context 32k", "de")["language"] == "en"


@pytest.mark.parametrize(
    ("text", "language"),
    [("what if we don't need CUDA at all?", "en"), ("如果不用 CUDA 呢？", "zh-Hans")],
)
def test_cuda_refused_in_a_condition_is_no_requirement(text, language):
    """CUDA named with a word against it in a condition never becomes CUDA only."""
    assert _read(text, language).get("cuda_only") is not True


def test_a_budget_in_cjk_numerals_after_the_budget_word_is_read_whole():
    """A budget in CJK numerals ("1万5千シンガポールドル") is S$15,000, no dollar budget of 1."""
    found = _read("予算は月1万5千シンガポールドルで Llama 3.3 70B", "ja")
    assert _has(found, {"budget_amount": 15000, "budget_currency": "SGD"})
    assert "budget_usd_month" not in found
