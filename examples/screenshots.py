"""The page's screenshots in docs/screenshots/: the rules form, a room, a proposal in the lobby, the table, a burn
offer and the end of a game, each at 360×740 (a phone) and 1280×800 (a desktop), taken from a real room server in
Chromium.

    python examples/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Needs the [web] extra and Playwright (the [test] extra) and a Chromium (Debian: apt-get install chromium);
a Chinese font (fonts-wqy-microhei or fonts-noto-cjk) makes the Chinese text readable. The server runs on
127.0.0.1 and a free port with its rooms in a temporary folder, and is stopped at the end."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, ViewportSize, sync_playwright

from gouji_variants.server.client import Client

ROOT = Path(__file__).resolve().parents[1]
SIZES: dict[int, ViewportSize] = {360: {"width": 360, "height": 740}, 1280: {"width": 1280, "height": 800}}
WAIT = 30_000  # ms
SERVE = """import sys, uvicorn
from gouji_variants.server.app import create_app
app = create_app(sys.argv[2], pace=0.0, processes=0)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """A room server on a free port of 127.0.0.1; its address."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-c", SERVE, str(port), str(folder / "rooms.db")], cwd=ROOT)
    address = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{address}/api/v1", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                if process.poll() is not None or time.monotonic() > end:
                    raise SystemExit("the room server did not start") from None
                time.sleep(0.2)
        yield address
    finally:
        process.terminate()
        process.wait(30)


def shoot(page: Page, out: Path, name: str, at: str | None = None) -> None:
    """The page at both sizes, from its top (or with the element ``at`` selects in view)."""
    for width, size in SIZES.items():
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        if at:
            page.locator(at).scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"{name}-{width}.png"))
        print(out / f"{name}-{width}.png")


def rules(browser: Any, address: str, out: Path) -> None:
    page = browser.new_page(viewport=SIZES[1280])
    page.goto(f"{address}/#/rules")
    page.wait_for_selector(".status.ok", timeout=WAIT)
    page.locator('[data-pack="bie3"]').check()
    page.locator("[data-section=plays] > summary").click()
    page.locator('[data-rule="plays.kills"] input.expr').first.fill("B by R, +1 card")
    page.wait_for_selector('[data-section="plays"] .count:not(:empty)', timeout=WAIT)
    page.locator('[data-rule="plays.kills"]').scroll_into_view_if_needed()
    shoot(page, out, "rules")
    page.close()


def room(browser: Any, address: str, out: Path) -> None:
    made = httpx.post(f"{address}/api/v1/rooms", json={"ruleset": "qingdao", "host": "老王", "games": 4, "timer": 60,
                                                       "bots": {"4": "heuristic", "5": "heuristic"}}).json()
    guest = browser.new_page()
    guest.goto(f"{address}/#/room/{made['room']}")
    guest.locator("#join-name").fill("小李")
    guest.locator("#join").click()
    guest.wait_for_selector("#accept", timeout=WAIT)
    guest.locator("#accept").click()
    guest.wait_for_selector("#accepted-note", timeout=WAIT)
    guest.locator("#against").select_option("dagang")
    guest.locator("#compare").click()
    guest.wait_for_selector(".diff-box :first-child", timeout=WAIT)
    shoot(guest, out, "room")
    guest.locator("#propose-open").click()  # 小李 proposes 憋3; the host sees it as a diff, to apply or reject
    guest.wait_for_selector(".propose .status.ok", timeout=WAIT)
    guest.locator('.propose [data-pack="bie3"]').check()
    guest.wait_for_selector('.propose [data-section="bie3"] .count:not(:empty)', timeout=WAIT)
    guest.wait_for_selector(".propose .status.ok", timeout=WAIT)
    guest.locator("#propose-reason").fill("我们平时都打憋3")
    guest.locator("#send-proposal").click()
    host = browser.new_page()
    host.goto(f"{address}/#/room/{made['room']}?t={made['token']}")
    host.wait_for_selector("#proposals .diff", timeout=WAIT)
    shoot(host, out, "proposal", at="#proposals")
    host.close()
    guest.close()


def table(browser: Any, address: str, out: Path) -> None:
    made = httpx.post(f"{address}/api/v1/rooms", json={"ruleset": "qingdao", "host": "老王", "timer": 60, "hints": True,
                                                       "bots": {str(seat): "heuristic" for seat in range(1, 6)}}).json()
    page = browser.new_page(viewport=SIZES[1280])
    page.goto(f"{address}/#/room/{made['room']}?t={made['token']}")
    page.wait_for_selector("#accept", timeout=WAIT)
    page.locator("#accept").click()
    for _ in range(200):  # play on until the host has something to beat, with plays to choose from
        page.wait_for_selector(".table-box.my-turn", timeout=WAIT)
        quick = page.locator(".quick [data-play]")
        if page.locator(".top-cards").count() and quick.count() > 1:
            for symbol in quick.first.get_attribute("data-play") or "":
                page.locator(f'.hand button[data-rank="{symbol}"][aria-pressed="false"]').first.click()
            page.locator("#hint").click()
            page.wait_for_selector("#hint-box strong", timeout=WAIT)
            shoot(page, out, "table")
            break
        decide(page)
    else:
        raise SystemExit("no decision with a play to beat came up")
    page.close()


async def offered(address: str) -> tuple[str, str]:
    """Six people who play random legal actions over the protocol until one is offered a burn (烧牌): the room
    and that seat's token (a page resumes the seat with it)."""
    for seed in range(20):
        made = httpx.post(f"{address}/api/v1/rooms", json={"ruleset": "qingdao", "host": "老王"}).json()
        ws = address.replace("http", "ws", 1) + "/ws/v1"
        host = await Client.connect(ws)
        await host.open("resume", made["room"], token=made["token"])
        seats = [host]
        for name in ("小李", "阿强", "大刘", "小芳", "老张"):
            seats.append(await Client.connect(ws))
            await seats[-1].open("join", made["room"], name=name)
        for client in seats:
            await client.send({"type": "accept", "fingerprint": made["info"]["rules"]["fingerprint"]})
        rng, version = random.Random(seed), 0
        try:
            while True:
                for client in seats:  # every seat's state at this version
                    while client.state is None or client.state["version"] < version:
                        await client.until("state")
                mover = next((client for client in seats if client.state and client.state["legal"]), None)
                if mover is None or mover.state is None or mover.state["observation"]["places"]:
                    break  # the game ended first: another room
                legal = mover.state["legal"]
                if any(action["type"] == "burn" for action in legal):
                    return made["room"], mover.token or ""
                await mover.act(rng.choice(legal))
                await mover.until("done")
                version += 1
        finally:
            for client in seats:
                await client.close()
    raise SystemExit("no burn offer came up")


