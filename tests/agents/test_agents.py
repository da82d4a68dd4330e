"""The bots: the heuristic team beats a random team clearly (the issue asks for 2,000 games in the
benchmark report; a smaller sample here)."""

from __future__ import annotations

import pytest

from gouji_variants.agents.registry import make_agents
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.runs.simulate import simulate


@pytest.mark.parametrize("spec", ["heuristic,random", "random,heuristic"])
def test_heuristic_team_beats_random_team(dagang: Ruleset, spec: str) -> None:
    result = simulate(dagang, 60, 11, make_agents(spec))
    heuristic_team = 0 if spec.startswith("heuristic") else 1
    assert result.wins[heuristic_team] >= 50


def test_unknown_agent_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown agent"):
        make_agents("random,clever")
