"""A state's observation and scene written as JSON (the ``state`` message, docs/protocol.md): every field, or
for a lean session only those that differ from the view last sent, compared before they are written. Part of
the compiled core (docs/compiled-core.md), as what every action builds six times; :mod:`.protocol` reads them
back."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from operator import is_
from typing import Any

from ..components.tribute import Due
from ..engine.actions import Action, to_json
from ..engine.carry import Carry
from ..engine.game import Observation
from ..ruleset.cards import Cards
from ..scene import Option, Result, Scene
from ..text.events import RESTATING, render


@lru_cache(maxsize=1 << 16)
def _notation(counts: tuple[int, ...]) -> str:
    return str(Cards.unchecked(counts))


def notation(cards: Cards) -> str:
    """``str(cards)``, remembered (a state message writes every seat's played cards and the history)."""
    return _notation(cards.counts)


def _cards(cards: Cards | None) -> str | None:
    return None if cards is None else notation(cards)


@lru_cache(maxsize=1 << 16)
def action_json(action: Action) -> dict[str, Any]:
    """The action as JSON (:func:`engine.actions.to_json`), remembered: shared, not to be changed."""
    return to_json(action)


def _carry_json(carry: Carry | None) -> dict[str, Any] | None:
    if carry is None:
        return None
    return {"places": None if carry.places is None else list(carry.places),
            "burns": [[b.burner, b.burned, b.counter] for b in carry.burns], "leader": carry.leader,
            "owed": [[d.kind, d.payer, d.receiver, d.count, d.returned] for d in carry.owed], "drawer": carry.drawer}


def starts(history: tuple[Any, ...], start: tuple[Any, ...]) -> bool:
    """Whether ``history`` begins with ``start``: the entries are the engine's own, compared by identity in C
    first (no slice made), by equality where one is not the same object."""
    return len(history) >= len(start) and (all(map(is_, history, start)) or history[:len(start)] == start)


def history_json(history: tuple[tuple[int, Action], ...],
                 before: tuple[tuple[tuple[int, Action], ...], list[Any]] | None = None) -> list[Any]:
    """``history`` as JSON; ``before``, an earlier history and its JSON, is reused where it is the start
    of this one: its JSON list is extended in place and returned (the caller's own, held by no message once
    it is sent: a room's seat's history is written once an action, not copied a state)."""
    if before is not None and starts(history, before[0]):
        made = before[1]
        made += [[seat, action_json(action)] for seat, action in history[len(before[0]):]]
        return made
    return [[seat, action_json(action)] for seat, action in history]


def _listed(items: Iterable[Any]) -> list[Any]:
    return list(items)


#: each field of a state's observation and how its value is written (None: as it is), in the order sent
_FIELDS: tuple[tuple[str, Callable[[Any], Any] | None], ...] = (
    ("seat", None), ("stage", None), ("to_act", None), ("decision", None), ("hand", notation), ("counts", _listed),
    ("hands", lambda hands: [_cards(hand) for hand in hands]), ("top", _cards), ("top_seat", None),
    ("may_answer", _listed), ("round_plays", lambda plays: [[seat, notation(cards)] for seat, cards in plays]),
    ("passed", _listed), ("burner", None), ("luanchan", None), ("finished", _listed), ("out_of_play", _listed),
    ("revolutionaries", _listed), ("removed", notation), ("opened", _listed), ("declared", _listed), ("deal", None),
    ("deal_leader", None), ("history", None),  # (written by history_json, its earlier JSON reused)
    ("played", lambda played: [notation(cards) for cards in played]), ("dealt", _listed), ("sizes", _listed),
    ("transfers", lambda transfers: [{"kind": t.kind, "giver": t.giver, "taker": t.taker, "count": t.count,
                                      "cards": _cards(t.cards)} for t in transfers]),
    ("deck", notation), ("shown", _listed), ("told", _listed), ("gave_up", _listed),
    ("burns", lambda burns: [list(burn) for burn in burns]), ("bottom", _listed), ("stifled", _listed),
    ("places", lambda places: None if places is None else list(places)), ("carry", _carry_json),
)


def _fields_json(seen: Observation, before: Observation | None, history: list[Any]) -> dict[str, Any]:
    """The fields of ``seen`` that differ from ``before`` (every one when None) as JSON, ``history`` always (the
    history's JSON: a lean state sends the entries after those ``before`` holds). A field the engine passed on
    as the very same object is not compared (``carry``, ``deck``, ``removed``: their equality is Python code)."""
    found: dict[str, Any] = {}
    now, was = vars(seen), None if before is None else vars(before)
    for name, write in _FIELDS:
        value = now[name]
        if name == "history":
            found[name] = history
        elif was is None or (was[name] is not value and was[name] != value):
            found[name] = value if write is None else write(value)
    return found


def observation_json(seen: Observation, history: list[Any] | None = None) -> dict[str, Any]:
    """The observation as the ``state`` message carries it (every field; cards as notation; ``history``:
    the history's JSON when it is made already)."""
    return _fields_json(seen, None, history_json(seen.history) if history is None else history)


def scene_json(found: Scene) -> dict[str, Any]:
    """The facts of a state's scene the observation does not spell out (``state.scene``, docs/protocol.md):
    each seat's standing, its count as the rules tell the receiver (a spectator: the counts told to the
    table), why a count is untold, and why a seat was ranked at once; each seat's relation to the receiver,
    whether it is to act, its order out, the hand the receiver sees; ``limit``: the 报牌 limit; ``options``:
    what each of the receiver's options does, where the scene was made with them, else null; once the game is
    over ``places`` (the seats in place order, 头科 first), ``score`` (the teams'), ``result`` and ``dues``
    (each due ``{kind, payer, receiver, count, returned}``), else null."""
    seats, result = found.seats, found.result
    return {"limit": found.limit, "standing": [seat.standing for seat in seats],
            "counts": [seat.count for seat in seats], "untold": [seat.untold for seat in seats],
            "ranked": [seat.ranked for seat in seats],
            "relations": [seat.relation for seat in seats], "to_act": [seat.to_act for seat in seats],
            "order": [seat.order for seat in seats], "hands": [_cards(seat.hand) for seat in seats],
            "places": None if result is None else list(result.by_place),
            "score": None if result is None else list(result.score),
            "options": [option_json(chosen) for chosen in found.options] if found.options else None,
            "result": None if result is None else result_json(result),
            "dues": None if result is None or result.dues is None else dues_json(result.dues)}


def option_json(chosen: Option) -> dict[str, Any]:
    """What one option does (``scene.options``): whom it shows the whole hand or its cards to, whether it
    sits the game out, burns beyond what the hand can keep, takes the seat out (in which order) or ranks it
    at once (why, where, the engine's notes in words)."""
    why = [note for note in chosen.why if note not in RESTATING]
    return {"reveals_to": list(chosen.reveals_to), "shows_to": list(chosen.shows_to), "sits_out": chosen.sits_out,
            "burn_unkeepable": chosen.burn_unkeepable, "ranks": chosen.ranks, "places": list(chosen.places),
            "goes_out": chosen.goes_out, "why": {lang: [render(note, lang) for note in why] for lang in ("zh", "en")}
            if why else {"zh": [], "en": []}}  # (most options rank nothing: no words to render)


def result_json(found: Result) -> dict[str, Any]:
    """A finished game's result (``scene.result``): places, points and scores by seat and team, the match's
    totals (null outside a match)."""
    return {"places": list(found.places), "by_place": list(found.by_place), "points": list(found.points),
            "team_points": list(found.team_points), "score": list(found.score),
            "totals": None if found.totals is None else list(found.totals)}


def dues_json(dues: Iterable[Due]) -> list[dict[str, Any]]:
    """The tribute a next game owes (``scene.dues``, ``game_over``'s ``dues``)."""
    return [{"kind": due.kind, "payer": due.payer, "receiver": due.receiver, "count": due.count,
             "returned": due.returned} for due in dues]


def lean_observation(before: Observation | None, seen: Observation, history: list[Any]) -> dict[str, Any]:
    """The part of a lean session's ``state`` that replaces ``observation``: the fields of ``seen`` that
    differ from ``before`` (the observation last sent on the connection; every field when None), as JSON,
    the entries of ``history`` (``seen``'s history as JSON) after those ``before`` holds and
    ``history_from``, their start. Compared before they are written, so that only what changed is
    written. :func:`whole_observation` is its inverse."""
    start = 0
    if before is not None:
        sent = before.history
        start = len(sent) if starts(seen.history, sent) else 0
    changed = _fields_json(seen, before, history)
    changed["history"] = history[start:]
    return {"observation": changed, "history_from": start}