def burn(browser: Any, address: str, out: Path, room_token: tuple[str, str]) -> None:
    """A 烧牌 offer on the seat offered it: 过 the main choice, a few legal burns suggested, the cards of one
    raised (the burn chosen by selecting its cards, then 烧)."""
    code, token = room_token
    page = browser.new_page(viewport=SIZES[1280])
    page.goto(f"{address}/#/room/{code}?t={token}")
    page.wait_for_selector(".offers [data-suggest]", timeout=WAIT)
    page.locator(".offers [data-suggest]").first.click()
    page.wait_for_selector("#send-burn", timeout=WAIT)
    shoot(page, out, "burn", at="#send-burn")
    page.close()


def decide(page: Page) -> None:
    """Take one decision: pass where one may, else the lowest card (or 还贡); wait for the next state."""
    before = page.locator(".table-box").get_attribute("data-version")
    passing = page.locator('[data-action="pass"]')
    if passing.count():
        passing.first.click()
    else:
        page.locator(".hand button").first.click()
        page.locator("#send-play, #send-return").first.click()
    if page.locator("dialog.confirm[open]").count():
        page.locator("#confirm-yes").click()
    page.wait_for_selector(f'.table-box:not([data-version="{before}"]), #game-over', timeout=WAIT)


def end(browser: Any, address: str, out: Path) -> None:
    """The end of the first game of a two-game match: places by name, scores, what the next game owes."""
    made = httpx.post(f"{address}/api/v1/rooms", json={"ruleset": "qingdao", "host": "老王", "games": 2,
                                                       "bots": {str(seat): "heuristic" for seat in range(1, 6)}}).json()
    page = browser.new_page(viewport=SIZES[1280])
    page.goto(f"{address}/#/room/{made['room']}?t={made['token']}")
    page.wait_for_selector("#accept", timeout=WAIT)
    page.locator("#accept").click()
    for _ in range(400):
        page.wait_for_selector(".table-box.my-turn, #game-over", timeout=WAIT)
        if page.locator("#game-over").count():
            shoot(page, out, "end", at=".after")
            break
        decide(page)
    else:
        raise SystemExit("the game did not end")
    page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder)) as address:
        burning = asyncio.run(offered(address))  # (before Playwright's sync API holds the event loop)
        with sync_playwright() as playwright:
            shots(playwright.chromium.launch(executable_path=args.chromium), address, args.out, burning)


def shots(browser: Any, address: str, out: Path, burning: tuple[str, str]) -> None:
    """Every screenshot, with ``browser`` (closed at the end)."""
    try:
        rules(browser, address, out)
        room(browser, address, out)
        table(browser, address, out)
        burn(browser, address, out, burning)
        end(browser, address, out)
    finally:
        browser.close()


if __name__ == "__main__":
    main()
