"""The room protocol, version 1 (docs/protocol.md): reading a client's message against its JSON
Schema, and the observation as JSON both ways (lossless, so a network client can rebuild it)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import fields, replace
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema_rs
import orjson
from jsonschema.exceptions import best_match

from ..components.table import BURN, REVOLT
from ..components.tribute import BurnDue, Due
from ..engine.actions import Action, InvalidAction, from_json
from ..engine.carry import Carry
from ..engine.game import Game, Observation
from ..engine.observing import PublicRecord
from ..engine.seat import Transfer
from ..ruleset.cards import Cards
from ..ruleset.errors import InvalidCards
from ..ruleset.grammar import NotationError

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

def whole_observation(before: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any]:
    """The whole observation of a lean session's ``state`` ``message``, given the one before on the
    connection (:func:`.statejson.lean_observation`); ProtocolError ``lean`` when they do not piece together."""
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
