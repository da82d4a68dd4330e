"""The room store in a PostgreSQL database (``gouji serve --db postgresql://…``, the ``[postgres]`` extra):
the same tables and guarantees as :class:`.store.SQLiteStore` — each write its own committed transaction
(autocommit; PostgreSQL's ``synchronous_commit`` keeps it through a crash of the server process or of the
database's) — in a database server that processes on several hosts share (docs/protocol.md, "Several
processes or machines").

psycopg 3 (its binary wheel carries libpq: nothing to install beside it) through its blocking API, since
the service calls its store as it calls SQLite's, in threads (:mod:`.service`): a few connections, one
per write under way."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any, Final

from .store import OpenRoom, StoreError, every, to_text

try:
    import psycopg
except ImportError:  # pragma: no cover - the [postgres] extra is not installed
    psycopg = None  # type: ignore[assignment]

_SCHEMA: Final = (
    "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, address TEXT NOT NULL, creation TEXT NOT NULL, "
    "open BOOLEAN NOT NULL DEFAULT TRUE)",
    "CREATE TABLE IF NOT EXISTS events (code TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, "
    "PRIMARY KEY (code, seq))",
    "CREATE TABLE IF NOT EXISTS records (code TEXT NOT NULL, idx INTEGER NOT NULL, data TEXT NOT NULL, "
    "PRIMARY KEY (code, idx))",
)
#: the advisory lock held while the tables are made (several processes may start at once on one database)
_SCHEMA_LOCK: Final = 0x6A6F756A69  # "gouji"


class PostgresStore:
    """The store in the PostgreSQL database at ``url`` (``postgresql://user:password@host:port/name``)."""

    remote = True

    def __init__(self, url: str) -> None:
        if psycopg is None:
            raise StoreError("a PostgreSQL database needs the [postgres] extra: "
                             "pip install 'gouji-variants[postgres]' (psycopg)")
        self._url = url
        self._lock = threading.Lock()
        self._idle: list[psycopg.Connection[tuple[Any, ...]]] = []  # connections not in use
        db = self._connect()
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in _SCHEMA:
                db.execute(statement)
        self._idle.append(db)

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        try:
            return psycopg.connect(self._url, autocommit=True, connect_timeout=10, application_name="gouji serve")
        except psycopg.Error as error:
            raise StoreError(f"cannot open the PostgreSQL database: {str(error).strip()}") from None

    def _rows(self, sql: str, values: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Run ``sql`` (committed when it returns) on a connection not in use (one more is opened when
        every one is: the service's threads write several rooms at once); its rows. A connection found
        broken (the database restarted) is dropped."""
        with self._lock:
            db = self._idle.pop() if self._idle else None
        if db is None or db.broken or db.closed:
            db = self._connect()
        try:
            cursor = db.execute(sql, values)
            return cursor.fetchall() if cursor.description is not None else []
        finally:
            if not db.broken:
                with self._lock:
                    self._idle.append(db)

    def create(self, code: str, address: str, creation: dict[str, Any]) -> None:
        self._rows("INSERT INTO rooms (code, address, creation) VALUES (%s, %s, %s)",
                   (code, address, to_text(creation)))

    def append(self, code: str, seq: int, event: dict[str, Any]) -> None:
        self._rows("INSERT INTO events (code, seq, data) VALUES (%s, %s, %s)", (code, seq, to_text(event)))

    def add_record(self, code: str, index: int, record: dict[str, Any]) -> None:
        self._rows("INSERT INTO records (code, idx, data) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                   (code, index, to_text(record)))

    def records(self, code: str) -> list[dict[str, Any]]:
        rows = self._rows("SELECT data FROM records WHERE code = %s ORDER BY idx", (code,))
        return [json.loads(data) for (data,) in rows]

    def open_rooms(self, keep: Callable[[str], bool] = every) -> Iterator[OpenRoom]:
        rooms = self._rows("SELECT code, address, creation FROM rooms WHERE open ORDER BY code", ())
        for code, address, creation in (room for room in rooms if keep(room[0])):
            events = self._rows("SELECT data FROM events WHERE code = %s ORDER BY seq", (code,))
            yield code, address, json.loads(creation), [json.loads(data) for (data,) in events]

    def close_room(self, code: str) -> None:
        self._rows("UPDATE rooms SET open = FALSE WHERE code = %s", (code,))

    def close(self) -> None:
        with self._lock:
            for db in self._idle:
                db.close()
            self._idle.clear()
