"""The shape of the code, checked: rules modules import only what they declare they need, no
two import each other, and no import hides inside a function without a reason written beside it
(docs/architecture.md)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from engarde.registry import ALL_MODULES

PACKAGE = Path(__file__).parent.parent / "engarde"
SHARED = {"decisions", "answers"}  # engarde/rules/decisions.py, answers.py: helpers the modules share, not modules


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _target(path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _module_name(path).split(".")
    if path.name != "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports() -> list[tuple[Path, ast.AST, str, list[str], bool]]:
    """(file, node, module imported from, names, at the top of the file?) for every import."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        guarded = {id(n) for stmt in tree.body if isinstance(stmt, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(stmt.test) for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                found.append((path, node, _target(path, node), [a.name for a in node.names],
                              node in tree.body or id(node) in guarded))
            elif isinstance(node, ast.Import):
                found.append((path, node, "", [a.name for a in node.names], node in tree.body or id(node) in guarded))
    return found


def _rules_package(dotted: str) -> str | None:
    parts = dotted.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["engarde", "rules"] else None


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = defaultdict(set)
    for path, _node, target, names, _top in _imports():
        source = _rules_package(_module_name(path))
        if source is None:
            continue
        for dotted in [target, *(f"{target}.{n}" for n in names)]:
            other = _rules_package(dotted)
            if other is not None and other != source and other not in SHARED:
                graph[source].add(other)
    return graph


def test_rules_modules_do_not_import_each_other_in_a_circle():
    graph = _graph()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in graph.get(start, ()))

    circles = sorted(m for m in graph if reaches(m, m, {m}))
    assert circles == [], f"rules modules in an import circle: {circles}"


def test_a_module_declares_the_modules_it_imports():
    """RuleModule.requires names every module whose code it imports: switching one off cannot
    leave another calling into it."""
    undeclared = {m: sorted(deps - set(ALL_MODULES[m].requires)) for m, deps in _graph().items()
                  if deps - set(ALL_MODULES[m].requires)}
    assert undeclared == {}


def test_no_import_hides_in_a_function_without_its_reason():
    """An import inside a function is allowed only with a comment beside it saying why."""
    unexplained = []
    for path, node, _target, names, top in _imports():
        if top:
            continue
        lines = path.read_text().splitlines()
        here, above = lines[node.lineno - 1], lines[node.lineno - 2].strip()
        if "#" not in here and not above.startswith(("#", "try:")):
            unexplained.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {', '.join(names)}")
    assert unexplained == []
