"""Property-based fuzzing of `gouji replay`: random JSON, and valid records mutated, never crash it.

Every run must end with exit 0, 1 or 2 and no exception but SystemExit (the project's errors are
all turned into messages), within a bound of CPU time. ``pytest --thorough`` runs ten times the
examples.
"""

from __future__ import annotations

import copy
import json
import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from budget import examples
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.cli import main
from gouji_variants.engine import RandomAgent, play_out
from gouji_variants.engine.game import Game
from gouji_variants.records.files import dumps
from gouji_variants.records.record import game_record
from gouji_variants.ruleset.cards import N_RANKS, Cards
from gouji_variants.ruleset.compiler import load_ruleset

EXAMPLES = examples(60)
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SECONDS = 10.0  # the CPU-time bound of one replay (a record replays in well under a second)
COMPAT = Path(__file__).parent / "compat"


def _pool() -> list[dict[str, Any]]:
    """Valid records to mutate: this release's (two rulesets, a match's second game) and 0.1.0's."""
    records = []
    for ref, agents in (("dagang", [HeuristicAgent()] * 6), ("jining", [RandomAgent()] * 6)):
        game = Game(load_ruleset(ref), 3)
        play_out(game, agents, random.Random(3))
        records.append(game_record(game, players=["fuzz"] * 6, date="2026-01-01"))
    records += [json.loads(line) for line in (COMPAT / "dagang.jsonl").read_text(encoding="utf-8").splitlines()[1:]]
    return records


POOL = _pool()
CARD_TEXT = st.text(alphabet="3456789TJQKA2BR10x ", max_size=12)
SMALL = st.integers(-2, 8)
JSON: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | SMALL | st.floats(allow_nan=False) | st.text(max_size=12) | CARD_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def replay_text(text: str) -> tuple[int, float]:
    """`gouji replay` on a file holding ``text``: its exit code and seconds; fails on any exception."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "games.jsonl"
        path.write_text(text, encoding="utf-8")
        start = time.process_time()
        result = CliRunner().invoke(main, ["replay", str(path)])
        seconds = time.process_time() - start
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output
    assert seconds < SECONDS, f"replay took {seconds:.1f} s"
    return result.exit_code, seconds


def _places(value: Any, pointer: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (the rules excepted: their changes only break the fingerprint)."""
    yield pointer
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "rules":
                yield from _places(item, (*pointer, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*pointer, index))


def _set(record: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    parent = record
    for part in path[:-1]:
        parent = parent[part]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return record


@FUZZ
@given(data=st.data())
def test_mutated_records_never_crash_replay(data: st.DataObject) -> None:
    record: Any = copy.deepcopy(data.draw(st.sampled_from(POOL)))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(_places(record))))
        delete = bool(path) and data.draw(st.booleans()) and data.draw(st.booleans())
        value = data.draw(st.one_of(SMALL, CARD_TEXT, JSON, st.sampled_from(["pass", "play", "hui3", "3", "both"])))
        record = _set(record, path, value, delete)
    replay_text(json.dumps(record, ensure_ascii=False) + "\n")


HAND = st.lists(st.integers(0, 5), min_size=N_RANKS, max_size=N_RANKS).filter(any).map(lambda c: Cards(tuple(c)))


@FUZZ
@given(hands=st.lists(HAND, min_size=6, max_size=6), leader=st.none() | st.integers(0, 5),
       ref=st.sampled_from(["dagang", "jining", "bie3"]), seed=st.integers(0, 2**32), cut=st.integers(0, 300))
def test_games_from_strange_given_hands_replay(hands: list[Cards], leader: int | None, ref: str, seed: int,
                                                cut: int) -> None:
    """Any six non-empty hands play out, and the record replays (to its end, or cut short: a divergence)."""
    game = Game(load_ruleset(ref), seed, hands=hands, leader=leader)
    play_out(game, [RandomAgent()] * 6, random.Random(seed))
    record = game_record(game)
    assert replay_text(dumps(record) + "\n")[0] == 0
    record["actions"] = record["actions"][:cut]
    assert replay_text(dumps(record) + "\n")[0] in (0, 1)


@FUZZ
@given(lines=st.lists(JSON, min_size=1, max_size=3))
def test_random_json_never_crashes_replay(lines: list[Any]) -> None:
    assert replay_text("\n".join(json.dumps(line) for line in lines) + "\n")[0] == 2


@FUZZ
@given(text=st.text(max_size=200))
def test_random_text_never_crashes_replay(text: str) -> None:
    replay_text(text)
