"""Whole games of ``gouji play`` through a pseudo-terminal: every card symbol typed alone is a play,
a burn that will fail is confirmed first, 还贡 is the human's choice, quitting asks first."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import gouji
from rich.cells import cell_len
from terminal_helpers import Policy, Terminal, confirming, drive, in_process

from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_path

SYMBOLS = ["Q", "A", "J", "K", "2", "B", "R", "T", "10", "3", "4", "5", "6", "7", "8", "9", "q", "a", "j"]
NO_COLOR = {"NO_COLOR": "1"}


def _load(ref: str):  # type: ignore[no-untyped-def]
    catalog = Catalog.default()
    return compile_path(catalog.find(ref), catalog)


def _wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if cell_len(line) > 80]


@pytest.mark.parametrize("ruleset", ["dagang", "jining", "houshuiwan", "qingdao"])
def test_each_card_symbol_typed_alone_is_a_play(ruleset: str) -> None:
    """Q, A and J were quit, auto and 接风; now each symbol alone is a play: made, or refused by a rule."""
    left = list(SYMBOLS)
    answers: list[tuple[str, str]] = []  # (symbol, what came back)
    pending: list[str] = []

    def policy(prompt: str, chunk: str) -> str:
        if pending:
            answers.append((pending.pop(), chunk))
        if confirming(prompt):
            return "yes"
        if left and "还贡" not in prompt:
            pending.append(left.pop(0))
            return pending[-1]
        return "auto"

    out, code = drive(Terminal("play", "-r", ruleset, "--seed", "11", env=NO_COLOR), policy)
    assert code == 0 and not left, out[-3000:]
    assert "places:" in out and "you left" not in out
    for symbol, reply in answers:
        card = {"10": "T"}.get(symbol, symbol.upper())
        assert f"you: {card}" in reply or "illegal" in reply, (symbol, reply)
        assert "hint:" not in reply and "Leave now?" not in reply and "申请接风" not in reply
    assert not _wide(out)


def _burner(prompt: str, chunk: str) -> str:
    """Burn with the cheapest burn at every offer; yes to every confirmation; otherwise the bot's choice."""
    if confirming(prompt):
        return "yes"
    return "#1" if prompt.startswith("seat 0, burn ") else "auto"


def _failing_burn_seed(ruleset: str) -> int:
    """A seed where seat 0, burning at every offer, is warned its hand cannot keep the burn and ends 诈烧."""
    rules = _load(ruleset)
    for seed in range(400):
        text = in_process(rules, seed, 1, _burner)
        if "too few jokers" in text and "诈烧" in text.split("too few jokers", 1)[1]:
            return seed
    raise AssertionError("no seed gives a burn that fails")


def test_a_burn_that_will_fail_is_confirmed_and_ends_in_zhashao() -> None:
    seed = _failing_burn_seed("dagang")
    out, code = drive(Terminal("play", "--seed", str(seed), env=NO_COLOR), _burner)
    assert code == 0
    flat = " ".join(out.split())  # lines wrapped at 80 columns joined again
    after = flat[flat.index("too few jokers"):]
    assert after.startswith("too few jokers to keep the condition (a joker in every play but the last, or go out "
                            "with the one rank left). A play "
                            "that breaks it is 诈烧: you are ranked at once, from the bottom. Go ahead? yes or no> yes "
                            "you: burns with ")
    assert re.search(r"this play ranks you (大落|二落|三落) at once \(诈烧\): you play no more this game\. "
                     r"Go ahead\? yes or no> yes", after)
    assert "(诈烧)" in after.split("yes or no> yes", 2)[2].split("\n", 1)[0] and "大落 you" in after


def _no_then(policy: Policy) -> Policy:
    """``policy``, except that the first confirmation is declined."""
    asked: list[str] = []

    def answer(prompt: str, chunk: str) -> str:
        if confirming(prompt) and not asked:
            asked.append(chunk)
            return "no"
        return policy(prompt, chunk)

    return answer


def test_declining_the_confirmation_keeps_the_choice_open() -> None:
    seed = _failing_burn_seed("dagang")
    flat = " ".join(in_process(_load("dagang"), seed, 1, _no_then(_burner)).split())
    declined = flat.index("from the bottom. Go ahead? yes or no> no seat 0, burn ")  # asked again, nothing done
    assert flat.index("yes or no> yes you: burns with ") > declined


def _return_seed(ruleset: str) -> int:
    rules = _load(ruleset)
    for seed in range(200):
        if "seat 0, 还贡> " in in_process(rules, seed, 2, _returner):
            return seed
    raise AssertionError("no seed gives seat 0 a 还贡")


def _returner(prompt: str, chunk: str) -> str:
    """At 还贡, give back the highest cards (the bot would give the lowest)."""
    if confirming(prompt):
        return "yes"
    if "还贡> " in prompt:
        hand = next(line for line in chunk.splitlines() if line.startswith("your hand")).split(": ", 1)[1]
        owed = int(chunk.split("type the ", 1)[1].split(" ", 1)[0])
        return "".join(hand.replace(" ", ""))[-owed:]
    return "auto"


