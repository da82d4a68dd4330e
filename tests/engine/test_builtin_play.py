"""Every built-in ruleset and option pack plays random games with the invariants holding, and its
own rules fire (the benchmark benchmarks/bench_builtin.py runs 2,000 games each)."""

from __future__ import annotations

import pytest

from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.runs.invariants import checked_run

BUILT_IN = sorted(entry.id for entry in Catalog((RULESETS_DIR,)).entries())
GAMES = 40


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_random_games_keep_the_invariants_and_the_rulesets_rules_fire(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    run = checked_run(ruleset, GAMES, seed=7)
    assert run.failures == []
    rules = ruleset.rules
    if rules.bie3.enabled:
        assert run.stats["men"] > 0 and run.stats["bought"] > 0
    if rules.kaidian.enabled:
        assert run.stats["kaidian_failures"] > 0
        if rules.kaidian.mingdian or rules.kaidian.yudian:
            assert run.stats["declarations"] > 0
    if rules.burning.enabled:
        assert run.stats["burns"] > 0
    if rules.hui3.choices:
        assert run.stats["hui3"] > 0
