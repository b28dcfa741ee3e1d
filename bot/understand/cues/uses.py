"""What a deployment is for, when the message names no model: a use case, or a KV capacity.

"a chatbot for our staff", "coding agent", "RAG over 10M documents", "客服", "翻訳", "2 TB of KV
cache". The use cases are ``sizing.UseCase`` values; the first one the message names, in the
order below (a coding agent is coding, a support chatbot is support), is the one.
"""

from __future__ import annotations

from functools import cache

from bot.understand import lexicon
from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import NUMBER_PATTERN, parse_number
from bot.understand.topics.lexicon import ConceptWords
from sizing import UseCase

# use case -> its words in every language (cleaned, lower-case text); the order is the priority.
_WORDS: tuple[tuple[UseCase, str], ...] = (
    (
        UseCase.CODING,
        (
            r"(?<![a-z])coding(?![a-z])|"
            r"\bcode[ -](?:assistant|agent|completion|generation|reviews?|model|llm|copilot|"
            r"helper|suggestions)|\bcoder\b|copilot|копилот|autocomplet|auto-complet|"
            r"programming (?:assistant|"
            r"agent|help)|pair[- ]program|developer (?:tool|assistant)|ai (?:for|in) (?:the )?ide|"
            r"代码助手|代碼助手|编程助手|編程助手|代码补全|代碼補全|写代码|寫程式|代码生成|寫代碼|写程序|"
            r"(?:写|寫)\s?code|"
            r"代碼生成|编程|編程|程式碼|程式設計|"
            r"コーディング|コード補完|コード生成|コードアシスタント|プログラミング支援|コードレビュー|"
            r"코딩|코드 ?어시스턴트|코드 ?생성|코드 ?자동완성|코드 ?리뷰|"
            r"код-?ассистент|ассистент для программист|генерац\w* кода|автодополнени|"
            r"asistente de (?:código|codigo|programación|programacion)|agente de (?:código|codigo|"
            r"programación|programacion)|"
            r"assistente de (?:código|codigo|programação|programacao)|agente de (?:código|codigo|"
            r"programação)|"
            r"coding-assistent|programmierassistent|code-assistent|codeassistent|"
            r"code-vervollständig|"
            r"assistant de (?:code|programmation)|agent de code|complétion de code|"
            r"génération de code|"
            # a model for code: "quel modèle de code", "un modelo para programar", "ein Code-Modell"
            r"mod[eè]le (?:de|pour (?:le|du)?) ?(?:code|programmation|coder)\b|"
            r"modelo (?:de|para) (?:código|codigo|programar|programación|programação|codar)|"
            r"code-?modell|coding-?modell|模型写代码|代码模型|代碼模型|コード(?:用|向け)?(?:の)?モデル|"
            r"코드 ?(?:용 )?모델|модел[а-яё]* для (?:кода|программирования)"
        ),
    ),
    (
        UseCase.SUPPORT,
        (
            r"customer (?:support|service|care)|help ?desk|"
            r"support (?:bot|chat ?bot|assistant|agent|team|desk)|"
            r"support-?(?:chatbot|bot|assistent)|servicemitarbeiter|service-?team|"
            r"chatbot (?:de )?(?:support|soporte|suporte|atención|atendimento)|"
            r"бот[а-яё]* поддержки|サポート(?:ボット|チャットボット)|(?:상담|지원) ?챗봇|"
            r"call ?cent(?:er|re)|contact cent|service desk|ticket|"
            r"客服|客户服务|客戶服務|售后|售後|呼叫中心|工单|工單|"
            r"カスタマーサポート|カスタマーサービス|コールセンター|問い合わせ対応|ヘルプデスク|サポート用|"
            r"고객센터|고객 ?지원|고객 ?상담|상담 ?봇|상담 ?보조|상담원(?:들)?(?:이|용)|"
            r"헬프데스크|콜센터|"
            r"courriels? (?:de |des )?clients|e-?mails? (?:de |des |from )?(?:clients|customers)|"
            r"customer e-?mails|"
            r"поддержк[а-яё]* клиент|служб[а-яё]* поддержки|техподдержк|колл-центр|"
            r"отдел[а-яё]* поддержки|support-?mitarbeit|"
            r"atención al cliente|soporte al cliente|servicio al cliente|centro de llamadas|"
            # answers to customers drafted: "contestar al cliente automáticamente",
            # "Antwortentwürfe", "répondre aux administrés", "reply to customers"
            r"contestar (?:al|a los) clientes?|responder (?:al|a los|ao|aos) clientes?|"
            r"(?:answer|reply to|respond to) customers|antwortentw(?:ü|u)rfe|"
            r"kunden(?:-?e?-?mails|anfragen|nachrichten) (?:beantworten|bearbeiten)|"
            r"répondre aux (?:clients|administrés|usagers)|отвечать клиентам|"
            r"agentes de (?:soporte|suporte|atención|atendimento)|equipo de soporte|mesa de ayuda|"
            r"equipe de suporte|support-?team|supportmitarbeiter|agents de support|équipe support|"
            r"atendimento|suporte ao cliente|central de atendimento|"
            r"kundensupport|kundenservice|kundendienst|hotline|helpdesk|support-bot|"
            r"service (?:à la )?client(?:èle)?|support client|relation client|centre d'appels|"
            r"\bsav\b|après-vente|"
            r"(?:au|du|de|le) support(?![a-z])|répondre aux clients|"
            r"саппорт|(?:в|для) поддержк[а-яё]|чат[а-яё]* поддержки|"
            r"(?:en|de|del) soporte(?![a-z])|(?:no|do|"
            r"de) suporte(?![a-z])|"
            r"im support(?![a-z])|(?:in|on|for) (?:customer )?support(?![a-z])|"
            r"(?:o|nosso|nossa) suporte (?:recebe|atende)|chamados (?:por|ao) dia|"
            r"borradores de respuestas|rascunhos de respostas|draft (?:replies|responses)|"
            # answering a business's customers or patients, taking bookings: a front desk
            r"отвечать (?:пациентам|клиентам|покупателям|гостям)|записывать на при[её]м|"
            r"ии-администратор|пиш[её]т клиент[уа]м? ответ|отвечает клиент[уа]м?|"
            r"answer(?:s|ing)? (?:our |the )?(?:patients|customers|clients|guests)|"
            r"(?:contest|respond)(?:a|e|er|an|en) a (?:los |nuestros )?(?:clientes|pacientes)|"
            r"respond(?:a|er|am) (?:aos |os )?(?:clientes|pacientes)|"
            r"répond(?:re|e|ent) aux (?:patients|clients)|(?:patienten|kunden)(?:anfragen| zu "
            r"antworten| antworten)|回答(?:客户|客戶|患者|病人)|回覆(?:客戶|患者)|"
            r"(?:患者|お客様)(?:さん)?(?:への|の)?(?:対応|問い合わせ)|(?:환자|고객) ?응대|"
            r"receptionist|recepcionista|réceptionniste|rezeption|前台接待"
        ),
    ),
    (
        UseCase.RAG,
        (
            r"(?<![a-z])rag(?![a-z])|retrieval|knowledge ?base|\bwiki|search over|semantic search|"
            r"(?:(?<!format )(?<!en )(?<!as a )(?<!em )(?<!als )pdfs?|documents?|docs|"
            r"(?<!\.cu )(?<!code )(?<!source )(?<!config )(?<!log )files|"
            r"contracts|manuals|reports)\b(?!\s?(?:link|page))|"
            r"知识库|知識庫|文档|文檔|文件检索|文件檢索|检索|檢索|知识问答|知識問答|"
            r"(?:查|搜)[^，。,]{0,10}(?:文件|法規|法规|資料|资料|規章|规章)|"
            r"ナレッジ|文書|ドキュメント検索|社内文書|検索拡張|検索して(?:答え|回答)|"
            r"지식 ?베이스|문서|검색 증강|사내 ?검색|"
            r"баз[а-яё]* знаний|документ|поиск по|"
            r"documentos|base de conocimiento|base de conhecimento|búsqueda|busca sobre|"
            r"base de (?:jurisprudencia|jurisprudência|contratos|datos documental)|"
            r"buscar en (?:nuestr[oa]s?|la|los|las) (?:base|documentos|archivos|expedientes)|"
            r"consultar (?:los |nuestros |os |nossos )?(?:procedimientos|procedimentos|protocolos|"
            r"manuales|manuais|normas)|consulter (?:les |nos )?(?:procédures|protocoles|manuels)|"
            r"look up (?:our |the )?(?:procedures|policies|manuals|sops)|"
            r"dokumente|wissensdatenbank|wissensbasis|durchsuch|"
            r"base de connaissances|\bdocuments\b|recherche|"
            # answers grounded on the organisation's own texts: "com base nos nossos manuais
            # internos", "based on our internal policies", "sur la base de nos procédures"
            r"(?:com base n|con base en|basad[oa]s? en|based on|grounded in|sur la base de|"
            r"anhand|auf basis|на основе|基于|基於|に基づ|según|segun|selon|d'après|conforme|"
            r"according to|gemäß|laut|согласно|按照|根据|根據)[^.!?。]{0,24}?"
            r"(?:manua(?:is|les|ls|l)|handb(?:ü|u)ch|regulament|reglament|normativ|políticas|"
            r"politicas|policies|procedures|procédures|procedimientos|procedimentos|"
            r"richtlinien|регламент|инструкци|手册|手冊|制度|規程|規定|マニュアル|매뉴얼|규정)"
        ),
    ),
    (
        UseCase.TRANSLATION,
        (
            r"translat|翻译|翻譯|翻訳|和訳|英訳|번역|перев[оеё]д|traduc|traduç|tradu[zç]|tradui[st]|übersetz|"
            r"traduction|"
            r"traduire|互译|互譯|ローカライズ|本地化|로컬라이즈|localiz|localis|локализ|翻成|翻译成|翻譯成|"
            r"翻中英|翻英中|"
            r"譯成"
        ),
    ),
    (
        UseCase.SUMMARIZATION,
        (
            r"summari[sz]|摘要|总结|總結|要約|요약|резюм|суммариз|саммари|выжимк|"
            r"кратк[а-яё]* (?:изложен|содержан)|пересказ|"
            r"resum(?:ir|en|o|os|a|an|am)\b|resumir|resumo|zusammenfass|résum(?:er|és?|e|ent)\b|"
            r"synthèse|日报|日報|週報|周报|会议纪要|會議紀要|議事録|"
            r"整理(?:成|为|為)[^。，,]{0,6}(?:紀錄|记录|報告|报告|纪要|紀要)|"
            r"rédiger (?:les |des )?(?:comptes? rendus|transmissions|synthèses)|"
            r"synthétis|"
            r"síntesis|sintetiz"
        ),
    ),
    (
        UseCase.BATCH,
        (
            # ("批量", "일괄", "пакетное" also price volume deals: only processing words here)
            # (not a batch size: "バッチサイズ", "batch size", "배치 크기", "--max-batch-size")
            r"\bbatch(?![\s_-]?size)|offline|overnight|nightly|батчем(?!\s?[0-9])|пакетн\w* задач|"
            r"批量任务|跑批|批处理|批次(?!大小|\s?[0-9])|批處理|"
            r"批量(?:分类|分類|推理|跑|生成|翻译|翻譯|摘要|总结|總結|标注|標註|打标|清洗|抽取|识别|識別)|"
            r"批量处理|批量處理|离线|離線|バッチ(?!\s?サイズ)|"
            r"一括処理|배치(?!\s?(?:크기|사이즈))|일괄 ?처리|пакетн\w* обработк|офлайн|por lotes|"
            r"em lote|stapel|batch-|"
            r"par lots|hors ligne|一批(?:資料|资料|数据|數據|文档|文檔)|(?:um|un) lote de"
        ),
    ),
    (
        UseCase.AGENT,
        (
            r"\bagent(?:s|ic)?\b|tool[- ]?(?:use|calling)|function calling|workflow automat|"
            # (not an agency: "агентство", "代理店", "代理商")
            r"智能体|智能體|代理(?!店|商|人)|エージェント|에이전트|агент(?!ств)|\bagente|\bagentes"
        ),
    ),
    (
        UseCase.CHAT,
        (
            r"chat ?bot|chat assistant|\bchat\b|assistant|conversational|q ?& ?a|"
            r"автоответ|auto-?repl(?:y|ies)|respuestas automáticas|respostas automáticas|"
            r"自动回复|自動回覆|自動返信|자동 ?응답|"
            r"question answering|"
            r"\bcopilot for|internal (?:gpt|llm|ai)|社内(?:向け|用)[^。、,]{0,16}(?:llm|ai|gpt)|"
            # an in-house ChatGPT: "사내 챗GPT 같은 걸", "ein internes ChatGPT", "类似 ChatGPT 的"
            r"챗\s?gpt|chat\s?gpt (?:like|style|clone|für|para|pour|interno|interne)|"
            r"(?:our own|internal|in-house|interno|internes|interne|internal) chat\s?gpt|"
            r"chat\s?gpt[- ]?(?:ish|esque|like)|"
            r"(?:类似|類似|像)\s?chat\s?gpt|chat\s?gpt\s?(?:みたいな|のような|같은)|"
            r"(?:内部|內部|社内|自家|自己的|公司|企业|企業|корпоративн[а-яё]*|внутренн[а-яё]*)"
            r"[^。,，.]{0,4}?\s?chat\s?gpt|"
            r"聊天|对话机器人|對話機器人|助手|助理|问答|問答|机器人|機器人|"
            r"チャットボット|チャット|アシスタント|対話|"
            r"챗봇|채팅|어시스턴트|비서|"
            r"чат-?бот|ассистент|помощник|в формате чата|репетитор|tutor|tuteur|nachhilfe|"
            r"(?:корпоративн|внутренн)[а-яё]* чат|"
            r"conversação|conversación|家教|辅导|輔導|チューター|튜터|助教|学習支援|학습 ?도우미|"
            r"study (?:helper|assistant|buddy)|homework help|"
            r"chatbot|asistente|assistente|conversacional|"
            r"chatbot|assistent|"
            r"assistant|conversationnel|agent conversationnel"
        ),
    ),
)


