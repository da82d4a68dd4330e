"""The rooms of one process: each held in memory with its connections, every request checked by its
room, the event stored (committed) and only then applied and sent (docs/protocol.md). No HTTP: the
endpoints in :mod:`.app` hand messages to :class:`Service`.

A database server's commit (:attr:`.store.Store.remote`) is a round trip, a millisecond or more: the
service waits for it in a thread, the event loop serving the other rooms meanwhile; each room's lock
keeps its requests one at a time, from the check to the broadcast. A SQLite commit takes some tens of
microseconds and is made in place (a thread's hand-over would cost more)."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from collections.abc import Callable, Coroutine, Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.websockets import WebSocket

from ..engine.game import Observation
from .bots import Bots
from .limits import Bucket, Limits
from .protocol import PROTOCOL, ProtocolError, check, dumps
from .rooms import PLAYING, Broadcast, Creation, Room, SeatState, check_bot, check_name, new_code, new_token
from .rulesource import Rulebook, RuleSource, diff_json
from .shards import Shard, owner
from .store import Store, every
from .words import hint

log = logging.getLogger("gouji.server")
T = TypeVar("T")
#: what a client is sent before its connection is closed when a message to it could not be sent
UNSENDABLE = dumps(ProtocolError("internal", "the server could not send a message on this connection, which it "
                                             "closes: resume the session").to_json())


#: an ASGI send: the server's for one connection
Send = Callable[[dict[str, Any]], Coroutine[Any, Any, None]]


class Resumed:
    """The rest of a send begun outside the writer's task (:meth:`Conn._put`): ``coroutine`` stepped once
    and suspended on ``waited`` (the socket not writable); awaited by the writer, it goes on from there."""

    __slots__ = ("coroutine", "waited")

    def __init__(self, coroutine: Coroutine[Any, Any, None], waited: Any) -> None:
        self.coroutine, self.waited = coroutine, waited

    def __await__(self) -> Generator[Any, Any, None]:
        coroutine, waited = self.coroutine, self.waited
        while True:
            try:
                given = yield waited
            except BaseException as error:  # (the writer cancelled: passed on)
                try:
                    waited = coroutine.throw(error)
                except StopIteration:
                    return
            else:
                try:
                    waited = coroutine.send(given)
                except StopIteration:
                    return


class Conn:
    """One WebSocket connection: its session (room and seat, None for a spectator), its rate bucket,
    and the messages its writer sends in order (``queue``: at most ``limits.queue``; a plain deque and one
    future to wake the writer, not an :class:`asyncio.Queue`, whose bookkeeping cost more per message than
    the send). ``send``: the connection's ASGI send (the server's; by default the WebSocket's own, which
    checks each message's type on the way)."""

    def __init__(self, websocket: WebSocket, limits: Limits, send: Send | None = None) -> None:
        self.websocket = websocket
        self.asgi_send: Send = send or websocket.send
        self.address = websocket.client.host if websocket.client else "?"
        self.code: str | None = None
        self.seat: int | None = None
        self.bucket = Bucket(limits.rate, limits.burst)
        self.queue: deque[str | Resumed | None] = deque()
        self.cap = limits.queue
        self.waiting: asyncio.Future[None] | None = None  # the writer's, while it waits for a message
        self.confirm = False  # legal actions carry their confirmation question
        self.done_in_state = False  # an accepted act's done is the action id on the state that follows it
        self.lean = False  # a lean session: room descriptions without unchanged rules, states with what changed
        self.rules_serial = -1  # the room's rules_serial when this connection was last sent the rules
        self.observed: Observation | None = None  # the view of the last state sent (a lean session's)
        self.close_code = 1008  # 1011 once a message could not be sent (:meth:`fail`)

    def _put(self, item: str | None) -> bool:
        """Queue ``item`` and wake the writer; False when the queue is full. A text while the writer waits
        with nothing queued is sent at once, in the caller's turn of the event loop (a frame needs no task
        woken for it): where the socket cannot take it yet, the writer is woken to finish the send."""
        queue = self.queue
        if len(queue) >= self.cap:
            return False
        waiting = self.waiting
        if waiting is None or item is None or queue:
            queue.append(item)
        elif self._begin(item):
            return True
        if waiting is not None:
            self.waiting = None
            if not waiting.done():
                waiting.set_result(None)
        return True

    def _begin(self, text: str) -> bool:
        """Send ``text`` as far as it goes without waiting: True when sent, else what is left for the writer is
        queued (the rest of the send; or, after a text that is not UTF-8 or on a failed connection, the close)."""
        sending = self.asgi_send({"type": "websocket.send", "text": text})
        try:
            waited = sending.send(None)
        except StopIteration:
            return True
        except UnicodeEncodeError:
            self._unsendable()
            self.queue.extend((UNSENDABLE, None))
        except Exception:  # (the peer gone: the reader sees its disconnect; the writer closes)
            self.queue.append(None)
        else:
            self.queue.append(Resumed(sending, waited))
        return False

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue ``message`` for the writer; one that cannot be encoded fails the connection (:meth:`fail`)."""
        try:
            text = message if isinstance(message, str) else dumps(message)
        except (TypeError, ValueError, RecursionError):
            self.fail("a message to %s could not be encoded as JSON")
            return
        if not self._put(text):  # too slow a reader: it is dropped, and may resume
            self.close()

    def close(self) -> None:
        """Close the connection once what is queued is sent (at once, what is queued dropped, when it is full)."""
        if not self._put(None):
            self.queue.clear()
            self._put(None)

    def fail(self, what: str) -> None:
        """A message that cannot be sent (``what``, logged with the peer's address): what is queued before
        it is sent, then the ``internal`` error :data:`UNSENDABLE`, and the connection is closed (1011): its
        client resumes the session, where a connection that lost a message must not go on."""
        log.exception(what, self.address)
        self.close_code = 1011
        self._put(UNSENDABLE)  # (a full queue: the reader is too slow, closed anyway)
        self.close()

    def _unsendable(self) -> None:
        log.exception("a message to %s is not UTF-8 text: it cannot be sent", self.address)
        self.close_code = 1011

    async def writer(self) -> None:
        """Send what is queued, in order, then close the connection (1008: closed by the server, or a reader
        too slow). A text the WebSocket cannot send (not UTF-8: a lone surrogate) is logged, and the client
        sent :data:`UNSENDABLE` in its place and the connection closed (1011): the writer never stops without
        a word. Each wake sends everything queued by then."""
        queue, send = self.queue, self.asgi_send
        while True:
            if not queue:
                self.waiting = asyncio.get_running_loop().create_future()
                await self.waiting
                continue
            item = queue.popleft()
            if item is None:
                break
            try:
                if isinstance(item, Resumed):
                    await item
                else:
                    await send({"type": "websocket.send", "text": item})
            except UnicodeEncodeError:
                self._unsendable()
                await send({"type": "websocket.send", "text": UNSENDABLE})
                break
        await self.websocket.close(self.close_code)


@dataclass
class Live:
    """A room held in memory, with its connections, its bot's task and the lock its requests take one at a
    time (from the check to the broadcast, the commit awaited between)."""

    room: Room
    address: str
    seq: int = 0
    conns: set[Conn] = field(default_factory=set)
    bot: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Service:
    """Every room of this process: requests checked by the room, events stored, then applied and sent."""

    def __init__(self, store: Store, rulebook: Rulebook, bots: Bots, limits: Limits, grace: float,
                 shard: Shard | None = None) -> None:
        self.store, self.rulebook, self.bots, self.limits, self.grace = store, rulebook, bots, limits, grace
        self.shard = shard  # None: this process keeps every room of the store
        self.rooms: dict[str, Live] = {}

    # -- rooms: made, resumed, changed -----------------------------------------------------------

    def resume_all(self) -> None:
        """Rebuild every open room this process keeps from its stored events (after a restart)."""
        keep = every if self.shard is None else self.shard.owns
        for code, address, creation, events in self.store.open_rooms(keep):
            try:
                room = self._room(code, Creation.from_json(creation))
                for event in events:
                    room.apply(event)
            except Exception:  # a room that cannot be rebuilt is reported, never takes the others down
                log.exception("room %s cannot be resumed", code)
                continue
            live = self.rooms[code] = Live(room, address, len(events))
            self._schedule(live)

    def _room(self, code: str, creation: Creation) -> Room:
        room = Room(code, creation, self.rulebook)
        room.grace = self.grace
        return room

    async def _stored(self, call: Callable[..., T], *arguments: Any) -> T:
        """``call(*arguments)`` on the store: in a thread for a database server, in place for SQLite."""
        if self.store.remote:
            return await asyncio.to_thread(call, *arguments)
        return call(*arguments)

    async def records(self, code: str) -> list[dict[str, Any]]:
        """The records of room ``code``'s finished games (the store's)."""
        return await self._stored(self.store.records, code)

    async def create(self, address: str, message: dict[str, Any]) -> dict[str, Any]:
        check("create", {"type": "create", **message})
        if sum(live.address == address for live in self.rooms.values()) >= self.limits.rooms_per_address:
            raise ProtocolError("rooms", f"this address has {self.limits.rooms_per_address} open rooms already")
        source = RuleSource.of(message)
        self.rulebook.compile(source)
        seat = message.get("seat", 0)
        bots = {int(key): check_bot(spec) for key, spec in (message.get("bots") or {}).items() if spec is not None}
        if seat in bots:
            raise ProtocolError("seat-taken", f"seat {seat} is the host's: a bot may not take it")
        creation = Creation(source, seat, check_name(message["host"]), new_token(), random.getrandbits(63),
                            message.get("games", 1), message.get("timer"), bots,
                            time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), message.get("hints", False))
        code = new_code() if self.shard is None else self.shard.code()
        room = self._room(code, creation)
        await self._stored(self.store.create, code, address, creation.to_json())
        self.rooms[code] = Live(room, address)
        return {"room": code, "seat": seat, "token": creation.host_token, "info": room.description()}

    async def compiled(self, source: RuleSource) -> None:
        """Compile ``source`` and make its card off the event loop (kept by the rulebook: the room finds them)."""
        await asyncio.to_thread(self.rulebook.prepare, source)

    async def diff(self, room: Room, message: dict[str, Any]) -> dict[str, Any]:
        """The ``diff`` of ``message``'s rules against ``room``'s, made off the event loop."""
        def made() -> dict[str, Any]:
            with self.rulebook.lock:
                against = self.rulebook.compile(RuleSource.of(message, "against"))
                return diff_json(against, room.ruleset, message.get("lang", "en"))

        return await asyncio.to_thread(made)

    async def hint(self, conn: Conn) -> dict[str, Any]:
        """The ``hint_result`` for ``conn``'s seat: the heuristic bot's advice, thought off the event loop."""
        room = self.live(conn.code).room
        if conn.seat is None:
            raise ProtocolError("session", "a spectator only watches")
        if not room.hints:
            raise ProtocolError("hints", "this room does not allow hints (the host's setting)")
        game = room.game
        if room.phase != PLAYING or game is None:
            raise ProtocolError("phase", "no game is under way")
        if game.turn != conn.seat:
            raise ProtocolError("turn", "it is not this seat's decision")
        version = room.version
        advice = await asyncio.to_thread(hint, game.clone(), random.getrandbits(32))
        return {"type": "hint_result", "version": version, **advice}

    def live(self, code: str | None) -> Live:
        found = self.rooms.get(code or "")
        if found is None:
            shard = self.shard
            if shard is not None and code and not shard.owns(code):
                raise ProtocolError("no-room", f"no such room in this process ({shard.index} of {shard.count}): "
                                               f"its code names process {owner(code) % shard.count}")
            raise ProtocolError("no-room", "no such room (closed, or never made)")
        return found

    async def commit(self, live: Live, event: dict[str, Any]) -> Broadcast:
        """Store ``event`` (committed), then apply it: nothing is sent before it is kept. The caller holds
        ``live.lock`` from the check that made ``event`` to the broadcast. Where the store fails, the room is
        read again from it (:meth:`_reload`) and the error raised."""
        try:
            await self._stored(self.store.append, live.room.code, live.seq, event)
        except Exception:
            await self._reload(live)
            raise
        live.seq += 1
        changed = live.room.apply(event)
        for record in changed.records:
            await self._stored(self.store.add_record, live.room.code, len(live.room.records) - len(changed.records)
                               + changed.records.index(record), record)
        return changed

    async def _reload(self, live: Live) -> None:
        """After a failed commit (a database's answer lost: the event may be kept or not), the room as the
        store holds it, sent to everyone in it; where the store cannot be read, the room is closed in this
        process (a restart resumes it)."""
        code = live.room.code
        try:
            [(_, _, creation, events)] = await self._stored(lambda: list(self.store.open_rooms(code.__eq__)))
            room = self._room(code, Creation.from_json(creation))
            for event in events:
                room.apply(event)
        except Exception:
            log.exception("room %s cannot be read again from the store: closed in this process", code)
            if self.rooms.get(code) is live:
                del self.rooms[code]
            for conn in live.conns:
                conn.close()
            return
        for conn in live.conns:
            if conn.seat is not None:
                room.seats[conn.seat].connected = True
        live.room, live.seq = room, len(events)
        self.broadcast(live, Broadcast(room=True, state=True))

    def broadcast(self, live: Live, changed: Broadcast, done: tuple[Conn, dict[str, Any]] | None = None) -> None:
        """Send what ``changed`` to every connection of ``live``; ``done``: an accepted act's answer to its
        connection (a session that asked for it), carried by the state it is sent."""
        room = live.room
        for message in changed.messages:
            text = dumps(message)
            for conn in live.conns:
                conn.send(text)
        if changed.room:
            self.send_room(live)
        if changed.state:
            states: dict[tuple[int | None, bool], SeatState | None] = {}
            texts: dict[tuple[Any, ...], str] = {}
            for conn in live.conns:
                key = (conn.seat, conn.confirm)
                if key not in states:
                    states[key] = room.state(conn.seat, changed.last, changed.events, conn.confirm)
                self.send_state(conn, states[key], texts, done[1] if done is not None and done[0] is conn else None)
        self._schedule(live)

    @staticmethod
    def send_state(conn: Conn, state: SeatState | None, texts: dict[tuple[Any, ...], str],
                   done: dict[str, Any] | None = None) -> None:
        """Send ``state`` to ``conn``. A lean session gets only what changed since the last state sent on it:
        the history entries after those it holds (``history_from``) and the other observation fields that
        differ. ``texts``: the messages already made for this change, by seat and what each was sent before.
        ``done``: the answer to the act of ``conn`` that led here, its action id sent on the state."""
        if state is None:
            if done is not None:
                conn.send(done)
            return
        key: tuple[Any, ...] = (conn.seat, conn.confirm)
        before = conn.observed
        if conn.lean:
            conn.observed = state.seen
            key += (id(before),)  # (held by the connections that were sent it: an id no other object has)
        if done is not None:
            conn.send({**(state.lean(before) if conn.lean else state.whole()), "done": done["action_id"]})
            return
        text = texts.get(key)
        if text is None:
            text = texts[key] = dumps(state.lean(before) if conn.lean else state.whole())
        conn.send(text)

    def send_room(self, live: Live, only: Conn | None = None) -> None:
        """The room description to every connection (or ``only`` one); a lean session gets the rules only
        when they changed since it was last sent them."""
        room = live.room
        description = room.description(self._spectators(live))
        full = dumps({"type": "room", "room": description})
        lean: str | None = None
        for conn in live.conns if only is None else (only,):
            if conn.lean and conn.rules_serial == room.rules_serial:
                if lean is None:
                    lean = dumps({"type": "room", "room": {k: v for k, v in description.items() if k != "rules"}})
                conn.send(lean)
            else:
                conn.rules_serial = room.rules_serial
                conn.send(full)

    @staticmethod
    def _spectators(live: Live) -> int:
        return sum(conn.seat is None for conn in live.conns)

    # -- bots and timers ---------------------------------------------------------------------------

    def _schedule(self, live: Live) -> None:
        if live.room.bot_seat() is not None and (live.bot is None or live.bot.done()):
            live.bot = asyncio.get_running_loop().create_task(self._bot_turns(live))

    async def _bot_turns(self, live: Live) -> None:
        while (seat := live.room.bot_seat()) is not None and self.rooms.get(live.room.code) is live:
            room, version = live.room, live.room.version
            try:
                action = await self.bots.decide(room, seat)
            except Exception:
                log.exception("the bot of seat %d in room %s failed", seat, room.code)
                return
            async with live.lock:
                if live.room is not room or room.version != version or room.bot_seat() != seat:
                    continue  # the player came back and acted meanwhile
                event = room.check_act(seat, f"bot-{version}", version, action, bot=True)
                if "kind" not in event:
                    log.error("the bot of seat %d in room %s chose %s: %s", seat, room.code, action, event)
                    return
                try:
                    changed = await self.commit(live, event)
                except Exception:  # (the room was read again from the store: the bot decides again)
                    log.exception("the action of the bot of seat %d in room %s was not stored", seat, room.code)
                    continue
                live.bot = None  # (broadcast schedules the next turn in this task's place)
                self.broadcast(live, changed)
                return

    async def tick(self, now: float) -> None:
        """Hand decisions whose time ran out to a bot (托管); close idle rooms."""
        for code, live in list(self.rooms.items()):
            room = live.room
            due = room.timeout_at()
            if due is not None and now >= due:
                async with live.lock:
                    due = room.timeout_at()  # (the player may have acted while the lock was awaited)
                    if due is not None and now >= due and room.game is not None:
                        self.broadcast(live, await self.commit(live, room.stand_in(room.game.turn)))
            idle = self.limits.idle_match if room.phase == PLAYING else self.limits.idle_lobby
            if not live.conns and now - room.touched > idle and self.rooms.get(code) is live:
                del self.rooms[code]
                if live.bot is not None:
                    live.bot.cancel()
                await self._stored(self.store.close_room, code)

    # -- messages ----------------------------------------------------------------------------------

    async def handle(self, conn: Conn, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if kind in ("join", "resume", "watch"):
            if conn.code is not None:
                raise ProtocolError("session", "this connection already holds a session: open another")
            live = self.live(message["room"])
            async with live.lock:
                await self._open(live, conn, message)
            return
        if conn.code is None:
            raise ProtocolError("session", "join, resume or watch a room first")
        live = self.live(conn.code)
        if conn.seat is None:
            raise ProtocolError("session", "a spectator only watches")
        async with live.lock:
            await self._request(live, conn, conn.seat, message)

    async def _request(self, live: Live, conn: Conn, seat: int, message: dict[str, Any]) -> None:
        """A seated player's request to ``live``'s room (its lock held): checked, committed, broadcast."""
        room, kind = live.room, message["type"]
        acted: tuple[Conn, dict[str, Any]] | None = None  # the act's done, sent on its state
        if kind == "act":
            event = room.check_act(seat, message["action_id"], message["version"], message["action"])
            if "kind" not in event:
                conn.send(event)
                return
            changed = await self.commit(live, event)
            done = {"type": "done", "action_id": message["action_id"], "version": room.version}
            if conn.done_in_state and changed.state:
                acted = conn, done
            else:
                conn.send(done)
        elif kind == "accept":
            changed = await self.commit(live, room.check_accept(seat, message["fingerprint"]))
        elif kind == "rules":
            changed = await self.commit(live, room.check_rules(seat, RuleSource.of(message)))
        elif kind == "settings":
            changed = await self.commit(live, room.check_settings(seat, message))
        elif kind != "leave":  # the lobby's answers: decline, propose, apply_proposal, reject_proposal
            changed = await self.commit(live, room.check_answer(seat, message))
        else:
            assert kind == "leave"
            changed = await self.commit(live, room.check_leave(seat))
            self.disconnect(conn)
            self.send_room(live, conn)
            conn.close()
        self.broadcast(live, changed, acted)

    async def _open(self, live: Live, conn: Conn, message: dict[str, Any]) -> None:
        room = live.room
        token = None
        if message["type"] == "join":
            event = room.check_join(message["name"], message.get("seat"))
            changed = await self.commit(live, event)
            conn.seat, token = event["seat"], event["token"]
        elif message["type"] == "resume":
            conn.seat, token = room.seat_of(message["token"]), message["token"]
            back = room.back(conn.seat)
            changed = Broadcast(room=True) if back is None else await self.commit(live, back)
        else:
            changed = Broadcast(room=True)
        conn.code, conn.lean, conn.rules_serial = room.code, message.get("lean", False), room.rules_serial
        conn.confirm, conn.done_in_state = message.get("confirm", False), message.get("done_in_state", False)
        live.conns.add(conn)
        if conn.seat is not None:
            room.seats[conn.seat].connected = True
        welcome: dict[str, Any] = {"type": "welcome", "v": PROTOCOL, "room": room.description(self._spectators(live)),
                                   "seat": conn.seat}
        if token is not None:
            welcome["token"] = token
        conn.send(welcome)
        if not changed.state:
            self.send_state(conn, room.state(conn.seat, confirm=conn.confirm), {})
        self.broadcast(live, changed)

    def disconnect(self, conn: Conn) -> None:
        live = self.rooms.get(conn.code or "")
        if live is None or conn not in live.conns:
            return
        live.conns.discard(conn)
        if conn.seat is not None:
            place = live.room.seats[conn.seat]
            place.connected = any(other.seat == conn.seat for other in live.conns)
        self.send_room(live)
