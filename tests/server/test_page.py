"""The web page in a real browser (Playwright driving Debian's Chromium) against the real room server:
six players create and join a room, a rules change clears the acceptances, all accept, and they play a
whole game to its places by taps and typed notation, one of them reloading mid-game and one on a phone,
the server's events in the log; a player alone with bots asks for a hint and is asked to confirm 革命;
the rules form checks expressions while typing; a ruleset's hostile text shows as text."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("GOUJI_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set GOUJI_CHROMIUM)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (the [test] extra) is not installed")
pytest.importorskip("starlette", reason="the [web] extra is not installed")

from server_helpers import Server  # noqa: E402

from gouji_variants.ruleset.rules import PLACE_NAMES  # noqa: E402

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
WAIT = 20_000  # ms a step may take
NO_TWOS = """id: no-twos
kind: ruleset
name: {zh: 无王无2, en: "No jokers, no twos"}
extends: [dagang]
deck:
  recipe: "4 decks, remove 16 of 2, remove 4 of R, remove 4 of B"
revolution:
  void_at: 6
"""  # every hand may declare 革命; only all six void the game
OURS = """id: ours
kind: ruleset
name: {zh: 我们的家规, en: Our rules}
description: {zh: 周末打的, en: What we play at weekends}
extends: [qingdao, bie3]
"""
HOSTILE = """id: hostile
kind: ruleset
name: {zh: "<script>window.pwned=1</script>家规", en: "<img src=x onerror=window.pwned=1>"}
description: {zh: "<b>粗</b>", en: "</p><script>window.pwned=2</script>"}
extends: [dagang]
"""


@pytest.fixture(scope="module")
def server(room_server: Server) -> Server:
    """The shared room server of tests/server (conftest.py): bots at once, rooms of its own."""
    return room_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM))
        yield launched
        launched.close()


def open_page(browser: Any, url: str, viewport: dict[str, int] = DESKTOP) -> Any:
    context = browser.new_context(viewport=viewport, bypass_csp=True)  # the escaping alone must hold
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    return page


def test_the_rules_form_checks_while_typing_and_updates_the_fingerprint(server: Server, browser: Any) -> None:
    page = open_page(browser, f"{server.http}/#/rules", PHONE)
    page.wait_for_selector(".status.ok", timeout=WAIT)
    before = page.locator(".preview .fingerprint code").text_content()
    page.locator("[data-section=plays] > summary").click()
    kills = page.locator('[data-rule="plays.kills"] input.expr').first
    kills.fill("B by RR")
    page.wait_for_selector(".status.bad", timeout=WAIT)
    error = page.locator('[data-rule="plays.kills"] .field-error').text_content()
    assert ":" in error and "/plays/kills/0" in error and "^" in error  # file:line:col, pointer, caret
    kills.fill("B by R, +1 card")
    page.wait_for_selector(".status.ok", timeout=WAIT)
    page.wait_for_function(f"document.querySelector('.preview .fingerprint code').textContent !== {before!r}")
    page.locator('[data-pack="bie3"]').check()
    page.wait_for_selector('[data-section="bie3"] .count:not(:empty)', timeout=WAIT)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    made = page.locator(".preview .fingerprint code").text_content()
    page.locator("#lang").click()  # English: the page is rebuilt in the other language with the edits kept
    page.wait_for_function("document.documentElement.lang === 'en'", timeout=WAIT)
    page.wait_for_selector('[data-section="bie3"] .count:not(:empty)', timeout=WAIT)
    assert page.locator('[data-rule="plays.kills"] input.expr').first.input_value() == "B by R, +1 card"
    assert page.locator('[data-pack="bie3"]').is_checked()
    assert page.locator(".preview .fingerprint code").text_content() == made
    assert page.locator("[data-section=plays]").get_attribute("open") is not None
    assert page.errors == []
    page.context.close()


def test_a_hostile_ruleset_shows_as_text(server: Server, browser: Any) -> None:
    page = open_page(browser, f"{server.http}/#/rules")
    page.wait_for_selector(".status.ok", timeout=WAIT)
    form_tab = page.get_by_role("tab", name="表单")
    form_tab.focus()
    form_tab.press("ArrowRight")  # the tabs pattern: arrows move to the next tab and show it
    yaml_tab = page.get_by_role("tab", name="YAML")
    assert yaml_tab.get_attribute("aria-selected") == "true" and yaml_tab.evaluate("t => t === document.activeElement")
    assert page.locator("textarea.yaml").is_visible() and form_tab.get_attribute("tabindex") == "-1"
    page.locator("textarea.yaml").fill(HOSTILE)
    page.wait_for_function("document.querySelector('.preview h2').textContent.includes('<script>')", timeout=WAIT)
    assert page.locator(".preview .card script, .preview .card img, .preview .card b").count() == 0
    assert page.evaluate("window.pwned") is None and page.errors == []
    page.context.close()


def room_rules(server: Server, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.http}/api/v1/rooms/{urllib.parse.quote(code)}", timeout=30) as answer:
        rules: dict[str, Any] = json.loads(answer.read())["rules"]
    return rules


def test_the_rules_are_edited_twice_from_the_rooms_rules_and_each_change_is_announced(server: Server,
                                                                                      browser: Any) -> None:
    """The host's editor starts from the room's current rules (a pack, a name, an override kept through a
    reload); every seat is told what changed by rule title; a joiner compares before sitting."""
    host = open_page(browser, f"{server.http}/#/new", PHONE)
    host.wait_for_selector(".status.ok", timeout=WAIT)
    host.get_by_role("tab", name="YAML").click()
    host.locator("textarea.yaml").fill(OURS)
    host.wait_for_function("document.querySelector('.preview h2').textContent.includes('我们的家规')", timeout=WAIT)
    host.locator("#host-name").fill("房主")
    assert "0号位: 你" in host.locator(".settings").text_content() and host.locator(".why-zero").is_visible()
    host.locator("#create-room").click()
    code = host.wait_for_selector("#room-code", timeout=WAIT).text_content()
    guest = open_page(browser, f"{server.http}/#/new", PHONE)
    sockets: list[Any] = []
    cut = threading.Event()

    def through(socket: Any) -> None:  # the page's WebSocket, passed through to the server until cut
        if cut.is_set():
            socket.close()
        else:
            socket.connect_to_server()
            sockets.append(socket)
    guest.route_web_socket("**/ws/v1*", through)
    guest.goto(f"{server.http}/#/room/{code}")
    guest.wait_for_selector("#join-name", timeout=WAIT)
    guest.locator("#compare").click()  # before taking a seat: each difference by its Chinese title and sentence
    guest.wait_for_selector(".diff-box .diff", timeout=WAIT)
    titles = guest.locator(".diff-box .diff li strong").all_text_contents()
    assert titles and all(re.search(r"[\u4e00-\u9fff]", title) and "." not in title for title in titles), titles
    guest.locator("#join-name").fill("客人")
    guest.locator("#join").click()
    guest.wait_for_selector("#accept", timeout=WAIT)
    seats = guest.locator(".seats").text_content()  # numbered 0-5 as on the create form, the records and the log
    assert "0号位" in seats and "5号位" in seats and "6号位" not in seats, seats

    def edit(change: Any) -> None:
        host.locator("#change-rules").click()
        host.wait_for_selector(".host .status.ok", timeout=WAIT)
        assert host.locator('.host [data-pack="bie3"]').is_checked()  # the room's rules, not the bare base
        assert host.locator(".host .names input").first.input_value() == "我们的家规"
        before = room_rules(server, code)["fingerprint"]
        change()
        host.wait_for_function(f"document.querySelector('.host .preview .fingerprint code').textContent !== {before!r}",
                               timeout=WAIT)
        host.wait_for_selector(".host .status.ok", timeout=WAIT)
        host.locator("#apply-rules").click()
        guest.wait_for_function(f"(document.querySelector('#rules-changes .diff') || {{}}).textContent"
                                f" && !document.querySelector('#rules-changes').textContent.includes({before!r})",
                                timeout=WAIT)

    def burning_off() -> None:
        host.locator('.host [data-section="burning"] > summary').click()
        host.locator('.host [data-rule="burning.enabled"] input').uncheck()

    edit(burning_off)
    told = guest.locator("#rules-changes").text_content()
    assert "烧牌" in told and "burning.enabled burning.enabled" not in told, told
    host.reload()  # the editor is made again from the room's rules (not from what this page kept)
    host.wait_for_selector("#change-rules", timeout=WAIT)
    host.evaluate("sessionStorage.clear()")

    def manguan_on() -> None:
        assert not host.locator('.host [data-rule="burning.enabled"] input').is_checked()  # the first change kept
        host.locator('.host [data-pack="manguan"]').check()

    edit(manguan_on)
    assert "满贯" in guest.locator("#rules-changes").text_content()
    rules = room_rules(server, code)
    assert {"bie3", "manguan"} <= set(rules["extends"]) and rules["name"]["zh"] == "我们的家规"
    assert rules["resolved"]["burning"]["enabled"] is False and rules["description"]["zh"] == "周末打的"
    fingerprint = rules["fingerprint"]  # invalid rules are never posted: the page says why instead
    host.locator('.host [data-section="plays"] > summary').click()
    host.locator('.host [data-rule="plays.kills"] input.expr').first.fill("B by RR")
    host.wait_for_selector(".host .status.bad", timeout=WAIT)
    host.locator("#apply-rules").click()
    assert "还没通过检查" in host.locator(".host").text_content()
    assert room_rules(server, code)["fingerprint"] == fingerprint
    cut.set()  # the server goes away: a tap while disconnected is refused with a message, not dropped silently
    for socket in sockets:
        socket.close()
    guest.wait_for_function("document.querySelector('.status').textContent", timeout=WAIT)
    guest.locator("#accept").click()
    assert "未连接" in guest.locator(".notice").text_content()
    assert host.errors == [] and guest.errors == []
    host.context.close()
    guest.context.close()


def my_turn(page: Any) -> bool:
    return bool(page.locator(".table-box.my-turn").count())


def version(page: Any) -> str | None:
    found: str | None = page.locator(".table-box").get_attribute("data-version")
    return found


def act(page: Any, typed: bool, keys: bool) -> None:
    """Take one legal choice (:func:`choose`) and wait until the state moved on; a confirmation is answered yes."""
    before = version(page)
    choose(page, typed, keys)
    if page.locator("dialog.confirm[open]").count():
        page.locator("#confirm-yes").click()
    page.wait_for_function(f"document.querySelector('.table-box').dataset.version !== {before!r}"
                           " || document.querySelector('.notice').textContent", timeout=WAIT)
    assert not page.locator(".notice").text_content(), page.locator(".notice").text_content()


def choose(page: Any, typed: bool, keys: bool) -> None:
    """Take one legal choice the way a player would: a listed play (tapped, or typed), pass (clicked, or typed
    过), or a lead of the lowest cards that make a legal play (typed, or chosen by tapping); with ``keys``,
    tapping and clicking are done from the keyboard (focus, Space or Enter)."""
    quick = page.locator(".quick [data-play]")
    if quick.count():
        cards = quick.first.get_attribute("data-play")
        if typed:
            send_typed(page, " ".join(cards))
        else:
            tap(page, cards, keys)
        return
    if page.locator('[data-action="pass"]').count():
        if typed:
            send_typed(page, "过")
        else:
            press(page.locator('[data-action="pass"]').first, keys)
        return
    ranks = page.eval_on_selector_all(".hand .rank-group", "gs => gs.map(g => g.querySelectorAll('button').length"
                                      " + g.querySelector('button').dataset.rank)")
    lowest = ranks[0][-1] * int(ranks[0][:-1])
    if typed:  # the whole lowest group, typed: when the rules refuse it, the page says so and nothing is sent
        page.locator("#typed").fill(" ".join(lowest))
        page.locator("#typed").press("Enter")
        if not page.locator(".notice").text_content():
            return
    elif tap(page, lowest, keys):
        return
    for symbol, count in ((r[-1], int(r[:-1])) for r in ranks):  # else card by card, lowest first
        for _ in range(count):
            press(page.locator(f'.hand button[data-rank="{symbol}"][aria-pressed="false"]').first, keys)
            if page.locator("#send-play, #send-return").count():
                press(page.locator("#send-play, #send-return").first, keys)
                return
    raise AssertionError(f"no legal choice found: {page.locator('.actions').inner_html()}")


def send_typed(page: Any, text: str) -> None:
    page.locator("#typed").fill(text)
    page.locator("#typed").press("Enter")


def press(button: Any, keys: bool) -> None:
    """Click a button, or focus it and press Enter (Space on a card); a card keeps the focus once redrawn."""
    if not keys:
        button.click()
        return
    card = button.get_attribute("data-rank")
    button.focus()
    button.press("Space" if card else "Enter")
    if card:
        assert button.page.evaluate("document.activeElement.dataset.rank") == card  # the focus stays on the card


def tap(page: Any, cards: str, keys: bool = False) -> bool:
    """Tap the cards; send them when the page offers them as a legal choice, else clear the selection."""
    for symbol in cards:
        press(page.locator(f'.hand button[data-rank="{symbol}"][aria-pressed="false"]').first, keys)
    offered = page.locator("#send-play, #send-burn, #send-return")
    if offered.count():
        press(offered.first, keys)
        return True
    press(page.locator("#clear-selection"), keys)
    return False


def test_six_players_agree_then_play_a_whole_game(server: Server, browser: Any, tmp_path: Path) -> None:
    host = open_page(browser, f"{server.http}/#/new")
    host.wait_for_selector(".status.ok", timeout=WAIT)
    host.locator("#host-name").fill("房主")
    host.locator("#create-room").click()
    code = host.wait_for_selector("#room-code", timeout=WAIT).text_content()
    players = [host]
    for number in range(1, 6):
        page = open_page(browser, f"{server.http}/#/room/{code}", PHONE if number == 3 else DESKTOP)
        page.locator("#join-name").fill(f"玩家{number}")
        page.locator("#join").click()
        page.wait_for_selector("#accept", timeout=WAIT)
        players.append(page)
    for page in players[:3]:
        page.locator("#accept").click()
    players[1].wait_for_selector('.seats [data-accepted="true"] >> nth=2', timeout=WAIT)
    # the host turns burning off: every acceptance is cleared
    host.locator("#change-rules").click()
    host.wait_for_selector(".host .status.ok", timeout=WAIT)
    host.locator('.host [data-section="burning"] > summary').click()
    host.locator('.host [data-rule="burning.enabled"] input').uncheck()
    host.wait_for_selector('.host [data-section="burning"] .count:not(:empty)', timeout=WAIT)
    host.wait_for_selector(".host .status.ok", timeout=WAIT)
    before = players[5].locator("#accept").text_content()  # (its fingerprint: a seat that has not accepted yet)
    host.locator("#apply-rules").click()
    for page in players:  # each page shows the new rules before it accepts them (an old #accept would accept the old)
        page.wait_for_function("(before) => { const b = document.querySelector('#accept'); return b && b.textContent !== before; }",
                               arg=before, timeout=WAIT)
        assert page.locator('.seats [data-accepted="true"]').count() == 0
    for page in players:
        page.locator("#accept").click()
    for page in players:
        page.wait_for_selector(".table-box:not([hidden])", timeout=WAIT)
        assert page.locator(".lobby").is_hidden()
    assert players[3].evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    actions, reloaded, end = 0, False, time.monotonic() + 150
    while not all(page.locator("#game-over").count() for page in players):
        assert time.monotonic() < end, f"the game did not finish ({actions} actions)"
        turn = next((seat for seat, page in enumerate(players) if my_turn(page)), None)
        if turn is None:
            players[0].wait_for_timeout(20)
            continue
        assert not players[turn].locator("#hint").count()  # the room does not allow hints
        act(players[turn], typed=turn % 2 == 1, keys=turn == 4)  # 1, 3, 5 type; 0, 2 tap; 4 uses the keyboard
        actions += 1
        if actions == 12 and not reloaded:  # a reload mid-game: back in the same seat, same hand, same log
            hand = players[2].locator(".hand").text_content()
            log = players[2].locator(".log li").all_text_contents()
            pieced = players[2].locator(".table-box").get_attribute("data-history")  # from the lean deltas
            players[2].reload()
            players[2].wait_for_selector(".table-box:not([hidden]) .hand button", timeout=WAIT)
            assert players[2].locator(".hand").text_content() == hand
            assert players[2].locator(".table-box").get_attribute("data-history") == pieced  # sent whole
            assert players[2].locator(".log li").all_text_contents()[:len(log)] == log
            reloaded = True
    assert reloaded and actions > 20
    for page in players:
        assert page.locator(".places li").count() == 6
        assert "终局" in page.locator(".log").text_content()  # the server's words for the end of the game
        assert any(ch.isdigit() for ch in page.locator("#totals").text_content())
        assert page.errors == []
    players[1].locator("#lang").click()  # the log again, in English: the server's words in the other language
    players[1].wait_for_function("document.documentElement.lang === 'en'", timeout=WAIT)
    players[1].wait_for_selector(".log li", timeout=WAIT)
    english = players[1].locator(".log").text_content()
    assert "over:" in english and "终局" not in english
    with host.expect_download() as download:
        host.locator("#records").click()
    saved = tmp_path / "room.jsonl"
    download.value.save_as(saved)
    checked = subprocess.run([sys.executable, "-m", "gouji_variants", "replay", str(saved)], capture_output=True,
                             text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert checked.returncode == 0 and "1 game: 1 ok" in checked.stdout, checked.stdout + checked.stderr
    record = json.loads(saved.read_text(encoding="utf-8"))  # the end-of-game panel names the players of each place
    placed = sorted(range(6), key=lambda seat: PLACE_NAMES.index(record["result"]["places"][seat]))
    for me, page in enumerate(players):  # (page i sits at seat i) each place: you, or the name and its relation
        page.wait_for_function("document.querySelectorAll('.places li').length === 6", timeout=WAIT)  # (en: redrawn)
        you = "you" if page.evaluate("document.documentElement.lang") == "en" else "你"
        shown = [item.split(": ", 1)[1] for item in page.locator(".places li").all_text_contents()]
        named = [you if seat == me else record["headers"]["players"][seat] + "（" for seat in placed]
        assert all(item.startswith(name) for item, name in zip(shown, named, strict=True)), (shown, named)
    host.locator("#open-replay").click()
    host.wait_for_selector(".replay-step:not(:empty)", timeout=WAIT)
    first = host.locator(".replay-step").text_content()
    host.locator("#replay-next").click()
    assert "2" in host.locator(".step-n").text_content() and host.locator(".replay-step").text_content() != first
    for page in players:
        page.context.close()


def test_alone_with_bots_a_hint_and_a_confirmation(server: Server, browser: Any) -> None:
    page = open_page(browser, f"{server.http}/#/new", PHONE)
    page.wait_for_selector(".status.ok", timeout=WAIT)
    page.get_by_role("tab", name="YAML").click()
    page.locator("textarea.yaml").fill(NO_TWOS)
    page.wait_for_function("document.querySelector('.preview h2').textContent.includes('无王无2')", timeout=WAIT)
    page.locator("#host-name").fill("独自")
    for seat in range(1, 6):
        page.locator(f"#bot-{seat}").select_option("heuristic")
    page.locator("#hints").check()
    page.locator("#games").fill("2")  # a match of two: the first game's end says what the second owes
    page.locator("#create-room").click()
    assert "允许提示" in page.wait_for_selector("#room-settings", timeout=WAIT).text_content()
    page.locator("#accept").click()
    page.wait_for_selector(".table-box.my-turn", timeout=WAIT)  # 革命 or not: every hand may declare
    box = {at: page.locator(f'.ring li[data-at="{at}"]').bounding_box() for at in range(6)}  # round an oval
    y = [box[at]["y"] for at in range(6)]
    assert y[3] <= y[2] < y[1] < y[0] and y[3] <= y[4] < y[5] < y[0]
    assert box[5]["x"] < box[3]["x"] < box[1]["x"] and box[4]["x"] < box[0]["x"] < box[2]["x"]
    assert "你" in page.locator('.ring li[data-at="0"]').text_content()
    assert "对头" in page.locator('.ring li[data-at="3"]').text_content()
    sizes = page.eval_on_selector_all(".hand button.card, [data-action]",
                                      "bs => bs.map(b => [b.offsetWidth, b.offsetHeight])")
    assert sizes and all(w >= 40 and h >= 40 for w, h in sizes), sizes  # tap targets on a 360-px phone
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert page.locator('[data-action="revolution"]').count()
    page.locator("#hint").click()  # the heuristic bot's advice, with its reason
    advice = page.wait_for_selector("#hint-box strong", timeout=WAIT)
    assert advice.text_content() and len(page.locator("#hint-box").text_content()) > len(advice.text_content()) + 5
    before = version(page)
    page.locator('[data-action="revolution"]').click()  # the server's question, then no: nothing is sent
    question = page.wait_for_selector("dialog.confirm[open]", timeout=WAIT).text_content()
    assert "本局你不出牌" in question and "确定吗" in question, question
    page.locator("#confirm-no").click()
    page.wait_for_timeout(300)
    assert version(page) == before and my_turn(page) and not page.locator("dialog.confirm[open]").count()
    act(page, typed=False, keys=False)  # pass: no 革命 (with every bot declaring it, the seat plays on alone)
    end = time.monotonic() + 60
    while not page.locator("#game-over").count():
        assert time.monotonic() < end, "the game did not finish"
        if my_turn(page):
            assert page.evaluate(NOTATION_SHOWN) == [], "card notation outside the notation box"
            passing = page.locator('[data-action="pass"]')
            assert not passing.count() or "primary" in (passing.get_attribute("class") or "")  # 过 the main choice
            act(page, typed=False, keys=False)
        else:
            page.wait_for_timeout(20)
    assert "终局" in page.locator(".log").text_content() and page.errors == []
    owed = page.locator("#dues").text_content()  # the tribute the next game owes, by the players' names
    assert "下一局" in owed and ("进" in owed or "不进贡" in owed), owed
    page.context.close()


def test_the_table_on_a_slow_phone(server: Server, browser: Any) -> None:
    """A benchmark, not a timed assertion: with the CPU throttled 4× (DevTools' Emulation.setCPUThrottlingRate),
    how long the page takes to show the table and to draw each state (printed; run with -s to read)."""
    context = browser.new_context(viewport=PHONE, bypass_csp=True)  # (the test's wait_for_function evaluates)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    created = server.create(ruleset="dagang", bots={str(seat): "heuristic" for seat in range(1, 6)})
    page.goto(f"{server.http}/#/room/{created['room']}?t={created['token']}")
    page.locator("#accept").click()
    page.wait_for_selector(".table-box:not([hidden]) .hand button", timeout=WAIT)
    page.reload()
    page.wait_for_selector(".table-box:not([hidden]) .hand button", timeout=WAIT)
    shown = page.evaluate("performance.getEntriesByName('gouji-render')[0].startTime"
                          " + performance.getEntriesByName('gouji-render')[0].duration")
    for _ in range(6):
        if my_turn(page):
            act(page, typed=False, keys=False)
        else:
            page.wait_for_timeout(100)
    renders = page.evaluate("performance.getEntriesByName('gouji-render').map(e => e.duration)")
    assert renders and shown > 0
    print(f"\nCPU 4x slower: the table shown {shown:.0f} ms after the page opened; {len(renders)} states drawn, "
          f"median {sorted(renders)[len(renders) // 2]:.1f} ms, slowest {max(renders):.1f} ms")
    context.close()


#: the visible text of the table that holds card notation (T for 10, B/R/W for the jokers) outside the
#: notation box (the typed form): a player reads 10, 小王, 大王 everywhere else
NOTATION_SHOWN = r"""() => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector(".table-box"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (el.closest("form.typed") || !el.getClientRects().length) continue;
    const notation = /(?<![A-Za-z0-9])[2-9TJQKABRW]*[TBRW][2-9TJQKABRW]*(?![A-Za-z0-9])/g;
    for (const m of node.textContent.matchAll(notation)) found.push(`${m[0]} in "${node.textContent.slice(0, 60)}"`);
  }
  return found;
}"""


#: every visible piece of text whose colour on its (composited) background falls below WCAG 2's AA
#: contrast: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold); disabled controls are exempt
LOW_CONTRAST = """() => {
  const rgba = (text) => { const v = text.match(/[\\d.]+/g).map(Number); return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3])).concat([1]);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const background = (el) => {
    const layers = [];
    for (let at = el; at; at = at.parentElement) { const c = rgba(getComputedStyle(at).backgroundColor); if (c[3] > 0) layers.push(c); if (c[3] >= 1) break; }
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
  };
  const low = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length || el.closest("[disabled], [hidden], dialog:not([open])")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
    const back = background(el), fore = over(rgba(style.color), back);
    const [a, b] = [lum(fore), lum(back)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05), size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    if (ratio < need) low.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)} < ${need}`);
  }
  return low;
}"""


def test_every_text_has_enough_contrast(server: Server, browser: Any) -> None:
    """The rules form, a room's lobby and the table, measured in the browser (WCAG 2 AA), not by eye."""
    page = open_page(browser, f"{server.http}/#/new", PHONE)
    page.wait_for_selector(".status.ok", timeout=WAIT)
    assert page.evaluate(LOW_CONTRAST) == [], "the rules form"
    page.locator("#host-name").fill("看")
    for seat in range(1, 6):
        page.locator(f"#bot-{seat}").select_option("heuristic")
    page.locator("#create-room").click()
    page.wait_for_selector("#accept", timeout=WAIT)
    assert page.evaluate(LOW_CONTRAST) == [], "the lobby"
    page.locator("#accept").click()
    page.wait_for_selector(".table-box", timeout=WAIT)
    page.wait_for_timeout(500)
    assert page.evaluate(LOW_CONTRAST) == [], "the table"
    page.context.close()
