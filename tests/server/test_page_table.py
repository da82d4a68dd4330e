"""The table in a real browser (Playwright driving Debian's Chromium) against the real room server, checked
against the scene the server sent: each seat's name, relation, count and turn marker as the scene states
them, the end panel's places as the last scene ranks them; a hand selected by tapping a stack again and by
dragging across it; a 烧牌 offer forced, and what each of the six pages shows of it."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from server_helpers import Server, close_all, latest, seated
from test_page import PHONE, WAIT, act, browser, my_turn, server  # noqa: F401 (the fixtures, shared)

RELATION_WORDS = {"duitou": "对头", "team-mate": "联邦", "opponent": "对手"}
PRIVATE_TURN = "等一位玩家决定是否烧牌或革命"
#: the seed of the server whose two-game match leaves tribute owed after the first game
LOG_SEED = 2


def recording(launched: Any, url: str, viewport: dict[str, int] = PHONE) -> tuple[Any, list[dict[str, Any]]]:
    """A page of browser ``launched`` at ``url`` and the list the server's messages to it are kept in (its
    WebSocket passed through)."""
    context = launched.new_context(viewport=viewport, bypass_csp=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    sent: list[dict[str, Any]] = []

    def through(socket: Any) -> None:
        upstream = socket.connect_to_server()
        socket.on_message(upstream.send)

        def down(message: str | bytes) -> None:
            sent.append(json.loads(message))
            socket.send(message)
        upstream.on_message(down)

    page.route_web_socket("**/ws/v1*", through)
    page.goto(url)
    return page, sent


def last_state(sent: list[dict[str, Any]]) -> dict[str, Any]:
    return [message for message in sent if message["type"] == "state"][-1]


def four_in_a_row(page: Any) -> tuple[dict[str, float], dict[str, float]]:
    """The boxes of the first and last of four cards side by side in one row of the hand, the first the lowest of
    its rank (raising a card raises those of its rank before it): a drag from one to the other raises just those
    four. (The hand wraps by rank groups, so its first four cards need not share a row.)"""
    cards = page.locator(".hand button.card")
    found = cards.evaluate_all("""cards => cards.map((card, i) => i + 3 < cards.length && card.dataset.i === "0"
        && cards.slice(i, i + 4).every((next) => next.getBoundingClientRect().top === card.getBoundingClientRect().top))
        .indexOf(true)""")
    assert found >= 0, "no four cards side by side in a row of the hand"
    cards.nth(found + 3).scroll_into_view_if_needed()
    return cards.nth(found).bounding_box(), cards.nth(found + 3).bounding_box()


def check_seats(page: Any, scene: dict[str, Any], names: list[str]) -> None:
    """Each seat of the ring as the scene states it: the relation, the name (or 你), the count, the turn marker."""
    for seat in range(6):
        ring = page.locator(f'.ring li[data-seat="{seat}"]')
        text, relation = ring.text_content(), scene["relations"][seat]
        assert ring.get_attribute("data-relation") == relation
        assert ring.get_attribute("data-standing") == scene["standing"][seat]
        shown = text.removeprefix("▶ ")
        said = "你" if relation == "self" else f"{names[seat]}（{RELATION_WORDS[relation]}）"
        assert shown.startswith(said), text
        if scene["counts"][seat] is not None:
            assert f"{scene['counts'][seat]}张" in text, (text, scene["counts"][seat])
        turn = "turn" in (ring.get_attribute("class") or "")
        assert turn == scene["to_act"][seat] == text.startswith("▶"), (seat, text, scene["to_act"])


def test_the_table_is_drawn_from_the_scene_and_the_hand_is_tapped_and_dragged(server: Server,  # noqa: F811
                                                                               browser: Any) -> None:  # noqa: F811
    created = server.create(ruleset="qingdao", host="我", bots={str(seat): "heuristic" for seat in range(1, 6)})
    page, sent = recording(browser, f"{server.http}/#/room/{created['room']}?t={created['token']}")
    page.locator("#accept").click()
    page.wait_for_selector(".table-box.my-turn .hand button", timeout=WAIT)
    names = ["我"] + [f"机器人{n}" for n in range(1, 6)]  # the bots are named apart
    # a tap on a stack raises one card, each tap again one more; a drag across the hand raises what it passes
    group = page.locator(".hand .rank-group").filter(has=page.locator("button:nth-child(2)")).first
    group.locator("button").first.click()
    group.locator("button").first.click()
    assert group.locator('button[aria-pressed="true"]').count() == 2
    page.locator("#clear-selection").click()
    start, end = four_in_a_row(page)
    page.mouse.move(start["x"] + 8, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + 8, end["y"] + end["height"] / 2, steps=12)
    page.mouse.up()
    assert page.locator(".hand button.card.on").count() == 4  # each card the drag passed, of one rank or more
    page.locator("#clear-selection").click()
    # the turn sound: off until switched on, then a beep (made, not fetched) at each turn, the switch remembered
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    page.evaluate("""() => { window.beeps = 0; const made = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function () { window.beeps += 1; return made.call(this); }; }""")
    page.locator("#sound").click()
    assert page.locator("#sound").get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('gouji.sound')") == "on" and page.evaluate("window.beeps") == 1
    checked, deadline = 0, time.monotonic() + 120
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game did not finish"
        if my_turn(page):
            state = last_state(sent)
            assert page.locator(".table-box").get_attribute("data-version") == str(state["version"])
            check_seats(page, state["scene"], names)
            assert page.locator("#turn").text_content() == "轮到你了"
            checked += 1
            act(page, typed=False, keys=False)
        else:
            page.wait_for_timeout(20)
    page.wait_for_function("document.querySelectorAll('.places li').length === 6", timeout=WAIT)
    page.wait_for_function(f"document.querySelector('.table-box').dataset.version === "
                           f"'{[m for m in sent if m['type'] == 'state'][-1]['version']}'", timeout=WAIT)
    scene = last_state(sent)["scene"]
    assert checked and scene["places"] is not None
    placed = [int(item.get_attribute("data-seat")) for item in page.locator(".places li").all()]
    assert placed == scene["places"]  # the end panel ranks the players as the scene does, by name
    shown = [item.split(": ", 1)[1] for item in page.locator(".places li").all_text_contents()]
    assert all(text.startswith("你" if seat == 0 else names[seat]) for seat, text in zip(placed, shown, strict=True))
    points = scene["result"]["points"]  # each player's score for the game, as the scene's result states it
    assert all(f"得分 {points[seat]}" in text for seat, text in zip(placed, shown, strict=True))
    assert f"{scene['score'][0]}" in page.locator(".after").text_content()
    assert page.evaluate("window.beeps") > 1  # (a beep each time the turn came back)
    # the log names the seats its notes name as the page names players (the server's `parts`), never 3号位
    assert not re.search(r"[0-5]号位", page.locator(".log").text_content())
    assert page.errors == []
    page.context.close()


async def to_a_burn_offer(own: Server) -> tuple[str, list[str], int]:
    """Six people in a room play random legal actions until one of them is offered a burn (a new room when a
    game ends first): the room, the seats' tokens, the seat offered it."""
    for attempt in range(8):
        created = own.create(ruleset="qingdao", host="甲")
        clients = await seated(own, created, ["乙", "丙", "丁", "戊", "己"])
        for client in clients:
            await client.send({"type": "accept", "fingerprint": created["info"]["rules"]["fingerprint"]})
        rng, version = random.Random(attempt), 0
        while True:
            states = [await latest(client, version) for client in clients]
            if any(state["observation"]["places"] for state in states):
                break
            [mover] = [seat for seat, state in enumerate(states) if state["legal"] is not None]
            legal = states[mover]["legal"]
            if any(action["type"] == "burn" for action in legal):
                await close_all(clients)
                return created["room"], [client.token or "" for client in clients], mover
            await clients[mover].act(rng.choice(legal))
            await clients[mover].until("done")
            version += 1
        await close_all(clients)
    raise AssertionError("no burn offer in eight games")


