"""Helpers for engine tests: variants of a ruleset, and games from hand-crafted deals."""

from __future__ import annotations

import dataclasses
from typing import Any

from gouji_variants.cards import Cards
from gouji_variants.compiler import Ruleset
from gouji_variants.engine import PASS, Game
from gouji_variants.engine.game import Carry


def variant(ruleset: Ruleset, **sections: dict[str, Any]) -> Ruleset:
    """``ruleset`` with some rules changed, e.g. ``variant(r, burning={"counter_burn": False})``."""
    rules = ruleset.rules
    for name, changes in sections.items():
        rules = dataclasses.replace(rules, **{name: dataclasses.replace(getattr(rules, name), **changes)})
    return dataclasses.replace(ruleset, rules=rules)


def deal(ruleset: Ruleset, *hands: str, leader: int = 0, carry: Carry | None = None) -> Game:
    """A game from six hands in card notation, past the 革命 and 会3 offers (all declined)."""
    game = Game(ruleset, 0, hands=[Cards.parse(hand) for hand in hands], leader=leader, carry=carry)
    while game.decision in ("revolution", "hui3"):
        game.apply(PASS)
    return game
