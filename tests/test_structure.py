"""The shape of the code: stages import one way, no cycles, modules one can read.

Read from the source with ast (function-level imports included), not from what
happens to be imported at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "generator"
#: The pipeline, in the order data flows; a stage may import its own and earlier ones.
STAGES = ("source", "games", "draw", "layout", "render", "products", "web", "cli", "tools")
#: Third-party drawing libraries: only the layout (fonts) and render stages use them.
DRAWING_LIBRARIES = ("reportlab", "svgwrite", "fontTools", "pypdfium2")
MAX_LINES = 400
MAX_ENGINE_LINES = 500  # a rules engine may be longer if splitting it hurts reading


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Every generator module ``name`` imports, anywhere in the file."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                targets.add(full if full in MODULES else module)
        elif isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
    return {t for t in targets if t in MODULES}


GRAPH = {name: _imports(name, path) - {name} for name, path in MODULES.items()}


def _stage(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in STAGES else None


def test_every_module_belongs_to_a_stage() -> None:
    loose = [
        n for n in MODULES if _stage(n) is None and n not in ("generator", "generator.__main__")
    ]
    assert not loose, f"modules outside the stage packages: {loose}"


def test_stages_import_one_way() -> None:
    wrong = []
    for name, targets in GRAPH.items():
        stage = _stage(name)
        if stage is None:
            continue
        for target in targets:
            other = _stage(target)
            if other is not None and STAGES.index(other) > STAGES.index(stage):
                wrong.append(f"{name} -> {target}")
    assert not wrong, "later stages imported by earlier ones:\n" + "\n".join(sorted(wrong))


def test_no_import_cycles() -> None:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in GRAPH[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for name in GRAPH:
        if name not in index:
            visit(name)
    assert not cycles, f"import cycles: {cycles}"


@pytest.mark.parametrize("stage", ["source", "games", "draw"])
def test_models_and_descriptions_never_reach_drawing_libraries(stage: str) -> None:
    offenders = []
    for name, path in MODULES.items():
        if _stage(name) != stage:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            offenders += [f"{name}: {n}" for n in names if n.split(".")[0] in DRAWING_LIBRARIES]
    assert not offenders, offenders


def test_no_module_is_too_long_to_read() -> None:
    long = []
    for name, path in MODULES.items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        limit = MAX_ENGINE_LINES if name.endswith(".engine") else MAX_LINES
        if lines > limit:
            long.append(f"{name}: {lines} lines (at most {limit})")
    assert not long, long


def test_every_stage_package_says_what_it_takes_and_gives() -> None:
    for stage in STAGES:
        doc = ast.get_docstring(ast.parse((PACKAGE / stage / "__init__.py").read_text()))
        assert doc, f"generator/{stage}/__init__.py has no docstring"


def test_the_package_imports_itself_only_relatively() -> None:
    """The folder is generator/, the installed package dinokit (setup.py): a module that
    named either absolutely would break in the other, so every import of its own is relative."""
    absolute = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            absolute += [
                f"{name}: {n}" for n in names if n.split(".")[0] in ("generator", "dinokit")
            ]
    assert not absolute, "absolute imports of the package itself:\n" + "\n".join(absolute)
