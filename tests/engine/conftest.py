"""Engine test fixtures."""

from __future__ import annotations

import pytest

from gouji_variants.compiler import Ruleset, load_ruleset


@pytest.fixture(scope="session")
def dagang() -> Ruleset:
    return load_ruleset("dagang")
