"""JSON game records, and replay that checks one against its schema, re-plays it and reports the
first divergence by the JSON field that differs."""

from __future__ import annotations

import copy
import dataclasses
import datetime
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError, best_match

from .. import __version__
from ..components.tribute import BurnDue, Due
from ..engine.actions import IllegalAction, InvalidAction, from_json, to_json
from ..engine.game import Carry, Game
from ..engine.scenario import scenario_fields, scenario_options
from ..ruleset.cards import Cards
from ..ruleset.catalog import Catalog
from ..ruleset.compiler import compile_data, compile_path
from ..ruleset.earlier import earlier_rules
from ..ruleset.errors import GoujiError, InvalidCards, RulesetError
from ..ruleset.grammar import NotationError
from ..ruleset.model import Ruleset
from ..ruleset.resources import SCHEMA_DIR

#: The format this release writes, and every format it reads (records of 0.1.0 are ``gouji-game/1``).
FORMAT = "gouji-game/2"
VERSION = 2
READS = ("gouji-game/1", "gouji-game/2")
SCHEMA_FILE = SCHEMA_DIR / "record.schema.json"
#: Records nest a few levels (rules: ``/rules/plays/kills/0``); anything deeper is refused before it is read.
MAX_DEPTH = 16
#: How many schema errors one record reports.
MAX_PROBLEMS = 5


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a record: what, at which JSON field (a JSON pointer), and a hint."""

    message: str
    pointer: str = ""
    hint: str = ""
    detail: str = ""  # pre-formatted lines, e.g. an embedded rule's expression with a caret

    def render(self, where: str) -> str:
        at = f" (at {self.pointer})" if self.pointer else ""
        return (f"{where}: error: {self.message}{at}" + (f"\n{self.detail}" if self.detail else "")
                + (f"\n  hint: {self.hint}" if self.hint else ""))


class RecordError(GoujiError, ValueError):
    """A record that cannot be checked or re-played: one or more located problems."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__(self.render("record"))

    @classmethod
    def at(cls, pointer: str, message: str, hint: str = "") -> RecordError:
        return cls([Problem(message, pointer, hint)])

    def render(self, where: str) -> str:
        """Each problem as ``WHERE: error: MESSAGE (at /json/pointer)``; WHERE is e.g. ``games.jsonl:3``."""
        return "\n".join(problem.render(where) for problem in self.problems)


def game_record(game: Game, *, players: Sequence[str] | None = None, date: str | None = None,
                headers: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Everything needed to re-play ``game`` anywhere: headers (``players`` by seat, the UTC ``date``,
    this release, any other ``headers``), the ruleset id, fingerprint and resolved rules, the seed, any
    given hands and leader, what it carried from a previous game, the deals, the actions and the result."""
    carry = game.carry
    return {
        "format": FORMAT,
        "headers": record_headers(players, date, headers),
        "ruleset": game.ruleset.id,
        "fingerprint": game.ruleset.fingerprint,
        "seed": game.seed,
        "hands": None if game.given_hands is None else [str(hand) for hand in game.given_hands],
        "leader": game.given_leader,
        **scenario_fields(game.given_threes, game.keep_hands, game.offers),
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
        "rules": game.ruleset.resolved(),
    }


#: The header ``gouji play`` writes: the language the game was played in (``en`` or ``zh``).
LANG_HEADER = "lang"


def played_in(record: Mapping[str, Any]) -> str | None:
    """The language ``record`` was played in (``en`` or ``zh``), when its headers say it."""
    headers = record.get("headers")
    lang = headers.get(LANG_HEADER) if isinstance(headers, Mapping) else None
    return lang if lang in ("en", "zh") else None


def record_headers(players: Sequence[str] | None = None, date: str | None = None,
                   headers: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The ``headers`` object of a record; raises RecordError for what the schema would refuse."""
    data: dict[str, Any] = dict(headers or {})
    if players is not None:
        data["players"] = list(players)
    data["date"] = date or datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    data["library"] = f"gouji-variants {__version__}"
    problems = _schema_problems(data, "headers", "/headers")
    if problems:
        raise RecordError(problems)
    return data


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


# ── checking a record ─────────────────────────────────────────────────────


def _strict_int(_: Any, value: Any) -> bool:
    """JSON Schema 'integer' without 3.0 (a fraction-typed number) or booleans."""
    return type(value) is int


@cache
def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schema


@cache
def _validator(part: str = "") -> jsonschema.protocols.Validator:
    """A validator of the record schema, or of one of its ``$defs`` (``part``), built once."""
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", _strict_int)
    strict: type[jsonschema.protocols.Validator] = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        base, type_checker=checker)
    schema = _schema()
    if part == "outline":  # without the per-action part, which _action_problems checks
        schema = copy.deepcopy(schema)
        schema["properties"]["actions"]["items"] = True
    elif part:
        schema = {"$defs": schema["$defs"], **schema["$defs"][part]}
    return strict(schema)


