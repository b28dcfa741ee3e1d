"""Words of service levels and workloads in ten languages, shared by their readers.

Tokens, units of time, "per user", requests, inputs and outputs, "each": the targets reader
(``bot.understand.targets``) and the reader of pasted forms (``bot.understand.forms``) use them.
"""

from __future__ import annotations

import re

TOKENS = (
    r"(?:tokens?|toks?|tkns?|токен(?:ов|а|ы)?|ток(?![а-я])|トークン|토큰|個?\s?token|个\s?token)"
)
SECOND = (
    r"(?:s|sec|secs|second|seconds|seg|segundos?|seconde?s?|sek|sekunden?|с|сек|секунд[уы]?|"
    r"秒|초)"
)
MINUTE = r"(?:m|min|mins|minute|minutes|minuto|minutos|minuten?|мин|минуту|минуты|分|分钟|分鐘|분)"
HOUR = (
    r"(?:h|hr|hrs|hs|hour|hours|hora|horas|heure|heures|stunde|stunden|std\.?|ч|час|часа|часов|"
    r"小时|小時|時間|시간)"
)
DAY = r"(?:d|day|days|día|dias?|días|jour|jours|tag|tage|tagen|день|дня|дней|сутки|суток|天|日|일)"
WEEK = (
    r"(?:wk|week|weeks|semana|semanas|semaine|semaines|woche|wochen|неделю|недели|недель|неделя|"
    r"周|週|週間|星期|禮拜|礼拜|주|주일)"
)
MONTH = (
    r"(?:month|months|mes|meses|mois|monat|monate|monaten|месяц|месяца|месяцев|"
    r"个月|個月|か月|ヶ月|개월|달)"
)
PER_USER = (
    r"(?:per\s(?:user|stream|request|session|seq(?:uence)?|caller|seat|agent|chat|conversation)|"
    r"세션\s?당|会话|每个会话|每個會話|セッションあたり|на\sсессию|por\ssesi[oó]n|por\ssess[aã]o|"
    r"x\s(?:usuario|usuário|user|utilisateur|nutzer|cliente)|"
    r"pro\ssitzung|par\ssession|par\sconversation|por\sconversa(?:ción|ção)|pro\sgespräch|"
    r"pro\sunterhaltung|на\sдиалог|на\sразговор|每(?:个|個)?对话|每(?:個|个)?對話|会話あたり|대화당|"
    r"each|"
    # each person of the organisation: "per clinician", "por estudiante", "pro Lehrkraft"
    r"(?:per|por|pro|par|je)\s(?:clinician|nurse|doctor|physician|student|teacher|pupil|"
    r"learner|agent|employee|lawyer|analyst|developer|engineer|player|shopper|visitor|patient|"
    r"estudiante|alumno|profesor|médico|paciente|empleado|jugador|aluno|professor|"
    r"funcionário|jogador|schüler|lehrkraft|lehrer|arzt|mitarbeiter|spieler|étudiant|"
    r"élève|enseignant|médecin|joueur|employé|salarié|kunde|cliente|client|customer|stream|"
    r"session|chat|conversa)(?![a-z])|"
    r"/\s?user|a\s(?:user|head)|"
    r"por\s(?:usuario|usuário|utilizador)|pro\s(?:nutzer|user|anfrage)|par\s(?:utilisateur|"
    r"requête)|"
    r"на\s(?:пользователя|юзера|запрос)|每(?:个|個)?(?:用户|用戶|人|请求|請求|会话)|"
    r"(?:ユーザー|ユーザ|リクエスト)(?:あたり|当たり|ごと|毎)|사용자당|유저당|요청당|인당|"
    r"each\suser|every\suser|for\seach|cada\s(?:usuario|usuário)|jede[rn]?\s(?:nutzer|user)|"
    r"(?:pra|para|por)\scada(?:\s(?:um|uno|usuário|usuario|usuária|pessoa|persona))?|"
    r"je\s(?:nutzer|user|anwender|anfrage|sitzung|kopf)|pro\skopf|par\s(?:tête|personne)|"
    r"por\s(?:cabeza|cabeça|persona|pessoa)|на\s(?:человека|каждого|сессию)|每人|每位|"
    r"一人(?:あたり|当たり)|1\s?人(?:あたり|当たり)|1인당|한\s?명당|"
    r"chaque\sutilisateur|каждо(?:му|го)\s(?:пользовател[юя]|юзер[ау])|"
    r"单用户|單用戶|单个用户|單個用戶|ユーザー1人|사용자\s?1명|单路|單路|每路|"
    r"(?:用户|用戶|ユーザー|사용자|пользовател[юяь]|user|usuario|usuário|nutzer|utilisateur)"
    r"(?:\s?(?:should|must|need|needs|see|sees|gets|get|at least|≥|>=|每秒|が|は|에게|는|должен|"
    r"debe|deve|soll|doit))*)"
)
REQUESTS = (
    r"(?:requests?|reqs?|queries|query|calls?|conversations?|chats?|messages?|prompts?|"
    r"solicitudes|solicitações|solicitacoes|peticiones|consultas|requisições|requisicoes|"
    r"chamadas|anfragen|aufrufe|requêtes|requetes|appels|запрос(?:ов|а|ы)?|обращени[йяе]|"
    # tickets handled, each one request: "14.400 Tickets pro Tag", "2,000 tickets an hour"
    r"tickets?|chamados|тикет(?:ов|а|ы)?|工单|工單|チケット|티켓|"
    # e-mails handled, each one request: "300 emails/hour" (calls a day summarised are a
    # volume of work, read elsewhere)
    r"e-?mails?|correos|courriels|письм(?:о|а)?|邮件|郵件|メール|메일|"
    # chat messages checked, each one request: "300 mensajes por segundo", "每秒 200 条弹幕"
    r"mensajes|mensagens|nachrichten|сообщени(?:й|я|е)|消息|訊息|メッセージ|메시지|弹幕|彈幕|"
    r"次?请求|次?請求|次调用|次|条|條|リクエスト|件|건|요청|회|コール)"
)
OUTPUT_WORDS = (
    r"output|outputs|osl|answers?|responses?|repl(?:y|ies)|completions?|generation|saídas?|saidas?|"
    # a draft written for a person to send: "draft ≈ 350 tokens", "borrador", "Entwurf"
    r"drafts?|borrador(?:es)?|rascunhos?|brouillons?|entw(?:ü|u)rfe?|черновик(?:и|а)?|草稿|下書き|초안|"
    r"salidas?|"
    # the result written per item: "Ergebnis pro Vertrag ~500 Tokens JSON"
    r"ergebnis(?:se)?|"
    r"sorties?|ausgaben|"
    r"ausgabe-?tokens?|ausgabe|antwort(?:en)?|réponses?|respuestas?|respostas?|ответы?|ответа|"
    r"выход|выходе|"
    # (not "入出力"/"输入输出": input and output together, as in "合計5億トークン（入出力込み）")
    r"(?<!输入)输出|(?<!輸入)輸出|生成(?!速)|回答|回覆|回复|(?<!入)出力|응답|(?<!입)출력|답변"
)
# A summary's length is the answer's, said right beside its number ("~100-token summary",
# "摘要 150 tokens", "Zusammenfassung 200 Tokens", "résumé de 300").
SUMMARY_WORDS = (
    r"summary|summaries|摘要|zusammenfassung|résumé|resumen|resumo|саммари|요약(?:은|본)?|要約(?:は)?|"
    r"总结|總結|резюме|выжимк[аи]"
)
INPUT_WORDS = (
    r"prompts?|inputs?|input\slength|isl|entrada|entradas|eingaben?|prompt-länge|entrée|entrées|"
    r"incoming(?:\s(?:e-?mails?|messages?|texts?|tickets?))?|"
    r"входн(?:ой|ые|ых)|вход|входе|промпт|промпты|(?:средний|типичный)\sзапрос|"
    r"запрос(?:ы)?\sв\sсреднем|"
    r"输入|輸入|提示词|prompt\s?长度|入力|"
    r"プロンプト|입력|프롬프트"
)
EACH = (
    r"each|apiece|per\s(?:doc|document|file|item)|cada\s(?:uno|una|uma|um)|cada|je|jeweils|chacun|"
    r"chacune|каждое|каждый|каждая|по|每份|每篇|每个|每個|每条|每條|每筆|每笔|各|건당|개당|장당|편당|통당|"
    r"1\s?件あたり|1\s?件|件あたり|1\s?通|à|"
    # a Korean document and 당: "문서당", "리뷰당", "계약서당" (not a request's: "쿼리당", "요청당")
    r"(?<![가-힣])(?:문서|문건|리뷰|후기|계약서|계약|파일|기사|논문|페이지|보고서|판례|티켓|메일|이메일|"
    r"댓글|녹취록|녹취|상담|기록|항목|케이스|게시물|게시글|상품|설명)당"
)
RATE_ABBR = {"qps": 60.0, "rps": 60.0, "rpm": 1.0, "req/s": 60.0, "req/min": 1.0}


def per_minute(unit: str) -> float | None:
    """Return the requests per minute that one request per ``unit`` is."""
    unit = unit.strip().lower()
    for pattern, factor in (
        (SECOND, 60.0),
        (MINUTE, 1.0),
        (HOUR, 1 / 60),
        (DAY, 1 / 1440),
        (WEEK, 1 / 10080),
    ):
        if re.fullmatch(pattern, unit):
            return factor
    return None
