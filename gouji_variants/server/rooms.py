"""A room as a state machine, without I/O: its rules and fingerprint, seats, acceptances, the match
and its games (docs/protocol.md).

Every change is an *event* (a JSON object): a ``check_*`` method checks a request against the room
and returns the event it would make (or raises :class:`ProtocolError`), the service stores the event,
and :meth:`Room.apply` makes the change and says what to broadcast. A room is rebuilt after a restart
by applying its stored events again, in order, to a room made from its stored creation: the same
decisions, the same hands (the deal comes from the stored seed)."""

from __future__ import annotations

import datetime
import secrets
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents.registry import make_agent
from ..engine.actions import Action, IllegalAction
from ..engine.events import Event
from ..engine.game import Game, Observation
from ..engine.match import Match
from ..records.record import game_record
from ..ruleset.model import Ruleset
from ..scene import Result, SeenEvent, alike, options_of, result_of, scene, seen_events
from .protocol import PROTOCOL, ProtocolError, action_from_json, public_observation
from .rulesource import Rulebook, RuleSource
from .statejson import action_json, dues_json, history_json, lean_observation, observation_json, scene_json
from .words import confirmations, events_json, last_json

SEATS = 6
LOBBY, PLAYING, OVER = "lobby", "playing", "over"
#: action ids remembered per seat, to answer a retried act again
MAX_IDS = 64
MAX_NAME = 24
#: characters of a reason given with a decline, a proposal or a rejection
MAX_REASON = 200
#: bytes of a proposal's house rules (kept in the room's description, sent to every seat on each change)
MAX_PROPOSAL = 32 * 1024
#: proposals a seat may make in a room (each is stored: a bound on what a joiner makes the room keep)
MAX_PROPOSALS = 10
#: seconds a disconnected player's decision waits before a bot takes it (托管), when the turn timer is longer
AWAY_GRACE = 30.0


def new_code() -> str:
    """A room code: 96 random bits, URL-safe."""
    return secrets.token_urlsafe(12)


def new_token() -> str:
    """A seat token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def _plain(text: str) -> bool:
    """Whether ``text`` holds no control, format (direction) or line-separator character."""
    return not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in text)


def check_name(name: str) -> str:
    """A player's name as given, or ProtocolError ``name``: 1-24 characters, none a control or format character."""
    shown = name.strip()
    if not 1 <= len(shown) <= MAX_NAME or not _plain(shown):
        raise ProtocolError("name", f"a name is 1 to {MAX_NAME} characters, with no control or direction characters")
    return shown


def check_reason(reason: str | None) -> str:
    """A reason as given (``""`` for none), or ProtocolError ``reason``: at most 200 characters, none a control
    or format character."""
    shown = (reason or "").strip()
    if len(shown) > MAX_REASON or not _plain(shown):
        raise ProtocolError("reason", f"a reason is at most {MAX_REASON} characters, with no control or "
                                      "direction characters")
    return shown


def bot_name(number: int) -> str:
    """The name of the ``number``-th bot of a room (counted from 1 in seat order): 机器人1 (the page: Bot 1)."""
    return f"机器人{number}"


def check_bot(spec: str) -> str:
    """A bot spec the registry knows (``heuristic``, ``search:300ms`` …), or ProtocolError ``bot``."""
    try:
        make_agent(spec)
    except ValueError as error:
        raise ProtocolError("bot", str(error)) from None
    return spec.strip()


@dataclass
class Seat:
    kind: str = "empty"  # empty, human or bot
    name: str | None = None
    token: str | None = None
    bot: str | None = None
    connected: bool = False  # kept by the service
    standin: bool = False  # 托管: a bot plays the seat until its player acts or resumes
    ids: OrderedDict[str, int] = field(default_factory=OrderedDict)  # action id -> the version it led to


