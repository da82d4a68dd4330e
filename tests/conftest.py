"""Fixtures for every test: rulesets come from the built-in folder only, not the caller's environment."""

from __future__ import annotations

import pytest

from gouji_variants.catalog import ENV_VAR


@pytest.fixture(autouse=True)
def _no_env_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
