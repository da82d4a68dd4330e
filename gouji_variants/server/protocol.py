"""The room protocol, version 1 (docs/protocol.md): reading a client's message against its JSON
Schema, and the observation as JSON both ways (lossless, so a network client can rebuild it)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import fields, replace
from functools import cache, lru_cache
from operator import is_
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
import orjson
from jsonschema.exceptions import best_match

from ..components.table import BURN, REVOLT
from ..components.tribute import BurnDue, Due
from ..engine.actions import Action, InvalidAction, from_json, to_json
from ..engine.carry import Carry
from ..engine.game import Game, Observation
from ..engine.observing import PublicRecord
from ..engine.seat import Transfer
from ..ruleset.cards import Cards
from ..ruleset.errors import InvalidCards
from ..ruleset.grammar import NotationError
from ..scene import Option, Result, Scene
from ..text.events import RESTATING, render

PROTOCOL = 1
SCHEMA_DIR = Path(__file__).parent / "schemas"
CLIENT_TYPES = ("join", "resume", "watch", "accept", "rules", "settings", "act", "diff", "hint", "leave", "ping",
                "decline", "propose", "apply_proposal", "reject_proposal")
#: the messages that open a session on a connection
OPENING = ("join", "resume", "watch")
_PUBLIC_TRANSFERS = ("buy", "pay", "hui3")  # made in front of the table (as engine.observing says)
#: the fields of a state's observation (:func:`observation_json`)
OBSERVATION_FIELDS = frozenset(field.name for field in fields(Observation))


class ProtocolError(Exception):
    """A message that cannot be handled: an ``error`` message's code, text and any diagnostics."""

    def __init__(self, code: str, message: str, diagnostics: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.diagnostics = code, message, diagnostics

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.diagnostics is not None:
            found["diagnostics"] = self.diagnostics
        return found


@cache
def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of message ``name`` (``schemas/NAME.schema.json``)."""
    loaded: dict[str, Any] = json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))
    return loaded


@cache
def _validator(name: str) -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(schema(name))


@cache
def _quick(name: str) -> Any:
    return jsonschema_rs.validator_for(schema(name))


def check(name: str, data: Any) -> None:
    """Raise ProtocolError ``schema`` naming the field unless ``data`` matches message ``name``'s schema.

    jsonschema-rs says first whether it does (some hundred times quicker: every ``act`` is checked);
    where it says no, jsonschema decides and names the field, so that the answer is jsonschema's."""
    try:
        if _quick(name).is_valid(data):
            return
    except ValueError:  # (a value it cannot read, e.g. an integer past 64 bits: jsonschema decides)
        pass
    error = best_match(_validator(name).iter_errors(data))
    if error is not None:
        where = "/" + "/".join(str(part) for part in error.absolute_path)
        shown = error.message if len(error.message) <= 200 else error.message[:197] + "..."
        raise ProtocolError("schema", f"{name}: {shown} (at {where})")


def dumps(message: Any) -> str:
    """``message`` as the JSON text sent or stored (UTF-8, not escaped), made by orjson (ten times quicker
    than the json module on a state); an integer past 64 bits, which orjson refuses, by the json module."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, ensure_ascii=False)


def json_object(raw: str | bytes, what: str) -> dict[str, Any]:
    """``raw`` as a JSON object, or ProtocolError ``json`` saying that ``what`` is not one."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("json", f"{what} is not a JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError("json", f"{what} is not a JSON object")
    escaped = b"\\u" in raw if isinstance(raw, bytes) else "\\u" in raw  # (only an escape spells a lone surrogate)
    if escaped:
        try:
            where = _lone_surrogate(data, "")
        except RecursionError:
            raise ProtocolError("json", f"{what} is nested too deeply") from None
        if where is not None:
            raise ProtocolError("schema", f"{what}: a string that is not Unicode text, a lone surrogate "
                                          f"(at {where or '/'})")
    return data


def _lone_surrogate(data: Any, where: str) -> str | None:
    """Where in ``data`` (a JSON pointer) a key or a string holds a lone surrogate (``"\\ud800"``:
    valid JSON, not text: it cannot be stored, shown or sent on), or None."""
    if isinstance(data, str):
        return None if data.isascii() or not any("\ud800" <= char <= "\udfff" for char in data) else where
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        here = f"{where}/{json.dumps(key)[1:-1] if isinstance(key, str) else key}"  # (escaped: a key may hold one)
        if isinstance(key, str) and _lone_surrogate(key, here) is not None:
            return here
        found = _lone_surrogate(value, here)
        if found is not None:
            return found
    return None


async def read_body(chunks: AsyncIterator[bytes], limit: int) -> bytes:
    """The bytes of a request body, or ProtocolError ``too-large`` as soon as it passes ``limit``."""
    raw = bytearray()
    async for chunk in chunks:
        raw += chunk
        if len(raw) > limit:
            raise ProtocolError("too-large", f"the body is larger than {limit} bytes")
    return bytes(raw)


def parse_client(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked: a JSON object of a known type matching its schema."""
    data = json_object(raw, "the message (send one JSON object a message)")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        shown = json.dumps(kind, ensure_ascii=False)[:40]
        raise ProtocolError("unknown-type", f"unknown message type {shown}: one of {', '.join(CLIENT_TYPES)}")
    if kind in OPENING and data.get("v") != PROTOCOL:
        raise ProtocolError("version", f"this server speaks protocol version {PROTOCOL}: send \"v\": {PROTOCOL}")
    check(kind, data)
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    """The engine action a message names; ProtocolError ``invalid`` when none."""
    try:
        return from_json(data)
    except (InvalidAction, InvalidCards, NotationError, ValueError, TypeError) as error:
        raise ProtocolError("invalid", f"not an action: {error}") from None


# ── observations ───────────────────────────────────────────────────────────────────────────────

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
    """The fields of ``seen`` that differ from ``before`` (every one when None) as JSON; ``history``: the
    history's JSON (the field's value when it is written)."""
    found: dict[str, Any] = {}
    now, was = vars(seen), None if before is None else vars(before)
    for name, write in _FIELDS:
        value = now[name]
        if was is None or was[name] != value:
            found[name] = history if name == "history" else value if write is None else write(value)
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


def whole_observation(before: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The whole observation of a lean session's ``state`` ``message``, given the one before on the
    connection (:func:`lean_observation`); ProtocolError ``lean`` when they do not piece together."""
    part, start = message["observation"], message["history_from"]
    whole = {**(before or {}), **part}
    history = [] if before is None else before["history"]
    if len(history) < start or not OBSERVATION_FIELDS <= whole.keys():
        raise ProtocolError("lean", "a lean state does not extend the state before it on this connection")
    whole["history"] = history[:start] + part["history"]
    return whole


def _parsed(text: str | None) -> Cards | None:
    return None if text is None else Cards.parse(text) if text else Cards.EMPTY


def observation_from_json(data: dict[str, Any]) -> Observation:
    """The :class:`Observation` a ``state`` message carries (the inverse of :func:`observation_json`)."""
    carry = data["carry"]
    return Observation(
        seat=data["seat"], stage=data["stage"], to_act=data["to_act"], decision=data["decision"],
        hand=_parsed(data["hand"]) or Cards.EMPTY, counts=tuple(data["counts"]),
        hands=tuple(_parsed(hand) for hand in data["hands"]), top=_parsed(data["top"]), top_seat=data["top_seat"],
        may_answer=tuple(data["may_answer"]),
        round_plays=tuple((seat, _parsed(cards) or Cards.EMPTY) for seat, cards in data["round_plays"]),
        passed=tuple(data["passed"]), burner=data["burner"], luanchan=data["luanchan"],
        finished=tuple(data["finished"]), out_of_play=tuple(data["out_of_play"]),
        revolutionaries=tuple(data["revolutionaries"]), removed=_parsed(data["removed"]) or Cards.EMPTY,
        opened=tuple(data["opened"]), declared=tuple(data["declared"]), deal=data["deal"],
        deal_leader=data["deal_leader"],
        history=tuple((seat, from_json(action)) for seat, action in data["history"]),
        played=tuple(_parsed(cards) or Cards.EMPTY for cards in data["played"]), dealt=tuple(data["dealt"]),
        sizes=tuple(data["sizes"]),
        transfers=tuple(Transfer(t["kind"], t["giver"], t["taker"], t["count"], _parsed(t["cards"]))
                        for t in data["transfers"]),
        deck=_parsed(data["deck"]) or Cards.EMPTY, shown=tuple(data["shown"]), told=tuple(data["told"]),
        gave_up=tuple(data["gave_up"]), burns=tuple(tuple(burn) for burn in data["burns"]),
        bottom=tuple(data["bottom"]), stifled=tuple(data["stifled"]),
        places=None if data["places"] is None else tuple(data["places"]),
        carry=None if carry is None else Carry(
            None if carry["places"] is None else tuple(carry["places"]),
            tuple(BurnDue(*burn) for burn in carry["burns"]), carry["leader"],
            tuple(Due(*due) for due in carry["owed"]), carry["drawer"]),
    )


def public_observation(game: Game) -> Observation:
    """What a spectator may know: the public record only (no hand, no hidden count, no private
    decline, tribute and 还贡 cards only where made in front of the table)."""
    table = game.state
    private = not game.over and table.kind in (BURN, REVOLT)
    other = 0 if game.turn < 0 else (game.turn + 1) % 6  # a seat not deciding: to_act as the table sees it
    seen = game.observation(other)
    history = PublicRecord().history(table.history, (), other)
    return replace(
        seen, seat=None, decision=None, hand=Cards.EMPTY, hands=(None,) * 6, counts=(None,) * 6,  # type: ignore[arg-type]
        to_act=None if private else seen.to_act, history=history,
        transfers=tuple(t if t.kind in _PUBLIC_TRANSFERS else replace(t, cards=None) for t in seen.transfers))
