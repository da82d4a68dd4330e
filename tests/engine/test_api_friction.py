"""What a programmer writing scenarios meets: readable actions, the carry's types exported."""

from __future__ import annotations

from gouji_variants.engine import ASK, PASS, Ask, Burn, BurnDue, Carry, Due, Hui3, Pass, Play, Return
from gouji_variants.ruleset.cards import Cards


def test_actions_print_readably_and_repr_evaluates_back() -> None:
    assert str(Play("B888")) == "Play(888B)" and str(Burn("R2")) == "Burn(2R)" and str(Hui3("both")) == "Hui3(both)"
    for action in (Play("888B"), Burn("2R"), Return("55"), Hui3("both"), PASS, ASK):
        assert eval(repr(action), {"Ask": Ask, "Pass": Pass}, globals()) == action  # our own repr
    assert repr([Play("33")]) == "[Play('33')]"


def test_a_carry_is_built_from_exported_types() -> None:
    carry = Carry(places=(0, 1, 2, 3, 4, 5), burns=(BurnDue(0, 1, False),), owed=(Due("men", 3, 2, 1, False),))
    assert carry.burns[0].burned == 1 and carry.owed[0].kind == "men"
    assert Cards.parse("888 b") == Cards.parse("B888") and str(Cards.parse("10 10 小王")) == "TTB"
