"""``gouji bot --connect``: a bot at a seat through the protocol alone (its seat's messages), playing
a whole game to the end beside a person and the server's bots."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

from server_helpers import ROOT, WAIT, Server, seated
from test_rooms_play import play_until_over


def test_gouji_bot_plays_a_seat_through_the_protocol(room_server: Server) -> None:
    async def main(server: Server) -> None:
        created = server.create(ruleset="qingdao", bots={str(seat): "heuristic" for seat in range(1, 5)})
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        bot = subprocess.Popen([sys.executable, "-m", "gouji_variants", "bot", "--connect", server.http, "--room",
                                created["room"], "--agent", "heuristic", "--name", "远方"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            host = (await seated(server, created, []))[0]
            await host.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
            await play_until_over([host], 5)
            _, errors = await asyncio.to_thread(bot.communicate, timeout=WAIT)
            assert bot.returncode == 0, errors.decode()
            assert host.room is not None and host.room["seats"][5]["name"] == "远方"
            await host.close()
        finally:
            if bot.poll() is None:
                bot.kill()
                bot.wait(WAIT)

    asyncio.run(main(room_server))
