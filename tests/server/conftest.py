"""One room server for the tests that need no options of their own: started once (a server's start
and its first compile of the rules take seconds), every test in rooms of its own, stopped at the end.
And the databases rooms are kept in: ``db`` is each test's own SQLite file, then its own PostgreSQL
database (a real server, started once a session: :mod:`postgres_cluster`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres_cluster import Cluster, Unavailable
from server_helpers import Server


@pytest.fixture(scope="session")
def room_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("rooms") / "rooms.sqlite3",
                limits={"rooms_per_address": 1000}) as running:
        yield running
        assert "Traceback" not in running.stop()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL server for this session (skips, saying why, where none can be started)."""
    pytest.importorskip("psycopg", reason="the [postgres] extra (psycopg) is not installed")
    try:
        cluster = Cluster.start()
    except Unavailable as why:
        pytest.skip(f"no PostgreSQL server: {why}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's rooms are kept: a SQLite file's path, or a PostgreSQL database's URL (a database of its own)."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.database()
