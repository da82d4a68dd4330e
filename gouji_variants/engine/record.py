"""JSON game records, and replay that re-plays one and reports the first divergence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Cards
from ..catalog import Catalog
from ..compiler import Ruleset, load_ruleset
from ..components.tribute import BurnDue, Due
from .actions import IllegalAction, from_json, to_json
from .game import Carry, Game

FORMAT = "gouji-game/1"


def game_record(game: Game) -> dict[str, Any]:
    """Everything needed to re-play ``game``: ruleset id and fingerprint, seed, given hands and
    leader, what it carried from a previous game, the deals, the actions and the result."""
    carry = game.carry
    return {
        "format": FORMAT,
        "ruleset": game.ruleset.id,
        "fingerprint": game.ruleset.fingerprint,
        "seed": game.seed,
        "hands": None if game.given_hands is None else [str(hand) for hand in game.given_hands],
        "leader": game.given_leader,
        "carry": {
            "places": None if carry.places is None else list(carry.places),
            "burns": [[b.burner, b.burned, b.counter] for b in carry.burns],
            "leader": carry.leader,
            "owed": [[due.kind, due.payer, due.receiver, due.count] for due in carry.owed],
            **({} if carry.drawer is None else {"drawer": carry.drawer}),  # first_player.later_games draw
        },
        "deals": [[str(hand) for hand in deal] for deal in game.deals],
        "actions": [{"seat": seat, **to_json(action)} for seat, action in game.actions],
        "result": result(game),
    }


def result(game: Game) -> dict[str, Any] | None:
    if game.places is None or game.score is None:
        return None
    return {
        "places": game.place_names(),
        "score": list(game.score),
        "burns": [[b.burner, b.burned, b.counter, b.outcome] for b in game.burns],
        "revolutionaries": list(game.revolutionaries),
        "opened": list(game.opened),
        "stifled": list(game.stifled),
    }


@dataclass
class Replay:
    """The re-played game, and the first divergence from the record (None when it matches)."""

    game: Game | None
    divergence: str | None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def _start(record: dict[str, Any], ruleset: Ruleset) -> Game:
    carry_data = record.get("carry") or {}
    carry = Carry(
        tuple(carry_data["places"]) if carry_data.get("places") is not None else None,
        tuple(BurnDue(int(a), int(b), bool(c)) for a, b, c in carry_data.get("burns", [])),
        carry_data.get("leader"),
        tuple(Due(str(kind), int(payer), int(receiver), int(count), False)
              for kind, payer, receiver, count in carry_data.get("owed", [])),
        carry_data.get("drawer"),
    )
    hands = record.get("hands")
    return Game(ruleset, int(record["seed"]), hands=None if hands is None else [Cards.parse(h) for h in hands],
                leader=record.get("leader"), carry=carry)


def replay(record: dict[str, Any], catalog: Catalog | None = None) -> Replay:
    """Re-play ``record`` action by action, checking the deal, each action and the result."""
    if record.get("format") != FORMAT:
        return Replay(None, f"format: expected {FORMAT!r}, found {record.get('format')!r}")
    ruleset = load_ruleset(str(record["ruleset"]), catalog)
    if ruleset.fingerprint != record.get("fingerprint"):
        return Replay(None, f"ruleset {ruleset.id}: fingerprint {ruleset.fingerprint} differs from the "
                            f"recorded {record.get('fingerprint')}")
    game = _start(record, ruleset)
    for index, entry in enumerate(record.get("actions", [])):
        where = f"action {index + 1}"
        deals = [[str(hand) for hand in deal] for deal in game.deals]
        if deals != record["deals"][: len(deals)]:
            return Replay(game, f"{where}: deal {len(deals)} differs from the record")
        if game.over:
            return Replay(game, f"{where}: the game is already over")
        if entry.get("seat") != game.turn:
            return Replay(game, f"{where}: recorded for seat {entry.get('seat')}, but seat {game.turn} is to act")
        try:
            action = from_json({k: v for k, v in entry.items() if k != "seat"})
            game.apply(action)
        except IllegalAction as error:
            return Replay(game, f"{where} ({entry}): illegal — {error.verdict.en} (rule {error.verdict.rule})")
        except ValueError as error:
            return Replay(game, f"{where} ({entry}): {error}")
    if [[str(hand) for hand in deal] for deal in game.deals] != record["deals"]:
        return Replay(game, "deals differ from the record")
    if not game.over:
        return Replay(game, f"the record ends before the game does (seat {game.turn} to act)")
    if result(game) != record.get("result"):
        return Replay(game, f"result {result(game)} differs from the recorded {record.get('result')}")
    return Replay(game, None)