@cache
def _compiled() -> tuple[tuple[UseCase, ConceptWords], ...]:
    # One word set per value, read the way the topic concepts are (led by literal characters).
    return tuple((value, ConceptWords({"all": words})) for value, words in _WORDS)


# People who write code: an assistant or agent for them is a coding one ("assistant for our
# 60 engineers").
_DEVELOPERS_RE = gated_re(
    r"\bdevelopers|\bdevs\b|\bengineers|\bprogrammers|\bcoders|程序员|程式設計師|工程师|工程師|"
    r"开发者|"
    r"開發者|开发人员|開發人員|開発者|エンジニア|プログラマー|개발자|엔지니어|разработчик|"
    r"программист|"
    r"desarrolladores|programadores|desenvolvedores|entwickler|développeurs"
)


# Words of retrieval itself: documents alone are as often what is translated, summarised or
# classified in a batch ("社内文書の翻訳", "classer 2 millions de documents en batch").
_RETRIEVAL_RE = gated_re(
    r"\brag\b|retriev|knowledge ?base|\bwiki|search|知识库|知識庫|检索|檢索|问答|問答|ナレッジ|"
    r"検索|지식 ?베이스|검색|баз[а-яё]* знаний|поиск|base de conocimiento|base de conhecimento|"
    r"búsqueda|busca|wissensdatenbank|wissensbasis|durchsuch|suche|base de connaissances|"
    r"recherche"
)
_WORK_ON_DOCUMENTS = (UseCase.TRANSLATION, UseCase.SUMMARIZATION, UseCase.BATCH)
# Tickets as what is worked on ("summarise tickets"): the support use named by them alone.
# Tickets or calls worked on (summarised, classified): the work, not a support desk to run.
_ONLY_TICKETS = gated_re(
    r"ticket|工单|工單|チケット|티켓|тикет|заявк|звонк|通话|通話|통화|calls?\b|llamadas|chamadas|"
    r"anrufe|gespräche|appels|transcript|transcripci|transcriç|расшифровк|protokolle|"
    r"(?:客服|通话|通話)(?:纪录|紀錄|记录|記錄)"
)


