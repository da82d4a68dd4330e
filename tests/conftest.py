"""Fixtures for every test: rulesets come from the built-in folder only, not the caller's environment."""

from __future__ import annotations

import pytest
from hypothesis import settings

from gouji_variants.ruleset.catalog import ENV_VAR

#: No per-example deadline: the suite runs on shared machines where one example may take longer than
#: Hypothesis's 200 ms default; a test that truly hangs is stopped by pytest-timeout.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.fixture(autouse=True)
def _no_env_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
