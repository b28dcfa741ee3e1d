# noqa: INP001 - a standalone tool run from the project root, not part of a package
"""Move modules and rewrite every reference to them: imports, patch targets, paths in prose.

    .venv/bin/python tools/move_modules.py OLD=NEW [OLD=NEW ...]
    .venv/bin/python tools/move_modules.py --file moves.txt      # one "OLD NEW" pair a line

``OLD`` and ``NEW`` are dotted module names (``bot.callbacks=bot.answers.buttons``) or, for
files that are not modules (tests, data), paths (``tests/bot/test_callbacks.py=
tests/bot/answers/test_buttons.py``). Files move with ``git mv``; a package a module moves
into is created with an ``__init__.py`` whose docstring is to be written. Then every tracked
text file has its references rewritten in one pass, so that pairs whose names overlap
(``bot.state.chats`` and ``bot.state.fallback``) each move once:

- dotted names: ``bot.callbacks``, ``bot.callbacks.decode`` and ``"bot.callbacks.X"`` patch
  targets (not ``bot.callbacks_x``, not ``x.bot.callbacks``);
- ``from bot import callbacks`` becomes ``from bot.answers import buttons as callbacks``;
- paths: ``bot/callbacks.py`` in prose, comments and tests.

It prints what it changed; ``git diff`` shows the rest.

    .venv/bin/python tools/move_modules.py --names
    bot.telegram.sending:bot.ops.scope:Outcome,UpdateScope

rewrites the imports of names whose definitions were moved by hand from one module to another:
``from bot.sending import AnswerSender, Outcome`` becomes two imports, one from each
module.

    .venv/bin/python tools/move_modules.py --door bot.ops

makes a wing's ``__init__.py`` its door: the modules of ``bot`` and ``sizing`` outside the wing
import its names from the wing itself (``from bot.ops import METRICS``), and the ``__init__.py``
(its docstring kept) re-exports exactly those names. Tests and benchmarks may still look inside.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GIT = shutil.which("git") or "git"
TEXT_SUFFIXES = {".py", ".md", ".toml", ".cfg", ".txt", ".in", ".yaml", ".yml", ".j2", ".ini"}
TEXT_NAMES = {"run", "test", "bootstrap", "i18n", "Dockerfile"}
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"


def _tracked() -> list[Path]:
    listed = subprocess.run(  # noqa: S603 - git, with paths of this tree
        [GIT, "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    paths = [ROOT / p.decode() for p in listed if p]
    return [p for p in paths if p.is_file() and (p.suffix in TEXT_SUFFIXES or p.name in TEXT_NAMES)]


def _is_module(name: str) -> bool:
    return "/" not in name


def _module_path(name: str) -> Path:
    """Return the file (or package folder) of a dotted module name, existing or to be."""
    base = ROOT.joinpath(*name.split("."))
    return base if base.is_dir() else base.with_suffix(".py")


def _git_mv(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([GIT, "mv", str(source), str(target)], cwd=ROOT, check=True)  # noqa: S603


def _ensure_packages(target: Path) -> list[Path]:
    made = []
    folder = target.parent
    while folder != ROOT and not (folder / "__init__.py").exists():
        if folder.name in {"tests", "bench", "tools"} or "tests" in folder.relative_to(ROOT).parts:
            break
        init = folder / "__init__.py"
        init.write_text('"""TODO: say in one line what this wing is."""\n', encoding="utf-8")
        subprocess.run([GIT, "add", str(init)], cwd=ROOT, check=True)  # noqa: S603
        made.append(init)
        folder = folder.parent
    return made


def move_files(pairs: list[tuple[str, str]]) -> None:
    """Move each pair's file; through a temporary name, so a module may become a package."""
    staged = []
    for old, _new in pairs:
        source = _module_path(old) if _is_module(old) else ROOT / old
        if not source.exists():
            raise SystemExit(f"{old}: no such module or file ({source})")
    for old, new in pairs:
        source = _module_path(old) if _is_module(old) else ROOT / old
        temporary = source.with_name(f".moving-{len(staged)}-{source.name}")
        _git_mv(source, temporary)
        staged.append((temporary, new))
    for temporary, new in staged:
        if _is_module(new):
            is_package = temporary.is_dir()
            target = ROOT.joinpath(*new.split("."))
            target = target if is_package else target.with_suffix(".py")
        else:
            target = ROOT / new
        if target.exists():
            raise SystemExit(f"{new}: already exists")
        _git_mv(temporary, target)
        for init in _ensure_packages(target):
            sys.stdout.write(f"created {init.relative_to(ROOT)}\n")