# Translating said as the act asked for ("queremos traduzir", "we want to translate", "做个互译")
_TRANSLATE_ACT = gated_re(
    r"(?:want|need|wants|like) to translate|traduzir|traducir|traduire|übersetzen|переводить|"
    r"перевести|互译|互譯|翻訳したい|번역하려|번역하고|翻成|翻译成|翻譯成|譯成"
)


# A customer's question pasted into a ticket by support staff ("Support-Ticket, Kunde fragt:",
# "客服轉貼：", "ticket #4411 — customer asks"): the header names the desk that pastes it, not
# a support use of the model.
_TICKET_HEADER_RE = gated_re(
    r"support-?ticket\s?(?:#\s?[0-9]+)?\s?[,:—–-]|(?:support )?ticket\s?#?\s?[0-9]{3,}|kunde fragt|"
    r"customer (?:asks|asked|writes|wrote|question)|cliente (?:pregunta|pergunta|escribe|escreve)|"
    r"le client (?:demande|écrit)|клиент (?:спрашивает|пишет)|"
    r"客服(?:转贴|轉貼|转发|轉發|贴|貼)|客户(?:问|問)|客戶(?:问|問)|"
    r"고객 ?문의|(?:お客様|顧客)(?:から|より)の?(?:お)?問い合わせ|問い合わせ(?:の)?(?:転記|転送)|"
    r"chamado\s?#|工单\s?#|工單\s?#|тикет\s?#|copio lo que escribió el cliente"
)
# Our own desk relaying a lead ("Aqui é a Renata do suporte, repassando", "ich bin vom
# FullGPU-Support"): who writes, not the use.
_OUR_DESK_RE = gated_re(
    r"fullgpu[- ]?(?:support|suporte|soporte|客服|サポート|서포트|поддержк[а-яё]*)|"
    r"(?:support|suporte|soporte|客服) (?:da |de |of |at )?fullgpu|"
    r"(?:do|from|de|del|du|vom|aus dem|из) (?:suporte|support|soporte|поддержки)"
    r"(?=[^.!?\n]{0,24}(?:repass|relay|passing on|forward|reenv|transmet|weiterleit|leite|"
    r"передаю|пересыла))"
)
# Tutors and code: a copilot for a desk ("a RAG copilot for our support agents", "copiloto
# que sugiera respuestas") is that desk's, not a coding one.
_COPILOT_RE = gated_re(r"co-?pilot[oe]?s?|копилот[а-яё]*")
# One AI agent built (not a desk's agents, its staff): "an internal agent that files tickets",
# "un agente que automatice", "AI agent 自動處理工單".
_AN_AGENT_RE = gated_re(
    r"(?<![a-z])(?:an?|un|une|um|uma|one|ai|ia|ki|internal|interno|interne|autonomous|autonome|"
    r"autónomo|autônomo)\s(?:(?:ai|ia|ki|internal|interno|interne)\s)?(?:agent|agente)(?![a-z])|"
    r"ai\s?agent|智能体|智能體|エージェント|에이전트|ии-агент|ai-агент"
)
# Staff counted as agents ("une collectivité de 1 200 agents", "Mairie …, 850 agents"): who
# will use it, no agent to build.
_COUNTED_AGENTS = gated_re(
    # (a count alone from three digits: "850 agents" are staff, "deploy 5 agents" AI agents)
    r"(?:(?<![a-z])(?:de|of) [0-9][0-9 .,]*|(?<![0-9.,])[0-9][0-9 .,]*[0-9][0-9 .,]*[0-9])"
    r"\s?(?:agents|agentes)(?![a-z])"
)
# A writing assistant: "assistant de rédaction", "文書作成支援", "writing assistant": a chat.
_WRITING_RE = gated_re(
    r"(?:writing|drafting) (?:assistant|aid|tool)|assistant de rédaction|aide à la rédaction|"
    r"asistente de (?:redacción|escritura)|assistente de (?:redação|escrita)|schreibassistent|"
    r"文書作成支援|文章作成支援|写作助手|寫作助手|备课助手|備課助手|글쓰기 ?도우미|"
    r"문서 ?작성 ?(?:도우미|지원)|"
    r"помощник (?:для|по) (?:написания|составлению)"
)