@dataclass
class Creation:
    """What a room is made from (stored as is): rules, match settings, the host and the match seed."""

    source: RuleSource
    host: int
    host_name: str
    host_token: str
    seed: int
    games: int = 1
    timer: int | None = None
    bots: dict[int, str] = field(default_factory=dict)
    created: str = ""
    hints: bool = False  # a seat may ask for the heuristic bot's advice

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source.to_json(), "host": self.host, "host_name": self.host_name,
                "host_token": self.host_token, "seed": self.seed, "games": self.games, "timer": self.timer,
                "bots": {str(seat): spec for seat, spec in self.bots.items()}, "created": self.created,
                "hints": self.hints}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Creation:
        return cls(RuleSource.from_json(data["source"]), data["host"], data["host_name"], data["host_token"],
                   data["seed"], data["games"], data["timer"], {int(k): v for k, v in data["bots"].items()},
                   data["created"], data.get("hints", False))


@dataclass
class Broadcast:
    """What an applied event changed: the room description, the game (each receiver's ``state``), and
    messages the same for everyone (``game_over``)."""

    room: bool = False
    state: bool = False
    messages: list[dict[str, Any]] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)  # games finished by this event
    events: list[Event] = field(default_factory=list)  # the engine's events since the last state
    last: dict[str, Any] | None = None  # the public action that led to the state


@dataclass
class SeatState:
    """A seat's ``state`` message before its observation is written: the other fields (``observation``
    None), the seat's view and its history as JSON. A whole session is sent :meth:`whole`, a lean one
    :meth:`lean` (what changed since the view it was last sent: compared before it is written)."""

    message: dict[str, Any]
    seen: Observation
    history: list[Any]

    def whole(self) -> dict[str, Any]:
        return {**self.message, "observation": observation_json(self.seen, self.history)}

    def lean(self, before: Observation | None) -> dict[str, Any]:
        return {**self.message, **lean_observation(before, self.seen, self.history)}


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