def _rewriter(pairs: list[tuple[str, str]]) -> Callable[[str], str]:  # noqa: C901 - one closure
    dotted = {old: new for old, new in pairs if _is_module(old)}
    paths: dict[str, str] = {}
    for old, new in pairs:
        if _is_module(old):
            old_path = old.replace(".", "/")
            new_path = new.replace(".", "/")
            paths[old_path + ".py"] = new_path + ".py"
            paths[old_path + "/"] = new_path + "/"
        else:
            paths[old] = new
    names = sorted(dotted, key=len, reverse=True)
    dotted_re = (
        re.compile(r"(?<![\w.])(" + "|".join(re.escape(n) for n in names) + r")(?![\w])")
        if names
        else None
    )
    path_keys = sorted(paths, key=len, reverse=True)
    path_re = (
        re.compile(r"(?<![\w./])(" + "|".join(re.escape(p) for p in path_keys) + r")")
        if path_keys
        else None
    )
    from_re = re.compile(
        rf"^(\s*)from ({_NAME}(?:\.{_NAME})*) import ({_NAME})(?: as ({_NAME}))?(\s*#.*)?$"
    )

    def from_line(line: str) -> str:
        match = from_re.match(line)
        if not match:
            return line
        indent, package, name, alias, comment = match.groups()
        old = f"{package}.{name}"
        if old not in dotted:
            return line
        new_package, _, new_name = dotted[old].rpartition(".")
        local = alias or name
        tail = "" if new_name == local else f" as {local}"
        return f"{indent}from {new_package} import {new_name}{tail}{comment or ''}"

    def rewrite_line(line: str) -> str:
        moved = from_line(line)
        if moved != line:  # already in its new names: not rewritten a second time
            return moved
        if dotted_re is not None:
            line = dotted_re.sub(lambda m: dotted[m.group(1)], line)
        if path_re is not None:
            line = path_re.sub(lambda m: paths[m.group(1)], line)
        return line

    def rewrite(text: str) -> str:
        return "\n".join(rewrite_line(line) for line in text.split("\n"))

    return rewrite


def rewrite_references(pairs: list[tuple[str, str]]) -> None:
    """Rewrite every tracked text file's references to the moved modules and files."""
    rewrite = _rewriter(pairs)
    for path in _tracked():
        if path == Path(__file__).resolve():
            continue  # its own examples keep their names
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        changed = rewrite(text)
        if changed != text:
            path.write_text(changed, encoding="utf-8")
            sys.stdout.write(f"rewrote {path.relative_to(ROOT)}\n")


def _import_text(module: str, names: list[str]) -> str:
    return f"from {module} import {', '.join(names)}"


def move_names(old: str, new: str, names: set[str]) -> None:
    """Point every ``from OLD import NAME`` of the given names at ``NEW``."""
    for path in _tracked():
        if path.suffix != ".py":
            continue
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        edits = []
        for node in ast.walk(ast.parse(text)):
            if not (isinstance(node, ast.ImportFrom) and node.module == old and node.level == 0):
                continue
            moved = [a for a in node.names if a.name in names]
            if not moved:
                continue
            kept = [a for a in node.names if a.name not in names]

            def spell(aliases: list[ast.alias]) -> list[str]:
                return [a.name + (f" as {a.asname}" if a.asname else "") for a in aliases]

            indent = lines[node.lineno - 1][: node.col_offset]
            statements = [_import_text(new, spell(moved))]
            if kept:
                statements.insert(0, _import_text(old, spell(kept)))
            edits.append((node.lineno, node.end_lineno or node.lineno, indent, statements))
        for first, last, indent, statements in sorted(edits, reverse=True):
            lines[first - 1 : last] = [indent + statement for statement in statements]
        if edits:
            path.write_text("\n".join(lines), encoding="utf-8")
            sys.stdout.write(f"rewrote {path.relative_to(ROOT)}\n")