def test_a_burn_offer_as_the_six_pages_show_it(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    with Server(tmp_path / "rooms.sqlite3", grace=600.0) as own:  # (the seats wait for their pages, no 托管)
        with ThreadPoolExecutor(1) as thread:  # (Playwright's sync API holds this thread's event loop)
            code, tokens, burner = thread.submit(asyncio.run, to_a_burn_offer(own)).result()
        pages = [recording(browser, f"{own.http}/#/room/{code}?t={token}") for token in tokens]
        for page, _ in pages:
            page.wait_for_selector(".table-box:not([hidden]) .ring li", timeout=WAIT)
        offered, _ = pages[burner]
        offered.wait_for_selector(".offers [data-suggest]", timeout=WAIT)
        assert offered.locator("#turn").text_content() == "轮到你了"
        assert offered.locator(".offers [data-suggest]").count() <= 3  # suggestions, not one button a burn
        assert offered.locator('[data-action="pass"]').get_attribute("class") == "primary"  # 过 the main choice
        for seat, (page, sent) in enumerate(pages):
            scene = last_state(sent)["scene"]
            check_seats(page, scene, ["甲", "乙", "丙", "丁", "戊", "己"])
            if seat != burner:  # a burn offer is the seat's own decision: the others are told someone decides
                assert not any(scene["to_act"]) and PRIVATE_TURN in page.locator("#turn").text_content()
                assert page.locator(".ring li.turn").count() == 0 and not my_turn(page)
        offered.locator(".offers [data-suggest]").first.click()  # the burn chosen by selecting its cards, then 烧
        offered.wait_for_selector("#send-burn", timeout=WAIT)
        before = offered.locator(".table-box").get_attribute("data-version")
        offered.locator("#send-burn").click()
        if offered.locator("dialog.confirm[open]").count():
            offered.locator("#confirm-yes").click()
        for page, _ in pages:
            page.wait_for_function(f"document.querySelector('.table-box').dataset.version !== {before!r}",
                                   timeout=WAIT)
        for page, sent in pages:  # the burn is public: every page shows the burner, and the turn as its scene says
            assert "烧牌中" in page.locator(f'.ring li[data-seat="{burner}"]').text_content()
            check_seats(page, last_state(sent)["scene"], ["甲", "乙", "丙", "丁", "戊", "己"])
            assert page.errors == []
        for page, _ in pages:
            page.context.close()


def test_a_finger_drags_across_the_hand(server: Server, browser: Any) -> None:  # noqa: F811
    """A touch drag (DevTools' Input.dispatchTouchEvent, on a phone with a touch screen) raises the cards it
    passes, as a mouse drag does: pointer events serve both; the hand does not move under the finger."""
    created = server.create(ruleset="qingdao", host="我", bots={str(seat): "heuristic" for seat in range(1, 6)})
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{server.http}/#/room/{created['room']}?t={created['token']}")
    page.locator("#accept").tap()
    # at its own decision the hand stays as drawn (before it, 会3 or a 还贡 may change it under the finger)
    page.wait_for_selector(".table-box.my-turn .hand button", timeout=WAIT)
    start, end = four_in_a_row(page)
    top = page.locator(".hand").bounding_box()["y"]
    cdp = context.new_cdp_session(page)
    y = start["y"] + start["height"] / 2
    xs = [start["x"] + 8 + (end["x"] - start["x"]) * step / 10 for step in range(11)]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": xs[0], "y": y}]})
    for x in xs[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    # each card the finger passed is raised, and the hand stayed under it: what the selection shows (growing as
    # cards are raised) is drawn below the hand, not above it (there it pushed the hand down mid-drag on a phone,
    # and the finger, left over other things, raised one or two cards of four)
    assert page.locator(".hand button.card.on").count() == 4
    assert page.locator(".hand").bounding_box()["y"] == top
    context.close()


def test_the_log_names_the_seats_its_notes_name_as_the_page_names_players(browser: Any,  # noqa: F811
                                                                          tmp_path: Path) -> None:
    """A later game's tribute names payer and receiver: the log says them by player (你, 机器人3（对头）…),
    from the server's ``parts``, where the notes say 3号位. (The server's random numbers are seeded, so that
    the match is the same run after run, one whose first game leaves tribute owed; about a third of qingdao's
    games leave none, so the match has three games, should the bots' play change.)"""
    with Server(tmp_path / "rooms.sqlite3", seed=LOG_SEED) as own:
        created = own.create(ruleset="qingdao", host="我", games=3,
                             bots={str(seat): "heuristic" for seat in range(1, 6)})
        page, sent = recording(browser, f"{own.http}/#/room/{created['room']}?t={created['token']}")
        page.locator("#accept").click()
        names = ["你"] + [f"机器人{n}" for n in range(1, 6)]
        deadline = time.monotonic() + 120
        while not (told := [(state, parts) for state in sent if state["type"] == "state" for event in state["events"]
                            for parts in event["parts"]["zh"] if any(isinstance(piece, int) for piece in parts)]):
            assert time.monotonic() < deadline, "no note naming a seat in a later game's deal"
            if my_turn(page):
                act(page, typed=False, keys=False)
            else:
                page.wait_for_timeout(20)
        state, parts = told[0]
        relations = state["scene"]["relations"]
        said = "".join(piece if isinstance(piece, str) else names[piece] if relations[piece] == "self"
                       else f"{names[piece]}（{RELATION_WORDS[relations[piece]]}）" for piece in parts)
        page.wait_for_function(f"document.querySelector('.log').textContent.includes({json.dumps(said)})",
                               timeout=WAIT)
        assert not re.search(r"[0-5]号位", page.locator(".log").text_content())
        assert page.errors == []
        page.context.close()
