"""Fixtures for every test: rulesets come from the built-in folder only, not the caller's environment.

The tests mirror the package (``tests/<package>/test_<module or area>.py``); their shared helpers
(``cli_helpers``, ``engine_helpers``, ``golden_corpus`` …) import by name from any folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

from gouji_variants.ruleset.catalog import ENV_VAR
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset

HERE = Path(__file__).resolve().parent
for folder in sorted({HERE, *(path.parent for path in HERE.rglob("*.py"))}):  # every test folder, once
    if str(folder) not in sys.path:
        sys.path.append(str(folder))

#: No per-example deadline: the suite runs on shared machines where one example may take longer than
#: Hypothesis's 200 ms default; a test that truly hangs is stopped by pytest-timeout.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.fixture(autouse=True)
def _no_env_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)


@pytest.fixture(scope="session")
def dagang() -> Ruleset:
    return load_ruleset("dagang")