def _outside(wing: str) -> list[Path]:
    inside = ROOT.joinpath(*wing.split("."))
    return [
        path
        for path in _tracked()
        if path.suffix == ".py"
        and path.relative_to(ROOT).parts[0] in {"bot", "sizing"}
        and inside not in path.parents
    ]


def make_door(wing: str) -> None:
    """Route the imports of a wing's modules from outside through its ``__init__.py``."""
    exported: dict[str, set[str]] = {}
    prefix = wing + "."
    for path in _outside(wing):
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        edits = []
        for node in ast.walk(ast.parse(text)):
            if not (
                isinstance(node, ast.ImportFrom)
                and node.level == 0
                and node.module
                and node.module.startswith(prefix)
            ):
                continue
            exported.setdefault(node.module, set()).update(a.name for a in node.names)
            names = [a.name + (f" as {a.asname}" if a.asname else "") for a in node.names]
            indent = lines[node.lineno - 1][: node.col_offset]
            tail = lines[(node.end_lineno or node.lineno) - 1][node.end_col_offset :]
            edits.append((node.lineno, node.end_lineno or node.lineno, indent, names, tail))
        for first, last, indent, names, tail in sorted(edits, reverse=True):
            lines[first - 1 : last] = [indent + _import_text(wing, names) + tail]
        if edits:
            path.write_text("\n".join(lines), encoding="utf-8")
            sys.stdout.write(f"rewrote {path.relative_to(ROOT)}\n")
    init = ROOT.joinpath(*wing.split(".")) / "__init__.py"
    tree = ast.parse(init.read_text(encoding="utf-8"))
    for node in tree.body:  # what the door already exported, it keeps exporting
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(prefix):
            exported.setdefault(node.module, set()).update(a.name for a in node.names)
    docstring = ast.get_docstring(tree, clean=False) or "TODO: say in one line what this wing is."
    body = [f'"""{docstring}"""', ""]
    body += [_import_text(module, sorted(exported[module])) for module in sorted(exported)]
    names = sorted({name for group in exported.values() for name in group})
    body += ["", "__all__ = [", *(f'    "{name}",' for name in names), "]", ""]
    init.write_text("\n".join(body), encoding="utf-8")
    sys.stdout.write(f"wrote {init.relative_to(ROOT)}: {len(names)} names\n")


def _pairs(args: argparse.Namespace) -> list[tuple[str, str]]:
    pairs = []
    if args.file:
        for line in Path(args.file).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                old, new = line.split()
                pairs.append((old, new))
    for item in args.moves:
        old, _, new = item.partition("=")
        pairs.append((old, new))
    return pairs


def main() -> int:
    """Move, then rewrite."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("moves", nargs="*", help="OLD=NEW")
    parser.add_argument("--file", help="a file of 'OLD NEW' lines")
    parser.add_argument("--rewrite-only", action="store_true", help="rewrite without moving")
    parser.add_argument("--names", action="append", default=[], help="OLD:NEW:name,name")
    parser.add_argument("--door", action="append", default=[], help="a wing, e.g. bot.ops")
    args = parser.parse_args()
    for spec in args.names:
        old, new, names = spec.split(":")
        move_names(old, new, set(names.split(",")))
    for wing in args.door:
        make_door(wing)
    if (args.names or args.door) and not args.moves and not args.file:
        return 0
    pairs = _pairs(args)
    if not pairs:
        parser.error("nothing to move")
    if not args.rewrite_only:
        move_files(pairs)
    rewrite_references(pairs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
