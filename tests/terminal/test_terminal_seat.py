"""gouji play's Seat on set-up hands: 错牌不出 asks before a wrong play costs the turn; the menu."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deal, play, variant

from gouji_variants.agents.heuristic import HeuristicAgent
from gouji_variants.components.notes import Mark
from gouji_variants.engine import PASS
from gouji_variants.engine.actions import TIAOPAI
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.scene import scene_of
from gouji_variants.terminal.effects import chosen_option, confirmation
from gouji_variants.terminal.menu import menu, parse
from gouji_variants.terminal.play import Seat
from gouji_variants.terminal.render import Words

pytestmark = pytest.mark.engine  # what the engine decides (tests/conftest.py)


def _seat(answers: list[str], shown: list[str]) -> Seat:
    typed = iter(answers)
    return Seat(1, lambda prompt: next(typed), shown.append, Words(), random.Random(0))


def test_a_wrong_play_under_lose_turn_is_confirmed(dagang: Ruleset) -> None:
    game = deal(variant(dagang, penalties={"wrong_play": "lose-turn"}), "Q", "KK5", "4", "5", "6", "7")
    game.apply(play("Q"))
    shown: list[str] = []
    action = _seat(["KK", "no", "KK", "yes"], shown).decide(game, HeuristicAgent())
    assert action == play("KK") and sum("错牌不出: this table plays a wrong play as a lost turn" in line
                                       for line in shown) == 2
    assert Mark.WRONG_PLAY in game.apply(action).notes  # the turn was lost, as confirmed


def test_under_reject_a_wrong_play_is_refused_with_its_rule(dagang: Ruleset) -> None:
    game = deal(dagang, "Q", "KK5", "4", "5", "6", "7")
    game.apply(play("Q"))
    shown: list[str] = []
    assert _seat(["KK", "K"], shown).decide(game, HeuristicAgent()) == play("K")
    assert any(line.startswith("illegal: ") and "(rule " in line for line in shown)


def test_the_menu_lists_what_is_legal_now(dagang: Ruleset) -> None:
    game = deal(dagang, "Q", "KKA5", "4", "5", "6", "7")
    game.apply(play("Q"))
    options = menu(game)
    assert options.options == (play("K"), play("A"), PASS) and options.more == 0
    assert parse("#2", game, options, Words()) == play("A")
    assert parse("#9", game, options, Words()) == "error: choose an option from #1 to #3"
    assert parse("pas", game, options, Words()) == "error: unknown command 'pas'; did you mean 'pass'?"
    assert parse("A", game, options, Words()) == play("A") and parse("10", game, options, Words()) == play("T")


def test_tiaopai_is_confirmed_saying_both_team_mates_see_the_whole_hand(dagang: Ruleset) -> None:
    game = deal(dagang, "4445", "66", "77", "88", "99", "TT", leader=1)
    assert TIAOPAI in game.legal_actions()
    for words, said in ((Words(), "your team-mates (seats 3, 5) see your whole hand"),
                        (Words("zh"), "你的联邦（3、5号位）从此看得到你的全部手牌")):
        found = scene_of(game, 1)
        asked = confirmation(chosen_option(found, TIAOPAI), found, dagang.rules.burning, words)
        assert asked is not None and said in asked
    game.apply(TIAOPAI)
    assert all(game.observation(mate).hands[1] is not None for mate in (3, 5))  # as the confirmation says
    assert all(game.observation(other).hands[1] is None for other in (0, 2, 4))
