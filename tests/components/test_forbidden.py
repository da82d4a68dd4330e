"""``plays.forbidden`` (issue 26): combinations and answers a table does not allow, refused by the referee
and never listed, offered or drawn."""

from __future__ import annotations

import random

from engine_helpers import deal, variant

from gouji_variants.engine import Game, Play
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.expressions import DeckRecipe, Forbid, KillRule, parse
from gouji_variants.text.judge import judge

DAGANG = load_ruleset("dagang")
FORBIDDEN = ("4 with 2 or joker", "part of 4", "not jokers alone on jokers alone", "any on any with W")
HOUSE = variant(DAGANG, deck={"recipe": parse(DeckRecipe, "4 decks, add 6 of W")},
                plays={"forbidden": tuple(parse(Forbid, text) for text in FORBIDDEN)})


def test_fours_go_all_together_and_bare() -> None:
    hands = ("4445RR", "3456", "3457", "9999RRR3", "3458", "3459")
    for ruleset, allowed in ((DAGANG, True), (HOUSE, False)):
        game = deal(ruleset, *hands)
        for cards in ("44", "444R", "4R"):
            assert game.can(Play(Cards.parse(cards))) is allowed
            assert (Play(Cards.parse(cards)) in game.legal_actions()) is allowed
        assert game.can(Play(Cards.parse("444")))
    verdict = judge(HOUSE, Cards.parse("44R")).verdict
    assert (verdict.ok, verdict.rule) == (False, "plays.forbidden[0]")


def test_the_seat_s_view_refuses_a_forbidden_lead_as_the_game_does() -> None:
    """(Found by the thorough run: the view checked a lead's combination, not plays.forbidden.)"""
    game = deal(HOUSE, "4445RR", "3456", "3457", "9999RRR3", "3458", "3459")
    view = game.view()
    for cards, allowed in (("4R", False), ("44", False), ("444R", False), ("444", True), ("5RR", True)):
        assert game.can(Play(Cards.parse(cards))) is allowed
        assert view.can(Play(Cards.parse(cards))) is allowed, cards


def test_answers_forbidden_on_a_play() -> None:
    kills = {"kills": (parse(KillRule, "joker by equal or higher jokers, +1 card, any rank"),)}
    house, plain = variant(HOUSE, plays=kills), variant(HOUSE, plays={**kills, "forbidden": ()})
    for play, on, rule in (("3RW", "BR", "plays.forbidden[2]"), ("999WW", "88BW", "plays.forbidden[3]")):
        assert judge(plain, Cards.parse(play), Cards.parse(on)).ok
        result = judge(house, Cards.parse(play), Cards.parse(on))
        assert (result.ok, result.verdict.rule) == (False, rule)
    assert judge(house, Cards.parse("RRW"), Cards.parse("BR")).ok


def test_listing_and_drawing_keep_to_what_verify_accepts() -> None:
    for seed in range(12):
        game, rng = Game(HOUSE, seed), random.Random(seed)
        while not game.over:
            legal = game.legal_actions()
            assert all(game.can(action) for action in legal)
            action = game.sample_action(rng)
            assert action in legal
            game.apply(action)
