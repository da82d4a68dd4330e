"""Engine test fixtures."""

from __future__ import annotations

import pytest

from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.model import Ruleset


@pytest.fixture(scope="session")
def dagang() -> Ruleset:
    return load_ruleset("dagang")
