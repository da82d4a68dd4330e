"""The golden corpus: game records of every built-in ruleset, played by random and by basic
agents (named "heuristic" in the records: the bot was renamed ``basic`` when the rule-aware
``heuristic`` came), with a trace of what the engine did at every step, so a change to the engine's structure
can be shown not to change its behaviour (``tests/engine/test_golden.py``).

    python tests/engine/golden_corpus.py   # rewrites tests/engine/golden/*.jsonl.gz (deliberate only)

Each file ``golden/<ruleset>.jsonl.gz`` is gzip'd JSON lines, one per game: ``{"record": <a
gouji-game record, as ``gouji simulate --records`` writes it>, "trace": <sha256 of the trace>}``.
The trace is every decision's seat, kind and number of legal actions, the event log, the
statistics, places, score, dues owed and burns: more than the record itself checks.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from gouji_variants.agents.registry import make_agents
from gouji_variants.engine import Game
from gouji_variants.engine.actions import to_json
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.resources import RULESETS_DIR
from gouji_variants.runs.simulate import simulate

GOLDEN = Path(__file__).parent / "golden"
GAMES = 50
AGENTS = ("random", "basic")
#: The corpus was made before the rule-aware bot: its records name today's ``basic`` bot "heuristic".
RECORDED_AS = {"random": "random", "basic": "heuristic"}


def builtin_ids() -> list[str]:
    return sorted(entry.id for entry in Catalog((RULESETS_DIR,)).entries())


def decision_trace(game: Game) -> list[Any]:
    """What the game offers now: the seat, the kind of decision and how many legal actions."""
    return [game.turn, game.decision, len(game.legal_actions())] if not game.over else ["over"]


def outcome_trace(game: Game) -> list[Any]:
    """What the game did: its log, statistics, result, dues and burns."""
    log = [[e.seat, None if e.action is None else to_json(e.action), [str(note) for note in e.notes], e.forced,
            e.private] for e in game.log]
    owed = [[d.kind, d.payer, d.receiver, d.count, d.returned] for d in game.owed]
    burns = [[b.burner, b.burned, b.counter, b.outcome] for b in game.burns]
    return [log, sorted(game.stats.items()), game.places, game.score, owed, burns, game.leader, game.drawer]


def digest(trace: list[Any]) -> str:
    return hashlib.sha256(json.dumps(trace, ensure_ascii=False).encode()).hexdigest()


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for ruleset_id in builtin_ids():
        ruleset = load_ruleset(ruleset_id)
        lines: list[str] = []
        for seed, spec in enumerate(AGENTS):
            records: list[dict[str, Any]] = []
            simulate(ruleset, GAMES, seed, make_agents(spec), keep=records.append)
            for record in records:
                record["headers"]["players"] = [RECORDED_AS[name] for name in record["headers"]["players"]]
            for record in records:
                lines.append(json.dumps({"record": record, "trace": digest(replayed_trace(record))},
                                        ensure_ascii=False, separators=(",", ":")))
        with gzip.open(GOLDEN / f"{ruleset_id}.jsonl.gz", "wt", encoding="utf-8", compresslevel=9) as out:
            out.write("\n".join(lines) + "\n")
        print(ruleset_id, len(lines))


def replayed_trace(record: dict[str, Any]) -> list[Any]:
    """The trace of ``record`` played again action by action (its game must accept every action)."""
    from gouji_variants.engine.actions import from_json
    from gouji_variants.records.record import _start, record_ruleset

    game = _start(record, record_ruleset(record))
    steps = [decision_trace(game)]
    for entry in record["actions"]:
        game.apply(from_json({k: v for k, v in entry.items() if k != "seat"}))
        steps.append(decision_trace(game))
    return [steps, outcome_trace(game)]




if __name__ == "__main__":
    main()