def retrieval_said(text: str) -> bool:
    """Whether the text (cleaned) speaks of retrieval itself: search, a knowledge base, RAG."""
    return _RETRIEVAL_RE.search(text) is not None


# A person or a team mentioned by handle ("@FullGPU客服", "@运维小王").
_MENTION_RE = gated_re(r"@[^\s,，。:：;；!?！？]+")


def _desk_copilot(uses: list[UseCase], text: str) -> UseCase | None:
    """Return the desk a copilot is for, when "copilot" is the only word of coding.

    "a RAG copilot for our support agents", "un copiloto que sugiera respuestas": the desk's.
    """
    if not uses or uses[0] is not UseCase.CODING or _COPILOT_RE.search(text) is None:
        return None
    if _DEVELOPERS_RE.search(text):
        return None
    desk = next((other for other in uses if other in {UseCase.SUPPORT, UseCase.RAG}), None)
    coding = dict(_compiled())[UseCase.CODING]
    return None if coding.search(_COPILOT_RE.sub(" ", text)) else desk


def find_use_case(text: str) -> UseCase | None:
    """Return the use case the text names first in priority order (cleaned text), or None.

    Documents named with a use that works on them (translation, summaries, a batch) and no
    word of retrieval are that use, not RAG.
    """
    text = _COUNTED_AGENTS.sub(" ", text)  # "une collectivité de 1 200 agents": its staff
    text = _TICKET_HEADER_RE.sub(" ", text)
    if "@" in text:
        text = _MENTION_RE.sub(" ", text)  # "@FullGPU客服": who is asked, not the use
    text = _OUR_DESK_RE.sub(" ", text)
    uses = [use for use, pattern in _compiled() if pattern.search(text)]
    if _WRITING_RE.search(text) and not {UseCase.CODING, UseCase.SUPPORT} & set(uses):
        return UseCase.CHAT  # "文書作成支援ツール": a writing aid, no search over documents
    use = _desk_copilot(uses, text) or (uses[0] if uses else None)
    if use in {UseCase.RAG, UseCase.SUPPORT} and not _RETRIEVAL_RE.search(text):
        # "resumir miles de tickets cada noche": tickets worked on, not a support desk
        work = next((other for other in uses if other in _WORK_ON_DOCUMENTS), None)
        if work is not None and (use is UseCase.RAG or _ONLY_TICKETS.search(text)):
            use = work
    if (
        use is UseCase.SUPPORT
        and UseCase.RAG in uses
        and _RETRIEVAL_RE.search(text)
        and _ONLY_TICKETS.search(text)
    ):
        use = UseCase.RAG  # "search + Q&A (RAG) over Confluence pages and Jira tickets"
    if use is UseCase.SUPPORT and _AN_AGENT_RE.search(text) and _ONLY_TICKETS.search(text):
        # "an internal agent that files Jira tickets": tickets an agent works on
        return UseCase.AGENT
    if use is UseCase.RAG and UseCase.AGENT in uses and not _RETRIEVAL_RE.search(text):
        use = UseCase.AGENT  # "ИИ-агент для ... почта, документы": documents the agent works on
    if use is UseCase.SUPPORT and UseCase.TRANSLATION in uses and _TRANSLATE_ACT.search(text):
        use = UseCase.TRANSLATION  # "traduzir o atendimento": the support desk's talk translated
    if use in {UseCase.CHAT, UseCase.AGENT} and _DEVELOPERS_RE.search(text):
        return UseCase.CODING
    return use


