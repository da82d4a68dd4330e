"""Helpers for engine tests: variants of a ruleset, and games from hand-crafted deals."""

from __future__ import annotations

import dataclasses
from typing import Any

from gouji_variants.engine import PASS, Game, Play
from gouji_variants.engine.game import Carry
from gouji_variants.ruleset.cards import Cards
from gouji_variants.ruleset.model import Ruleset, fingerprint
from gouji_variants.ruleset.rules import PLACE_NAMES


def variant(ruleset: Ruleset, **sections: dict[str, Any]) -> Ruleset:
    """``ruleset`` with some rules changed, e.g. ``variant(r, burning={"counter_burn": False})``."""
    rules = ruleset.rules
    for name, changes in sections.items():
        rules = dataclasses.replace(rules, **{name: dataclasses.replace(getattr(rules, name), **changes)})
    return dataclasses.replace(ruleset, rules=rules, fingerprint=fingerprint(rules, ruleset.components))


#: Place index by name: 头科 0 … 大落 5.
PLACE = {name: index for index, name in enumerate(PLACE_NAMES)}


def play(text: str) -> Play:
    """A play from card notation."""
    return Play(Cards.parse(text))


#: The offers before the first play, declined by :func:`deal`.
OFFERS = ("yudian", "revolution", "hui3", "mingdian")


def deal(ruleset: Ruleset, *hands: str, leader: int = 0, carry: Carry | None = None) -> Game:
    """A game from six hands in card notation, past the 预点, 革命, 会3 and 明点 offers (all declined)."""
    game = Game(ruleset, 0, hands=[Cards.parse(hand) for hand in hands], leader=leader, carry=carry)
    while game.decision in OFFERS:
        game.apply(PASS)
    return game


def run_out(game: Game) -> Game:
    """Finish ``game`` plainly: each leader plays its whole hand when it may, else its first lead;
    everyone else passes (offers declined)."""
    while not game.over:
        if game.decision == "lead":
            whole = Play(game.hand(game.turn))
            game.apply(whole if game.can(whole) else game.legal_actions()[0])
        else:
            game.apply(PASS)
    return game
