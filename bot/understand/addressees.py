"""Words of people that ask for no one: the addressee of a letter, the customer's own team.

"Dear FullGPU team", "ご担当者様", "담당자님께", "Sehr geehrte Damen und Herren" open a pasted
email to us; "our sales team will use it", "营业チームで使います", "наш отдел продаж" name who
will use the deployment. Neither is a request for a salesperson, though both hold the words
of one ("sales", "担当者", "담당자", "продаж"): ``without_addressees`` blanks them before the
intent decision and the topic rules look for a request for a person. "Please have sales
contact me" and "営業担当の方から連絡をください" keep their words and stay requests.
"""

from __future__ import annotations

from functools import lru_cache

from bot.understand.gates import gated_re

# A salutation to the company or its staff, at the start of a message or of a line (the
# cleaned text is lower case, its line breaks kept as spaces).
_SALUTATIONS = (
    # en
    r"(?:dear|hi|hello|hey|good (?:morning|afternoon|evening))[^.!?,:;]{0,40}?"
    r"(?:team|sales|support|staff|sir|madam|colleagues|all|folks)(?![a-z])|"
    r"to whom it may concern|dear sirs?(?: or madam)?|"
    # de
    r"sehr geehrte[rs]? (?:damen und herren|[^,:;]{1,40})|liebe[rs]? [^,:;]{0,30}team|"
    r"hallo [^,:;]{0,30}team|"
    # fr
    r"madame,? monsieur|mesdames,? messieurs|(?:bonjour|cher|chère|chers) [^,:;]{0,30}"
    r"(?:équipe|commerciaux|service commercial)[^,:;]{0,20}|à l'attention (?:de|du) [^,:;]{1,40}|"
    # es
    r"estimad[oa]s? [^,:;]{1,40}|hola,? equipo[^,:;]{0,30}|a quien corresponda|"
    # pt-BR
    r"prezad[oa]s?(?: [^,:;]{1,40})?|ol[aá],? (?:equipe|time)[^,:;]{0,30}|"
    # ru
    r"уважаем[а-яё]+ [^,!.:;]{1,40}|"
    # zh
    r"(?:您好|你好)[，,]?\s?[^，,。:：！!]{0,30}?(?:团队|團隊|负责人|負責人|业务|業務|销售|銷售)"
    r"(?:人员|人員|部门|部門)?|[^，,。:：！!]{0,30}?(?:团队|團隊|负责人|負責人)(?:您好|你好)|"
    # ja
    r"[^。、,]{0,20}?(?:ご担当者|ご担当|担当者|担当)(?:様|さま|殿)|[^。、,]{0,20}?御中|"
    # ko
    # ko: "담당자님께", "담당자님, 안녕하세요" (not "담당자분이랑 통화": a request for one)
    r"[^.,!?]{0,20}?담당자(?:님|분)(?:께서|께|에게|(?=\s*(?:[,，!.]|안녕|$)))"
)
# The customer's own team, named as who will use the deployment.
_OWN_TEAMS = (
    # en
    r"(?:our|my|the company's|for (?:the|our)) (?:own )?(?:sales|support|marketing|service)"
    r" (?:team|department|dept|staff|org|people|reps|force|folks)|"
    r"(?:sales|support) (?:team|department) (?:will )?(?:use|uses|using|needs)|"
    # es
    r"(?:nuestro|nuestra|mi|para el) (?:equipo|departamento|área|fuerza|personal) "
    r"(?:de ventas|comercial|de atención)|"
    r"(?:equipo|departamento) (?:de ventas|comercial) (?:lo |la )?(?:usar|utiliz)[a-zá]*|"
    # pt-BR
    r"(?:nosso|nossa|minha|meu|para o|para a) (?:equipe|time|departamento|área|setor|"
    r"pessoal) (?:de vendas|comercial)|"
    # their sales staff said using it: "o pessoal de vendas usa muito", "la gente de ventas lo usa"
    r"(?:o|a) (?:pessoal|galera|turma|equipe|time) (?:de vendas|comercial) (?:usa|usaria|vai usar|"
    r"utiliza)|(?:la|el) (?:gente|personal|equipo) (?:de ventas|comercial) (?:lo |la )?"
    r"(?:usa|usará|usaría|utiliza)|the sales (?:people|guys|folks|reps) (?:use|would use|will use)|"
    # de
    r"(?:unser|unsere|unserem|unseren|unserer) (?:vertrieb[a-zäöü]*|verkauf[a-zäöü]*|"
    r"sales-?team)|vertriebsteam (?:nutzt|verwendet|wird)|"
    # fr
    r"(?:notre|nos|mon|ma|pour l'|pour notre) ?(?:équipe|service|département|force) "
    r"(?:commerciale?s?|de vente|des ventes)|(?:nos|mes) commerciaux|"
    # ru
    r"(?:наш|нашего|нашему|нашим|наша|нашей|мой|моего|для)[а-яё]* (?:отдел[а-яё]* продаж|"
    r"продаж[а-яё]*|менеджер[а-яё]* по продажам|сейлз[а-яё]*|продаван[а-яё]*)|"
    # zh
    r"(?:我们|我們|我司|公司|本公司)(?:的)?\s?(?:销售|銷售|业务|業務)(?:团队|團隊|部门|部門|人员|人員)?|"
    r"(?:销售|銷售|业务|業務)(?:团队|團隊|部门|部門)(?:要|会|會|想|将|將)?(?:用|使用)|"
    # ja
    r"(?:弊社|当社|自社|うち|私たち)の?\s?営業(?:チーム|部|部門|担当)?|"
    r"営業(?:チーム|部|部門)(?:で|が|も)(?:使|利用)|"
    # ko
    r"(?:저희|우리|당사)(?:의)? ?(?:영업 ?팀|영업 ?부(?:서)?|영업 ?조직)|"
    # a call centre's own counsellors: "콜센터 상담사가 120명", "상담 중에"
    r"콜센터 ?상담(?:사|원)|상담 ?중에|상담사(?:가|들이|들)|상담원(?:이|들이|들)|"
    r"영업 ?(?:팀|부)(?:이|에서|가)? ?(?:쓸|사용|쓰)"
)
# The customer's own sales agent or bot ("um agente de vendas", "our sales assistant").
_OWN_SALES_TOOLS = (
    r"(?:agente|assistente|asistente|bot|chatbot) (?:de )?(?:vendas|ventas)|"
    r"sales (?:agent|assistant|bot|copilot|chatbot)|agent commercial|"
    r"vertriebs-?(?:assistent|agent|bot)"
)
# The customer's staff, counted: "операторов человек 40", "40 operators", "20 agentes": who
# will use the deployment, not a person asked for.
_STAFF = (
    r"оператор[а-яё]*|менеджер[а-яё]*|operators?|agents?|managers?|reps|salespeople|"
    r"vendedores|vendeurs|verkäufer(?:innen)?|продавц[а-яё]*|销售人员|銷售人員|営業担当者|"
    r"operadores|agentes|atendentes|operatoren|agenten|opérateurs|conseillers|"
    r"オペレーター|상담원|상담사|客服|坐席"
)
_COUNTED_STAFF = (
    rf"[0-9]+\s?(?:[^\W\d]+\.?\s){{0,2}}(?:{_STAFF})(?![a-zа-яё])|"
    rf"(?:{_STAFF})\s?(?:は|が|も|数は|이|가|은|는|수는)?\s?(?:約|约|大约|大約|およそ|약|~)?\s?"
    rf"(?:[^\W\d]+\s){{0,2}}[0-9]+"
)
# The customer's own support work, whose words are those of a person asked for: a support bot
# ("고객상담봇", "智能客服"), consultations coming in or counted, inquiries handled.
_OWN_SUPPORT = (
    r"상담\s?(?:챗)?봇|상담(?:이|을|은)?\s?(?:들어|접수|처리|량|건수|요청이|몰릴)|"
    r"고객\s?센터\s?(?:챗)?봇|상담원\s?(?:메모|노트)|"
    r"[0-9]+\s?건\s?(?:정도\s?)?(?:의\s)?상담|상담\s?(?:1|한)\s?건(?:이|을)?\s?(?:끝나|마다|당)|"
    r"問い合わせ(?:対応|窓口|業務|件数|の要約|の分類)|"
    r"(?:智能)?客服(?:机器人|機器人|系统|系統|bot|助手|场景|場景)|智能客服|"
    r"상담\s?(?:도우미|어시스턴트|보조)|상담용|상담(?:원|사)\s?(?:보조|지원|어시스트)용?|"
    r"상담(?:원|사)(?:은|는|이|가|들은|들이)\s?(?:한\s)?[일이삼사오육칠팔구십백천만0-9]+\s?명|"
    r"問い合わせ(?:チケット|メール)|問い合わせ(?:は|が)\s?(?:1\s?日|月|毎日)|"
    r"オペレーター(?:支援|向け|の支援)|agent assist|(?:assist|help)(?:ing)? (?:our |the )?agents|"
    # a customer's inquiry pasted into a ticket by support staff: its header asks for no one
    r"(?:お客様|顧客|客先)(?:から|より)の?(?:お)?問い合わせ|客户(?:的)?咨询|客戶(?:的)?(?:諮詢|詢問)|"
    r"客服(?:转贴|轉貼|转发|轉發|贴|貼)|問い合わせ(?:の)?(?:転記|転送)|お客様より|"
    r"forwarded (?:from|by) [^\s,:;\]]+|"
    r"고객 ?문의"
)
# The writer's own sales role or a commercial document, and sales put off till later: "priya
# (account manager)", "我是業務小陳", "proposta comercial", "antes de falar com vendas".
_NO_REQUEST = (
    r"\((?:account manager|sales ?rep|sales|ae)\)|(?:i'?m|i am|this is) (?:the |an? |your |their )?"
    r"(?:account manager|sales ?rep|salesperson)|我是(?:业务|業務|销售|銷售)|"
    r"propo(?:sta|suesta) comercial|proposition commerciale|"
    # a sales colleague's forward tag: "[销售转]", "【銷售轉】", "(from sales)"
    r"[\[【(（]\s?(?:销售|銷售|业务|業務)\s?(?:转|轉|转发|轉發|转来|轉來)\s?[\]】)）]|"
    r"[\[(]\s?(?:fwd?|forwarded)? ?from sales\s?[\])]|"
    r"antes de (?:falar|conversar) com (?:vendas|o comercial|um vendedor)|"
    r"antes de hablar con (?:ventas|un comercial)|before (?:talking|speaking) (?:to|with) sales|"
    r"avant de parler (?:aux|à un|au) (?:commercia|service commercial)|"
    # a question relayed from the sales desk: "Kurze Rückfrage aus dem Vertrieb", "question from
    # sales", "営業からの確認です"
    r"(?:rück)?frage (?:aus dem|vom) vertrieb|(?:quick )?(?:question|q) from (?:our )?sales|"
    r"(?:pregunta|consulta) (?:de|desde) ventas|(?:pergunta|dúvida) (?:do|de) comercial|"
    r"question (?:du|de l'équipe) commercial[e]?|вопрос от (?:отдела )?продаж|"
    r"(?:销售|銷售|业务|業務)(?:那边|那邊|这边|這邊)?(?:问|問|来问|來問)|"
    # a need handed on by sales: "業務轉客戶需求", "销售转来的需求"
    r"(?:销售|銷售|业务|業務)(?:转|轉)(?:来的|來的)?(?:客户|客戶)?(?:需求|问题|問題)|営業から(?:の)?(?:質問|確認|相談)|"
    r"영업(?:팀)?에서 (?:문의|질문)|"
    # a sales person named as the source of the question, or as the writer: "our sales contact
    # (Priya) reminded me", "接續剛剛業務同事的問題", "영업 담당자분이 여기서 물어보라고",
    # "Soy Lucía, de ventas", "o fine-tuning que comentei com o comercial", "your colleague
    # mentioned on the call"
    r"(?:your|our|my|the) (?:sales|account) (?:contact|rep|person|colleague|manager|guy|lady)"
    r"[^.!?]{0,24}?(?:said|told|reminded|mentioned|asked|suggested|sent|pointed)|"
    r"(?<![a-zà-ÿ])(?:soy|sou|je suis|ich bin|i'?m|i am)(?![a-zà-ÿ])[^.!?,]{0,20}?,? "
    r"(?:de|from|du|aus dem|vom) "
    r"(?:ventas|vendas|sales|commercial|vertrieb|comercial)(?![a-zà-ÿ])|"
    r"я из (?:отдела )?продаж|"
    r"(?:comenté|comentei|hablé|falei|conversei|talked|spoke|parlé|sprach|говорил[аи]?)"
    r"[^.!?]{0,20}?(?:con el|com o|com a|with (?:the|your|our)|avec (?:le|la|votre)|"
    r"mit (?:dem|eurem|ihrem)|с) (?:comercial|sales|vendedor|vendedora|vertrieb|commercial|"
    r"менеджер[а-яё]*)|"
    r"(?:业务|業務|销售|銷售)同事(?:的)?(?:问题|問題)|(?:业务|業務|销售|銷售)(?:说|說|让我|讓我|叫我)|"
    r"営業(?:の方|担当(?:の方|者)?)(?:から|に)(?:ここで|こちらで)?(?:聞|質問|相談)|"
    r"영업 ?(?:담당자|팀)(?:분)?(?:이|께서|가)[^.!?]{0,16}?(?:물어보라고|문의하라고|안내)"
)
_ADDRESSEES_RE = gated_re(
    rf"(?:^|(?<=[\n.!?。！？]))\s*(?:{_SALUTATIONS})|{_OWN_TEAMS}|{_COUNTED_STAFF}|{_OWN_SUPPORT}|{_OWN_SALES_TOOLS}"
    rf"|{_NO_REQUEST}"
    # "ご担当者様" is a salutation wherever it stands (after a subject line, a company name)
    r"|(?:ご担当者|ご担当|担当者)(?:様|さま|殿)"
)
# Words of people or teams, one of which a phrase above must hold to hide a request for a
# person: most messages have none, and are returned as they are.
_MARKS = (
    "sales", "support", "team", "staff", "sir", "madam", "venta", "comercial", "atenci",
    "account manager",
    "vendas", "vertrieb", "verkauf", "commerc", "vente", "équipe", "equipo", "equipe", "damen",
    "estimad", "prezad", "уважаем", "продаж", "сейлз", "продаван", "销售", "銷售", "业务",
    "業務", "负责人", "負責人", "团队", "團隊", "営業", "担当", "御中", "영업", "담당",
    "оператор", "менеджер", "operat", "opérat", "agent", "manager", "reps", "atendent",
    "conseill", "オペレーター", "상담", "客服", "坐席", "問い合わせ", "vended", "vendeur",
    "verkäuf", "咨询", "諮詢", "詢問", "문의", "forwarded",
    "продавц", "销售", "銷售", "営業",
)  # fmt: skip


@lru_cache(maxsize=16)
def without_addressees(text: str) -> str:
    """Return ``text`` (cleaned) with salutations and the customer's own teams blanked.

    Cached: the intent decision, the topic rules and the proposal's check read one message.
    """
    if not any(mark in text for mark in _MARKS):
        return text
    return _ADDRESSEES_RE.sub(lambda found: " " * len(found.group()), text)
