"""Whole games played with ``gouji play --lang zh`` (driven by 提示 and 托管) and replayed with
``gouji replay --show`` print no English word: every line is read, and an ASCII word of two letters
or more fails the test unless it is card notation, a fingerprint or the ruleset id the user typed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gouji_variants.cli import main
from gouji_variants.text.fit import CLOSING, OPENING

#: Each human decision: a hint, then the bot's choice; 是 answers a confirmation (革命, a burn that
#: will fail, a play that ranks the seat at once), and is refused as a play at an ordinary prompt.
TURN = "提示\n托管\n是\n"
#: An ASCII word: a run of letters and digits holding two letters or more.
WORD = re.compile(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*")
#: What may stand in Chinese output: card notation (3-9, 10, T J Q K A 2, B R W jokers) …
CARDS = re.compile(r"(?:10|[2-9TJQKABRW])+")
#: … and a fingerprint.
FINGERPRINT = re.compile(r"\b[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\b")
#: A Chinese character or full-width punctuation: the line is Chinese.
CHINESE = re.compile(r"[\u4e00-\u9fff（）：，、；]")
#: ASCII punctuation that has a Chinese form (the arrows of 0→1→…→5 and a prompt's '>' are not sentences).
ASCII_PUNCTUATION = re.compile(r"[,:;()!?]")
#: (ruleset, seed, games): dagang (会3 of the 3s and 4s), qingdao (革命; 解烧), 打点 (开点, 宣点), 憋3 (买3, 闷);
#: tribute in the second games.
GAMES = [("dagang", 3, 2), ("qingdao", 9, 2), ("qingdao", 3, 1), ("dadian", 7, 1), ("bie3", 18, 1)]


def english(text: str, ruleset: str) -> list[str]:
    """The lines of ``text`` holding a word that is not Chinese, card notation, a fingerprint or ``ruleset``."""
    found = []
    for line in text.splitlines():
        words = [w for w in WORD.findall(FINGERPRINT.sub("", line)) if w != ruleset and not CARDS.fullmatch(w)]
        if words:
            found.append(f"{words}: {line}")
    return found


def ascii_punctuation(text: str) -> list[str]:
    """The lines of Chinese holding ASCII punctuation (``1, 2``, ``3:55``, ``你的牌: ``), or a line broken
    inside a token: starting with closing punctuation (``）``) or ending with opening punctuation."""
    found = []
    for line in text.splitlines():
        body = line.strip()
        if CHINESE.search(line) and (ASCII_PUNCTUATION.search(line) or body[:1] in CLOSING or body[-1:] in OPENING):
            found.append(line)
    return found


@pytest.mark.parametrize(("ruleset", "seed", "games"), GAMES)
def test_a_match_played_and_replayed_in_chinese_prints_no_english(tmp_path: Path, ruleset: str, seed: int,
                                                                  games: int) -> None:
    record = tmp_path / "games.jsonl"
    played = CliRunner().invoke(main, ["play", "-r", ruleset, "--seed", str(seed), "--games", str(games),
                                       "--lang", "zh", "--record", str(record)], input=TURN * 400)
    assert played.exit_code == 0, played.output[-2000:]
    assert "你离开了比赛" not in played.output and "提示：" in played.output
    assert len(record.read_text(encoding="utf-8").splitlines()) == games
    assert json.loads(record.read_text(encoding="utf-8").splitlines()[0])["headers"]["lang"] == "zh"
    assert english(played.output, ruleset) == [] and ascii_punctuation(played.output) == []
    for number in range(1, games + 1):
        for seat in ([], ["--seat", "0"]):  # the record's language: no --lang needed
            shown = CliRunner().invoke(main, ["replay", str(record), "--show", str(number), *seat])
            assert shown.exit_code == 0, shown.output[-2000:]
            assert "名次：" in shown.output
            assert english(shown.output, ruleset) == [] and ascii_punctuation(shown.output) == []


def test_the_punctuation_check_is_strict() -> None:
    assert ascii_punctuation("本轮：3号位出55、4号位出KK\n  种子 3，指纹 c6a5-acd2-b042\n出牌顺序 0→1→…→5。") == []
    assert ascii_punctuation("本轮：3:55, 4:KK") != [] and ascii_punctuation("      你的牌: 33 44") != []
    assert ascii_punctuation("      ）（还贡）") != [] and ascii_punctuation("passed: 1, 2") == []


def test_the_allow_list_is_strict() -> None:
    assert english("你：过\n  1号位（对手）：B99, 2R\n种子 3，指纹 c6a5-acd2-b042", "dagang") == []
    assert english("dagang（c6a5-acd2-b042）", "dagang") == []
    assert english("提示：过 — passes", "dagang") == ["['passes']: 提示：过 — passes"]
    assert english("牌桌：over: 头科", "dagang") != []
    assert english("会both", "dagang") != [] and english("规则 burning.conditions", "dagang") != []


def test_replay_speaks_english_when_asked_or_when_the_record_does_not_say(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    assert CliRunner().invoke(main, ["play", "--seed", "3", "--lang", "zh", "--record", str(record)],
                              input=TURN * 400).exit_code == 0
    asked = CliRunner().invoke(main, ["replay", str(record), "--show", "--lang", "en"])
    assert asked.exit_code == 0 and "places:" in asked.output
    game = json.loads(record.read_text(encoding="utf-8"))
    del game["headers"]["lang"]
    record.write_text(json.dumps(game), encoding="utf-8")
    untold = CliRunner().invoke(main, ["replay", str(record), "--show"])
    assert untold.exit_code == 0 and "places:" in untold.output


def test_gouji_hint_in_chinese_prints_no_english(tmp_path: Path) -> None:
    """``gouji hint --lang zh``: the table, the option and what it does, the reason and the record's play in
    Chinese (the file's name and the bot's name aside, as typed)."""
    record = tmp_path / "games.jsonl"
    simulated = CliRunner().invoke(main, ["simulate", "-r", "qingdao", "-n", "1", "--seed", "3", "--records",
                                          str(record)])
    assert simulated.exit_code == 0, simulated.output
    for move in range(1, 130, 6):
        advised = CliRunner().invoke(main, ["hint", str(record), str(move), "--agent", "heuristic", "--lang", "zh"])
        assert advised.exit_code == 0, advised.output
        text = advised.output.replace(str(record), "").replace("heuristic", "")
        assert "提示（）：" in text and "理由：" in text
        assert english(text, "qingdao") == [] and ascii_punctuation(text) == []