def test_a_match_with_tribute_and_a_return_the_human_chooses(tmp_path: Path) -> None:
    seed = _return_seed("dagang")
    record = tmp_path / "match.jsonl"
    out, code = drive(Terminal("play", "--games", "2", "--seed", str(seed), "--record", str(record), env=NO_COLOR),
                      _returner)
    assert code == 0
    assert "— game 2 of 2" in out and "match score after 2 game(s)" in out
    game_two = out.split("— game 2 of 2", 1)[1]
    assert "落贡: " in game_two.split("your hand", 1)[0]  # the tribute paid before the first prompt
    returned = game_two.split("seat 0, 还贡> ", 1)[1].split("\n", 1)[0]
    assert f"you: returns {returned} (还贡 to seat" in game_two
    games = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert len(games) == 2 and {"seat": 0, "type": "return", "cards": returned} in games[1]["actions"]
    assert not _wide(out)


def test_quit_asks_first_and_leaves_cleanly() -> None:
    answers = iter(["quit", "no", "hepl", "quit", "yes"])
    replies: list[str] = []

    def policy(prompt: str, chunk: str) -> str:
        replies.append(chunk)
        return next(answers)

    out, code = drive(Terminal("play", "--seed", "2", env=NO_COLOR), policy)
    assert code == 0 and out.count("Leave now? The game is not finished.") == 2
    assert "did you mean 'help'?" in replies[3] and out.rstrip().endswith("you left the match")


def test_chinese_and_colour() -> None:
    answers = iter(["帮助", "退出", "是"])
    out, code = drive(Terminal("play", "--lang", "zh", "--seed", "2"), lambda prompt, chunk: next(answers))
    assert code == 0 and "你的牌" in out and "按记法出牌" in out and "你离开了比赛" in out
    terminal = Terminal("play", "--seed", "2")
    terminal.until_prompt()
    assert "\x1b[" in terminal.raw  # colour on a terminal …
    terminal.send("quit")
    terminal.until_prompt()
    terminal.send("yes")
    assert drive(terminal, lambda prompt, chunk: "yes")[1] == 0
    plain = Terminal("play", "--seed", "2", env=NO_COLOR)
    plain.until_prompt()
    assert "\x1b[" not in plain.raw  # … unless NO_COLOR says no
    plain.send("quit")
    assert drive(plain, lambda prompt, chunk: "yes")[1] == 0



@pytest.fixture
def records(tmp_path: Path) -> Path:
    path = tmp_path / "games.jsonl"
    assert gouji("simulate", "-n", "2", "--seed", "4", "--records", path).exit_code == 0
    return path


def test_the_viewer_prints_a_whole_game_when_piped(records: Path) -> None:
    record = json.loads(records.read_text(encoding="utf-8").splitlines()[1])
    everything = gouji("replay", records, "--show", "2")
    assert everything.exit_code == 0 and "all hands" in everything.output
    numbered = [line for line in everything.output.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(record["actions"])  # every action, private ones included
    assert "places:" in everything.output and "tribute next game:" in everything.output
    seat_1 = gouji("replay", records, "--show", "2", "--seat", "1").output
    assert "as seat 1 saw it" in seat_1 and "your hand:" in seat_1 and "'s hand" not in seat_1
    assert "no burn" not in seat_1.replace("you: passes (no burn)", "")  # others' declined offers stay private
    assert not _wide(everything.output) and not _wide(seat_1)
    assert gouji("replay", records, "--show", "3").exit_code == 2
    assert gouji("replay", records, "--seat", "1").exit_code == 2  # --seat without --show is not ignored
    record["actions"][5] = {"seat": record["actions"][5]["seat"], "type": "yield"}
    broken = records.with_name("broken.json")
    broken.write_text(json.dumps(record), encoding="utf-8")
    diverged = gouji("replay", broken, "--show")
    assert diverged.exit_code == 1 and "diverges at action 6" in diverged.stderr


def test_the_viewer_steps_through_a_game_on_a_terminal(records: Path) -> None:
    answers = iter(["", "", "table", "40", "end"])
    out, code = drive(Terminal("replay", str(records), "--show", "--seat", "0", env=NO_COLOR),
                      lambda prompt, chunk: next(answers))
    assert code == 0 and "Enter: next step" in out and "[0/" in out and out.count("]> ") == 5
    assert "your hand (" in out  # the table as seat 0 saw it
    jumped = out.split("]> 40\n", 1)[1]
    first = re.search(r"^ *(\d+)\. ", jumped, re.M)
    assert first is not None and int(first.group(1)) >= 40 and out.index("]> end") < out.index("places:")


def test_a_revolution_is_confirmed_first() -> None:
    """革命 ranks the seat at once: declining the confirmation keeps the offer open."""
    rules = _load("dagang")

    def policy(prompt: str, chunk: str) -> str:
        return "yes" if confirming(prompt) else "revolution" if "革命?" in prompt else "auto"

    def offered(seed: int) -> bool:
        return "革命?" in in_process(rules, seed, 1, lambda p, c: "yes" if confirming(p) else
                                   "quit" if "革命?" in p else "auto")

    seed = next(seed for seed in range(400) if offered(seed))
    flat = " ".join(in_process(rules, seed, 1, _no_then(policy)).split())
    assert "革命: you sit this game out and are ranked 三科 / 四科 (places.revolution_place). Go ahead? " \
           "yes or no> no seat 0, 革命? revolution or pass> revolution" in flat
    assert "yes or no> yes you: 革命" in flat
