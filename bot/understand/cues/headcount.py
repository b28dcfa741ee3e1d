"""How many people an organisation or team has: "200 employees", "a team of 40", "社員500人".

A head count is who may use a deployment, not how many use it at once: the answer turns it into
users at peak and says so. A count the message calls simultaneous ("60 devs at once", "同时 30
人") stays the concurrency and is no head count; a people word a deployment always counts at
once ("20 users") is not read here either.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from functools import cache

from bot.understand import lexicon
from bot.understand.corrections import INSTEAD
from bot.understand.gates import Searchable, gated_re
from bot.understand.numbers import (
    CJK_NUMBER_PATTERN,
    NUMBER_PATTERN,
    parse_cjk_number,
    parse_number,
)
from bot.understand.text import ALL_OF_THEM, RELATIVE_AFTER_COMMA
from bot.understand.today import said_of_today

# People of an organisation, per language (lower case, cleaned text).
MEMBERS = (
    r"employees?|staff(?:ers)?|workers|colleagues|co-?workers|engineers|developers|devs|"
    r"programmers|coders|analysts|agents|seats|team ?members|members of staff|lawyers|"
    r"doctors|nurses|teachers|students|researchers|consultants|people in (?:our|the) (?:team|"
    r"company)"
    r"|сотрудник[а-яё]*|работник[а-яё]*|разработчик[а-яё]*|разрабов|разрабы|программист[а-яё]*|инженер[а-яё]*|"
    r"коллег[а-яё]*|операторов|человек в (?:команде|компании)|"
    r"empleados?|trabajadores|desarrolladores|programadores|ingenieros|agentes|colaboradores|"
    r"funcionários|funcionarios|colaboradores|desenvolvedores|programadores|engenheiros|atendentes|"
    r"[a-zäöüß]{0,14}-?mitarbeiter(?:innen|n)?|[a-zäöüß]{0,14}mitarbeitende[n]?|beschäftigte[n]?|[a-zäöüß]{0,10}entwickler(?:innen|"
    r"n)?|"
    r"kollegen|kolleginnen|analistas|analystes|analysten|(?<=[0-9] )ma(?![a-zäöü.])|"
    # German gender forms: "Anwält:innen", "Mitarbeiter*innen", "Kolleg_innen"
    r"[a-zäöüß]{3,}[:*_]innen|"
    r"ingenieure|programmierer|"
    r"salariés|employés|collaborateurs|collègues|développeurs|devs|ingénieurs|agents|conseillers|"
    r"gestionnaires|sachbearbeiter(?:innen)?|mitarbeitende|beschäftigte|"
    r"colegas|advogados|abogados|avocats|anwälte[n]?|anwältinnen|juristen|juristes|юрист[а-яё]*|médicos|médecins|"
    r"ärzte[n]?|врач[а-яё]*|professores|profesores|enseignants|lehrer(?:innen)?|учител[а-яё]*|"
    r"estudantes|estudiantes|étudiants|studierende[n]?|студент[а-яё]*|pesquisadores|investigadores|"
    r"chercheurs|forscher(?:innen)?|исследовател[а-яё]*|vendedores|vendeurs|commerciaux|"
    r"contadores|contables|comptables|"
    # more trades and professions, counted as the people of an organisation
    r"nurses|pharmacists|mechanics|technicians|drivers|designers|writers|editors|journalists|"
    r"translators|accountants|adjusters|underwriters|agents|clerks|officers|associates|members|"
    # members of a community or a club: "12 mil membros", "8.000 miembros", "3 000 membres"
    r"membros|miembros|membres|volunteers|voluntários|voluntarios|bénévoles|ehrenamtliche[n]?|"
    r"dispatchers|cashiers|pilots|scientists|physicians|clinicians|radiologists|paralegals|"
    r"медсест[ёе]р|фармацевт[а-яё]*|механик[а-яё]*|техник[а-яё]*|водител[а-яё]*|дизайнер[а-яё]*|"
    r"переводчик[а-яё]*|бухгалтер[а-яё]*|менеджер[а-яё]*|продавц[а-яё]*|учени?к[а-яё]*|"
    r"enfermer[oa]s|farmac[eéê]utic[oa]s|soignant(?:e)?s|aides-soignant(?:e)?s|infirmiers|"
    r"mecánicos|mecânicos|técnicos|conductores|motoristas|"
    # veterinarians: "600 veterinarios y auxiliares", "300 vétérinaires", "80 Tierärzte"
    r"veterinari(?:os|as|ans)|veterinários|vétérinaires|tierärzt(?:e|innen)|ветеринар[а-яё]*|"
    r"diseñadores|designers|traductores|tradutores|associados|asociados|socios|médicos|"
    r"pflegekräfte|pflegekraft|apotheker(?:innen)?|mechaniker(?:innen)?|techniker(?:innen)?|"
    r"fahrer(?:innen)?|designer(?:innen)?|übersetzer(?:innen)?|steuerberater(?:innen)?(?: und "
    r"steuerberater)?|ärztinnen|mitglieder[n]?|pflegekräften|"
    r"infirmi[eè]res?|pharmaciens|mécaniciens|techniciens|chauffeurs|traducteurs|"
    r"comptables|adhérents|médecins|alunos|alumnos|élèves|schüler(?:innen)?|entregadores|"
    r"repartidores|livreurs|kuriere|курьер[а-яё]*|мастеров|аналитик[а-яё]*|行員|社員|職員|"
    r"disponenten|disponent(?:inn)?en|traders|courtiers|makler|brokers|редактор[а-яё]*|profes|"
    r"instrutores|instructores|instructeurs|agenten|agentinnen|operators|operadores|opérateurs|"
    r"servidores públicos|servidoras públicas|funcionários públicos|funcionarios públicos|"
    r"fonctionnaires|beamte[n]?|госслужащих|чиновник[а-яё]*|civil servants|public servants|"
    r"operatoren|redactores|redatores|rédacteurs|copywriters|texter(?:innen)?|volunteers|voluntari(?:os|as)|voluntários|bénévoles|freiwillige[n]?|"
    r"волонт[её]р[а-яё]*"
)
_CJK_MEMBERS = (
    # English words of staff in a CJK sentence: "300 位 agent", "80 名 engineer"
    r"(?<=[位名個个人] )(?:agents?|staff|engineers?|developers?|devs)(?![a-z])|"
    r"(?<=[位名個个人])(?:agents?|staff|engineers?|developers?|devs)(?![a-z])|"
    r"员工|員工|职员|職員|程序员|程式設計師|工程师|工程師|开发者|開發者|开发人员|開發人員|研发|"
    r"研發|律师|律師|医生|醫生|老师|老師|分析师|分析師|醫護人員|医护人员|護理師|护士|護士|醫師|医师|"
    r"坐席|客服人员|客服人員|同事|社員|従業員|職員|開発者|エンジニア|プログラマー|オペレーター|"
    r"직원|임직원|개발자|엔지니어|상담원|상담사|구성원|수강생|학생|学生|學生|生徒|受講生|학원생|"
    r"간호사|의사|약사|정비사|기사|디자이너|번역가|회계사|설계사|상담사|"
    r"护士|護士|医师|醫師|药剂师|藥劑師|技师|技師|司机|司機|设计师|設計師|翻译|翻譯|会计|會計|"
    r"看護師|医師|薬剤師|整備士|技術者|ドライバー|デザイナー|翻訳者|会計士|税理士|店長|建築士|弁護士|"
    r"護理師|护理师|同仁|律师|員工們|專員|专员|客服專員|客服专员|坐席员|坐席員|講師|讲师|"
    r"工作人员|工作人員|公务员|公務員|선생님|교사|교직원|공무원"
)
# "a 350-person company", "team of 40", "company of 200 people", "150 人的公司", "200人の会社".
_ORG = r"(?:company|firm|team|org(?:anization|anisation)?|business|startup|office|department)"
# An organisation in the other languages: "une boîte de 400 personnes", "una empresa de 300",
# "eine Firma mit 400 Leuten", "компания на 400 человек".
_ORGS = (
    rf"(?:{_ORG}|boîte|entreprise|société|pme|start-?up|structure|cabinet|agence|groupe|"
    r"organisation|empresa|compañía|firma|pyme|organización|despacho|agencia|companhia|"
    r"organização|agência|escritório|oficina|bureau|büro|unternehmen|betrieb|kanzlei|agentur|"
    r"equipo|equipe|equipa|équipe|abteilung|отделе|команде|"
    r"konzern|"
    r"компани[яюией]|фирм[аыуе]|организаци[яиюей]|предприяти[еяю]|стартап)"
)
# Words for people after an organisation's count ("de 300 personas", "mit 400 Leuten").
_PEOPLE = (
    r"(?:people|ppl|folks|persons|personas|pessoas|personnes|leute[n]?|personen|человек|"
    r"сотрудник[а-яё]*|"
    rf"{MEMBERS})"
)
_ABOUT = (
    r"(?:(?:about|around|like|roughly|approximately|approx\.?|environ|à peu près|unos|unas|uns|"
    r"umas|cerca de|quase|aproximadamente|etwa|rund|ungefähr|около|примерно|где-то|порядка|~)\s?)?"
)
# Where the people of an organisation are: "in the company", "en la empresa", "dans la boîte".
_IN_ORG = (
    r"(?:at|in|en|dans|na|no|em|in der|im|bei|в|на)\s(?:the|our|this|la|el|le|notre|nuestra|"
    r"nuestro|a|o|nossa|nosso|unserer|unserem|der|dem|l')?\s?"
)
# A count, with a word of thousands ("2k", "2 тыс.", "3 mil", "5 Tsd."): the team is whole people.
_COUNT = (
    rf"(?:{CJK_NUMBER_PATTERN}|"
    rf"{NUMBER_PATTERN}(?:\s?(?P<k>k|тыс\.?|тысяч[аи]?|mil|tsd\.?|tausend)(?![a-zа-яё]))?)"
)


# Words without which a pattern cannot match ("人" for "150 人的設計公司"): a pattern whose words
# are all absent is not run (most messages name no organisation). ``_NON_ASCII``: written only
# in other scripts.
_NON_ASCII: tuple[str, ...] = ()
# By the pattern's id: a pattern's own hash reads its whole compiled code each time.
_GATES: dict[int, tuple[str, ...]] = {}


def _when(words: tuple[str, ...], pattern: Searchable) -> Searchable:
    """Note the words ``pattern`` needs (any one of them); return the pattern."""
    _GATES[id(pattern)] = words
    return pattern


def _may_match(pattern: Searchable, text: str) -> bool:
    words = _GATES.get(id(pattern))
    if words is None:
        return True
    if words is _NON_ASCII:
        return not text.isascii()
    return any(word in text for word in words)


# A thousand said in words ("около тысячи сотрудников", "a thousand employees", "mil
# funcionários"): a head count with no digit.
_A_THOUSAND = (
    r"(?<![\w-])(?P<thousand>(?:a |one )?thousand|тысяч[аиуе]?|тыщ[аиу]?|mil|mille|tausend)|"
    # French round counts: "une quarantaine de gestionnaires" are about forty
    r"(?<![\w-])une (?P<aine>dizaine|douzaine|quinzaine|vingtaine|trentaine|quarantaine|"
    r"cinquantaine|soixantaine|centaine) d[e']"
)
_AINE = {
    "dizaine": 10,
    "douzaine": 12,
    "quinzaine": 15,
    "vingtaine": 20,
    "trentaine": 30,
    "quarantaine": 40,
    "cinquantaine": 50,
    "soixantaine": 60,
    "centaine": 100,
}


@cache
def _patterns() -> tuple[Searchable, ...]:
    letters = lexicon.WORD_LETTER
    between = rf"(?:\s++(?:[{letters}\-]++\s++){{0,2}}|\s*+)"
    return (
        # "200 employees", "our 60 engineers", "350 сотрудников", "45 разработчиков"
        gated_re(rf"(?:{_COUNT}|{_A_THOUSAND}){between}(?:{MEMBERS})(?![{letters}])"),
        # "员工 2300 人", "社員500人", "직원 250명", "开发者 120 个"
        _when(
            _NON_ASCII,
            gated_re(
                rf"(?:{_CJK_MEMBERS})\s?(?:は|が|이|가|은|는|数|數|数は)?\s?"
                # (all of them: "護理師共 260 位", "職員は合計540名", "직원 총 250명")
                rf"(?:共|一共|總共|总共|合計|合计|総勢|총)?\s?"
                rf"(?:约|約|大概|大約|大约|大体|약|약\s|한\s)?\s?{_COUNT}"
            ),
        ),
        # "40 of us total", "团队60来号人", "公司大概200人", "нас около 400", "el equipo es de 30"
        _when(
            ("of us", "de nosotros", "de nós", "von uns", "d'entre nous"),
            gated_re(rf"{_COUNT}\s(?:of us|de nosotros|de nós|von uns|d'entre nous)(?![a-z])"),
        ),
        _when(
            _NON_ASCII,
            gated_re(
                r"(?:全公司|公司|团队|團隊|部门|部門|整个团队|整個團隊|全院|全校|全厂|全廠|全司|全员|全員|"
                # the whole firm, office or group: "全所 600 来人", "全行", "全集团", "全社"
                r"全所|全行|全局|全集团|全集團|全组|全組|全科|全系|全社|"
                r"全实验室|全實驗室|实验室|實驗室)\s?"
                # (who is counted, said between: "全校師生大約 3,000 人")
                r"(?:师生|師生|员工|員工|同学|同學|学生|學生|老师|老師|职工|職工|教职工|教職員)?\s?"
                r"(?:大概|大约|大約|约|約|有|一共|总共|總共|共)?"
                rf"\s?{_COUNT}\s?(?:来|來|多|左右|上下)?\s?(?:号|號|个|個|位)?\s?(?:的)?\s?"
                r"(?:人|名|译员|譯員|员工|員工|工程师|工程師|开发者|開發者|同事|客服|律师|律師|老师|老師|"
                r"学生|學生|研究员|研究員)"
            ),
        ),
        gated_re(
            r"(?<![а-яё])нас\s(?:в (?:компании|команде|офисе|фирме|отделе|штате|коллективе|"
            r"отделении|департаменте)\s)?(?:около\s|примерно\s|"
            rf"где-то\s|порядка\s)?(?:человек\s)?{_COUNT}(?![0-9]|\s?(?:gpu|к\b|k\b))"
        ),
        gated_re(
            r"(?:equipo|empresa|time|equipe|equipa|team|firma|firm|company|org|organi[sz]ation)"
            r"(?:\s(?:inteiro|inteira|entero|entera|entier|entière|whole|entire|ganze|todo|toda))?"
            r"\s(?:es|é|"
            r"son|são|is|has|hat|"
            rf"tem|tiene)\s(?:de\s)?(?:about\s|unos\s|uns\s|etwa\s)?{_COUNT}(?![0-9])"
            r"(?!\s?(?:gpu|server|servidor|k\b))"
        ),
        # "we're 40 people", "нас около 300 человек", "somos unas 20 personas", "on est 12"
        gated_re(
            r"(?:we are|we're|were|there are|нас|somos|nous sommes|on est|wir sind|"
            r"我们有|我們有|我们是|我們是|私たちは|うちは|저희는|우리는|"
            # "我们就三个人", "我們只有 5 個人", "我们团队一共 8 个人": a small team counted
            r"(?:我们|我們|咱们|咱們)(?:团队|團隊|公司)?(?:就|只有|一共|总共|總共|才|就是)|"
            r"(?:うちは|私たちは)?(?:たった|全部で|わずか)|저희(?:는)?\s?(?:다 ?해서|총|딱))\s?"
            rf"(?:[a-zа-яё]+\s){{0,3}}?{_ABOUT}{_COUNT}\s?(?:{_PEOPLE}|(?:个|個|位)?人|名|명)(?![a-z])"
        ),
        # "the claims dept is ~90 adjusters", "the team has 40 analysts": any people, counted
        gated_re(
            r"(?:dept|department|division|team|unit|office|org|company|firm)\s(?:is|has|of)\s"
            rf"(?:about\s|around\s|roughly\s|like\s)?~?\s?{_COUNT}\s[a-z]{{3,}}s(?![a-z])"
        ),
        # "a small startup (12 ppl)", "our team (25 people)": the people in brackets
        _when(
            ("(", "（"),
            gated_re(
                rf"{_ORGS}[^()（）]{{0,12}}[(（]\s?(?:~|about\s|ca\.\s)?{_COUNT}\s?(?:{_PEOPLE}|人|名|명)"
            ),
        ),
        # "we're like 400 ppl at the company", "somos unos 90 en la empresa", "on est environ 180
        # dans la boîte": who we are, counted, then where
        gated_re(
            r"(?:we are|we're|were|somos|nous sommes|on est|wir sind|são)\s"
            rf"(?:[a-z]+\s){{0,2}}?{_ABOUT}{_COUNT}\s(?:{_PEOPLE}\s)?{_IN_ORG}{_ORGS}"
            rf"(?![{letters}])"
        ),
        # "120个程序员", "80 人的客服團隊", "개발자 70명" is above; "70명의 개발자"
        # (a word of their trade between: "250 位業務同仁", "80 名営業職員")
        _when(
            _NON_ASCII,
            gated_re(
                rf"{_COUNT}\s?(?:[个個位名명人])?\s?(?:의\s)?(?:[\u4e00-\u9fff]{{1,2}})?(?:{_CJK_MEMBERS})"
            ),
        ),
        # "80 个开发" (developers, said short), "30 位研发"
        _when(
            _NON_ASCII,
            gated_re(
                rf"{_COUNT}\s?(?:个|個|位|名)\s?(?:开发|開發|研发|研發)(?![者人周週阶階任工环環板费費])"
            ),
        ),
        # "a 350-person company", "team of 40", "company of 200 people"
        gated_re(
            rf"{_COUNT}[\s-](?:person|people|employee|staff|seat|man)\s(?:[a-z\-]+\s){{0,2}}{_ORG}"
        ),
        # "客服團隊 80 人", "财务部门30个人", "法務部 40 人", "チーム 30 名", "팀 40명"
        _when(
            _NON_ASCII,
            gated_re(
                rf"(?:团队|團隊|部门|部門|公司|企业|企業|チーム|部署|会社|部|課|팀|부서|"
                rf"회사)\s?(?:は|が|의|은|는)?\s?{_COUNT}"
                r"\s?(?:个|個|位|名)?\s?(?:人|名|명)"
            ),
        ),
        # "Equipe de suporte com 70 pessoas", "Service client de 40 personnes", "Отдел
        # разработки — 80 человек": a team named, a few words, the people counted
        re.compile(
            r"(?<![a-zà-ÿа-яё])(?:team|department|dept|équipe|equipe|equipa|equipo|departamento|"
            r"département|setor|sector|service|abteilung|отдел|команда|подразделение)"
            r"(?:\s[^\s\d,.;:!?]+){0,3}\s?(?:com|con|de|avec|mit|of|with|—|–|-|:|из|на)?\s?"
            rf"(?:uns\s|unos\s|~|около\s|environ\s|etwa\s|about\s)?{_COUNT}\s?"
            r"(?:pessoas|personas|personnes|человек|leute|personen|people|mitarbeiter|"
            r"funcionários|empleados|employés|сотрудник[а-яё]*)(?![a-zà-ÿа-яё])"
        ),
        # "чат-бот для сотрудников, их около 350": the staff, then how many they are
        re.compile(rf"сотрудник[а-яё]*,?\s(?:их|нас)\s(?:около\s|примерно\s|~)?{_COUNT}"),
        # "um time de 35 analistas", "un equipo de 20", "une équipe de 12", "a team of 40" above
        gated_re(rf"\b(?:time|equipe|equipa|equipo|équipe|squad)\sde\s(?:uns\s|unos\s|~)?{_COUNT}"),
        gated_re(rf"\b{_ORG}\sof\s(?:about\s|around\s|~)?{_COUNT}(?!\s?(?:gpu|server|h200|mi355))"),
        # "une boîte de 400 personnes", "empresa de 300 personas", "Firma mit 400 Leuten",
        # "компания на 400 человек": the organisation, a preposition, the count, people
        # "a 900-employee bank", "a 40-person team": the people as a word of the organisation
        _when(
            ("-",),
            gated_re(
                rf"(?<![.\w]){_COUNT}-(?:person|people|employee|staff|seat|strong|dev|developer|"
                r"engineer|lawyer|attorney|doctor|nurse|agent|analyst|teacher|student|member|seat)"
                rf"(?![{letters}])"
            ),
        ),
        # "сотрудников 5 тыс.", "employees: 800", "Mitarbeiter: 300": the people, then the count
        gated_re(
            r"(?<![а-яёa-z])(?:сотрудников|работников|employees|staff|headcount|mitarbeiter(?:innen)?|"
            r"empleados|funcionários|salariés|employés)\s?[:—-]?\s?(?:около\s|примерно\s|~|about\s|"
            rf"ca\.\s|etwa\s)?(?:{_COUNT}|{_A_THOUSAND})(?![0-9])(?!\s?(?:gpu|токен|token|k\b|к\b|x\b))"
        ),
        # "nuestra empresa tiene 500 personas", "notre société compte 1200 personnes"
        gated_re(
            rf"{_ORGS}(?:\s?d'[{letters}]+|\s[{letters}]+)?\s(?:of|de|mit|von|на|из|в|с|"
            r"com|con|avec|has|employs|"
            r"tiene|cuenta con|emplea|tem|conta com|emprega|compte|emploie|hat|beschäftigt|"
            rf"насчитывает)\s{_ABOUT}{_COUNT}\s(?:{_PEOPLE})(?![{letters}])"
        ),
        # "en plantilla somos 500", "в штате 450 человек", "na folha são 300": on the payroll
        gated_re(
            r"(?:en plantilla|en nómina|na folha|no quadro|в штате|на зарплате|im stammpersonal|"
            r"fest angestellt|on (?:the )?payroll|en cdi|dans l'effectif)\s(?:somos|hay|tenemos|"
            r"são|temos|sind|есть|we have|we are|nous sommes|on est)?"
            rf"\s?{_ABOUT}{_COUNT}(?![0-9])"
        ),
        # "140 people on payroll", "55 people total", "總共 42 人", "всего 70 человек": everyone
        _when(
            ("payroll", "total", "all told", "altogether", "insgesamt", "всего"),
            gated_re(
                rf"{_COUNT}\s(?:{_PEOPLE})\s(?:on (?:the )?payroll|in total|total|all told|"
                r"altogether|en total|no total|au total|insgesamt|всего)(?![a-z])"
            ),
        ),
        gated_re(
            r"(?:总共|總共|一共|合计|合計|全部|всего|insgesamt|in total|en total|no total|au total)"
            rf"\s?(?:有|是)?\s?{_COUNT}\s?(?:人|名|명|位|(?:{_PEOPLE}))"
        ),
        # "в компании человек 250", "в штате сотрудников около 80": where, people, the count
        _when(
            ("в ",),
            gated_re(
                r"в (?:компании|команде|штате|офисе|отделе|фирме|коллективе) "
                rf"(?:человек|сотрудников)\s(?:около\s|примерно\s|где-то\s)?{_COUNT}"
            ),
        ),
        # "équipe d'une trentaine de personnes": a team counted roundly (people alone, with no
        # team, are read as with digits)
        _when(
            ("aine",),
            gated_re(
                r"(?:équipe|entreprise|société|boîte|cabinet|agence|structure|service|bureau)\s?"
                rf"(?:de\s|d')(?:{_A_THOUSAND})\s?(?:{_PEOPLE})"
            ),
        ),
        # "инженеров человек 150": the people, then "человек" and the count
        _when(
            ("чел",),
            gated_re(rf"(?:{MEMBERS})\s(?:человек|чел\.?)\s(?:около\s|примерно\s)?{_COUNT}"),
        ),
        # "office strength is 300", "our team strength is 45": Indian English for a head count
        _when(
            ("strength",),
            gated_re(
                rf"(?:office|staff|team|employee|company|total)\sstrength\s(?:is\s|of\s|=\s?|:\s?)?"
                rf"(?:around\s|about\s|approx\.?\s)?{_COUNT}"
            ),
        ),
        # "500人規模で", "300명 규모": an organisation's scale in people
        _when(("規模", "규모"), gated_re(rf"{_COUNT}\s?(?:人|名|명)\s?(?:規模|규모)")),
        # "150 人的設計公司", "200人の会社", "250명 회사", "600 empleados" is above
        _when(
            ("人", "명"),
            gated_re(
                rf"{_COUNT}\s?(?:人|명)\s?(?:的|規模の|規模|の|규모(?:의)?)?\s?(?:\S{{0,4}})?(?:公司|企业|企業|"
                rf"团队|團隊|会社|企業|회사|기업|"
                rf"팀|事務所|事务所|律所)"
            ),
        ),
        # "empresa de 600 empleados" is above; "une PME de 120 salariés" above
        # "350 位業務": sales staff counted with a measure word for people
        _when(("位",), gated_re(rf"{_COUNT}\s?位\s?(?:業務|业务|銷售|销售)(?!量|額|额)")),
        # "日活大概两千人", "DAU ~3k", "일일 활성 사용자 5만 명", "25 mil alunos ativos": the people
        # who use a product, active in a day or a month (not at once)
        _when(
            (
                "日活",
                "月活",
                "dau",
                "mau",
                "active",
                "활성",
                "активн",
                "ativos",
                "activos",
                "actifs",
            ),
            gated_re(
                r"(?:日活|月活|(?<![a-z])[dm]au(?![a-z])|(?:daily|monthly) active users?|"
                r"(?:일일|월간)\s?활성\s?사용자(?:\s?수)?)(?:用户|用戶|数|數)?\s?"
                r"(?:\s?(?:is|of|are|:|是|有|为|為))?\s?"
                rf"(?:大概|大约|大約|约|約|~|≈|about|around|roughly)?\s?{_COUNT}"
                r"(?!\s?%)"
            ),
        ),
    )


# Words after a count that make it simultaneous ("60 devs hitting it at once"): then it is the
# concurrency, not a head count. They stand before the next number or clause, within a few
# words (the reach the concurrency reader gives them); a model's name between is no number
# ("30 agents using Llama 3.3 70B at once").
_AFTER_CHARS = 60
_BEYOND_CHARS = 40
# (a number whole, not its first digits: "120b" is no number, "12." at a sentence's end is)
_NEXT_NUMBER_RE = gated_re(r"[,，、;；。!?！？]|\.(?=\s|$)|(?<![a-z.0-9])[0-9]++(?![a-z]|\.[0-9])")


def _simultaneous(text: str, match: re.Match[str]) -> bool:
    if lexicon.said_at_once(match.group()):
        return True
    end = min(len(text), match.end() + _AFTER_CHARS)
    # The next stop is looked for a little past the words read: at-once words followed there
    # by another count are that count's ("직원이 2,400명 … 동시에 쓰는 사람은 많아야 180명").
    beyond = min(len(text), end + _BEYOND_CHARS)
    stop = _NEXT_NUMBER_RE.search(text, match.end(), beyond)
    # "45 Kollegen, die ihn gleichzeitig nutzen": a relative clause says what they do
    while (
        stop is not None and stop.group() in ",，" and RELATIVE_AFTER_COMMA.match(text, stop.end())
    ):
        stop = _NEXT_NUMBER_RE.search(text, stop.end(), beyond)
    # Words of "at once" just before another count are that count's ("1万人ですが同時接続は100").
    after = stop is None or not stop.group()[0].isdigit()
    upto = min(stop.start(), end) if stop else end
    return (
        (after and lexicon.said_at_once(text[match.end() : upto]))
        or _said_at_once_before(text, match.start())
        or _all_at_once_after(text, match)
    )


def _all_at_once_after(text: str, match: re.Match[str]) -> bool:
    """Whether the clause after the count's says all of them are there at once.

    "Команда из 25 аналитиков, все работают одновременно", "300 operators, on a shift they are
    all on at the same time": the count is of users at once. Not when the clause counts again.
    """
    stop = _NEXT_NUMBER_RE.search(text, match.end(), min(len(text), match.end() + _AFTER_CHARS))
    if stop is None or stop.group()[0].isdigit():
        return False
    end = _NEXT_NUMBER_RE.search(text, stop.end(), min(len(text), stop.end() + _AFTER_CHARS))
    if end is not None and end.group()[0].isdigit():
        return False
    clause = text[stop.end() : end.start() if end else stop.end() + _AFTER_CHARS]
    if ALL_OF_THEM.search(clause) is None or lexicon.search("negation", clause):
        return False  # "120 devs. obviously they won't all hit it at once"
    return lexicon.said_at_once(clause)


# A share of the people said to be there at once ("maybe half use it at once", "同时在线大概
# 10%", "连十分之一都不到"): the users at once are that share of the head count.
_SHARES = {
    "half": 0.5,
    "a half": 0.5,
    "a third": 1 / 3,
    "a quarter": 0.25,
    "a fifth": 0.2,
    "a tenth": 0.1,
    "一半": 0.5,
    "半数": 0.5,
    "半數": 0.5,
    "半分": 0.5,
    "三分之一": 1 / 3,
    "四分之一": 0.25,
    "五分之一": 0.2,
    "十分之一": 0.1,
    "一成": 0.1,
    "两成": 0.2,
    "兩成": 0.2,
    "二成": 0.2,
    "三成": 0.3,
    "一割": 0.1,
    "二割": 0.2,
    "절반": 0.5,
    "10분의 1": 0.1,
    "половина": 0.5,
    "половины": 0.5,
    "половину": 0.5,
    "треть": 1 / 3,
    "четверть": 0.25,
    "десятая часть": 0.1,
    "la mitad": 0.5,
    "metade": 0.5,
    "a metade": 0.5,
    "la moitié": 0.5,
    "die hälfte": 0.5,
    "un tiers": 1 / 3,
    "un quart": 0.25,
    "un dixième": 0.1,
    "um terço": 1 / 3,
    "un tercio": 1 / 3,
    "um quarto": 0.25,
    "un cuarto": 0.25,
    "ein drittel": 1 / 3,
    "ein viertel": 0.25,
    "ein zehntel": 0.1,
}
_SHARE_RE = gated_re(
    r"(?<![0-9.,])(?P<pct>[1-9][0-9]?(?:[.,][0-9])?)\s?(?:%|％|percent|per ?cent|процент[а-яё]*|"
    r"por ?ciento|por ?cento|pour ?cent|prozent)|(?<![0-9.,])(?P<wari>[1-9])\s?割|(?P<part>"
    + "|".join(sorted((re.escape(word) for word in _SHARES), key=len, reverse=True))
    + r")(?![a-zа-яё])"
)
_SHARE_REACH = 48


def _share_near(text: str, start: int, end: int) -> tuple[float, str] | None:
    """Return a share said with at-once words between ``start`` and ``end``, and its number."""
    for match in _SHARE_RE.finditer(text, start, end):
        around = text[max(start, match.start() - _SHARE_REACH) : match.end() + _SHARE_REACH]
        if not lexicon.said_at_once(around) and not lexicon.search("at_once", around):
            continue
        if match.group("pct"):
            return float(match.group("pct").replace(",", ".")) / 100, match.group("pct")
        if match.group("wari"):  # "1 割": tenths
            return int(match.group("wari")) / 10, match.group("wari")
        return _SHARES[match.group("part")], ""
    return None


def find_share(text: str) -> tuple[float, str] | None:
    """Return the share of the people said to be there at once, and the number it is said by."""
    if _SHARE_RE.search(text) is None:
        return None
    return _share_near(text, 0, len(text))


def find_all_at_once(text: str) -> int | None:
    """Return a count of people the next clause says are all there at once, or None."""
    if ALL_OF_THEM.search(text) is None:
        return None
    return next((value for match, value in _counts(text) if _all_at_once_after(text, match)), None)


def _counts(text: str) -> Iterator[tuple[re.Match[str], int]]:
    """Yield each count of people the patterns read, with its whole value in bounds."""
    for pattern in _patterns():
        if not _may_match(pattern, text):
            continue
        for match in itertools.islice(pattern.finditer(text), _MAX_MATCHES):
            value = _value(match)
            if value is not None and value.is_integer() and 1 <= value <= _MAX_HEADCOUNT:
                yield match, int(value)


def _share_after(text: str, match: re.Match[str]) -> bool:
    """Whether the at-once words after a count give a share of it ("800人，同时在线不到一成")."""
    end = min(len(text), match.end() + _AFTER_CHARS + _BEYOND_CHARS)
    return _SHARE_RE.search(text, match.end(), end) is not None and (
        _share_near(text, match.end(), end) is not None
    )


def _said_at_once_before(text: str, start: int) -> bool:
    """Whether the count's clause says "at once" before it ("Gleichzeitig dran sind 10 Kollegen").

    Back to the clause's start, or to another count, whose words they would be.
    """
    before = text[max(0, start - _AFTER_CHARS) : start]
    stops = list(_NEXT_NUMBER_RE.finditer(before))
    if stops and stops[-1].group().isdigit():
        return False
    return lexicon.said_at_once(before[stops[-1].end() :] if stops else before)


# People counted with a bare word of people ("25 человек", "20人左右", "unas 20 personas"): a
# head count when the message gives another count as the users at once.
_PEOPLE_COUNT_RE = gated_re(
    rf"{_COUNT}\s?(?:[个個位名명人](?![a-z])|people|persons|folks|personas|pessoas|personnes|"
    r"leute[n]?|человек(?![а-яё]))"
)


# Users counted, when another count is said to be at once ("Пользователей около 700,
# одновременно вряд ли больше 50", "700 users, maybe 50 at once"): all who use it.
_USERS_WORDS = r"users|nutzer(?:innen)?|usuarios|usuários|utilisateurs"
_USERS_COUNT_RES = (
    gated_re(
        rf"(?<![a-zа-яё])(?:пользователей|юзеров|{_USERS_WORDS})\s?[:—-]?\s?{_ABOUT}{_COUNT}"
        r"(?![0-9])"
    ),
    gated_re(rf"{_COUNT}\s?(?:пользовател[а-яё]*|юзер[а-яё]*|{_USERS_WORDS})(?![a-zа-яё])"),
)


# The count a change replaces ("50 users at once instead of 20 users"): no one's head count.
_REPLACED_REACH = 16
_REPLACED_RE = gated_re(
    rf"(?:{INSTEAD}|而不是|不是|아니라|ではなく)\s?(?:the |los |die |les |os )?$"
)


def people_besides(text: str, concurrency: int) -> int | None:
    """Return a count of people other than the users at once and not said at once, if any.

    "nas 25 человек ... одновременно человек 10": 25 is who may use it; users counted count
    too when the users at once are said to be at once ("700 users, maybe 50 at once").
    """
    matches: Iterator[re.Match[str]] = itertools.islice(
        _PEOPLE_COUNT_RE.finditer(text), _MAX_MATCHES
    )
    if lexicon.said_at_once(text):
        for pattern in _USERS_COUNT_RES:
            users = itertools.islice(pattern.finditer(text), _MAX_MATCHES)
            matches = itertools.chain(matches, users)
    for match in matches:
        value = _value(match)
        if value is None or not value.is_integer() or not 1 <= value <= _MAX_HEADCOUNT:
            continue
        if (
            int(value) != concurrency
            and not _simultaneous(text, match)
            and not _REPLACED_RE.search(
                text[max(0, match.start() - _REPLACED_REACH) : match.start()]
            )
        ):
            return int(value)
    return None


def _value(match: re.Match[str]) -> float | None:
    groups = match.groupdict()
    if groups.get("cjk"):
        return parse_cjk_number(groups["cjk"])
    if groups.get("thousand"):
        return 1000.0
    if groups.get("aine"):
        return float(_AINE[groups["aine"]])
    if groups.get("num"):
        value = parse_number(groups["num"])
        return value * 1000 if groups.get("k") else value
    return None


_MAX_MATCHES = 8
_DIGIT_OR_CJK_RE = gated_re(r"[0-9零〇一二两兩三四五六七八九十百千万萬]")
_A_THOUSAND_RE = gated_re(_A_THOUSAND)
_MAX_HEADCOUNT = 10_000_000  # more people than any company has: not a head count


def find_headcount(text: str) -> int | None:
    """Return the head count the text gives (cleaned text), or None.

    The first count not said to be simultaneous wins.
    """
    if _DIGIT_OR_CJK_RE.search(text) is None and _A_THOUSAND_RE.search(text) is None:
        return None  # every head count is written with a number, or a thousand in words
    counted = [
        (match, value)
        for match, value in _counts(text)
        if (not _simultaneous(text, match) or _share_after(text, match))
        and not _not_users(text, match)
    ]
    if not counted:
        used = _USED_BY_RE.search(text)
        people = parse_number(used.group("n")) if used is not None else 0
        # "lo usarían encargados y jefes de sección, unas 600 personas": those who will use it
        return int(people) if 0 < people <= _MAX_HEADCOUNT else None
    found = [(match.start(), value) for match, value in counted]
    group = _group_it_is_for(text, counted)
    if group is not None:
        return group
    only = _BUT_ONLY_RE.search(text)
    if only is not None and any(item[0] < only.start() for item in found):
        # "somos 2.400 empleados pero el asistente lo usaría solo el área de siniestros, unas
        # 300 personas": the people who will use it, said after the whole
        part = _part_re().search(text, only.end(), only.end() + _PART_REACH)
        if (
            part is not None
            and not _simultaneous(text, part)
            and not lexicon.said_at_once(text[only.start() : part.end()])
        ):
            value = _value(part)
            if value is not None and 0 < value < min(found)[1]:
                return int(value)
    users = _USERS_ARE_RE.search(text) or _USED_BY_RE.search(text)
    if users is not None and any(item[0] < users.start() for item in found):
        # "la empresa tiene 600 empleados, pero los que lo van a usar son unos 120 de oficina":
        # those who will use it, counted after the whole
        value = parse_number(users.group("n"))
        if 0 < value < min(found)[1]:
            return int(value)
    return _after_today(text, sorted(found))


def _after_today(text: str, ordered: list[tuple[int, int]]) -> int:
    """Return the first count, or the first after it that is not today's when it is.

    "今は情シス10名でPoC中、来期から社員1,200名", "hoy 12 abogados prueban … los 180 empleados": the
    pilot's people today, the organisation's after.
    """
    if len(ordered) > 1 and said_of_today(text, ordered[0][0]):
        later = [value for start, value in ordered[1:] if not said_of_today(text, start)]
        if later:
            return later[0]
    return ordered[0][1]


# The group a tool is said to be for: "只给老师用", "para que los voluntarios", "só para os
# professores", "only for the nurses", "nur für die Lehrkräfte", "для врачей".
_FOR_GROUP_RE = gated_re(
    r"(?<![a-zà-ÿа-яё])(?:(?:only |just )?for (?:the |our )?|(?:solo |sólo |só |somente |apenas )?"
    r"(?:para|pra) (?:que )?(?:los |las |os |as |nuestros |nuestras |nossos |nossas )?|"
    r"(?:nur |ausschließlich )?für (?:die |unsere )?|"
    r"(?:uniquement |seulement )?pour (?:les |nos )?|"
    r"(?:только )?для )|只给|只供|只開放給|只开放给|專給|专给|给"
)
_GROUP_WORD_RE = gated_re(r"[a-zà-ÿа-яё]{4,}|[\u4e00-\u9fff]{2,}|[\u30a0-\u30ff]{3,}|[가-힣]{2,}")
_GROUP_REACH = 24


def counted_groups(text: str) -> frozenset[int]:
    """Return the counts of every group of people the text counts ("2400 名学生、180 名老师")."""
    return frozenset(value for _, value in _counts(text))


def _group_it_is_for(text: str, counted: list[tuple[re.Match[str], int]]) -> int | None:
    """Return the count of the group a tool is said to be for, when several are counted.

    "全校 2400 名学生、180 名老师。只给老师用": 180; "40 voluntarios y 1.200 beneficiarias …
    para que los voluntarios resuelvan dudas": 40.
    """
    if len({value for _, value in counted}) < 2:  # noqa: PLR2004 - two groups at least
        return None
    nouns = []
    for match, value in counted:
        words = _GROUP_WORD_RE.findall(match.group())
        if words:
            # the noun's stem: a Latin word's first letters, a CJK word's last two characters
            word = words[-1]
            nouns.append((word[:5] if word[0] < "\u3000" else word[-2:], value))
    for marker in _FOR_GROUP_RE.finditer(text):
        after = text[marker.end() : marker.end() + _GROUP_REACH]
        chosen = {value for noun, value in nouns if noun and after.lstrip().startswith(noun)}
        if len(chosen) == 1:
            return chosen.pop()
    return None


# The users said after the verb, then their count: "lo usarían encargados y jefes de sección,
# unas 600 personas", "it would be used by the shift leads, about 80 people".
_USED_BY_RE = gated_re(
    r"(?<![a-zà-ÿ])(?:lo usar[íi]an|lo usar[áa]n|lo utilizar[íi]an|would be used by|"
    r"will be used by|o usariam|o usarão|l'utiliseraient|l'utiliseront|"
    r"(?:würden|werden) (?:es|ihn|sie) nutzen)(?![a-zà-ÿ])"
    # (not those at once: "lo usarían a la vez como mucho 75 personas")
    r"(?:(?!a la vez|al mismo tiempo|at once|at the same time|simultan|en même temps|"
    r"ao mesmo tempo|gleichzeitig|como mucho|at most)[^.;!?0-9]){0,60}?"
    r"(?:unas|unos|about|around|some|roughly|uns|umas|cerca de|environ|etwa|rund)?\s?"
    r"(?P<n>[0-9][0-9.,  ]*)\s?(?:personas|pessoas|people|personnes|leute|personen|usuarios|"
    r"usuários|users|utilisateurs|nutzer)"
)


# Those who will use it, then their count: "los que lo van a usar son unos 120", "those who'll
# use it are about 80", "ceux qui l'utiliseront sont environ 50", "quem vai usar são uns 90".
_USERS_ARE_RE = gated_re(
    r"(?<![a-zà-ÿ])(?:los que|las que|quienes|those who|the ones who|people who|quem|os que|as que|"
    r"ceux qui|celles qui|wer es|die es)(?![a-zà-ÿ])[^.;!?]{0,30}?"
    r"(?:usar|use|using|utiliser|utiliseront|utilisent|nutzen|nutzt|usarão|usam|usan|usarán)"
    r"[^.;!?0-9]{0,16}?(?<![a-zà-ÿ])(?:son|are|will be|serán|são|serão|sont|seront|sind|werden|"
    r"es sind)(?![a-zà-ÿ])\s(?:unos|unas|about|around|some|roughly|uns|umas|cerca de|environ|"
    r"etwa|ca\.|rund)?\s?(?P<n>[0-9][0-9.,  ]*[0-9]|[0-9])"
)


_PART_REACH = 80
# People said not to use it themselves: "学生不直接用", "生徒は直接使いません", "students won't
# use it directly", "los alumnos no lo usan": counted, they are no head count of its users.
_NOT_USERS_RE = gated_re(
    r"(?P<who>学生|生徒|students?|pupils?|patients?|customers?|citizens?|alumnos?|estudiantes|"
    r"pacientes|clientes|alunos|élèves|patients|schüler(?:innen)?|patienten|kunden|студент\w*|"
    r"ученик\w*|пациент\w*|клиент\w*|患者|病人|客户|客戶|市民|학생|환자)"
    r"[^。.!?！？]{0,8}?(?:不直接用|不会直接用|不會直接用|不用|不使用|(?:は)?直接(?:は)?使いません|"
    r"は使いません|(?:won'?t|don'?t|do not|will not) (?:use it|be using it)|"
    r"no lo (?:usan|usarán|usarían)|não (?:vão )?usa(?:m|r)|ne l'utilise(?:nt|ront) pas|"
    r"nutzen es nicht|не (?:будут )?польз|직접 ?사용하지 않|사용하지 않)"
)
_WHO_REACH = 8


def counts_of_non_users(text: str) -> frozenset[int]:
    """Return the counts of people said not to use it ("生徒は 900 名いますが…直接使いません")."""
    who = {found.group("who") for found in _NOT_USERS_RE.finditer(text)}
    if not who:
        return frozenset()
    nouns = "|".join(re.escape(noun) for noun in sorted(who, key=len, reverse=True))
    beside = re.compile(
        rf"(?:{nouns})\s?(?:は|が|:)?\s?(?P<a>[0-9][0-9,.  ]*[0-9]|[0-9])|"
        rf"(?P<b>[0-9][0-9,.  ]*[0-9]|[0-9])\s?(?:人|名|명)?\s?(?:の\s?)?(?:{nouns})"
    )
    values = set()
    for found in beside.finditer(text):
        value = parse_number(found.group("a") or found.group("b"))
        if value.is_integer():
            values.add(int(value))
    return frozenset(values)


def _not_users(text: str, match: re.Match[str]) -> bool:
    """Whether the people a count is of are said not to use it ("学生 3200 人 … 学生不直接用")."""
    if (
        "不" not in text
        and "ません" not in text
        and "않" not in text
        and _NOT_USERS_RE.search(text) is None
    ):
        return False
    # (the people the count is of: said right before it or inside it, "患者 5000 人", "2,000
    # students"; not those of the next clause)
    near = text[max(0, match.start() - _WHO_REACH) : match.end()]
    return any(found.group("who") in near for found in _NOT_USERS_RE.finditer(text))


def but_only_said(text: str) -> bool:
    """Whether a part of the people is said to be the users ("… but only … 300 people")."""
    return any(
        pattern.search(text) is not None for pattern in (_BUT_ONLY_RE, _USERS_ARE_RE, _USED_BY_RE)
    )


@cache
def _part_re() -> Searchable:
    """Match people counted after a word of only some of them ("unas 300 personas")."""
    return gated_re(rf"{_ABOUT}{_COUNT}\s?(?:{_PEOPLE}|{MEMBERS}|人|名|명)(?![a-zà-ÿ])")


# A part of the whole said to be the users: "but only the claims team", "pero solo el área de",
# "aber nur die Rechtsabteilung", "但只有客服部门".
_BUT_ONLY_RE = gated_re(
    r"(?<![a-z])(?:but|pero|mas|aber|mais)(?![a-z])[^.;!?]{0,60}?(?<![a-z])(?:only|solo|sólo|só|"
    r"apenas|nur|seulement|uniquement)(?![a-z])|(?<![а-яё])но(?![а-яё])[^.;!?]{0,60}?только|"
    r"(?:但|不过|不過)[^。；！？]{0,30}?(?:只有|只)"
)
