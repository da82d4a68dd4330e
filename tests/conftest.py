"""Fixtures for every test: rulesets come from the built-in folder only, not the caller's environment.

The tests mirror the package (``tests/<package>/test_<module or area>.py``); their shared helpers
(``cli_helpers``, ``engine_helpers``, ``golden_corpus`` …) import by name from any folder.

Two runs (README, "Tests"): the suite, and with ``--thorough`` the long searches for rare bugs alone (every
Hypothesis test at ten times its examples, see ``budget.examples``, and the tests marked ``thorough``). The
tests whose outcome can depend on the engine are marked ``engine`` (every test in ``suite.ENGINE_FOLDERS``, and
modules that say ``pytestmark = pytest.mark.engine``): the pure-Python engine runs only those
(``GOUJI_ENGINE=pure pytest -m engine``); ``test_engine_marks.py`` finds a test that plays the engine unmarked.
"""

from __future__ import annotations

import os
import random
import sys
import zlib

import pytest
from hypothesis import is_hypothesis_test, settings
from suite import ENGINE_FOLDERS, HERE

from gouji_variants.ruleset.catalog import ENV_VAR
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset

for folder in sorted({HERE, *(path.parent for path in HERE.rglob("test_*.py"))}):  # every test folder, once
    if str(folder) not in sys.path and not (folder / "__init__.py").exists():  # (a package imports by its name)
        sys.path.append(str(folder))

#: No per-example deadline: the suite runs on shared machines where one example may take longer than
#: Hypothesis's 200 ms default; a test that truly hangs is stopped by pytest-timeout. Under CI the examples are
#: derandomized (the same on every run, so that a failure reproduces); elsewhere a failure prints the blob that
#: reproduces it (@reproduce_failure).
settings.register_profile("suite", deadline=None, derandomize=bool(os.environ.get("CI")), print_blob=True)
#: The thorough run: ten times the examples (``budget.examples`` scales explicit counts by the same factor).
settings.register_profile("thorough", settings.get_profile("suite"), max_examples=1000)
settings.load_profile("suite")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--thorough", action="store_true",
                     help="Run only the long searches for rare bugs: every Hypothesis test at ten times its "
                          "examples, and the tests marked thorough.")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--thorough"):
        settings.load_profile("thorough")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the engine folders' tests ``engine``; keep the run's share (thorough or not) of the rest."""
    thorough = config.getoption("--thorough")
    kept, dropped = [], []
    for item in items:
        if item.path.relative_to(HERE).parts[0] in ENGINE_FOLDERS:
            item.add_marker(pytest.mark.engine)
        long_search = item.get_closest_marker("thorough") is not None
        searching = long_search or is_hypothesis_test(getattr(item, "obj", None))
        (kept if (searching if thorough else not long_search) else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(autouse=True)
def _no_env_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)


@pytest.fixture(autouse=True)
def _seeded_random(request: pytest.FixtureRequest) -> None:
    """The process's ``random`` seeded from the test's name: what the code under test draws from it (a room's
    deal, a bot's seed) is the same on every run, whichever worker and whatever order runs the test."""
    random.seed(zlib.crc32(request.node.nodeid.encode()))


@pytest.fixture(scope="session")
def dagang() -> Ruleset:
    return load_ruleset("dagang")
