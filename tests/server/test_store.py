"""The store contract, on SQLite and on a real PostgreSQL (the ``db`` fixture): what is written is there for
another process (another store on the same database) at once, in order; a second event at the same
number is refused, a second record of the same game ignored; closed rooms are not resumed, their records
stay; ``open_rooms`` reads only the rooms it is asked to keep. And ``--db`` values that name no store are
refused, a URL's password never shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from gouji_variants.server.databases import describe, open_store
from gouji_variants.server.shards import Shard
from gouji_variants.server.store import StoreError

CREATION = {"source": {"ruleset": "qingdao"}, "host": 0, "host_name": "主人", "seed": 7}


def test_what_one_store_writes_another_reads_in_order(db: str) -> None:
    writer, reader = open_store(db), open_store(db)
    try:
        writer.create("room-a", "1.2.3.4", CREATION)
        writer.create("room-b", "5.6.7.8", {**CREATION, "seed": 8})
        for seq in range(12):
            writer.append("room-a", seq, {"kind": "act", "n": seq, "name": "够级"})
        writer.append("room-b", 0, {"kind": "join"})
        rooms = {code: (address, creation, events) for code, address, creation, events in reader.open_rooms()}
        assert rooms["room-a"] == ("1.2.3.4", CREATION, [{"kind": "act", "n": n, "name": "够级"} for n in range(12)])
        assert rooms["room-b"] == ("5.6.7.8", {**CREATION, "seed": 8}, [{"kind": "join"}])
    finally:
        writer.close()
        reader.close()


def test_an_event_number_is_taken_once_and_a_record_kept_once(db: str) -> None:
    store = open_store(db)
    try:
        store.create("room", "1.2.3.4", CREATION)
        store.append("room", 0, {"kind": "join"})
        with pytest.raises(Exception, match="(?i)unique|duplicate"):
            store.append("room", 0, {"kind": "leave"})
        store.add_record("room", 1, {"game": 1})
        store.add_record("room", 0, {"game": 0})
        store.add_record("room", 0, {"game": "again"})  # (a game finished twice, after a restart: ignored)
        assert store.records("room") == [{"game": 0}, {"game": 1}]
        assert store.records("no-such-room") == []
        [(_, _, _, events)] = list(store.open_rooms())
        assert events == [{"kind": "join"}]  # (the refused event kept nothing; the store is still usable)
    finally:
        store.close()


def test_a_closed_room_is_not_resumed_and_its_records_stay(db: str) -> None:
    store = open_store(db)
    try:
        for code in ("open", "closed"):
            store.create(code, "1.2.3.4", CREATION)
        store.add_record("closed", 0, {"game": 0})
        store.close_room("closed")
        assert [code for code, *_ in store.open_rooms()] == ["open"]
        assert store.records("closed") == [{"game": 0}]
    finally:
        store.close()


def test_open_rooms_reads_only_the_rooms_kept(db: str) -> None:
    store = open_store(db)
    shards = [Shard(0, 2), Shard(1, 2)]
    codes = [shard.code() for shard in shards for _ in range(3)]
    try:
        for code in codes:
            store.create(code, "1.2.3.4", CREATION)
        for shard in shards:
            assert sorted(code for code, *_ in store.open_rooms(shard.owns)) == sorted(filter(shard.owns, codes))
    finally:
        store.close()


@pytest.mark.parametrize("given", ["mysql://u:hunter2@h/db", "sqlite:///x.db", "https://h/x", "", ":memory:", "   "])
def test_a_db_that_names_no_store_is_refused(given: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreError, match="a SQLite file's path or a postgresql:// URL") as refused:
        open_store(given)
    assert "hunter2" not in str(refused.value)
    assert list(tmp_path.iterdir()) == []  # no file made


def test_a_password_is_never_shown(tmp_path: Path) -> None:
    assert describe("postgresql://gouji:hunter2@127.0.0.1:1/gouji") == "postgresql://gouji:***@127.0.0.1:1/gouji"
    assert describe("postgres://:hunter2@h/db") == "postgres://:***@h/db"
    assert describe("postgresql://gouji@h/db") == "postgresql://gouji@h/db"
    assert describe(tmp_path / "a:b.sqlite3") == str(tmp_path / "a:b.sqlite3")
    pytest.importorskip("psycopg", reason="the [postgres] extra (psycopg) is not installed")
    with pytest.raises(StoreError, match="cannot open the PostgreSQL database") as refused:
        open_store("postgresql://gouji:hunter2@127.0.0.1:1/gouji")  # (port 1: nothing listens)
    assert "hunter2" not in str(refused.value)


def test_a_path_with_a_drive_letter_is_a_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    open_store("C:rooms.sqlite3").close()  # (a one-letter scheme is a Windows drive: a path)
    assert (tmp_path / "C:rooms.sqlite3").exists()
