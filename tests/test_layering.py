"""The layering docs/architecture.md draws: each package imports only the packages below it (at load
time and inside functions alike), importing the engine loads no bot, terminal, text or runner, no
import cycles, and no module of the core grows past about 400 lines."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "gouji_variants"
CORE = ("gouji_variants.engine", "gouji_variants.components")
MAX_LINES = 440
#: the layers, lowest first: a package may import its own layer and those before it, never one after it
LAYERS = ("ruleset", "components", "engine", "agents", "records", "runs", "scene", "text", "terminal", "env", "server",
          "cli")
#: the top-level modules: the package's own (public API, engine choice, moved paths) and ``python -m``
TOP = {"gouji_variants", "gouji_variants.__main__", "gouji_variants.enginecore"}
#: the one import upwards: the compiler checks that a ruleset's ``components:`` names an installed
#: component (a call into the registry, made only while compiling such a ruleset)
UPWARDS = {("gouji_variants.ruleset.compiler", "gouji_variants.components.registry")}


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


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_module_is_in_a_layer() -> None:
    assert sorted(name for name in graph() if _layer(name) is None and name not in TOP) == []


def test_each_layer_imports_only_the_layers_below_it() -> None:
    from test_import_cycles import import_graph  # every import, inside functions too

    wrong = sorted((name, target) for name, targets in import_graph().items() for target in targets
                   if (low := _layer(name)) is not None and (high := _layer(target)) is not None and high > low
                   and (name, target) not in UPWARDS)
    assert wrong == []


def test_importing_the_engine_loads_no_bot_terminal_text_or_runner() -> None:
    code = "import sys, gouji_variants.engine; print('\\n'.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    above = {f"gouji_variants.{name}" for name in LAYERS[LAYERS.index("engine") + 1:]}
    assert [name for name in loaded if name.rpartition(".")[0] in above or name in above] == []
    assert "gouji_variants.engine.game" in loaded and "jsonschema" not in loaded and "yaml" not in loaded
