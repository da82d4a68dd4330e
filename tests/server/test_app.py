"""``server.app.server``: the process's garbage collector tuned for rooms (what start made frozen, the
thresholds of :data:`GC_THRESHOLDS`), the interpreter's own settings put back after each test."""

from __future__ import annotations

import gc

from starlette.applications import Starlette

from gouji_variants.server.app import GC_THRESHOLDS, server


def test_server_freezes_what_start_made_and_sets_the_rooms_thresholds() -> None:
    before = gc.get_threshold()
    try:
        server(Starlette(), "127.0.0.1", 0)
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)

