"""Every valid ruleset is a game (issue 22): generated house rulesets (``strategies.house_rulesets``) play
whole matches with random and heuristic bots, listing equals accepting at every decision, games end, cards
are conserved, records replay and the learning environment's mask offers only what the engine accepts; and
the defects the generator found, each kept as its minimal ruleset.

A seeded slice of the long run (``benchmarks/bench_house_rulesets.py``); ``pytest --thorough``
digs deeper.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import EXPRESSIONS, compile_house, document_text, house_rulesets, keys
from strategies.play import check_game, checked_match

from gouji_variants.engine import PASS, Burn, Game, Match, Play
from gouji_variants.ruleset import schema
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.rules import SECTIONS

pytestmark = pytest.mark.engine  # what the engine decides (tests/conftest.py)

EXAMPLES = examples(24)
HOUSE = settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def house(text: str) -> Ruleset:
    """A house ruleset from the YAML of its rules (the header added)."""
    document = {"id": "house", "kind": "ruleset", "name": {"zh": "家规", "en": "House rules"},
                **yaml.safe_load(text)}
    ruleset = compile_house(document)
    assert dict(ruleset.own) == document, "the minimal ruleset no longer compiles as written"
    return ruleset


def deal(ruleset: Ruleset, *hands: str) -> Game:
    game = Game(ruleset, 0, hands=[Cards.parse(hand) for hand in hands], leader=0)
    while game.decision not in ("lead", "follow", "burn-offer"):
        game.apply(PASS)
    return game


def listed_is_accepted(game: Game) -> None:
    for action in game.legal_actions():
        game.verify(action)


# -- the generator ---------------------------------------------------------------------------------------


def test_every_rule_key_and_expression_form_is_drawn() -> None:
    """The generator reaches every key of every rule area and every expression of the grammar."""
    assert set(keys()) == {(name, field) for name, cls in SECTIONS.items() for field in cls.__dataclass_fields__}
    starts = {start for start, _ in schema.EXPRESSIONS.values()}
    assert set(EXPRESSIONS) == starts
    grammar = (Path(schema.__file__).resolve().parents[2] / "grammar" / "expressions.lark").read_text("utf-8")
    assert starts <= set(re.findall(r"^(\w+):", grammar, re.MULTILINE))


@settings(max_examples=examples(40), derandomize=True, database=None, deadline=None)
@given(st.data())
def test_expressions_drawn_parse(data: st.DataObject) -> None:
    for start in EXPRESSIONS:
        assert data.draw(EXPRESSIONS[start])


# -- the property: every generated ruleset is a game ---------------------------------------------------


@HOUSE
@given(ruleset=house_rulesets(), mix=st.integers(0, 63), seed=st.integers(0, 2**32 - 1))
def test_house_rulesets_play_whole_matches_listing_what_they_accept(ruleset: Ruleset, mix: int, seed: int) -> None:
    """Two games as one match, random and heuristic bots by ``mix``: no exception, listing equals accepting
    at every decision (the game's verify, the seat's view, candidate plays from the hand), cards conserved,
    places a permutation, the match carries on, each record replays."""
    failures = checked_match(ruleset, 2, seed, mix)
    assert not failures, "\n".join(failures) + "\n" + document_text(ruleset)


@settings(max_examples=6, derandomize=True, database=None, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(ruleset=house_rulesets(), seed=st.integers(0, 2**32 - 1))
def test_the_learning_mask_offers_only_what_the_engine_accepts(ruleset: Ruleset, seed: int) -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    import numpy as np

    from gouji_variants.env import EnvError, GoujiEnv

    try:
        env = GoujiEnv(ruleset, seat=seed % 6)
    except EnvError:  # a deck the action encoding's family does not hold (e.g. 王中王 added)
        return
    seen, _ = env.reset(seed=seed)
    rng = random.Random(seed)
    session = env.session
    for _ in range(300):
        decision = session.view().decision
        offered = [int(index) for index in np.flatnonzero(seen["action_mask"])]
        assert offered, f"an empty mask at {decision}"
        if decision != "return":
            for index in offered:
                action = session.encoding.action(index, burn_offer=decision == "burn-offer")
                assert session.game.can(action), f"the mask offers {action!r}, which the engine refuses"
        seen, _, over, _, _ = env.step(rng.choice(offered))
        if over:
            break


# -- the defects it found, each as its minimal ruleset ------------------------------------------------


KILL_BY_TWOS_BIE3 = """
extends: [qingdao, bie3]
plays:
  kills: [B by R, "R alone by 2 twos, +2 cards, any rank"]
"""


def test_a_kill_by_twos_under_bie3_lists_no_decorated_threes() -> None:
    """憋3 with a kill of any rank by 2s: 322 on R would carry 2s on 3s, which 憋3 forbids; the move generator
    listed it (burns, follows, answers) and verify refused it. Now the generator keeps 憋3's rule for 3s in
    every play, led or not."""
    ruleset = house(KILL_BY_TWOS_BIE3)
    game = deal(ruleset, "R53", "3225", "63", "73", "83", "93")
    game.apply(Play(Cards.parse("R")))
    assert game.decision == "burn-offer"
    assert Burn(Cards.parse("322")) not in game.legal_actions()
    assert Burn(Cards.parse("522")) in game.legal_actions()
    listed_is_accepted(game)
    assert not checked_match(ruleset, 6, 7, mix=0b010010)


FORFEIT_ON_A_BURN = """
extends: [dagang]
penalties:
  forfeits: [2 with B -> 大落]
"""


def test_a_burn_that_forfeits_ends_with_its_burner() -> None:
    """A burn declared with a play that forfeits (2 with B -> 大落) ranked the burner at once and still let
    it play on as the burner: it was ranked twice, places stopped being a permutation and ``Match.record``
    raised in ``first_player.later_game``. Now the burn ends with its burner, like any ranking at once."""
    ruleset = house(FORFEIT_ON_A_BURN)
    game = deal(ruleset, "KK5", "2B6", "73", "83", "93", "T3")
    game.apply(Play(Cards.parse("KK")))
    game.apply(Burn(Cards.parse("2B")))
    assert game.turn != 1 and not game.state.in_play[1] and game.state.burning.burner is None
    assert game.state.burning.burns[-1].outcome == "ranked at once"
    check_game(game, [_First()] * 6, random.Random(0))
    assert game.places is not None and game.places[1] == 5  # 大落
    Match(ruleset, 0).record(game)
    assert not checked_match(ruleset, 20, 11)


class _First:
    """Takes the first listed action."""

    def act(self, view: Any, rng: random.Random) -> Any:
        return view.legal_actions()[0]
