"""``gouji hint RECORD MOVE`` and ``hint`` in ``gouji play``: the advice for the seat to act, from its
view only, with the bot's reason; every bad record, game, move or bot is a clear error, exit 2."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from cli_helpers import gouji
from click.testing import CliRunner
from terminal_helpers import in_process

from gouji_variants.agents.hints import position
from gouji_variants.agents.registry import make_agent, make_agents
from gouji_variants.agents.search import SearchAgent
from gouji_variants.cli import main
from gouji_variants.cli.play import HINT_AGENT
from gouji_variants.engine import Game, play_out
from gouji_variants.records.files import dumps
from gouji_variants.records.record import game_record
from gouji_variants.ruleset.compiler import load_ruleset


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two finished games under jining, one record per line."""
    path = tmp_path_factory.mktemp("hint") / "games.jsonl"
    result = gouji("simulate", "-r", "jining", "-n", "2", "--seed", "3", "--records", path)
    assert result.exit_code == 0
    return path


def test_hint_replays_to_the_move_and_advises_the_seat_to_act(records: Path) -> None:
    record = json.loads(records.read_text(encoding="utf-8").splitlines()[1])
    move = 30
    seat = record["actions"][move - 1]["seat"]
    result = gouji("hint", records, str(move), "--game", "2", "--agent", "search:3")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(f"game 2 of {records}, move {move}: seat {seat} to act (")
    assert lines[1].startswith("your hand (")
    hint = next(line for line in lines if line.startswith("hint (search:3): "))
    why = next(line for line in lines if line.startswith("why: search: "))
    assert hint and why
    assert lines[-1].startswith("played in the record: ")


def test_a_bot_without_reasons_says_so(records: Path) -> None:
    result = gouji("hint", records, "1", "--agent", "random")
    assert result.exit_code == 0
    assert "is the random bot's choice (it gives no reasons)" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (("0",), "error: MOVE: game 1 of {file}: move 0 is not in this game: it has"),
    (("99999",), "move 99999 is not in this game"),
    (("3", "--game", "5"), "error: --game 5: {file} holds 2 game records, not 5"),
    (("3", "--agent", "search:soon"), "error: --agent: search budget 'soon' is not"),
    (("3", "--agent", "oracle"), "error: --agent: unknown agent 'oracle'"),
    (("x",), "Invalid value for 'MOVE': 'x' is not a valid integer"),
])
def test_bad_arguments_are_clear_errors(records: Path, args: tuple[str, ...], message: str) -> None:
    result = gouji("hint", records, *args)
    assert result.exit_code == 2
    assert message.format(file=records) in result.output


def test_a_bad_or_diverging_record_is_an_error(tmp_path: Path, records: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "gouji-game/2"}\n', encoding="utf-8")
    result = gouji("hint", bad, "1")
    assert result.exit_code == 2 and "error: game 1 cannot be replayed" in result.output
    record = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    record["result"]["score"] = [99, 0]
    bad.write_text(dumps(record) + "\n", encoding="utf-8")
    result = gouji("hint", bad, "1")
    assert result.exit_code == 2 and "error: game 1 diverges at /result/score" in result.output


def test_an_unfinished_game_is_advised_at_its_next_decision(tmp_path: Path) -> None:
    game = Game(load_ruleset("dagang"), 5)
    agents, rng = make_agents("heuristic"), random.Random(5)
    for _ in range(20):
        game.apply(agents[game.turn].act(game.view(), rng))
    path = tmp_path / "unfinished.json"
    path.write_text(dumps(game_record(game)), encoding="utf-8")
    result = gouji("hint", path, "21", "--agent", "heuristic")
    assert result.exit_code == 0, result.output
    assert f"seat {game.turn} to act ({game.decision})" in result.output
    assert "played in the record" not in result.output
    assert gouji("hint", path, "22").exit_code == 2


def test_position_replays_the_first_actions() -> None:
    game = Game(load_ruleset("qingdao"), 7)
    play_out(game, make_agents("heuristic"), random.Random(7))
    here = position(game, 41)
    assert here.actions == game.actions[:40]
    assert (here.turn, here.decision) == (game.actions[40][0], here.decision)


def test_hint_in_play_gives_the_advice_and_its_reason() -> None:
    """``hint`` at the table: the bot's choice for the human's seat and why; the prompt comes back."""
    asked: list[str] = []

    def policy(prompt: str, chunk: str) -> str:
        if asked and len(asked) == 1:
            asked.append(chunk)
            return "quit"
        if "yes or no" in prompt:
            return "yes"
        if "your lead" in prompt and not asked:
            asked.append(prompt)
            return "hint"
        return "auto"

    text = in_process(load_ruleset("dagang"), 12, 1, policy)
    reply = asked[1]
    assert "hint: " in reply and " — " in reply.split("hint: ", 1)[1]
    assert reply.rstrip().endswith("your lead>")  # the hint does not play: the human is asked again
    assert "you left the match" in text


def test_play_takes_the_hint_bot_from_hints() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "12", "--hints", "search:2"], input="#1\nhint\nquit\nyes\n")
    assert result.exit_code == 0
    hint = next(line for line in result.output.splitlines() if "hint: " in line)
    assert " — search: " in hint and " wins " in hint and " of 2 rollouts against " in hint
    refused = gouji("play", "--hints", "search:often")
    assert refused.exit_code == 2 and "error: --hints: search budget 'often' is not" in refused.output


def test_the_default_hint_bot_thinks_long_enough_to_say_something() -> None:
    """100 ms gave one rollout a candidate on the pure engine ('pass wins 100% of 1 rollouts')."""
    agent = make_agent(HINT_AGENT)
    assert isinstance(agent, SearchAgent) and (agent.budget.seconds or 0) >= 2
