"""Every key a template reads is a key of the view it is rendered with, read by its type.

mypy checks what the views build and what the phrases read (``bot.answers.view_types``); the
templates are Jinja2, which mypy does not read. This test walks each template's syntax tree
with the view's ``TypedDict``: names bound by ``{% for %}`` and ``{% set %}`` take the element
or value type, ``a.b`` and ``a["b"]`` must name a key of ``a``'s type, and a phrase call
``p.name(x)`` must pass a view of the type the phrase is annotated with.
"""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import get_args, get_origin, get_type_hints, is_typeddict

import pytest
from jinja2 import Environment, meta, nodes

from bot.answers.i18n import TEMPLATES_DIR, localizer
from bot.answers.phrases import TEMPLATE_PHRASES, Phrases
from bot.answers.view_types import (
    TEMPLATES,
    GpuView,
    HelpView,
    SizeView,
)

Scope = dict[str, object]


def _without_none(tp: object) -> object:
    """``X | None`` -> ``X``; other unions are kept."""
    if get_origin(tp) in (typing.Union, types.UnionType):
        kept = tuple(a for a in get_args(tp) if a is not type(None))
        if len(kept) == 1:
            return kept[0]
    return tp


def _members(tp: object) -> tuple[object, ...]:
    """Return the types a value of ``tp`` may be (``A | B`` -> ``(A, B)``), ``None`` left out."""
    tp = _without_none(tp)
    if get_origin(tp) in (typing.Union, types.UnionType):
        return tuple(a for a in get_args(tp) if a is not type(None))
    return (tp,)


def _name(tp: object) -> str:
    return getattr(tp, "__name__", str(tp))


class ViewCheck:
    """Walks one template with its view type and records what it reads that the view lacks."""

    def __init__(self, template: str) -> None:
        self.template = template
        self.problems: list[str] = []

    def problem(self, node: nodes.Node, text: str) -> None:
        """Record what is wrong, with the template's name and line."""
        self.problems.append(f"{self.template}:{node.lineno}: {text}")

    # --- statements -------------------------------------------------------------------------

    def run(self, tree: nodes.Template, view: type) -> list[str]:
        """Walk the template with the view's keys in scope; return what is wrong."""
        scope: Scope = dict(get_type_hints(view))
        for child in tree.body:
            self.visit(child, scope)
        return self.problems

    def visit(self, node: nodes.Node, scope: Scope) -> None:  # noqa: C901, PLR0912 - one per node kind
        """Walk a statement, binding the names it introduces."""
        if isinstance(node, nodes.Expr):
            self.expr(node, scope)
        elif isinstance(node, nodes.For):
            inner = dict(scope)
            inner["loop"] = None
            self.bind(node.target, self.element(self.expr(node.iter, scope)), inner)
            if node.test is not None:
                self.expr(node.test, inner)
            for child in node.body:
                self.visit(child, inner)
            for child in node.else_:
                self.visit(child, scope)
        elif isinstance(node, nodes.Assign):
            self.bind(node.target, self.expr(node.node, scope), scope)
        elif isinstance(node, nodes.Macro):
            inner = dict(scope)
            for arg in node.args:
                inner[arg.name] = None  # a macro's arguments are not typed
            for default in node.defaults:
                self.expr(default, scope)
            for child in node.body:
                self.visit(child, inner)
        elif isinstance(node, nodes.Import | nodes.FromImport):
            names = [node.target] if isinstance(node, nodes.Import) else []
            for name in names:
                scope[name] = None
        else:
            for child in node.iter_child_nodes():
                self.visit(child, scope)

    def bind(self, target: nodes.Node, tp: object, scope: Scope) -> None:
        """Give a loop's or an assignment's names their types."""
        if isinstance(target, nodes.Name):
            scope[target.name] = tp
        elif isinstance(target, nodes.Tuple):
            parts = get_args(tp) if get_origin(tp) is tuple else ()
            for i, item in enumerate(target.items):
                self.bind(item, parts[i] if i < len(parts) else None, scope)

    @staticmethod
    def element(tp: object) -> object:
        """Return the element type of a list, else ``None`` (unknown)."""
        tp = _without_none(tp)
        if get_origin(tp) is list:
            return _without_none(get_args(tp)[0])
        return None

    # --- expressions ------------------------------------------------------------------------

    def expr(self, node: nodes.Node, scope: Scope) -> object:  # noqa: PLR0911 - one per node kind
        """Check an expression; return its type where it is a view's (``None``: unknown)."""
        if isinstance(node, nodes.Name):
            return scope.get(node.name)
        if isinstance(node, nodes.Getattr):
            return self.key(node, self.expr(node.node, scope), node.attr)
        if isinstance(node, nodes.Getitem):
            held = self.expr(node.node, scope)
            if isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
                return self.key(node, held, node.arg.value)
            self.expr(node.arg, scope)
            if isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, int):
                return self.element(held)
            return None
        if isinstance(node, nodes.Call):
            return self.call(node, scope)
        if isinstance(node, nodes.CondExpr):
            self.expr(node.test, scope)
            shown = self.expr(node.expr1, scope)
            if node.expr2 is not None:
                self.expr(node.expr2, scope)
            return shown
        for child in node.iter_child_nodes():
            self.visit(child, scope)
        return None

    def key(self, node: nodes.Node, held: object, key: str) -> object:
        """Check that a view type has ``key``; return the key's type."""
        held = _without_none(held)
        if not is_typeddict(held):
            return None  # a string's method, a macro's value: not a view
        fields = get_type_hints(held)
        if key not in fields:
            self.problem(node, f"reads {key!r} of {_name(held)}, which has no such key")
            return None
        return _without_none(fields[key])

    def call(self, node: nodes.Call, scope: Scope) -> object:
        """Check a call; a phrase must be given the views it is annotated with."""
        callee = node.node
        phrase = (
            callee.attr
            if isinstance(callee, nodes.Getattr)
            and isinstance(callee.node, nodes.Name)
            and callee.node.name == "p"
            else None
        )
        if phrase is None:
            self.expr(callee, scope)
        elif phrase not in TEMPLATE_PHRASES:
            self.problem(node, f"calls p.{phrase}, which is not a template phrase")
        hints = get_type_hints(getattr(Phrases, phrase)) if phrase in TEMPLATE_PHRASES else {}
        params = [name for name in hints if name != "return"]
        for i, arg in enumerate(node.args):
            given = self.expr(arg, scope)
            if i >= len(params):
                continue
            expected = _members(hints[params[i]])
            if not any(is_typeddict(e) for e in expected):
                continue
            if _without_none(given) not in expected:
                wanted = " or ".join(_name(e) for e in expected)
                self.problem(node, f"p.{phrase} takes {wanted}, given {_name(given)}")
        for keyword in node.kwargs:
            self.expr(keyword.value, scope)
        for extra in (node.dyn_args, node.dyn_kwargs):
            if extra is not None:
                self.expr(extra, scope)
        return str if phrase is not None else None


