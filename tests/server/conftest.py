"""One room server for the tests that need no options of their own: started once (a server's start
and its first compile of the rules take seconds), every test in rooms of its own, stopped at the end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_helpers import Server


@pytest.fixture(scope="session")
def room_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("rooms") / "rooms.sqlite3",
                limits={"rooms_per_address": 1000}) as running:
        yield running
        assert "Traceback" not in running.stop()
