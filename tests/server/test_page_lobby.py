"""The lobby that argues, in a real browser (Playwright driving Debian's Chromium) against the real room
server: a joiner declines with a reason and proposes a change from an editor that starts from the room's
rules; the host sees the proposal as a diff (Chinese titles and sentences), rejects it, then applies the
next, and its editor starts from the proposal; every answer is shown per seat on every page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from server_helpers import Server
from test_page import LOW_CONTRAST, PHONE, WAIT, browser, open_page, room_rules, server  # noqa: F401 (fixtures)


def test_a_joiner_declines_and_proposes_the_host_rejects_then_applies(server: Server, browser: Any) -> None:  # noqa: F811 (fixtures)
    created = server.create(ruleset="qingdao", host="房主", bots={"3": "heuristic", "4": "heuristic", "5": "basic"})
    code = created["room"]
    host = open_page(browser, f"{server.http}/#/room/{code}?t={created['token']}", PHONE)
    host.wait_for_selector("#accept", timeout=WAIT)
    bots = host.locator('.seats li[data-seat="3"], .seats li[data-seat="4"]').all_text_contents()
    assert "机器人1" in bots[0] and "机器人2" in bots[1], bots  # bots told apart by name
    assert "机器人（启发式）" in bots[0] and "heuristic" not in bots[0], bots  # their kind in the page's words
    guest = open_page(browser, f"{server.http}/#/room/{code}", PHONE)
    guest.locator("#join-name").fill("客人")
    guest.locator("#join").click()
    guest.wait_for_selector("#decline", timeout=WAIT)
    guest.locator("#decline-reason").fill("<b>不想</b>打青岛")
    guest.locator("#decline").click()
    host.wait_for_selector('.seats li[data-seat="1"][data-answer="declined"]', timeout=WAIT)
    assert "<b>不想</b>打青岛" in host.locator('.seats li[data-seat="1"]').text_content()  # shown as text
    assert host.locator(".seats b").count() == 0
    assert "客人 不同意这套规则" in host.locator(".notice").text_content()

    def propose(reason: str) -> None:
        """Propose 青岛 with 憋3, from an editor that starts from the room's rules."""
        if not guest.locator(".propose details[open]").count():
            guest.locator("#propose-open").click()
        guest.wait_for_selector(".propose .status.ok", timeout=WAIT)
        assert guest.locator(".propose select").first.input_value() == "qingdao"
        if not guest.locator('.propose [data-pack="bie3"]').is_checked():
            guest.locator('.propose [data-pack="bie3"]').check()
        guest.wait_for_selector('.propose [data-section="bie3"] .count:not(:empty)', timeout=WAIT)
        guest.wait_for_selector(".propose .status.ok", timeout=WAIT)
        guest.locator("#propose-reason").fill(reason)
        guest.locator("#send-proposal").click()

    propose("加憋3")
    article = host.wait_for_selector('#proposals article[data-seat="1"][data-status="pending"] .diff', timeout=WAIT)
    titles = host.locator('#proposals article[data-seat="1"] .diff li strong').all_text_contents()
    assert titles and all(re.search(r"[\u4e00-\u9fff]", title) and "." not in title for title in titles), titles
    assert "加憋3" in article.evaluate("e => e.closest('article').textContent")
    assert guest.locator('.seats li[data-seat="1"][data-answer="proposed"]').count() == 1
    assert guest.locator("#apply-proposal-1").count() == 0  # only the host answers
    assert host.evaluate(LOW_CONTRAST) == [] and guest.evaluate(LOW_CONTRAST) == [], "the lobby's answers"
    host.locator("#reject-proposal-1").click()
    guest.wait_for_selector('#proposals article[data-seat="1"][data-status="rejected"]', timeout=WAIT)
    assert "房主没有采用" in guest.locator(".notice").text_content()
    before = room_rules(server, code)["fingerprint"]
    propose("再想想")
    host.wait_for_selector('#proposals article[data-seat="1"][data-status="pending"] .diff', timeout=WAIT)
    host.locator("#apply-proposal-1").click()
    guest.wait_for_function(f"(document.querySelector('#rules-changes .diff') || {{}}).textContent"
                            f" && !document.querySelector('#rules-changes').textContent.includes({before!r})",
                            timeout=WAIT)
    assert "憋3" in guest.locator("#rules-changes").text_content()
    rules = room_rules(server, code)
    assert "bie3" in rules["extends"] and rules["fingerprint"] != before
    host.locator("#change-rules").click()  # the host's editor starts from the rules just applied: the proposal
    host.wait_for_selector(".host .status.ok", timeout=WAIT)
    assert host.locator('.host [data-pack="bie3"]').is_checked()
    assert host.locator('.host .preview .fingerprint code').text_content() == rules["fingerprint"]
    # a proposal that does not pass its check is never sent: the page says why
    guest.wait_for_selector("#propose-open", timeout=WAIT)  # (made again from the new rules, open as it was)
    if not guest.locator(".propose details[open]").count():
        guest.locator("#propose-open").click()
    guest.wait_for_selector(".propose .status.ok", timeout=WAIT)
    assert guest.locator('.propose [data-pack="bie3"]').is_checked()  # it starts from the rules now in force
    guest.locator('.propose [data-section="plays"] > summary').click()
    guest.locator('.propose [data-rule="plays.kills"] input.expr').first.fill("B by RR")
    guest.wait_for_selector(".propose .status.bad", timeout=WAIT)
    guest.locator("#send-proposal").click()
    assert "还没通过检查" in guest.locator(".propose").text_content()
    host.locator("#lang").click()  # in English the bots are Bot 1, Bot 2 (the server names them 机器人1, 机器人2)
    host.wait_for_function("document.documentElement.lang === 'en'", timeout=WAIT)
    host.wait_for_selector('.seats li[data-seat="4"]', timeout=WAIT)
    assert "Bot 1" in host.locator('.seats li[data-seat="3"]').text_content()
    assert "bot (basic)" in host.locator('.seats li[data-seat="5"]').text_content()
    assert "Bot 2" in host.locator('.seats li[data-seat="4"]').text_content()
    assert host.errors == [] and guest.errors == []
    host.context.close()
    guest.context.close()


