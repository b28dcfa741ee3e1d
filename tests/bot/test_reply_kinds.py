"""Reply kinds: one enum value per answer template, and a template pair for each kind."""

from bot.reply import ReplyKind
from tests.helpers.paths import REPO

TEMPLATES = REPO / "templates"
# Parts of a sizing answer rendered on their own (behind its buttons), not kinds of reply.
PARTS = frozenset({"launch", "size_detail"})
# Worded in code: the customer's confirmation of a hand-off has no template of its own.
WITHOUT_TEMPLATE = frozenset({ReplyKind.HANDOFF})


def test_every_kind_has_its_template_pair():
    """``<kind>.html.j2`` and ``<kind>.txt.j2`` exist for each kind rendered from templates."""
    for kind in set(ReplyKind) - WITHOUT_TEMPLATE:
        assert (TEMPLATES / f"{kind}.html.j2").is_file(), kind
        assert (TEMPLATES / f"{kind}.txt.j2").is_file(), kind


def test_every_answer_template_is_a_kind():
    """A new answer template fails here until ``ReplyKind`` names it."""
    stems = {
        path.name.split(".")[0] for path in TEMPLATES.glob("*.j2") if not path.name.startswith("_")
    }
    assert stems - PARTS == {kind.value for kind in ReplyKind} - WITHOUT_TEMPLATE
