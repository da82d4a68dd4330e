"""Every game of the golden corpus (``golden_corpus.py``) replays identically: the record replays
(``record.replay``: deals, every action legal, the result) and the engine's trace (each decision's
seat, kind and number of legal actions; the log, statistics, places, score, dues and burns) has the
digest written when the corpus was made, before the engine was restructured."""

from __future__ import annotations

import gzip
import json

import pytest
from golden_corpus import GOLDEN, builtin_ids, digest, replayed_trace

from gouji_variants.engine.record import replay


def test_the_corpus_covers_every_builtin_ruleset() -> None:
    assert sorted(path.name.removesuffix(".jsonl.gz") for path in GOLDEN.glob("*.jsonl.gz")) == builtin_ids()


@pytest.mark.parametrize("ruleset_id", builtin_ids())
def test_golden_games_replay_identically(ruleset_id: str) -> None:
    with gzip.open(GOLDEN / f"{ruleset_id}.jsonl.gz", "rt", encoding="utf-8") as lines:
        games = [json.loads(line) for line in lines]
    assert len(games) >= 100  # 50 by random agents, 50 by heuristic ones
    for number, game in enumerate(games, 1):
        replayed = replay(game["record"])
        assert replayed.ok, f"{ruleset_id} game {number}: {replayed.divergence}"
        assert digest(replayed_trace(game["record"])) == game["trace"], f"{ruleset_id} game {number}: trace differs"