# "2 TB of KV cache", "500 GB KV", "KV 缓存 3TB", "1 ТБ KV-кэша", "1,5 To de cache KV".
_UNITS = {
    "tb": 10**12,
    "tib": 2**40,
    "т": 10**12,
    "тб": 10**12,
    "to": 10**12,
    "테라": 10**12,
    "gb": 10**9,
    "gib": 2**30,
    "гб": 10**9,
    "go": 10**9,
    "기가": 10**9,
    "pb": 10**15,
    "terabyte": 10**12,
    "gigabyte": 10**9,
    "терабайт": 10**12,
    "гигабайт": 10**9,
}
_AMOUNT = (
    rf"{NUMBER_PATTERN}\s?(?P<unit>terabyte|gigabyte|терабайт|гигабайт|tib|tb|gib|gb|pb|тб|гб|to|go|"
    r"테라|기가)s?"
    r"(?:바이트|байт[а-яё]*)?(?![a-zа-яё])"
)
_REACH = 40  # characters between the amount and the KV words


@cache
def _kv_re() -> Searchable:
    kv = lexicon.pattern("kv_cache")
    after = _AMOUNT.replace("?P<num>", "?P<num2>").replace("?P<unit>", "?P<unit2>")
    return gated_re(
        rf"{_AMOUNT}(?=[^0-9]{{0,{_REACH}}}?(?:{kv}|\bkv\b))"
        rf"|(?:{kv}|\bkv\b)[^0-9]{{0,{_REACH}}}?{after}"
    )


