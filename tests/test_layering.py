"""The layering docs/architecture.md draws: no import cycles in the engine and its components,
components never import the engine, and no module there grows past about 400 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "gouji_variants"
CORE = ("gouji_variants.engine", "gouji_variants.components")
MAX_LINES = 440


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Modules of the package that ``path`` imports when it is loaded (not under TYPE_CHECKING,
    not inside functions)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rsplit(".", 1)[0]
            target = f"{base}.{node.module}" if node.level and node.module else base if node.level else node.module
            assert target is not None
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    # a module's own packages are already loading when it runs (not an edge)
    edges = {name: {target for target in imports(path) if target in modules and not (name + ".").startswith(
        target + ".")} for name, path in modules.items()}
    for name in modules:  # importing a.b.c runs a/__init__ and a/b/__init__ first
        for target in list(edges[name]):
            parts = target.split(".")
            edges[name].update(".".join(parts[:i]) for i in range(2, len(parts)) if ".".join(parts[:i]) in modules
                               and ".".join(parts[:i]) != name and not name.startswith(".".join(parts[:i]) + "."))
    return edges


def cycle_from(edges: dict[str, set[str]], scope: tuple[str, ...]) -> list[str] | None:
    """One import cycle among the modules under ``scope``, or None."""
    inside = {name for name in edges if name.startswith(scope)}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        stack.append(name)
        for target in sorted(edges[name] & inside):
            if state.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        stack.pop()
        state[name] = 2
        return None

    for name in sorted(inside):
        if name not in state and (found := visit(name)):
            return found
    return None


def test_no_import_cycle_in_the_engine_and_its_components() -> None:
    assert cycle_from(graph(), CORE) is None


def test_no_import_cycle_when_the_package_loads() -> None:
    assert cycle_from(graph(), ("gouji_variants",)) is None


def test_components_never_import_the_engine() -> None:
    edges = graph()
    wrong = {name: sorted(t for t in targets if t.startswith(CORE[0]))
             for name, targets in edges.items() if name.startswith(CORE[1])}
    assert {name: targets for name, targets in wrong.items() if targets} == {}


@pytest.mark.parametrize("folder", ["engine", "components"])
def test_no_module_of_the_core_is_over_about_400_lines(folder: str) -> None:
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines())
             for path in (PACKAGE / folder).glob("*.py")}
    assert {name: size for name, size in sizes.items() if size > MAX_LINES} == {}
