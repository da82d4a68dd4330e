"""``gouji serve`` itself: it listens where told, keeps rooms in --db, stops on SIGTERM with exit 0, starts
--bot-workers processes for search bots, and refuses a bad --shard, and a --db that is neither a path nor a
URL it serves, with exit 2 before it opens anything."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import httpx
import pytest
from click.testing import CliRunner
from server_helpers import ROOT, WAIT, free_port
from starlette.applications import Starlette

from gouji_variants.cli import main
from gouji_variants.server.client import wait_for_server


def _gouji(*arguments: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "gouji_variants", *arguments], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_serve_keeps_rooms_in_its_db_and_stops_on_sigterm(tmp_path: Path) -> None:
    port, db = free_port(), tmp_path / "rooms.sqlite3"
    served = _gouji("serve", "--port", str(port), "--db", str(db), "--shard", "1/3")
    try:
        assert wait_for_server(f"http://127.0.0.1:{port}", WAIT, lambda: served.poll() is None)
        made = httpx.post(f"http://127.0.0.1:{port}/api/v1/rooms", json={"host": "h", "ruleset": "青岛"}, timeout=WAIT)
        assert made.status_code == 201 and made.json()["room"].startswith("s01_")
    finally:
        served.send_signal(signal.SIGTERM)
        _, errors = served.communicate(timeout=WAIT)
    assert served.returncode == 0, errors
    assert db.stat().st_size > 0 and f"rooms kept in {db}" in errors


def test_a_bad_shard_is_refused_with_exit_2(tmp_path: Path) -> None:
    refused = _gouji("serve", "--port", str(free_port()), "--db", str(tmp_path / "x.sqlite3"), "--shard", "2/2")
    _, errors = refused.communicate(timeout=WAIT)
    assert refused.returncode == 2 and "--shard" in errors and "I/N" in errors
    assert not (tmp_path / "x.sqlite3").exists()


def test_a_db_that_is_neither_a_path_nor_a_served_url_is_refused_with_exit_2(tmp_path: Path) -> None:
    for given in ("mysql://gouji:hunter2@127.0.0.1:1/gouji", "postgresql://gouji:hunter2@127.0.0.1:1/gouji"):
        refused = subprocess.Popen([sys.executable, "-m", "gouji_variants", "serve", "--port", str(free_port()),
                                    "--db", given], cwd=tmp_path, text=True, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
        _, errors = refused.communicate(timeout=WAIT)
        assert refused.returncode == 2 and "--db" in errors and "Traceback" not in errors, errors
        assert "hunter2" not in errors and list(tmp_path.iterdir()) == []  # no file named after the URL


def test_bot_workers_sets_the_search_bots_worker_processes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gouji_variants.server.app as app_module

    made: list[Starlette] = []

    def recorded(app: Starlette, *_: object, **__: object) -> SimpleNamespace:
        made.append(app)
        return SimpleNamespace(run=lambda: None, started=True)

    monkeypatch.setattr(app_module, "server", recorded)
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # (serve's stop handlers: not this process's)
    for given, workers in (([], 1), (["--bot-workers", "4"], 4), (["--bot-workers", "0"], 0)):
        served = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "rooms.sqlite3"), *given])
        assert served.exit_code == 0, served.output
        assert made.pop().state.service.bots.processes == workers
    refused = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "rooms.sqlite3"), "--bot-workers", "-1"])
    assert refused.exit_code == 2 and "--bot-workers" in refused.output and not made
