"""Every game of the golden corpus (``golden_corpus.py``) replays identically: the record replays
(``record.replay``: deals, every action legal, the result) and the engine's trace (each decision's
seat, kind and number of legal actions; the log, statistics, places, score, dues and burns) has the
digest written when the corpus was made, before the engine was restructured."""

from __future__ import annotations

import gzip
import json

import pytest
from golden_corpus import AGENTS, GAMES, GOLDEN, RECORDED_AS, builtin_ids, digest, replayed_trace

from gouji_variants.agents.registry import make_agents
from gouji_variants.records.record import replay
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.runs.simulate import simulate


def test_the_corpus_covers_every_builtin_ruleset() -> None:
    assert sorted(path.name.removesuffix(".jsonl.gz") for path in GOLDEN.glob("*.jsonl.gz")) == builtin_ids()


@pytest.mark.parametrize("ruleset_id", builtin_ids())
def test_golden_games_replay_identically(ruleset_id: str) -> None:
    with gzip.open(GOLDEN / f"{ruleset_id}.jsonl.gz", "rt", encoding="utf-8") as lines:
        games = [json.loads(line) for line in lines]
    assert len(games) >= 100  # 50 by random agents, 50 by basic ones (named "heuristic" in the records)
    for number, game in enumerate(games, 1):
        replayed = replay(game["record"])
        assert replayed.ok, f"{ruleset_id} game {number}: {replayed.divergence}"
        assert digest(replayed_trace(game["record"])) == game["trace"], f"{ruleset_id} game {number}: trace differs"


@pytest.mark.parametrize("ruleset_id", ["dagang", "jining"])
def test_the_bots_named_in_the_corpus_still_play_it(ruleset_id: str) -> None:
    """The corpus's "heuristic" records were played by today's ``basic`` bot: it plays them again, move for move."""
    with gzip.open(GOLDEN / f"{ruleset_id}.jsonl.gz", "rt", encoding="utf-8") as lines:
        games = [json.loads(line)["record"] for line in lines]
    for seed, spec in enumerate(AGENTS):
        recorded = games[seed * GAMES:(seed + 1) * GAMES]
        assert {name for game in recorded for name in game["headers"]["players"]} == {RECORDED_AS[spec]}
        played: list[dict[str, object]] = []
        simulate(load_ruleset(ruleset_id), GAMES, seed, make_agents(spec), keep=played.append)
        assert [game["actions"] for game in played] == [game["actions"] for game in recorded]