@lru_cache(maxsize=4096)
def _action_problems(action: str) -> tuple[Problem, ...]:
    """The problems of one action (as sorted JSON), kept: a game repeats the same actions many times."""
    return tuple(_schema_problems(json.loads(action), "action"))


def _pointer(parts: Sequence[Any], prefix: str = "") -> str:
    return prefix + "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _schema_problems(data: Any, part: str = "", prefix: str = "") -> list[Problem]:
    errors = sorted(_validator(part).iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    typed = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
    errors = [e for e in errors if e.validator == "type" or tuple(e.absolute_path) not in typed]  # type first
    problems = [_problem(error, prefix) for error in errors[:MAX_PROBLEMS]]
    if len(errors) > MAX_PROBLEMS:
        problems.append(Problem(f"… and {len(errors) - MAX_PROBLEMS} more errors of the same record"))
    return problems


_TYPES = {"null": "null", "integer": "an integer", "string": "a string", "array": "a list", "object": "an object",
          "boolean": "true or false", "number": "a number"}


def _problem(error: ValidationError, prefix: str) -> Problem:
    """One schema error in words, the instance shown as JSON; a oneOf names the branch that fits best."""
    if error.validator == "oneOf" and error.context:
        near = [e for e in error.context if not (e.validator == "type" and e.validator_value == "null")]
        if near:
            return _problem(best_match(near), prefix)
    pointer = _pointer(error.absolute_path, prefix) or "/"
    kind = error.validator
    schema: Any = error.schema
    rule: Any = error.validator_value
    instance: Any = error.instance
    value = _show(instance)
    if kind == "type":
        message = f"expected {_TYPES.get(str(rule), rule)}, found {value}"
    elif kind in ("enum", "const"):
        message = f"expected {' or '.join(_show(v) for v in (rule if kind == 'enum' else [rule]))}, found {value}"
    elif kind == "required":
        named = re.match(r"'(.*)' is a required property", error.message)
        message = f"missing field {_show(named.group(1) if named else rule)}"
    elif kind == "additionalProperties":
        extra = sorted(set(instance) - set(schema.get("properties", {})))
        message = f"unknown field {', '.join(_show(k) for k in extra)}"
    elif kind in ("minimum", "maximum"):
        message = f"{value} is {'below the minimum' if kind == 'minimum' else 'above the maximum'} {rule}"
    elif kind in ("minItems", "maxItems"):
        bound = "at least" if kind == "minItems" else "at most"
        message = f"expected {bound} {rule} items, found {len(instance)}"
    elif kind == "not" and isinstance(instance, dict):  # an action with a field its type does not take
        takes = {"play": "cards", "burn": "cards", "return": "cards", "hui3": "which"}.get(str(instance.get("type")))
        extra = [key for key in ("cards", "which") if key in instance and key != takes]
        kind_shown = _show(instance.get("type"))
        message = f"field {_show(extra[0] if extra else rule)} does not belong to a {kind_shown} action"
    elif kind == "pattern":
        message = f"{value} does not match {rule}"
    elif kind == "uniqueItems":
        message = f"values repeat in {value}"
    else:
        message = error.message
    return Problem(_short(message), pointer)


def _too_deep(data: Any) -> str | None:
    """The pointer of a value nested deeper than MAX_DEPTH, found without recursion."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            return _pointer(path)
        if isinstance(value, dict):
            stack += [(v, (*path, k)) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [(v, (*path, i)) for i, v in enumerate(value)]
    return None


def check_record(record: Any) -> None:
    """Raise :class:`RecordError` unless ``record`` is a record of a format this release reads that
    matches the record schema (:data:`SCHEMA_FILE`)."""
    if not isinstance(record, dict):
        raise RecordError.at("", f"a game record is a JSON object, not {_json_type(record)}")
    form = record.get("format")
    newer = re.fullmatch(r"gouji-game/([0-9]{1,6})", form) if isinstance(form, str) else None
    if newer and int(newer.group(1)) > VERSION:
        raise RecordError.at("/format", f"the record is in format {form}, newer than this release reads "
                             f"({', '.join(READS)})", f"upgrade gouji-variants (this is {__version__})")
    deep = _too_deep(record)
    if deep is not None:
        raise RecordError.at(deep, f"values nest deeper than {MAX_DEPTH} levels; a game record needs only a few")
    problems = _schema_problems(record, "outline")
    if isinstance(record.get("actions"), list):
        for index, action in enumerate(record["actions"]):
            if len(problems) > MAX_PROBLEMS:
                break
            problems += [dataclasses.replace(p, pointer=f"/actions/{index}" + p.pointer.rstrip("/"))
                         for p in _action_problems(json.dumps(action, sort_keys=True))]
    if problems:
        raise RecordError(problems[:MAX_PROBLEMS])


def _json_type(value: Any) -> str:
    names = {list: "a list", str: "a string", bool: "a boolean", int: "a number", float: "a number"}
    return "null" if value is None else names.get(type(value), type(value).__name__)


def _show(value: Any) -> str:
    """A value as (short) JSON, for messages."""
    return _short(json.dumps(value, ensure_ascii=False))


# ── the ruleset a record names or embeds ──────────────────────────────────


@lru_cache(maxsize=16)
def _embedded(rules: str, dirs: tuple[Path, ...]) -> Ruleset:
    """Embedded rules compiled once per run: a file of records usually repeats the same rules. They are the
    rules a release played, so bounds added since (a number's domain, a text's cap) do not stop a replay."""
    return compile_data(json.loads(rules), "<record rules>", Catalog(dirs), accepted=True)


def record_ruleset(record: dict[str, Any], catalog: Catalog | None = None) -> Ruleset:
    """The ruleset of a checked record: its embedded rules compiled (``gouji-game/2``), or the ruleset
    its id names (records without rules); problems are located at ``/rules/...`` or ``/ruleset``."""
    catalog = catalog or Catalog.default()
    name = record["ruleset"]
    if record.get("rules") is not None:
        try:
            ruleset = _embedded(json.dumps(record["rules"], sort_keys=True, ensure_ascii=False), catalog.dirs)
        except RulesetError as error:
            raise RecordError([Problem(f"embedded rules: {d.message}", "/rules" + d.pointer, d.hint, d.detail)
                               for d in error.diagnostics]) from None
        if ruleset.id != name:
            raise RecordError.at("/ruleset", f"the record names ruleset {name!r} but embeds the rules of "
                                 f"{ruleset.id!r}")
        return ruleset
    try:
        ruleset = compile_path(catalog.find(name), catalog)
    except RulesetError as error:
        first = error.diagnostics[0]
        hint = (f"this record (format {record['format']}) names its ruleset but does not embed it: pass "
                f"--rulesets-dir with the folder that holds {name!r}")
        if first.message.startswith("no ruleset"):
            raise RecordError.at("/ruleset", first.message, hint) from None
        raise RecordError.at("/ruleset", f"the ruleset {name!r} it names does not compile:\n"
                             + error.render()) from None
    earlier = earlier_rules(name, record["fingerprint"]) if ruleset.fingerprint != record["fingerprint"] else None
    if earlier is not None:  # the built-in ruleset as the release that wrote the record had it
        return _embedded(json.dumps(earlier, sort_keys=True, ensure_ascii=False), catalog.dirs)
    return ruleset


# ── replay ────────────────────────────────────────────────────────────────


@dataclass
class Replay:
    """The re-played game, and the first divergence from the record (None when it matches), with
    the JSON pointer of the field that differs."""

    game: Game | None
    divergence: str | None
    field: str = ""

    @property
    def ok(self) -> bool:
        return self.divergence is None


def _start(record: dict[str, Any], ruleset: Ruleset) -> Game:
    carry_data = record["carry"]
    carry = Carry(
        tuple(carry_data["places"]) if carry_data["places"] is not None else None,
        tuple(BurnDue(a, b, c) for a, b, c in carry_data["burns"]),
        carry_data["leader"],
        tuple(Due(kind, payer, receiver, count, False) for kind, payer, receiver, count in carry_data["owed"]),
        carry_data.get("drawer"),
    )
    hands = None
    if record["hands"] is not None:
        hands = []
        for seat, text in enumerate(record["hands"]):
            try:
                hands.append(Cards.parse(text))
            except NotationError as error:
                raise RecordError.at(f"/hands/{seat}", f"not card notation: {error.message} (column "
                                     f"{error.column})") from None
    if hands is not None and not all(hands):
        seat = [len(hand) for hand in hands].index(0)
        raise RecordError.at(f"/hands/{seat}", "a given hand holds at least one card")
    try:
        return Game(ruleset, record["seed"], hands=hands, leader=record["leader"], carry=carry,
                    **scenario_options(record))
    except ValueError as error:
        raise RecordError.at("/threes" if "threes" in str(error) else "/keep_hands", str(error)) from None


def _deals(game: Game) -> list[list[str]]:
    return [[str(hand) for hand in deal] for deal in game.deals]


def _deal_divergence(game: Game, recorded: list[list[str]], when: str, start: int = 0) -> Replay | None:
    """The first hand of the deals so far (from deal ``start``) that differs from the record."""
    for index, deal in enumerate(_deals(game)[start:], start):
        if index >= len(recorded):
            return Replay(game, f"/deals{when}: the game deals a deal {index + 1}, the record holds "
                                f"{len(recorded)}", "/deals")
        for seat, (hand, written) in enumerate(zip(deal, recorded[index], strict=True)):
            if hand != written:
                field = f"/deals/{index}/{seat}"
                return Replay(game, f"{field}{when}: the deal gives {_show(hand)}, the record {_show(written)}",
                              field)
    return None


def _result_divergence(game: Game, recorded: Any) -> Replay | None:
    replayed = result(game)
    if replayed == recorded:
        return None
    if replayed is None or not isinstance(recorded, dict):
        return Replay(game, f"/result: replayed {_show(replayed)}, the record says {_show(recorded)}", "/result")
    key = next(k for k in replayed if replayed[k] != recorded.get(k))
    return Replay(game, f"/result/{key}: replayed {_show(replayed[key])}, the record says {_show(recorded.get(key))}",
                  f"/result/{key}")


def replay(record: dict[str, Any], catalog: Catalog | None = None) -> Replay:
    """Check ``record`` (raises :class:`RecordError` with the field at fault), rebuild its ruleset
    (checked by fingerprint), and re-play it action by action, checking the deals, each action
    and the result; the first divergence names the JSON field that differs."""
    check_record(record)
    ruleset = record_ruleset(record, catalog)
    if ruleset.fingerprint != record["fingerprint"]:
        whose = "the embedded rules compile" if record.get("rules") is not None else f"ruleset {ruleset.id} has"
        return Replay(None, f"/fingerprint: {whose} to fingerprint {ruleset.fingerprint}, the record says "
                            f"{record['fingerprint']}", "/fingerprint")
    game = _start(record, ruleset)
    checked = 0  # deals compared so far: a game deals again only after a 流局
    for index, entry in enumerate(record["actions"]):
        where = f"action {index + 1} (/actions/{index}): "
        if len(game.deals) > checked:
            differs = _deal_divergence(game, record["deals"], f" (before action {index + 1})", checked)
            if differs is not None:
                return differs
            checked = len(game.deals)
        if game.over:
            return Replay(game, f"{where}the game is already over, but the record goes on with {_show(entry)}",
                          f"/actions/{index}")
        if entry["seat"] != game.turn:
            return Replay(game, f"{where}recorded for seat {entry['seat']}, but seat {game.turn} is to act",
                          f"/actions/{index}/seat")
        try:
            action = from_json({k: v for k, v in entry.items() if k != "seat"})
        except (InvalidAction, InvalidCards) as error:
            field = "/cards" if isinstance(error, InvalidCards) else "/which"
            raise RecordError.at(f"/actions/{index}{field}", str(error)) from None
        try:
            game.apply(action)
        except IllegalAction as error:
            return Replay(game, f"{where}{_show(entry)} is illegal: {error.verdict.en} (rule {error.verdict.rule})",
                          f"/actions/{index}")
    differs = _deal_divergence(game, record["deals"], "")
    if differs is not None:
        return differs
    if len(game.deals) < len(record["deals"]):
        return Replay(game, f"/deals: the record holds {len(record['deals'])} deals, the game dealt "
                            f"{len(game.deals)}", "/deals")
    if not game.over:
        return Replay(game, f"/actions: the record ends before the game does (seat {game.turn} to act)", "/actions")
    return _result_divergence(game, record["result"]) or Replay(game, None)
