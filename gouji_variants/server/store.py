"""Where rooms are kept: the small :class:`Store` interface the service needs, and :class:`SQLiteStore`
(:class:`.postgres.PostgresStore` is the other; :func:`.databases.open_store` opens the one a ``--db``
value names).

A room is stored as its creation and the list of its events (docs/protocol.md, "Nothing lost");
every ``append`` is committed when it returns, before the service broadcasts the change."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from .protocol import dumps

DB_NAME = "rooms.sqlite3"


#: a room to resume: code, creator's address, creation, events in order
OpenRoom = tuple[str, str, dict[str, Any], list[dict[str, Any]]]


def every(code: str) -> bool:
    """Keep every room (:meth:`Store.open_rooms`' default)."""
    return True


def to_text(value: dict[str, Any]) -> str:
    """A stored creation, event or record as the JSON text kept."""
    return dumps(value)


class StoreError(ValueError):
    """A ``--db`` that names no store this server can keep rooms in, or one that cannot be opened."""


class Store(Protocol):
    #: a commit is a round trip to a database server (the service waits for it off the event loop)
    remote: bool

    def create(self, code: str, address: str, creation: dict[str, Any]) -> None:
        """Keep a new room (committed on return)."""

    def append(self, code: str, seq: int, event: dict[str, Any]) -> None:
        """Keep event number ``seq`` (0, 1, …) of a room (committed on return)."""

    def add_record(self, code: str, index: int, record: dict[str, Any]) -> None:
        """Keep the record of game ``index`` of a room's match (a second add of the same game is ignored)."""

    def records(self, code: str) -> list[dict[str, Any]]:
        """The records of a room's finished games, in order."""

    def open_rooms(self, keep: Callable[[str], bool] = every) -> Iterator[OpenRoom]:
        """Every room not closed whose code ``keep`` accepts: code, creator's address, creation and events
        in order (the events of rooms not kept are not read)."""

    def close_room(self, code: str) -> None:
        """Mark a room closed (expired or finished and left): it is not resumed again; its records stay."""

    def close(self) -> None: ...


def default_path() -> Path:
    """The database under the user's data folder (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("gouji-variants", appauthor=False)) / DB_NAME


_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, address TEXT NOT NULL, creation TEXT NOT NULL,
                                  open INTEGER NOT NULL DEFAULT 1);
CREATE TABLE IF NOT EXISTS events (code TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL,
                                   PRIMARY KEY (code, seq));
CREATE TABLE IF NOT EXISTS records (code TEXT NOT NULL, idx INTEGER NOT NULL, data TEXT NOT NULL,
                                    PRIMARY KEY (code, idx));
"""


class SQLiteStore:
    """The store in one SQLite file (write-ahead log; each write its own committed transaction, which
    survives the process being killed)."""

    remote = False

    def __init__(self, path: Path | str) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)

    def _write(self, sql: str, values: tuple[Any, ...]) -> None:
        with self._lock:
            self._db.execute(sql, values)

    def create(self, code: str, address: str, creation: dict[str, Any]) -> None:
        self._write("INSERT INTO rooms (code, address, creation) VALUES (?, ?, ?)",
                    (code, address, to_text(creation)))

    def append(self, code: str, seq: int, event: dict[str, Any]) -> None:
        self._write("INSERT INTO events (code, seq, data) VALUES (?, ?, ?)",
                    (code, seq, to_text(event)))

    def add_record(self, code: str, index: int, record: dict[str, Any]) -> None:
        self._write("INSERT OR IGNORE INTO records (code, idx, data) VALUES (?, ?, ?)",
                    (code, index, to_text(record)))

    def records(self, code: str) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT data FROM records WHERE code = ? ORDER BY idx", (code,)).fetchall()
        return [json.loads(data) for (data,) in rows]

    def open_rooms(self, keep: Callable[[str], bool] = every) -> Iterator[OpenRoom]:
        with self._lock:
            rooms = self._db.execute("SELECT code, address, creation FROM rooms WHERE open = 1").fetchall()
        for code, address, creation in (room for room in rooms if keep(room[0])):
            with self._lock:
                events = self._db.execute("SELECT data FROM events WHERE code = ? ORDER BY seq", (code,)).fetchall()
            yield code, address, json.loads(creation), [json.loads(data) for (data,) in events]

    def close_room(self, code: str) -> None:
        self._write("UPDATE rooms SET open = 0 WHERE code = ?", (code,))

    def close(self) -> None:
        with self._lock:
            self._db.close()