def find_kv_capacity(text: str) -> int | None:
    """Return the KV-cache capacity asked in bytes (decimal units), or None."""
    if "kv" not in text and "кв" not in text:
        return None
    match = _kv_re().search(text)
    if match is None:
        return None
    number = match.group("num") or match.group("num2")
    unit = match.group("unit") or match.group("unit2")
    value = parse_number(number) * _UNITS[unit]
    if not 0 < value < 10**18:
        return None
    return round(value)


# "10M documents", "4 million PDFs", "2000 万份文件", "1000万件の文書", "500만 건": a count of
# documents, which is no context length.
_DOCS = (
    r"(?:documents?|docs|pdfs?|files|pages|contracts|reports|records|tickets|emails|articles|"
    r"chunks|texts|passages|pairs|images|pictures|photos|sentences|items|vectors|embeddings|"
    r"документ[а-яё]*|файл[а-яё]*|текст[а-яё]*|картин[а-яё]*|изображени[а-яё]*|пар|"
    r"documentos|arquivos|textos|imágenes|imagens|pares|dokumente[n]?|dateien|texte|bilder|"
    r"paare|fichiers|textes|paires|"
    r"份|篇|个文件|個文件|条|條|段|张图|張圖|件|枚|건|장|개 문서)"
)
_DOC_COUNT_RE = gated_re(
    rf"(?P<num>[0-9][0-9.,]*)\s?(?P<mag>k|m|million|millions|mln|млн\.?|миллион[а-яё]*|"
    rf"millones|milhões|millionen|万|萬|만|千|천|億|亿|억)?\s?(?:[a-zа-яё]+\s)?{_DOCS}"
)
_DOC_MAGNITUDES = {
    "k": 1e3,
    "千": 1e3,
    "천": 1e3,
    "万": 1e4,
    "萬": 1e4,
    "만": 1e4,
    "億": 1e8,
    "亿": 1e8,
    "억": 1e8,
}


