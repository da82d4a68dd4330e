"""The service without a network: idle rooms expire, a connection too slow to read is closed at its
queue's cap, a message that cannot be sent is logged and its connection closed with an error, 托管 is
stored (a restart does not make an absent player's turn wait the grace again), a stored game record is
dated the day the game was played, and a room's requests are taken one at a time while a database
server's commit is awaited (SQLite and PostgreSQL: the ``db`` fixture)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from gouji_variants.engine.actions import Action
from gouji_variants.engine.game import Game
from gouji_variants.server.bots import Bots
from gouji_variants.server.databases import open_store
from gouji_variants.server.limits import Limits
from gouji_variants.server.rooms import PLAYING, Creation, Room
from gouji_variants.server.rulesource import Rulebook, RuleSource
from gouji_variants.server.service import Conn, Live, Service
from gouji_variants.server.statejson import action_json
from gouji_variants.server.store import Store

RULEBOOK = Rulebook()
BOTS = {str(seat): "random" for seat in range(1, 6)}


class FakeSocket:
    """What :class:`Conn` needs of a WebSocket: the peer, and what was sent and how it was closed."""

    client = None

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message["text"])

    async def close(self, code: int) -> None:
        self.closed = code


def ended_by(game: Game, action: Action) -> bool:
    after = game.clone()
    after.apply(action)
    return after.over


async def bots_act(rooms: Service, live: Live, mark: str) -> None:
    """The bots' decisions, taken by the test (random legal actions, none that ends the game while another is
    legal: a 革命 may), up to a person's; each committed with the room's lock held, as :meth:`Service.commit`
    asks of its callers."""
    while (seat := live.room.bot_seat()) is not None:
        game = live.room.game
        assert game is not None
        legal = game.legal_actions()
        action = action_json(random.Random(seat).choice([a for a in legal if not ended_by(game, a)] or legal))
        version = live.room.version
        async with live.lock:
            await rooms.commit(live, live.room.check_act(seat, f"{mark}{version}", version, action, True))


def service(db: Path | str, **limits: Any) -> Service:
    return Service(open_store(db), RULEBOOK, Bots(0.0, 0), Limits(**limits), grace=30.0)


def test_idle_rooms_expire_unless_someone_is_connected(db: str) -> None:
    async def main() -> None:
        rooms = service(db, idle_lobby=60.0)
        idle = (await rooms.create("1.2.3.4", {"host": "a", "ruleset": "qingdao"}))["room"]
        watched = (await rooms.create("1.2.3.4", {"host": "b", "ruleset": "qingdao"}))["room"]
        rooms.rooms[watched].conns.add(Conn(FakeSocket(), Limits()))  # type: ignore[arg-type]
        await rooms.tick(time.monotonic() + 30)
        assert set(rooms.rooms) == {idle, watched}  # not idle long enough
        await rooms.tick(time.monotonic() + 61)
        assert set(rooms.rooms) == {watched}
        assert [code for code, *_ in rooms.store.open_rooms()] == [watched]  # not resumed after a restart
        rooms.store.close()

    asyncio.run(main())


def test_a_connection_too_slow_to_read_is_closed_at_its_queue_cap() -> None:
    async def main() -> None:
        socket = FakeSocket()
        conn = Conn(socket, Limits(queue=3))  # type: ignore[arg-type]
        for number in range(3):
            conn.send({"type": "pong", "n": number})
        assert socket.closed is None
        conn.send({"type": "pong", "n": 3})  # one more than the queue holds: dropped, and the connection closed
        await asyncio.wait_for(conn.writer(), 5)
        assert socket.sent == [] and socket.closed == 1008

    asyncio.run(main())


class BlockedSocket(FakeSocket):
    """A socket that takes no frame until ``writable`` is set, as uvicorn's send waits while the peer reads
    too slowly."""

    def __init__(self) -> None:
        super().__init__()
        self.writable = asyncio.Event()

    async def send(self, message: dict[str, Any]) -> None:
        await self.writable.wait()
        await super().send(message)


def test_a_message_is_sent_at_once_while_the_writer_waits_and_in_order_behind_a_blocked_send() -> None:
    async def main() -> None:
        socket = FakeSocket()
        conn = Conn(socket, Limits())  # type: ignore[arg-type]
        writer = asyncio.create_task(conn.writer())
        await asyncio.sleep(0)
        waiting = conn.waiting
        conn.send({"type": "pong", "n": 0})
        assert socket.sent == ['{"type":"pong","n":0}']  # in the sender's turn of the loop
        assert conn.waiting is waiting and waiting is not None and not waiting.done()  # no task woken for it
        blocked = BlockedSocket()
        slow = Conn(blocked, Limits())  # type: ignore[arg-type]
        slow_writer = asyncio.create_task(slow.writer())
        await asyncio.sleep(0)
        for number in range(3):
            slow.send({"type": "pong", "n": number})  # the first begun at once and blocked, the others queued
        await asyncio.sleep(0.01)
        assert blocked.sent == []
        blocked.writable.set()
        slow.close()
        conn.close()
        await asyncio.wait_for(asyncio.gather(writer, slow_writer), 5)
        assert [json.loads(text)["n"] for text in blocked.sent] == [0, 1, 2] and blocked.closed == 1008

    asyncio.run(main())


class EncodingSocket(FakeSocket):
    """A socket that sends text as UTF-8, as uvicorn does (a lone surrogate cannot be)."""

    async def send(self, message: dict[str, Any]) -> None:
        message["text"].encode()
        await super().send(message)


@pytest.mark.parametrize("waiting", [False, True])  # queued for the writer; sent at once while it waits
@pytest.mark.parametrize(("unsendable", "logged"), [
    ({"type": "room", "name": "\ud800"}, "is not UTF-8 text"),  # the json module writes what orjson refuses
    ({"type": "room", "name": object()}, "could not be encoded as JSON"),
])
def test_a_message_that_cannot_be_sent_is_logged_and_the_connection_closed_with_an_error(
        unsendable: dict[str, Any], logged: str, waiting: bool, caplog: pytest.LogCaptureFixture) -> None:
    async def main() -> None:
        socket = EncodingSocket()
        conn = Conn(socket, Limits())  # type: ignore[arg-type]
        writer = asyncio.create_task(conn.writer())
        if waiting:
            await asyncio.sleep(0)
        for message in ({"type": "pong", "n": 1}, unsendable, {"type": "pong", "n": 2}):
            conn.send(message)
        await asyncio.wait_for(writer, 5)  # (it ends: the connection is closed, not left dead)
        sent = [json.loads(text) for text in socket.sent]
        assert sent[0] == {"type": "pong", "n": 1}  # what came before is sent
        assert sent[1:] == [{"type": "error", "code": "internal", "message": "the server could not send a message "
                             "on this connection, which it closes: resume the session"}]
        assert socket.closed == 1011
        assert logged in caplog.text

    asyncio.run(main())


def test_standin_is_stored_so_a_restart_does_not_wait_the_grace_again(db: str) -> None:
    async def before() -> str:
        rooms = service(db)
        created = await rooms.create("1.2.3.4", {"host": "a", "ruleset": "qingdao", "bots": BOTS, "timer": 5})
        live = rooms.rooms[created["room"]]
        await rooms.commit(live, live.room.check_accept(0, live.room.ruleset.fingerprint))
        assert live.room.phase == PLAYING
        await bots_act(rooms, live, "b")
        await rooms.tick(time.monotonic() + 6)  # the host's timer runs out: 托管
        assert live.room.seats[0].standin
        for task in [live.bot] if live.bot else []:
            task.cancel()
        rooms.store.close()
        return str(created["room"])

    async def after(code: str) -> None:
        rooms = service(db)
        rooms.resume_all()
        room = rooms.rooms[code].room
        assert room.seats[0].standin and room.bot_seat() == room.game.turn  # type: ignore[union-attr]
        assert room.timeout_at() is None  # no grace to wait: a bot plays the seat at once
        live = rooms.rooms[code]
        # The player resumes, the room's lock held as the service holds it: the bot task the resumed room
        # scheduled runs while the commit is awaited (a database server's, in a thread), and without the lock
        # it could act for the seat meanwhile and take the same event number (an IntegrityError, now and then).
        async with live.lock:
            back = room.back(0)
            assert back is not None
            await rooms.commit(live, back)
        assert not room.seats[0].standin and live.room is room
        for live in rooms.rooms.values():
            if live.bot is not None:
                live.bot.cancel()
        rooms.store.close()

    code = asyncio.run(before())
    asyncio.run(after(code))


def test_a_stored_record_is_dated_the_day_its_game_was_played() -> None:
    creation = Creation(RuleSource("qingdao"), 0, "a", "t" * 22, 7, bots={int(k): v for k, v in BOTS.items()})
    room = Room("ABCDEFGHIJKL", creation, RULEBOOK)
    room.apply(room.check_accept(0, room.ruleset.fingerprint))
    rng = random.Random(1)
    while not room.records:
        assert room.game is not None
        seat = room.game.turn
        action = action_json(rng.choice(room.game.legal_actions()))
        event = room.check_act(seat, f"x{room.version}", room.version, action)
        event["at"] = "2020-02-29T23:59:59+00:00"  # (as stored then, replayed now)
        room.apply(event)
    assert room.records[0]["headers"]["date"] == "2020-02-29"


def test_a_rooms_requests_wait_their_turn_while_a_commit_is_awaited(tmp_path: Path) -> None:
    """Two acts for one decision sent at once, the store a database server (its commit awaited in a thread):
    the second is checked only once the first is committed and applied, and is refused as stale."""
    async def main() -> None:
        rooms = service(tmp_path / "rooms.sqlite3")
        rooms.store.remote = True  # (SQLite, waited for in a thread as a database server is)
        created = await rooms.create("1.2.3.4", {"host": "a", "ruleset": "qingdao", "bots": BOTS})
        live = rooms.rooms[created["room"]]
        sockets = [FakeSocket(), FakeSocket()]
        conns = [Conn(socket, Limits()) for socket in sockets]  # type: ignore[arg-type]
        await rooms.handle(conns[0], {"type": "resume", "v": 1, "room": created["room"], "token": created["token"]})
        await rooms.commit(live, live.room.check_accept(0, live.room.ruleset.fingerprint))
        rooms.bots.pace = 3600.0  # (the bots wait: the test acts for them)
        await bots_act(rooms, live, "b")
        game, version = live.room.game, live.room.version
        assert game is not None and game.turn == 0
        conns[1].seat, conns[1].code = 0, created["room"]  # (a second connection of the same seat)
        acts = [{"type": "act", "action_id": f"a{number}", "version": version,
                 "action": action_json(game.legal_actions()[0])} for number in range(2)]
        await asyncio.gather(*(rooms.handle(conn, act) for conn, act in zip(conns, acts, strict=True)))
        answers = [[message for message in (json.loads(text) for text in conn_sent(conn))
                    if message["type"] in ("done", "refused")] for conn in conns]
        assert [answer[0]["type"] for answer in answers] == ["done", "refused"]
        assert answers[1][0]["code"] in ("stale", "turn") and live.room.version == version + 1
        assert [len(events) for *_, events in rooms.store.open_rooms()] == [live.seq]
        for task in [live.bot] if live.bot else []:
            task.cancel()
        rooms.store.close()

    asyncio.run(main())


def conn_sent(conn: Conn) -> list[str]:
    """What is queued on ``conn`` (its writer not running)."""
    found = []
    while conn.queue:
        text = conn.queue.popleft()
        if text is not None:
            found.append(text)
    return found


class Failing:
    """A store whose next ``append`` fails, after committing (``kept``: the database's answer lost) or before."""

    def __init__(self, store: Store) -> None:
        self.store, self.remote, self.fail, self.kept = store, store.remote, False, False

    def append(self, code: str, seq: int, event: dict[str, Any]) -> None:
        if self.fail and self.kept:
            self.store.append(code, seq, event)
        if self.fail:
            self.fail = False
            raise OSError("the connection to the database was lost")
        self.store.append(code, seq, event)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


@pytest.mark.parametrize("kept", [True, False])
def test_a_failed_commit_reloads_the_room_as_the_store_holds_it(kept: bool, tmp_path: Path) -> None:
    """A commit whose answer is lost: the room is read again from the store, with the action where the store
    kept it, without it where not; the seat sees that state, and play goes on (no event number taken twice)."""
    async def main() -> None:
        store = Failing(open_store(tmp_path / "rooms.sqlite3"))
        rooms = Service(store, RULEBOOK, Bots(3600.0, 0), Limits(), grace=30.0)  # type: ignore[arg-type]
        created = await rooms.create("1.2.3.4", {"host": "a", "ruleset": "qingdao", "bots": BOTS})
        live = rooms.rooms[created["room"]]
        conn = Conn(FakeSocket(), Limits(queue=1000))  # type: ignore[arg-type]
        await rooms.handle(conn, {"type": "resume", "v": 1, "room": created["room"], "token": created["token"]})
        await rooms.commit(live, live.room.check_accept(0, live.room.ruleset.fingerprint))
        await bots_act(rooms, live, "b")
        version, game = live.room.version, live.room.game
        assert game is not None and game.turn == 0
        conn_sent(conn)
        store.fail, store.kept = True, kept
        play = next(action for action in game.legal_actions() if not ended_by(game, action))  # (革命 may end it)
        with pytest.raises(OSError):
            await rooms.handle(conn, {"type": "act", "action_id": "x", "version": version, "action": action_json(play)})
        assert live.room.version == version + kept and live.seq == len(next(store.open_rooms())[3])
        [state] = [json.loads(text) for text in conn_sent(conn) if '"type":"state"' in text]
        assert state["version"] == live.room.version and rooms.rooms[created["room"]] is live
        await bots_act(rooms, live, "c")
        game, version = live.room.game, live.room.version
        assert game is not None and game.turn == 0
        await rooms.handle(conn, {"type": "act", "action_id": "y", "version": version,
                                  "action": action_json(game.legal_actions()[0])})
        assert live.room.version == version + 1 == json.loads(conn_sent(conn)[0])["version"]
        for task in [live.bot] if live.bot else []:
            task.cancel()
        store.close()

    asyncio.run(main())
