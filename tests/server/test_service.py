"""The service without a network: idle rooms expire, a connection too slow to read is closed at its
queue's cap, 托管 is stored (a restart does not make an absent player's turn wait the grace again),
and a stored game record is dated the day the game was played."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

from gouji_variants.server.bots import Bots
from gouji_variants.server.limits import Limits
from gouji_variants.server.protocol import action_json
from gouji_variants.server.rooms import PLAYING, Creation, Room
from gouji_variants.server.rulesource import Rulebook, RuleSource
from gouji_variants.server.service import Conn, Service
from gouji_variants.server.store import SQLiteStore

RULEBOOK = Rulebook()
BOTS = {str(seat): "random" for seat in range(1, 6)}


class FakeSocket:
    """What :class:`Conn` needs of a WebSocket: the peer, and what was sent and how it was closed."""

    client = None

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


def service(db: Path, **limits: Any) -> Service:
    return Service(SQLiteStore(db), RULEBOOK, Bots(0.0, 0), Limits(**limits), grace=30.0)


def test_idle_rooms_expire_unless_someone_is_connected(tmp_path: Path) -> None:
    rooms = service(tmp_path / "rooms.sqlite3", idle_lobby=60.0)
    idle = rooms.create("1.2.3.4", {"host": "a", "ruleset": "qingdao"})["room"]
    watched = rooms.create("1.2.3.4", {"host": "b", "ruleset": "qingdao"})["room"]
    rooms.rooms[watched].conns.add(Conn(FakeSocket(), Limits()))  # type: ignore[arg-type]
    rooms.tick(time.monotonic() + 30)
    assert set(rooms.rooms) == {idle, watched}  # not idle long enough
    rooms.tick(time.monotonic() + 61)
    assert set(rooms.rooms) == {watched}
    assert [code for code, *_ in rooms.store.open_rooms()] == [watched]  # not resumed after a restart
    rooms.store.close()


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


def test_standin_is_stored_so_a_restart_does_not_wait_the_grace_again(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"

    async def before() -> str:
        rooms = service(db)
        created = rooms.create("1.2.3.4", {"host": "a", "ruleset": "qingdao", "bots": BOTS, "timer": 5})
        live = rooms.rooms[created["room"]]
        rooms.commit(live, live.room.check_accept(0, live.room.ruleset.fingerprint))
        assert live.room.phase == PLAYING
        while live.room.bot_seat() is not None:  # the bots' decisions, up to the host's
            seat = live.room.bot_seat()
            assert live.room.game is not None and seat is not None
            action = action_json(random.Random(seat).choice(live.room.game.legal_actions()))
            rooms.commit(live, live.room.check_act(seat, f"b{live.room.version}", live.room.version, action, True))
        rooms.tick(time.monotonic() + 6)  # the host's timer runs out: 托管
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
        back = room.back(0)
        assert back is not None
        rooms.commit(rooms.rooms[code], back)  # the player resumes
        assert not room.seats[0].standin
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
