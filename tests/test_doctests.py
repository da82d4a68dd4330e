"""The public API: its names import lazily, ``__all__`` is sorted, every docstring example runs, and the
import paths 0.3.0 moved are gone."""

from __future__ import annotations

import ast
import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import gouji_variants

pytestmark = pytest.mark.engine  # what the engine decides (tests/conftest.py)

PACKAGE = Path(gouji_variants.__file__).resolve().parent
#: the modules with docstring examples (a ``>>>`` in their source) -> their source
WITH_EXAMPLES = {
    ".".join(("gouji_variants", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__"): path
    for path in sorted(PACKAGE.rglob("*.py")) if ">>> " in path.read_text(encoding="utf-8")}


def test_the_examples_are_found() -> None:
    assert {"gouji_variants", "gouji_variants.engine.game", "gouji_variants.engine.match",
            "gouji_variants.ruleset.compiler"} <= set(WITH_EXAMPLES)


def _docstrings(path: Path) -> list[tuple[str, str, int]]:
    """(qualified name, docstring, line) of the module and of every class and function in its source. Read from
    the source, not the objects: a compiled module's functions may keep no docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=False)
            if text and ">>> " in text:
                found.append((getattr(node, "name", ""), text, node.body[0].lineno))
    return found


@pytest.mark.parametrize("name", sorted(WITH_EXAMPLES))
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    path = WITH_EXAMPLES[name]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    parser = doctest.DocTestParser()
    docstrings = _docstrings(path)
    assert docstrings, f"{name} has '>>> ' in its source but no docstring with an example"
    for qualified, text, line in docstrings:
        runner.run(parser.get_doctest(text, dict(vars(module)), f"{name}.{qualified}".rstrip("."), str(path), line))
    result = runner.summarize(verbose=False)
    assert result.attempted and result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"


def test_all_is_sorted_and_each_name_imports() -> None:
    names = gouji_variants.__all__
    assert names == sorted(names) and len(set(names)) == len(names)
    assert set(names) == set(gouji_variants._HOMES)
    for name in names:
        value = getattr(gouji_variants, name)
        assert getattr(value, "__name__", name) == name, name
    assert set(names) <= set(dir(gouji_variants))


def test_an_unknown_name_says_so() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        gouji_variants.Nothing  # noqa: B018


def test_the_package_loads_its_names_lazily() -> None:
    code = ("import sys, gouji_variants; before = {'yaml', 'jsonschema', 'gouji_variants.engine'} & set(sys.modules); "
            "gouji_variants.load_ruleset; print(sorted(before), 'gouji_variants.ruleset.compiler' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["[]", "True"]


@pytest.mark.parametrize("old", ["gouji_variants.compiler", "gouji_variants.engine.agents",
                                 "gouji_variants.engine.record", "gouji_variants.example_check"])
def test_the_paths_0_3_0_moved_are_gone(old: str) -> None:
    """0.3.0 kept them one release with a warning; 0.4.0 removed them (CHANGELOG.md)."""
    sys.modules.pop(old, None)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)


@pytest.mark.parametrize("name", ["BasicAgent", "HeuristicAgent", "make_agents"])
def test_the_bots_old_names_on_the_engine_are_gone(name: str) -> None:
    import gouji_variants.engine as engine

    assert not hasattr(engine, name)


def test_plays_play_is_gone() -> None:
    from gouji_variants.components import plays

    assert not hasattr(plays, "Play") and plays.Combo
