"""Rows pasted from a spreadsheet, read as labels and their values.

A capacity sheet pasted as comma-, semicolon- or tab-separated rows ("model,rpm,avg_in,avg_out"
over "gpt-oss-120b,300,2500,500") or as label-tab-value lines ("peak req/min<TAB>120") becomes
"label: value" items ("model: gpt-oss-120b; rpm: 300; avg in: 2500; avg out: 500"), which the
readers of models, formats and targets read as they read a form typed by hand. Line breaks are
still there: this runs before the whitespace is squeezed.
"""

from __future__ import annotations

from bot.understand.gates import gated_re

_SEPARATORS = ("\t", "|", ";", ",")
# A column of quantities: its number counts the item of the row ("Menge", "Кол-во", "数量").
_QUANTITY_RE = gated_re(
    r"^(?:qty|quantity|count|units?|pcs|menge|anzahl|stück|кол-?во|количество|шт\.?|数量|數量|"
    r"台数|個数|수량|cantidad|cant\.?|quantidade|qtd\.?|quantité|qté|nombre)$"
)
_PARENS_RE = gated_re(r"[()（）]")
_RULE_RE = gated_re(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
# A row drawn with bars at both ends: "| label | value |".
_BARRED_RE = gated_re(r"^\s*\|[^|\n]+\|[^|\n]+\|\s*$")
_HARDWARE_RE = gated_re(
    r"h[12]00|b200|mi3[0-9]{2}|hgx|dgx|gpu|server|сервер|服务器|伺服器|서버|サーバ"
)
_LEAST_CELLS = 3
_MOST_CELLS = 12
_MOST_CELL_CHARS = 48
_DIGIT_RE = gated_re(r"[0-9]")
_LETTER_RE = gated_re(r"[^\W\d_]")
# A label of a pair ("peak req/min", "avg in / out tokens", "予算"): a letter, short.
_MOST_LABEL_CHARS = 40


def _cells(line: str, separator: str) -> list[str] | None:
    """Return the cells of ``line`` split at ``separator``, or None when it is no sheet row."""
    if separator == "," and ", " in line:
        return None  # prose with commas, or numbers written "1, 2, 3"
    if separator == "|":
        line = line.strip().strip("|")  # "| a | b |": the outer bars frame the row
    cells = [cell.strip() for cell in line.split(separator)]
    # (two columns only where bars or tabs draw them: "| 品目 | 数量 |"; a comma is prose's)
    least = 2 if separator in {"|", "\t"} else _LEAST_CELLS
    if not least <= len(cells) <= _MOST_CELLS:
        return None
    if any(not cell or len(cell) > _MOST_CELL_CHARS for cell in cells):
        return None
    return cells


def _header(cells: list[str]) -> bool:
    """Whether the cells are column names: each has a letter, none is a bare number."""
    return all(_LETTER_RE.search(cell) for cell in cells)


def _rows(lines: list[str], start: int) -> tuple[list[str], int] | None:
    """Return the pairs of a header at ``start`` and the rows under it, and the next line."""
    for separator in _SEPARATORS:
        header = _cells(lines[start], separator)
        if header is None or not _header(header):
            continue
        if len(header) == 2 and not _quantity(header):  # noqa: PLR2004
            continue  # "模型<TAB>gpt-oss-120b", "| model | 3B |": a label and its value a line
        pairs: list[str] = []
        end = start + 1
        if end < len(lines) and _RULE_RE.match(lines[end]):
            end += 1  # "|---|---|": the rule under a header
        while end < len(lines):
            row = _cells(lines[end], separator)
            if row is None or len(row) != len(header) or not _DIGIT_RE.search(lines[end]):
                break
            pairs.append(_row_pairs(header, row))
            end += 1
        if pairs:
            return pairs, end
    return None


def _quantity(names: list[str]) -> int | None:
    """Return the index of the column of quantities, if the header has one."""
    return next((i for i, name in enumerate(names) if _QUANTITY_RE.match(name.lower())), None)


# A column of months: its number is the term ("Meses" 6 is "6 months", "Срок, мес." 12).
_MONTHS_RE = gated_re(
    r"^(?:months?|mos\.?|meses|mois|monate|monat|срок(?:,?\s?мес\.?)?|мес\.?|месяц(?:ев)?|期間|期间|"
    r"月数|租期|租用期|租期\(月\)|개월|기간|prazo(?:\s?\(meses\))?|plazo(?:\s?\(meses\))?|durée|laufzeit|term)$"
)


# A quantity's cell with its counter word: "2台", "4 張", "3 шт.", "x2", "2 units".
_COUNTED_CELL_RE = gated_re(
    r"^\s*(?:[x×]\s?)?([0-9]{1,4})\s?(?:台|張|张|枚|대|개|шт\.?|units?|pcs|stück|x|×)?\s*$"
)


def _pair_of(name: str, value: str) -> str:
    """Return one cell as "label: value", a term of months as "N months"."""
    if value.isdigit() and _MONTHS_RE.match(name.lower().strip()):
        return f"{value} months"
    return f"{name}: {value}"


def _row_pairs(header: list[str], row: list[str]) -> str:
    """Return one row as "label: value" items; a quantity put before the item it counts.

    "Menge" 2 beside "NVIDIA H200 (Einzel-GPU)" is "2 nvidia h200 einzel-gpu", as it is typed.
    """
    names = [name.replace("_", " ") for name in header]
    quantity = _quantity(names)
    if quantity is not None:
        counted_cell = _COUNTED_CELL_RE.match(row[quantity])  # "2台", "4 шт.", "x2": the count
        row = (
            [*row[:quantity], counted_cell.group(1), *row[quantity + 1 :]] if counted_cell else row
        )
    if quantity is None or not row[quantity].isdigit():
        return "; ".join(_pair_of(name, value) for name, value in zip(names, row, strict=True))
    # the item counted: the cell naming hardware, else the wordiest ("search-ml" is a team)
    words = [
        (_HARDWARE_RE.search(cell.lower()) is not None, sum(ch.isalpha() for ch in cell), i)
        for i, cell in enumerate(row)
        if i != quantity
    ]
    item = max(words)[2]
    counted = f"{row[quantity]} {_PARENS_RE.sub(' ', row[item]).strip()}"
    rest = (_pair_of(names[i], row[i]) for i in range(len(row)) if i not in {quantity, item})
    return "; ".join([counted, *rest])


def _pair(line: str) -> str | None:
    """Return a label-tab-value line, or a row of two cells between bars, as "label: value".

    "peak req/min<TAB>120", "| Requests/s (Peak) | 50 |"; None when it is neither.
    """
    separator = "\t" if "\t" in line else "|"
    if separator == "|":
        line = line.strip().strip("|")
    label, _, value = line.partition(separator)
    label, value = label.strip(), value.strip()
    if separator in value or not label or not value or len(label) > _MOST_LABEL_CHARS:
        return None
    if not _LETTER_RE.search(label) or label.endswith(":"):
        return None
    return f"{label}: {value};"


# A list item with its count after a leader: "・MI355X サーバー（8GPU）… 2台", "- HGX H200 ..... 3
# units": the item, then its count, as typed in a line.
_LEADER_RE = gated_re(
    r"^(?P<item>\s*[・•*\-]?\s*\S.*?)\s*(?:…+|\.{3,}|・{2,}|—+|–+)\s*"
    r"(?P<count>[0-9]{1,3}\s?(?:台|枚|個|대|장|x|шт\.?|units?|pcs|stück|unidades|unités)?)\s*$"
)


def _leaders_as_counts(text: str) -> str:
    """Return ``text`` with list items counted after a leader written "item count"."""
    if "…" not in text and "..." not in text and "—" not in text and "・・" not in text:
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        match = _LEADER_RE.match(line)
        if match is not None:
            lines[index] = f"{match.group('item')} {match.group('count')}"
    return "\n".join(lines)


# A form's fields, "label: value" apart by bars, slashes or lines: "Item: HGX H200 8 GPUs | Qtd: 1
# | Meses: 5", "品目：8× HGX H200 サーバー / 台数：1台 / 期間：2年".
_FIELD_RE = gated_re(
    r"(?:^|(?<=[|/\n;]))[ \t]*(?P<label>[^\n|/;:：]{1,24}?)[ \t]*[:：][ \t]*"
    r"(?P<value>[^\n|/;]{1,48})"
)
_ITEM_LABEL_RE = gated_re(
    r"^(?:item|product|produto|produit|producto|artikel|position|désignation|designação|"
    r"designación|descrição|descripción|description|beschreibung|позиция|наименование|品目|品名|"
    r"项目|項目|产品|產品|품목|제품|sku|plan|configuration|構成|配置|구성)$"
)
_TERM_LABEL_RE = gated_re(
    r"^(?:term|duration|durée|duração|duración|período|periodo|laufzeit|dauer|срок|期間|期间|"
    r"租期|기간|meses|months?|mois|monate)$"
)


def _fields_as_counts(text: str) -> str:
    """Return ``text`` with a form's quantity said before its item ("1 HGX H200 8 GPUs").

    The quantity's pair is blanked (its number counts the item, nothing else); a term of bare
    months is written "N months".
    """
    fields = list(_FIELD_RE.finditer(text))
    if len(fields) < 2:  # noqa: PLR2004 - a form has an item and its quantity at least
        return text
    item = next((f for f in fields if _ITEM_LABEL_RE.match(f.group("label").strip().lower())), None)
    quantity = next(
        (f for f in fields if _QUANTITY_RE.match(f.group("label").strip().lower())), None
    )
    out = text
    if item is not None and quantity is not None:
        counted = _COUNTED_CELL_RE.match(quantity.group("value"))
        if counted is not None and _HARDWARE_RE.search(item.group("value").lower()):
            start, end = quantity.span()
            out = out[:start] + " " * (end - start) + out[end:]
            start, end = item.span("value")
            out = f"{out[:start]}{counted.group(1)} {item.group('value').strip()}{out[end:]}"
    term = next((f for f in fields if _TERM_LABEL_RE.match(f.group("label").strip().lower())), None)
    if term is not None and term.group("value").strip().isdigit():
        months = f"{term.group('value').strip()} months"
        out = out.replace(term.group(0), f"{term.group(0)[: -len(term.group('value'))]}{months}", 1)
    return out


def sheet_as_pairs(text: str) -> str:
    """Return ``text`` with pasted sheet rows written as "label: value" items."""
    if ":" in text or "：" in text:
        text = _fields_as_counts(text)
    if "\n" in text:
        text = _leaders_as_counts(text)
    if "\n" not in text or not any(sep in text for sep in _SEPARATORS):
        return text
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        table = _rows(lines, index) if index + 1 < len(lines) else None
        if table is not None:
            out.extend(f"{pairs};" for pairs in table[0])
            index = table[1]
            continue
        line = lines[index]
        if "|" in line and _RULE_RE.match(line):
            index += 1  # "|---|---|": the rule under a table's header
            continue
        pair = _pair(line) if ("\t" in line or _BARRED_RE.match(line)) else None
        out.append(pair if pair is not None else line)
        index += 1
    return "\n".join(out)