def without_document_counts(text: str) -> str:
    """``text`` with every count of documents blanked (offsets unchanged)."""
    return _DOC_COUNT_RE.sub(lambda found: " " * len(found.group()), text)


def document_counts(text: str) -> tuple[int, ...]:
    """Return the values a count of documents could be read as by the context finder.

    "10M documents" is 10 million documents; the context finder reads "10M" as 10,485,760
    tokens (binary mega) or 10,000,000: both are returned, so the caller can drop either.
    """
    values: list[int] = []
    for match in _DOC_COUNT_RE.finditer(text):
        number = parse_number(match.group("num"))
        mag = (match.group("mag") or "").rstrip(".")
        if mag in _DOC_MAGNITUDES:
            values.append(round(number * _DOC_MAGNITUDES[mag]))
            if mag == "k":
                values.append(round(number * 1024))
        elif mag:
            values += [round(number * 1e6), round(number * 2**20)]
        else:
            values.append(round(number))
    return tuple(values)


# A model not chosen yet, said outright ("no idea which model", "модель не выбрали", "モデルは
# 未定", "Modell egal"): whatever else the message says (a topic's words, a word of a person, a
# target), it asks for a proposal.
_NO_MODEL_YET_RE = gated_re(
    r"no idea (?:which|what) model|no model (?:yet|chosen|picked|decided|in mind)|"
    r"(?:haven'?t|have not|didn'?t|not yet) (?:chosen|picked|decided on|settled on) "
    r"(?:a |the |any )?model|model (?:is )?(?:tbd|undecided|not (?:chosen|decided|picked) yet)|"
    r"(?:don'?t|do not) know (?:which|what) model|(?:which|what) (?:model|llm) (?:should|would|"
    r"do you|and|to use|for this)|"
    r"(?:recommend|suggest) (?:a |the |an? open )?(?:model|llm)|"
    # where to begin, nothing chosen yet
    r"where (?:do|should|would) (?:i|we) (?:even )?start|par où commencer|por d[oó]nde empezar|"
    r"por onde começar|por onde comecar|wo (?:sollen|fangen) wir (?:überhaupt )?an|"
    r"с чего (?:нам )?начать|从哪(?:里|儿)开始|從哪(?:裡|兒)開始|何から始め|어디서부터 시작|"
    # what can be run at all ("¿qué podemos correr?", "what can we run for that?")
    r"what (?:models? )?(?:can|could) (?:i|we) (?:run|host|serve)|"
    r"qu[eé] (?:modelos? )?(?:podemos|puedo|se puede) (?:correr|ejecutar|montar|usar)|"
    r"o que (?:(?:a gente|nós) )?(?:dá|da|podemos|consigo|conseguimos) (?:pra |para )?(?:rodar|"
    r"usar)|"
    r"was können wir (?:damit )?(?:laufen lassen|betreiben|hosten)|"
    r"qu'est-ce (?:qu'on|que nous) (?:peut|pouvons) (?:faire tourner|héberger)|"
    r"что (?:можно|мы можем|получится) (?:запустить|развернуть|поднять)|"
    r"(?:能|可以)跑(?:什么|什麼|哪些)|何が(?:動かせ|動く|走らせ)|무엇을 돌릴|뭘 돌릴|뭐 돌릴|"
    r"any model|model doesn'?t matter|"
    r"(?:todav[ií]a |a[uú]n )?no tengo (?:un |ning[uú]n )?modelo|"
    r"ainda não tenho (?:um |nenhum )?modelo|"
    r"(?:ein )?bestimmtes modell haben wir nicht|(?:noch )?kein (?:bestimmtes )?modell (?:im kopf|"
    r"im blick|ausgewählt|gewählt)|modell (?:ist )?(?:noch )?offen|"
    r"модел[ьи] (?:ещё |еще |пока )?не (?:выбрал[аи]?|выбрана|определил[аи]сь|решил[аи])|"
    r"модель не знаем|какую модель|любая модель|модель не важна|"
    r"モデルは(?:まだ)?(?:未定|決まっていません|決まっていない|決めていません|決めていない|お任せ|おまかせ)|モデル未定|"
    r"どのモデル|モデルは(?:何でも|なんでも)|"
    r"모델은? ?(?:아직 )?(?:미정|안 ?정했|정하지 않았|모르)|어떤 모델|모델은 상관없|"
    r"(?:还|還)(?:没|沒)(?:定|选|選|想好)(?:好)?(?:用)?(?:什么|什麼|哪个|哪個)?模型|"
    r"(?:模型|model|モデル) ?(?:还|還)?(?:没|沒)(?:定|选|選|决定|決定)|模型未定|"
    r"用什么模型|用什麼模型|"
    r"哪个模型|哪個模型|"
    r"(?:没有|沒有|没|沒|未)指定模型|"
    r"模型(?:无所谓|無所謂|随便|隨便)|(?:还|還)(?:没|沒)决定模型|(?:还|還)(?:没|沒)決定模型|"
    r"(?:sin|no tenemos|todavía no (?:hay|tenemos)|aún no (?:hay|tenemos)) (?:un |el )?modelo|"
    r"(?:todavía|aún|ainda) (?:no|não) (?:elegimos|hemos elegido|escogimos|decidimos|escolhemos|"
    r"decidimos|definimos) (?:el |un |ningún |o |um |nenhum )?modelo|"
    r"modelo (?:sin definir|por definir|aún no|todavía no|da igual)|qué modelo|"
    r"(?:sem|não temos|ainda não temos|ainda sem) (?:um |o )?modelo|"
    r"modelo (?:ainda não|a definir|indefinido|tanto faz)|qual modelo|"
    r"(?:noch )?kein(?: festes)? modell|modell (?:ist )?(?:noch )?(?:offen|unklar|egal)|"
    r"(?:ein |das )?modell haben wir (?:noch )?(?:nicht|keins)|"
    r"welches modell|"
    r"pas (?:encore )?de modèle|modèle (?:pas encore|à définir|indéfini|peu importe|non choisi|"
    r"pas (?:encore )?choisi|non défini)|quel modèle|"
    # a blank slate, model and hardware alike ("모델이나 장비는 아직 백지", "モデルも機材も白紙")
    r"(?:model|hardware)[^.?!]{0,24}(?:blank slate|wide open|completely open)|"
    r"(?:모델|장비)[^.?!]{0,16}(?:백지|미정|안 ?정했|정하지 않았)|"
    r"(?:モデル|機材|ハード)[^。？?]{0,12}白紙|"
    r"(?:模型|硬件|硬體)[^。？?]{0,10}(?:一片空白|还是空白|還是空白|毫无头绪|毫無頭緒)|"
    r"(?:modelo|hardware)[^.?!]{0,24}(?:en blanco|sin decidir|em branco|sem defini[çc][ãa]o)|"
    r"(?:modell|hardware)[^.?!]{0,24}(?:noch (?:völlig |ganz )?offen|weißes blatt)|"
    r"(?:modèle|matériel)[^.?!]{0,24}(?:page blanche|tout est ouvert)|"
    r"(?:модел|желез)[^.?!]{0,24}(?:чистый лист|с чистого листа)|"
    # any model will do: "модель любая", "any model", "modelo cualquiera", "模型不限"
    r"модел[ья] (?:любая|любую|не важна|неважна|не выбрана|пока не выбрали)|"
    r"(?:any|whatever) model|model doesn'?t matter|modelo (?:cualquiera|qualquer)|模型不限"
)


def says_no_model_yet(text: str) -> bool:
    """Whether the message says no model is chosen yet (cleaned text)."""
    return _NO_MODEL_YET_RE.search(text) is not None