def _environment() -> Environment:
    return localizer("en").env


def problems(source: str, view: type, name: str = "<test>") -> list[str]:
    """Return what ``source`` reads that ``view`` does not give it."""
    env = _environment()
    tree = env.parse(source)
    found = ViewCheck(name).run(tree, view)
    keys = set(get_type_hints(view))
    for missing in sorted(meta.find_undeclared_variables(tree) - keys - set(env.globals)):
        found.append(f"{name}: reads {missing!r}, which {_name(view)} does not have")
    return found


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.name)
def test_a_template_reads_only_what_its_view_has(template):
    """Each template, walked with its view type, reads only keys its view has."""
    source = (TEMPLATES_DIR / template.name).read_text(encoding="utf-8")
    assert problems(source, template.view, template.name) == []


def test_every_template_is_named_with_its_view():
    """Every template on disk is rendered through a ``ViewTemplate``, and each of those exists."""
    on_disk = {p.name for p in Path(TEMPLATES_DIR).glob("*.j2") if not p.name.startswith("_")}
    assert on_disk == {t.name for t in TEMPLATES}


def test_the_spec_rows_name_keys_of_a_gpu_view():
    """The spec partial reads a GPU's rows by key names it lists itself: all are GpuView keys."""
    tree = _environment().parse((TEMPLATES_DIR / "_specs.j2").read_text(encoding="utf-8"))
    cells = next(a for a in tree.find_all(nodes.Assign) if a.target.name == "cells")
    keys = {item.items[1].value for item in cells.node.items}
    assert len(keys) == 10
    assert keys <= set(get_type_hints(GpuView))


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("{{ rec.monthyl }}", "reads 'monthyl' of OptionView"),
        ("{% for o in fits %}{{ o.nmae }}{% endfor %}", "reads 'nmae' of OptionView"),
        ("{{ budget_advice.changes[0].txt }}", "reads 'txt' of BudgetChangeView"),
        ('{{ why["weight"] }}', "reads 'weight' of WhyView"),
        ("{% set o = rec %}{{ o.monthly }}{{ o.plans }}", "reads 'plans' of OptionView"),
        ("{{ p.users(model) }}", "p.users takes RequestView, given ModelView"),
        ("{{ p.price(req) }}", "p.price takes OptionView or PlanView, given RequestView"),
        ("{{ p.shouting(rec) }}", "calls p.shouting, which is not a template phrase"),
        ("{% trans n=launch.blocs %}{{ n }}{% endtrans %}", "reads 'blocs' of LaunchView"),
        ("{{ verdicts }}", "reads 'verdicts', which SizeView does not have"),
    ],
)
def test_the_check_finds_a_key_the_view_lacks(source, expected):
    """A misspelt key, at any depth, or a phrase given the wrong view, is found and located."""
    found = problems(source, SizeView)
    assert len(found) == 1
    assert expected in found[0]


def test_the_check_passes_what_the_view_has():
    """Loops, conditions, filters and string methods on what the view has pass."""
    source = (
        "{% for o in fits %}{{ p.option_line(o, req) }}{{ o.caveats|length }}{% endfor %}"
        "{% if rec %}{{ p.price(rec) }}{{ rec.name.upper() }}{% endif %}"
        "{% for b in (launch.blocks if launch else []) %}{{ b.command }}{% endfor %}"
    )
    assert problems(source, SizeView) == []
    assert problems("{% for c, d in commands %}/{{ c }} {{ d }}{% endfor %}", HelpView) == []
