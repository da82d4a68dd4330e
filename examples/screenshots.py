"""The page's screenshots in docs/screenshots/: the rules form, a room, the table and the end of a game, each at
360×740 (a phone) and 1280×800 (a desktop), taken from a real room server in Chromium.

    python examples/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Needs the [web] extra and Playwright (the [test] extra) and a Chromium (Debian: apt-get install chromium);
a Chinese font (fonts-wqy-microhei or fonts-noto-cjk) makes the Chinese text readable. The server runs on
127.0.0.1 and a free port with its rooms in a temporary folder, and is stopped at the end."""

from __future__ import annotations

import argparse
import contextlib
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
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder)) as address, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium)
        try:
            rules(browser, address, args.out)
            room(browser, address, args.out)
            table(browser, address, args.out)
            end(browser, address, args.out)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