def test_a_pending_proposal_and_a_decline_survive_kill_9_on_the_pages(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    """The server is killed (-9) with a decline and a proposal pending; started again on its port, the pages
    reconnect by themselves and show both, and the host applies the proposal."""
    with Server(tmp_path / "rooms.sqlite3") as own:
        created = own.create(ruleset="qingdao", host="房主")
        code = created["room"]
        host = open_page(browser, f"{own.http}/#/room/{code}?t={created['token']}", PHONE)
        host.wait_for_selector("#accept", timeout=WAIT)
        guests = []
        for name in ("客人", "路人"):
            guest = open_page(browser, f"{own.http}/#/room/{code}", PHONE)
            guest.locator("#join-name").fill(name)
            guest.locator("#join").click()
            guest.wait_for_selector("#decline", timeout=WAIT)
            guests.append(guest)
        guests[1].locator("#decline-reason").fill("太长了")
        guests[1].locator("#decline").click()
        guests[0].locator("#propose-open").click()
        guests[0].wait_for_selector(".propose .status.ok", timeout=WAIT)
        guests[0].locator('.propose [data-pack="bie3"]').check()
        guests[0].wait_for_selector('.propose [data-section="bie3"] .count:not(:empty)', timeout=WAIT)
        guests[0].wait_for_selector(".propose .status.ok", timeout=WAIT)
        guests[0].locator("#send-proposal").click()
        host.wait_for_selector('#proposals article[data-seat="1"][data-status="pending"]', timeout=WAIT)
        host.wait_for_selector('.seats li[data-seat="2"][data-answer="declined"]', timeout=WAIT)
        own.kill()
        own.start(same_port=True)
        for page in (host, *guests):  # reconnected (resume): the room as the store kept it
            page.wait_for_function("!document.querySelector('.status').textContent", timeout=WAIT)
        host.wait_for_selector('#proposals article[data-seat="1"][data-status="pending"] .diff', timeout=WAIT)
        assert "太长了" in host.locator('.seats li[data-seat="2"]').text_content()
        host.locator("#apply-proposal-1").click()
        for guest in guests:
            guest.wait_for_selector("#rules-changes .diff", timeout=WAIT)
            assert "憋3" in guest.locator("#rules-changes").text_content()
        assert "bie3" in room_rules(own, code)["extends"]
        assert host.errors == [] and all(guest.errors == [] for guest in guests)
        for page in (host, *guests):
            page.context.close()
