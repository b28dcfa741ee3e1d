"""A model left behind for another: "today we run Llama 3.1 8B, the team wants to move to 70B".

Two catalog models named with a word of moving between them ("subir pro", "migrate to", "换成",
"に移行"): the one moved to is the one to size; the one run today is only the customer's
present, neither sized nor served beside it.
"""

from __future__ import annotations

import itertools

from bot.understand.gates import gated_re
from bot.understand.models.finder import model_spans
from bot.understand.models.index import ModelIndex

# Words of moving from one model to the next, said before the model moved to (or, in Japanese
# and Korean, after it).
_MOVE_TO = gated_re(
    r"(?<![a-z])(?:move|moving|migrate|migrating|switch|switching|upgrade|upgrading|step up|"
    r"jump|go|going)\s(?:over\s|up\s)?to(?![a-z])|"
    r"(?<![a-z])(?:subir|migrar|mudar|trocar|passar)\s(?:pro|pra|para(?:\so|\sa)?|por)(?![a-z])|"
    r"(?<![a-z])(?:pasar(?:nos)?|cambiar|saltar|migrar)\s(?:a|al)(?![a-z])|"
    r"(?<![a-z])(?:umsteigen|wechseln|upgraden|migrieren)\s(?:auf|zu|nach)(?![a-z])|"
    r"(?<![a-z])(?:passer|migrer)\s(?:à|au|sur|vers)(?![a-z])|"
    r"(?<![а-яё])(?:перейти|переехать|перейд[её]м|мигрировать)\s(?:на)(?![а-яё])|"
    r"换成|換成|换到|換到|升级到|升級到|迁移到|遷移到|改用|切换到|切換到|"
    r"に移行|へ移行|に乗り換え|に切り替え|로\s?(?:옮기|바꾸|전환|업그레이드|갈아타)"
)
# The move word stands at most this far past the model moved to (verb-final languages).
_VERB_AFTER = 16


def without_model_left_behind(clean: str, index: ModelIndex) -> str:
    """Return the text with a model the customer moves away from blanked (cleaned text)."""
    latin, spans = model_spans(clean, index)
    if len(spans) < 2 or len(latin) != len(clean) or _MOVE_TO.search(latin) is None:  # noqa: PLR2004
        return clean
    for first, second in itertools.pairwise(spans):
        if first.model == second.model:
            continue
        if _MOVE_TO.search(latin, first.end, min(second.end + _VERB_AFTER, len(latin))):
            return clean[: first.start] + " " * (first.end - first.start) + clean[first.end :]
    return clean
