"""The engine's commands: gouji simulate, gouji replay, gouji play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gouji_variants.agents.registry import STRONG_BUDGET
from gouji_variants.agents.search import SearchAgent
from gouji_variants.cli import main

pytestmark = pytest.mark.engine  # what the engine decides (tests/conftest.py)


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_simulate_prints_speed_win_rates_and_rule_statistics() -> None:
    code, out, _ = run("simulate", "-n", "20", "--seed", "1", "--agents", "heuristic,random")
    assert code == 0
    for text in ("games/s", "decisions/s", "team win rate", "decisions per game", "burns", "接风", "revolutions"):
        assert text in out


def test_simulate_json_and_records_replay(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    code, out, _ = run("simulate", "-n", "8", "--json", "--records", str(records))
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 8 and data["ruleset"] == "dagang" and sum(data["team_win_rate"]) <= 1
    code, out, _ = run("replay", str(records))
    assert code == 0 and out.count(": ok") == 8
    first = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    first["actions"][3] = {"seat": first["actions"][3]["seat"], "type": "yield"}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(first), encoding="utf-8")
    code, out, _ = run("replay", str(broken))
    assert code == 1 and "diverges at action 4" in out


def test_bad_arguments_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("simulate", "-n", "0")[0] == 2
    code, _, err = run("simulate", "--agents", "genius")
    assert code == 2 and "unknown agent" in err
    house = tmp_path / "dadian.yaml"
    house.write_text("id: dadian-house\nkind: ruleset\nname: {zh: 打点, en: dadian}\nextends: [dagang]\n"
                     "kaidian: {enabled: true}\ntribute: {order: 点 > 落}\n", encoding="utf-8")
    assert run("simulate", "-r", str(house), "-n", "1")[0] == 0
    junk = tmp_path / "junk.json"
    junk.write_text("not json", encoding="utf-8")
    assert run("replay", str(junk))[0] == 2


def test_play_in_the_terminal_to_the_end_with_typed_commands() -> None:
    commands = "\n".join(["help", "888888888888", "hint"] + ["auto"] * 400) + "\n"
    code, out, _ = run("play", "--seed", "5", "--seat", "2", stdin=commands)
    assert code == 0
    assert "your hand" in out and "to beat" in out or "lead" in out
    assert "illegal" in out or "error" in out  # the silly play was refused with its rule
    assert "places:" in out and "score:" in out
    assert "tribute next game" not in out  # a one-game match: no next game to owe anything to


def test_play_quit_asks_first() -> None:
    code, out, _ = run("play", "--seed", "1", stdin="quit\nno\nquit\nyes\n")
    assert code == 0 and out.count("Leave now?") == 2 and "you left the match" in out


def test_ctrl_c_at_a_play_prompt_exits_130_and_the_end_of_input_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the README says: Ctrl-C during play exits 130 (interrupted), at a prompt too; the end of input
    is leaving the match (0)."""
    code, out, _ = run("play", "--seed", "1", stdin="help\n")
    assert code == 0 and "you left the match" in out
    typed = iter(["help"])

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("builtins.input", read)
    result = CliRunner().invoke(main, ["play", "--seed", "1"])
    assert result.exit_code == 130 and "interrupted" in result.output


def test_play_seats_the_bots_named_by_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`gouji play --bots basic` plays the match against the baseline (the record names them); `strong` is the
    search at its 0.3 s budget; a name no bot has exits 2 naming the option."""
    records = tmp_path / "game.jsonl"
    code, out, _ = run("play", "--seed", "4", "--bots", "basic", "--record", str(records),
                       stdin="\n".join(["auto"] * 400) + "\n")
    assert code == 0 and "places:" in out
    assert json.loads(records.read_text(encoding="utf-8"))["headers"]["players"] == ["human"] + ["basic"] * 5
    seated: list[object] = []
    monkeypatch.setattr("gouji_variants.terminal.play.play_match", lambda *args, **kw: seated.extend(args[3]) or 0)
    assert CliRunner().invoke(main, ["play", "--bots", "strong"], input="").exit_code == 0
    assert all(isinstance(bot, SearchAgent) and bot.budget == STRONG_BUDGET for bot in seated) and len(seated) == 6
    code, _, err = run("play", "--bots", "strang")
    assert code == 2 and "--bots: unknown agent 'strang'" in err