class Room:
    """One room: made from its :class:`Creation`, changed only by :meth:`apply`."""

    def __init__(self, code: str, creation: Creation, rulebook: Rulebook,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.code, self.creation, self.rulebook, self.clock = code, creation, rulebook, clock
        self.source = creation.source
        self.ruleset: Ruleset = rulebook.compile(creation.source, accepted=True)  # checked when it was created
        self.rules_serial = 0  # how many times the rules changed (a lean session is sent them again)
        self.games, self.timer, self.host, self.hints = creation.games, creation.timer, creation.host, creation.hints
        self.seats = [Seat() for _ in range(SEATS)]
        self.seats[creation.host] = Seat("human", creation.host_name, creation.host_token)
        for seat, spec in creation.bots.items():
            self.seats[seat] = Seat("bot", spec, bot=spec)
        self._name_bots()
        self.acceptances: list[dict[str, Any]] = []
        self.accepted: set[int] = set()
        self.declined: dict[int, str] = {}  # seats that declined the current rules, and their reasons
        #: each seat's last proposal of other rules: {seat, name, source, fingerprint, rules, reason, status, at}
        self.proposals: dict[int, dict[str, Any]] = {}
        self.proposed = [0] * SEATS  # proposals made from each seat
        self.phase = LOBBY
        self.match: Match | None = None
        self.game: Game | None = None
        self.version = 0
        self.records: list[dict[str, Any]] = []
        self.spectators = 0
        self.decided_at = clock()  # when the current decision began (the turn timer)
        self.touched = clock()  # the last change (idle rooms expire)
        self.grace = AWAY_GRACE
        self.at: str | None = None  # when the event being applied was made (UTC; None: not said)
        #: the history each seat (None: spectators) was last sent, and its JSON (made again only where new)
        self._histories: dict[int | None, tuple[tuple[tuple[int, Action], ...], list[Any]]] = {}
        #: the events a seat was last sent, as it sees them, and their JSON (most seats see the same)
        self._told: tuple[tuple[SeenEvent, ...], list[dict[str, Any]]] = ((), [])
        #: the engine's events last seen by a seat, and as every seat sees them (None: seen differently)
        self._seen: tuple[Sequence[Event], tuple[SeenEvent, ...] | None] = ((), ())

    # -- requests, checked: each returns the event to store and apply --------------------------

    def check_join(self, name: str, seat: int | None) -> dict[str, Any]:
        if self.phase != LOBBY:
            raise ProtocolError("phase", "the match has started: watch, or resume your seat with its token")
        name = check_name(name)
        free = [index for index, place in enumerate(self.seats) if place.kind == "empty"]
        if seat is None:
            if not free:
                raise ProtocolError("full", "every seat is taken")
            seat = free[0]
        elif seat not in free:
            raise ProtocolError("seat-taken", f"seat {seat} is taken")
        return {"kind": "join", "seat": seat, "name": name, "token": new_token()}

    def seat_of(self, token: str) -> int:
        for index, place in enumerate(self.seats):
            if place.kind == "human" and place.token is not None and secrets.compare_digest(place.token, token):
                return index
        raise ProtocolError("token", "no seat of this room has that token")

    def check_leave(self, seat: int) -> dict[str, Any]:
        if self.phase == LOBBY and seat == self.host:
            raise ProtocolError("host", "the host keeps the seat in the lobby")
        return {"kind": "leave", "seat": seat}

    def check_accept(self, seat: int, fingerprint: str) -> dict[str, Any]:
        if self.phase != LOBBY:
            raise ProtocolError("phase", "the rules were agreed: the match is under way")
        if fingerprint != self.ruleset.fingerprint:
            raise ProtocolError("fingerprint", f"the room's rules have fingerprint {self.ruleset.fingerprint}, "
                                f"not {fingerprint}: read the card again")
        return {"kind": "accept", "seat": seat, "fingerprint": fingerprint, "at": _now()}

    def check_answer(self, seat: int, message: dict[str, Any]) -> dict[str, Any]:
        """The event of a lobby answer from ``seat``: ``decline``, ``propose`` (a joiner), ``apply_proposal``,
        ``reject_proposal`` (the host)."""
        kind = message["type"]
        if kind == "decline":
            return self.check_decline(seat, message["fingerprint"], message.get("reason"))
        if kind == "propose":
            return self.check_propose(seat, message["fingerprint"], RuleSource.of(message), message.get("reason"))
        if kind == "apply_proposal":
            return self.check_apply_proposal(seat, message["seat"], message["fingerprint"])
        assert kind == "reject_proposal", kind
        return self.check_reject_proposal(seat, message["seat"], message.get("reason"))

    def check_decline(self, seat: int, fingerprint: str, reason: str | None) -> dict[str, Any]:
        """A seat says no to the room's current rules (``fingerprint``), with a reason or none."""
        self._answer(seat, fingerprint)
        return {"kind": "decline", "seat": seat, "fingerprint": fingerprint, "reason": check_reason(reason),
                "at": _now()}

    def _answer(self, seat: int, fingerprint: str) -> None:
        """Refuse an answer to the rules (decline, propose) from the host or after the lobby, or to old rules."""
        if self.phase != LOBBY:
            raise ProtocolError("phase", "the rules were agreed: the match is under way")
        if seat == self.host:
            raise ProtocolError("host", "the host changes the rules (rules), and neither declines nor proposes")
        if fingerprint != self.ruleset.fingerprint:
            raise ProtocolError("fingerprint", f"the room's rules have fingerprint {self.ruleset.fingerprint}, "
                                f"not {fingerprint}: read the card again")

    def check_propose(self, seat: int, fingerprint: str, source: RuleSource, reason: str | None) -> dict[str, Any]:
        """A seat proposes other rules (house rules or a built-in ruleset) in place of the current ones
        (``fingerprint``): refused unless they compile (every located diagnostic) and differ."""
        self._answer(seat, fingerprint)
        if self.proposed[seat] >= MAX_PROPOSALS:
            raise ProtocolError("proposal", f"a seat may make at most {MAX_PROPOSALS} proposals in a room")
        size = len((source.yaml or "").encode("utf-8", "surrogatepass"))
        if size > MAX_PROPOSAL:
            raise ProtocolError("too-large", f"a proposal's house rules are at most {MAX_PROPOSAL // 1024} KiB "
                                             f"(these are {size} bytes)")
        proposed = self.rulebook.compile(source)  # refused here, with every diagnostic, when it does not compile
        if proposed.fingerprint == self.ruleset.fingerprint:
            raise ProtocolError("proposal", "the proposal is the room's rules already (the same fingerprint)")
        return {"kind": "propose", "seat": seat, "source": source.to_json(), "fingerprint": proposed.fingerprint,
                "rules": {"zh": proposed.name_zh, "en": proposed.name_en}, "reason": check_reason(reason),
                "at": _now()}

    def _pending(self, seat: int, proposer: int) -> dict[str, Any]:
        self._host_in_lobby(seat)
        found = self.proposals.get(proposer)
        if found is None or found["status"] != "pending":
            raise ProtocolError("proposal", f"seat {proposer} has no proposal waiting for an answer")
        return found

    def check_apply_proposal(self, seat: int, proposer: int, fingerprint: str) -> dict[str, Any]:
        """The host makes seat ``proposer``'s pending proposal (the one of ``fingerprint``) the room's rules:
        a ``rules`` event (every acceptance cleared, the change announced)."""
        found = self._pending(seat, proposer)
        if fingerprint != found["fingerprint"]:
            raise ProtocolError("fingerprint", f"seat {proposer}'s proposal has fingerprint {found['fingerprint']}, "
                                f"not {fingerprint}: read it again")
        self.rulebook.compile(RuleSource.from_json(found["source"]))
        return {"kind": "rules", "source": found["source"], "proposal": proposer}

    def check_reject_proposal(self, seat: int, proposer: int, reason: str | None) -> dict[str, Any]:
        """The host says no to seat ``proposer``'s pending proposal, with a reason or none."""
        self._pending(seat, proposer)
        return {"kind": "reject", "seat": proposer, "reason": check_reason(reason), "at": _now()}

    def _host_in_lobby(self, seat: int) -> None:
        if seat != self.host:
            raise ProtocolError("host", "only the host may change the rules and settings")
        if self.phase != LOBBY:
            raise ProtocolError("phase", "the rules are fixed once the match has started")

    def check_rules(self, seat: int, source: RuleSource) -> dict[str, Any]:
        self._host_in_lobby(seat)
        self.rulebook.compile(source)  # refused here, with every diagnostic, when it does not compile
        return {"kind": "rules", "source": source.to_json()}

    def check_settings(self, seat: int, message: dict[str, Any]) -> dict[str, Any]:
        self._host_in_lobby(seat)
        event: dict[str, Any] = {"kind": "settings"}
        if "games" in message:
            event["games"] = message["games"]
        if "timer" in message:
            event["timer"] = message["timer"]
        if "hints" in message:
            event["hints"] = message["hints"]
        bots: dict[str, str | None] = {}
        for key, spec in (message.get("bots") or {}).items():
            place = int(key)
            if self.seats[place].kind == "human":
                raise ProtocolError("seat-taken", f"seat {place} is a person's: a bot may take only an empty seat")
            bots[key] = None if spec is None else check_bot(spec)
        if bots:
            event["bots"] = bots
        return event

    def check_act(self, seat: int, action_id: str, version: int, action: dict[str, Any],
                  bot: bool = False) -> dict[str, Any]:
        """The ``act`` event, or the answer to send at once (``done`` again for a duplicate, ``refused``)."""
        known = self.seats[seat].ids.get(action_id)
        if known is not None:
            return {"type": "done", "action_id": action_id, "version": known}
        game = self.game
        if self.phase != PLAYING or game is None:
            return self._refused(action_id, "phase", "no game is under way")
        if version != self.version:
            return self._refused(action_id, "stale", f"the state is at version {self.version}, not {version}")
        if game.turn != seat:
            return self._refused(action_id, "turn", "it is not this seat's decision")
        try:
            parsed = action_from_json(action)
            game.verify(parsed)
        except ProtocolError as error:
            return self._refused(action_id, "invalid", error.message)
        except IllegalAction as error:
            verdict = error.verdict
            refused = self._refused(action_id, "illegal", str(error))
            refused["reason"] = {"rule": verdict.rule, "zh": verdict.zh, "en": verdict.en}
            return refused
        return {"kind": "act", "seat": seat, "action_id": action_id, "action": action_json(parsed), "bot": bot,
                "at": _now()}

    def _refused(self, action_id: str, code: str, message: str) -> dict[str, Any]:
        return {"type": "refused", "action_id": action_id, "code": code, "message": message, "version": self.version}

    # -- applying events ---------------------------------------------------------------------------

    def apply(self, event: dict[str, Any]) -> Broadcast:
        """Make the change ``event`` (from a ``check_*``, now or stored) says; what to broadcast."""
        self.touched = self.clock()
        self.at = event.get("at")
        kind = event["kind"]
        if kind == "act":
            return self._act(event)
        seat: int = event.get("seat", -1)
        changed = Broadcast(room=True)
        if kind == "join":
            self.seats[seat] = Seat("human", event["name"], event["token"])
        elif kind == "leave":
            if self.phase == LOBBY:
                self.seats[seat] = Seat()
                self.accepted.discard(seat)
                self.declined.pop(seat, None)
                self.proposals.pop(seat, None)
            else:
                self.seats[seat].standin = True
        elif kind in ("standin", "back"):
            self.seats[seat].standin = kind == "standin"
        elif kind == "accept":
            self.acceptances.append({"seat": seat, "name": self.seats[seat].name or "",
                                     "fingerprint": event["fingerprint"], "at": event["at"]})
            self.accepted.add(seat)
            self.declined.pop(seat, None)
        elif kind in ("decline", "propose", "reject"):
            changed.messages.append(self._lobby(event))
        elif kind == "rules":
            self.source = RuleSource.from_json(event["source"])
            self.ruleset = self.rulebook.compile(self.source, accepted=True)  # checked by check_rules
            self.rules_serial += 1
            self.accepted.clear()  # any change of the rules clears every acceptance, and every decline
            self.declined.clear()
            for proposal in self.proposals.values():  # (a pending proposal of these very rules is applied)
                if proposal["status"] == "pending" and proposal["fingerprint"] == self.ruleset.fingerprint:
                    proposal["status"] = "applied"
            if "proposal" in event:
                changed.messages.append(self._lobby(event))
        elif kind == "settings":
            self.games = event.get("games", self.games)
            self.timer = event.get("timer", self.timer)
            self.hints = event.get("hints", self.hints)
            for key, spec in (event.get("bots") or {}).items():
                self.seats[int(key)] = Seat() if spec is None else Seat("bot", spec, bot=spec)
            self._name_bots()
        return self._maybe_deal(changed)

    def _name_bots(self) -> None:
        """Name the bots 机器人1, 机器人2 … in seat order (an end screen tells them apart)."""
        bots = [place for place in self.seats if place.kind == "bot"]
        for number, place in enumerate(bots, 1):
            place.name = bot_name(number)

    def _lobby(self, event: dict[str, Any]) -> dict[str, Any]:
        """Apply a lobby answer (a decline, a proposal, the host's rejection or application of one) and the
        ``lobby`` message announcing it to everyone."""
        kind = event["kind"]
        seat: int = event["proposal"] if kind == "rules" else event["seat"]
        said = {"decline": "decline", "propose": "propose", "reject": "reject", "rules": "apply"}[kind]
        if kind == "decline":
            self.accepted.discard(seat)
            self.declined[seat] = event["reason"]
        elif kind == "propose":
            self.accepted.discard(seat)  # (proposing other rules is not accepting these)
            self.proposed[seat] += 1
            made = {key: event[key] for key in ("source", "fingerprint", "rules", "reason", "at")}
            self.proposals[seat] = {"seat": seat, "name": self.seats[seat].name or "", "status": "pending",
                                    "answer": "", **made}
        elif kind == "reject":
            self.proposals[seat] = {**self.proposals[seat], "status": "rejected", "answer": event["reason"]}
        fingerprint = event["fingerprint"] if kind == "decline" else self.proposals[seat]["fingerprint"]
        return {"type": "lobby", "kind": said, "seat": seat, "name": self.seats[seat].name or "",
                "fingerprint": fingerprint, "reason": event.get("reason", "")}

    def _maybe_deal(self, changed: Broadcast) -> Broadcast:
        """Deal when every seat is taken and every person accepted the current fingerprint."""
        humans = {index for index, place in enumerate(self.seats) if place.kind == "human"}
        if self.phase != LOBBY or any(place.kind == "empty" for place in self.seats) or not humans <= self.accepted:
            return changed
        self.phase = PLAYING
        self.match = Match(self.ruleset, self.creation.seed)
        self._next_game(changed)
        changed.state = True
        return changed

    def _next_game(self, changed: Broadcast) -> None:
        assert self.match is not None
        while len(self.match.games) < self.games:
            self.game = game = self.match.new_game()
            changed.events += game.log
            self.decided_at = self.clock()
            if not game.over:
                return
            self._finish(game, changed)
        self.phase = OVER

    def _act(self, event: dict[str, Any]) -> Broadcast:
        game = self.game
        assert game is not None
        seat = event["seat"]
        action = action_from_json(event["action"])
        place = self.seats[seat]
        if not event["bot"]:
            place.standin = False  # the player is back
        start = len(game.log)
        private = game.apply(action).private
        self.version += 1
        self.decided_at = self.clock()
        place.ids[event["action_id"]] = self.version
        if len(place.ids) > MAX_IDS:
            place.ids.popitem(last=False)
        changed = Broadcast(state=True, last=None if private else {"seat": seat, "action": event["action"]},
                            events=game.log[start:])
        if game.over:
            self._finish(game, changed)
            self._next_game(changed)
            changed.room = True
        return changed

    def _finish(self, game: Game, changed: Broadcast) -> None:
        assert self.match is not None and game.places is not None and game.score is not None
        self.match.record(game)
        record = game_record(game, players=[place.name or "" for place in self.seats],
                             date=None if self.at is None else self.at[:10],  # the day it was played
                             headers={"room": self.code, "acceptances": self._accepted_text()})
        self.records.append(record)
        changed.records.append(record)
        result = self._result(game)  # (the scene's: the seats in place order, as the page shows them)
        assert result is not None
        changed.messages.append({"type": "game_over", "game": len(self.match.games) - 1,
                                 "places": list(result.by_place), "points": list(result.points),
                                 "score": list(result.score),
                                 "totals": list(self.match.totals),
                                 "match_over": len(self.match.games) >= self.games,
                                 "dues": dues_json(result.dues or ())})

    def _result(self, game: Game) -> Result | None:
        """``game``'s result once it is over, with the match's totals and, after the match's last game, no
        dues (no game follows)."""
        if self.match is None:
            return result_of(game)
        totals = self.match.totals
        return result_of(game, (totals[0], totals[1]), last=len(self.match.games) >= self.games)

    def _accepted_text(self) -> str:
        """Who accepted the fingerprint played, for the records' headers."""
        found = [f"seat {a['seat']} {a['name']} {a['at']}" for a in self.acceptances
                 if a["fingerprint"] == self.ruleset.fingerprint and a["seat"] in self.accepted]
        return ("; ".join(found))[:1000]

    # -- the bot's and timer's side ----------------------------------------------------------------

    def bot_seat(self) -> int | None:
        """The seat to act when a bot takes its decision (a bot's, or a person's under 托管), else None."""
        game = self.game
        if self.phase != PLAYING or game is None or game.over:
            return None
        place = self.seats[game.turn]
        return game.turn if place.kind == "bot" or place.standin else None

    def bot_spec(self, seat: int) -> str:
        return self.seats[seat].bot or "heuristic"

    def timeout_at(self) -> float | None:
        """When the person to act loses the decision to a bot (turn timer, or away), else None."""
        game = self.game
        if self.phase != PLAYING or game is None or game.over:
            return None
        place = self.seats[game.turn]
        if place.kind != "human" or place.standin:
            return None
        limits = [float(self.timer)] if self.timer is not None else []
        if not place.connected:
            limits.append(self.grace)
        return self.decided_at + min(limits) if limits else None

    def stand_in(self, seat: int) -> dict[str, Any]:
        """The event of 托管: a bot plays ``seat`` until its player acts or resumes (stored, so that a
        restarted server does not make the seat wait the grace again)."""
        return {"kind": "standin", "seat": seat}

    def back(self, seat: int) -> dict[str, Any] | None:
        """The event of ``seat``'s player coming back (resume) from 托管, or None when it was not away."""
        return {"kind": "back", "seat": seat} if self.seats[seat].standin else None

    # -- what is sent --------------------------------------------------------------------------

    def description(self, spectators: int | None = None) -> dict[str, Any]:
        return {
            "code": self.code, "protocol": PROTOCOL, "phase": self.phase,
            "rules": self.rulebook.info(self.ruleset, self.source), "games": self.games,
            "played": 0 if self.match is None else len(self.match.games), "timer": self.timer, "host": self.host,
            "hints": self.hints,
            "seats": [{"seat": index, "kind": place.kind, "name": place.name, "bot": place.bot,
                       "accepted": index in self.accepted, "connected": place.connected, "standin": place.standin,
                       "declined": index in self.declined, "reason": self.declined.get(index)}
                      for index, place in enumerate(self.seats)],
            "proposals": [self.proposals[seat] for seat in sorted(self.proposals)] if self.phase == LOBBY else [],
            "totals": [0, 0] if self.match is None else list(self.match.totals), "version": self.version,
            "acceptances": list(self.acceptances), "spectators": self.spectators if spectators is None else spectators,
        }

    def state(self, seat: int | None, last: dict[str, Any] | None = None, events: Sequence[Event] = (),
              confirm: bool = False) -> SeatState | None:
        """``seat``'s ``state`` message (None: a spectator's), built from its view only; None before the deal.
        ``events``: the engine's events since the last state; ``confirm``: legal actions carry their
        confirmation question."""
        game = self.game
        if game is None:
            return None
        seen = public_observation(game) if seat is None else game.observation(seat)
        history = history_json(seen.history, self._histories.get(seat))
        self._histories[seat] = (seen.history, history)
        to_act = not game.over and seat is not None and game.turn == seat
        deadline = self.timeout_at() if to_act else None
        legal: list[dict[str, Any]] | None = None
        found = scene(seen, game.rules, options_of(game) if to_act and confirm else (), self._result(game))
        if to_act:
            legal = [action_json(action) for action in game.legal_actions()]
            if confirm:
                legal = [{**action, "confirm": asked} if asked else action
                         for action, asked in zip(legal, confirmations(found, game.rules.burning), strict=True)]
        told = self._seen_events(events, seat, seen.stage == "yudian")
        shown = 0 if self.match is None else len(self.match.games) - game.over  # a game over is the last recorded
        return SeatState({"type": "state", "version": self.version, "game": shown,
                          "seat": seat, "observation": None, "legal": legal,
                          "deadline_ms": None if deadline is None else max(0, int((deadline - self.clock()) * 1000)),
                          "scene": scene_json(found),
                          "last": last_json(last, told), "events": self._events_json(told)}, seen, history)

    def _seen_events(self, events: Sequence[Event], seat: int | None, yudian: bool) -> tuple[SeenEvent, ...]:
        """:func:`.scene.seen_events`, made once for every seat where each sees ``events`` alike (the same
        list of events, a broadcast's, asked for seat after seat)."""
        shared_for, shared = self._seen
        if shared_for is events and shared is not None:
            return shared
        told = seen_events(events, seat, yudian)
        self._seen = (events, told if alike(events) else None)
        return told

    def _events_json(self, told: tuple[SeenEvent, ...]) -> list[dict[str, Any]]:
        """:func:`.words.events_json` of ``told``, made once for the seats that see the same events."""
        if self._told[0] is not told and self._told[0] != told:
            self._told = (told, events_json(told))
        return self._told[1]
