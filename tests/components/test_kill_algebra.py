"""The kill algebra (issue 26): every built-in ruleset's kill rules judge as 0.3.0's did (the oracle in
``legacy_kills.py``), on every pair of small plays and on random larger ones; a composed kill covers
each kind of joker by its own rule; and under every new form the move generator lists exactly what
the referee accepts."""

from __future__ import annotations

import itertools
import random

import pytest
from budget import examples
from engine_helpers import deal, variant
from hypothesis import given, settings
from hypothesis import strategies as st
from legacy_kills import legacy_beats

from gouji_variants.components.moves import moves_for
from gouji_variants.components.plays import Combo, beats, classify
from gouji_variants.ruleset.cards import BIG_JOKER, JOKERS, N_RANKS, SMALL_JOKER, TOP_JOKER, TWO, Cards
from gouji_variants.ruleset.compiler import load_ruleset
from gouji_variants.ruleset.expressions import DeckRecipe, KillRule, parse
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.rules import Bie3, Plays
from gouji_variants.text.docgen import builtin_rulesets

#: The built-in rulesets' distinct ``plays`` and ``bie3`` sections (what a combination and a kill depend on).
SECTIONS: dict[tuple[Plays, Bie3], str] = {}
for _ruleset in builtin_rulesets():
    SECTIONS.setdefault((_ruleset.rules.plays, _ruleset.rules.bie3), _ruleset.id)
#: The plain ranks of the exhaustive pairs: below, at and above each other and the special 3 and 4.
PLAIN = (0, 1, 6, 11)  # 3, 4, 9, A
SMALL = 3  # targets of up to three cards, answers of up to two more (no built-in rule adds more than two)


def _plays(most: int, plain: tuple[int, ...] = PLAIN) -> list[tuple[int, ...]]:
    """Every count vector of one plain rank (or none) with 2s and jokers, of 1 to ``most`` cards."""
    found = []
    for base in (None, *plain):
        for k, t, s, b, w in itertools.product(range(most + 1), repeat=5):
            if (base is None) != (k == 0) or not 0 < k + t + s + b + w <= most:
                continue
            counts = [0] * N_RANKS
            if base is not None:
                counts[base] = k
            counts[TWO], counts[SMALL_JOKER], counts[BIG_JOKER], counts[TOP_JOKER] = t, s, b, w
            found.append(tuple(counts))
    return found


def _combos(vectors: list[tuple[int, ...]], plays: Plays, bie3: Bie3) -> list[Combo]:
    found = (classify(Cards(vector), plays, bie3) for vector in vectors)
    return [combo for combo in found if isinstance(combo, Combo)]


@pytest.mark.parametrize("plays, bie3", list(SECTIONS), ids=list(SECTIONS.values()))
def test_builtin_kills_judge_as_before_on_every_small_pair(plays: Plays, bie3: Bie3) -> None:
    assert plays.kill_cover == "highest"
    targets = [combo for combo in _combos(_plays(SMALL), plays, bie3) if combo.has_jokers]
    answers = _combos(_plays(SMALL + 2), plays, bie3)
    by_size: dict[int, list[Combo]] = {}
    for answer in answers:
        by_size.setdefault(answer.size, []).append(answer)
    pairs = 0
    for target in targets:
        for size in range(target.size, target.size + 3):
            for answer in by_size.get(size, []):
                verdict = beats(answer, target, plays)
                assert (verdict.ok, verdict.rule if verdict.ok else "plays.kills") == \
                    legacy_beats(answer, target, plays.kills), (answer.cards, target.cards)
                pairs += 1
    assert pairs > 5_000


def _vector(draw: st.DrawFn, most: int) -> tuple[int, ...]:
    counts = [0] * N_RANKS
    counts[draw(st.integers(0, TWO - 1))] = draw(st.integers(0, most))
    for rank in (TWO, *JOKERS):
        counts[rank] = draw(st.integers(0, most // 2))
    return tuple(counts)


@st.composite
def pairs(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A target carrying jokers and an answer up to two cards longer, both of up to about twenty cards."""
    target = list(_vector(draw, 10))
    target[draw(st.sampled_from(JOKERS))] += 1
    answer = list(_vector(draw, 10))
    extra = sum(target) + draw(st.integers(0, 2)) - sum(answer)
    answer[draw(st.sampled_from((TWO, *JOKERS)))] += max(0, extra)
    return tuple(target), tuple(answer)


@settings(max_examples=examples(600), deadline=None)
@given(pair=pairs(), which=st.integers(0, len(SECTIONS) - 1))
def test_builtin_kills_judge_as_before_on_random_larger_pairs(pair: tuple[tuple[int, ...], tuple[int, ...]],
                                                                which: int) -> None:
    plays, bie3 = list(SECTIONS)[which]
    target, answer = (classify(Cards(vector), plays, bie3) for vector in pair)
    if isinstance(target, Combo) and isinstance(answer, Combo):
        verdict = beats(answer, target, plays)
        assert (verdict.ok, verdict.rule if verdict.ok else "plays.kills") == \
            legacy_beats(answer, target, plays.kills)


DEZHOU = load_ruleset("dezhou")


def _each(ruleset: Ruleset, *kills: str) -> Ruleset:
    return variant(ruleset, plays={"kills": tuple(parse(KillRule, text) for text in kills), "kill_cover": "each"})


def test_each_kind_of_joker_is_covered_by_its_own_rule() -> None:
    rules = _each(DEZHOU, "B by R", "R by 2R, +1 card each", "R by 3B, +2 cards each").rules
    target = classify(Cards.parse("88BR"), rules.plays, rules.bie3)
    assert isinstance(target, Combo)
    for play, ok, rule in (("99RRR", True, "plays.kills[0+1]"),  # B by one R, R by two R and one card more
                           ("999RR", False, "plays.kills"),  # today's reading: the B rides free
                           ("9RBBB", False, "plays.kills"),  # R by three B needs two cards more: six
                           ("99RBBB", True, "plays.kills[0+2]")):
        found = classify(Cards.parse(play), rules.plays, rules.bie3)
        assert isinstance(found, Combo)
        verdict = beats(found, target, rules.plays)
        assert (verdict.ok, verdict.rule) == (ok, rule), play
    # under today's reading the 大王's rule decides alone, and the 小王 counts as a plain card
    highest = variant(DEZHOU, plays={"kills": rules.plays.kills}).rules.plays
    assert beats(classify(Cards.parse("999RR"), highest, rules.bie3), target, highest).ok  # type: ignore[arg-type]


def test_the_surplus_grows_with_the_kill_and_killers_come_from_a_set() -> None:
    rules = _each(DEZHOU, "B by R or W", "R by 2(R or W), +1 card each").rules
    on = {text: classify(Cards.parse(text), rules.plays, rules.bie3) for text in ("8R", "88RR", "8B")}
    cases = (("9RR", "8R", True), ("9RW", "8R", True), ("9RRRR", "88RR", False), ("99RRRW", "88RR", True),
             ("9W", "8B", True), ("9B", "8B", False))
    for play, target, ok in cases:
        found = classify(Cards.parse(play), rules.plays, rules.bie3)
        assert beats(found, on[target], rules.plays).ok is ok, (play, target)  # type: ignore[arg-type]


def test_strictly_higher_and_equal_or_higher_cover() -> None:
    strict = _each(DEZHOU, "joker by higher jokers").rules
    equal = _each(DEZHOU, "joker by equal or higher jokers").rules
    target = classify(Cards.parse("88BR"), strict.plays, strict.bie3)
    for play, strictly, equally in (("99BR", False, True), ("99RW", True, True), ("99RR", False, True),
                                    ("99WW", True, True), ("99BB", False, False)):
        found = classify(Cards.parse(play), strict.plays, strict.bie3)
        assert beats(found, target, strict.plays).ok is strictly, play  # type: ignore[arg-type]
        assert beats(found, target, equal.plays).ok is equally, play  # type: ignore[arg-type]


@pytest.mark.parametrize("plays, bie3", list(SECTIONS), ids=list(SECTIONS.values()))
def test_each_reads_as_highest_on_plays_with_one_kind_of_joker(plays: Plays, bie3: Bie3) -> None:
    each = variant(load_ruleset("dagang"), plays={"kills": plays.kills, "kill_cover": "each"}).rules.plays
    targets = [combo for combo in _combos(_plays(3), plays, bie3)
               if sum(1 for joker in JOKERS if combo.cards[joker]) == 1]
    for target in targets:
        for answer in _combos(_plays(4, (0, 6, 11)), plays, bie3):
            assert beats(answer, target, each).ok == beats(answer, target, plays).ok


#: The outside rulebook (the 2024 6-deck 鹰 rules behind lamb-cn/rlcard_gouji), kills counted joker by joker:
#: a joker falls to a higher one 1-for-1, or to two of its own kind and a card more.
OUTSIDE = ("B by higher jokers", "B by 2B, +1 card each", "R by W", "R by 2R, +1 card each")


def _cover(cover: str, *kills: str) -> Ruleset:
    return variant(DEZHOU, deck={"recipe": parse(DeckRecipe, "4 decks, add 6 of W")},
                   plays={"kills": tuple(parse(KillRule, text) for text in kills), "kill_cover": cover})


#: Every new form, composed: sets of killers, strict cover, a surplus per joker, under ``each``.
NEW_FORMS = [
    _each(DEZHOU, "B by R or W", "R by 2R, +1 card each", "R alone by 2 jokers, +1 card each", "W by 2W"),
    _each(DEZHOU, "joker by higher jokers", "B by 2B, +1 card each", "R by 3B, +2 cards each, any rank"),
    _each(DEZHOU, "joker by 2 equal or higher jokers, +1 card", "B on 2 by B", "R by 2(R or W) in all"),
    variant(DEZHOU, plays={"kills": (parse(KillRule, "B by R or W"), parse(KillRule, "R by 2R, +1 card each"),
                                     parse(KillRule, "joker alone by higher jokers"))}),
    _cover("each-joker", *OUTSIDE),
    _cover("each-joker", "B by R or W", "B by 2B, +1 card", "R by 2R, +1 card each", "R by W", "joker by 3 twos"),
]


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    """Hands of two plain ranks at most, heavy in 2s and jokers."""
    counts = [0] * N_RANKS
    for rank in draw(st.lists(st.integers(0, TWO - 1), max_size=2)):
        counts[rank] = draw(st.integers(1, 3))
    for rank in (TWO, *JOKERS):
        counts[rank] = draw(st.integers(0, 3))
    return counts


@settings(max_examples=examples(150), deadline=None)
@given(data=st.data(), which=st.integers(0, len(NEW_FORMS) - 1))
def test_listing_agrees_with_the_referee_under_the_new_forms(data: st.DataObject, which: int) -> None:
    rules = NEW_FORMS[which].rules
    hand = data.draw(hands())
    target = classify(Cards(tuple(data.draw(hands()))), rules.plays, rules.bie3)
    if not isinstance(target, Combo) or not target.has_jokers:
        return
    moves = moves_for(rules.plays, rules.bie3.enabled)
    legal = [classify(Cards(combo), rules.plays, rules.bie3)
             for combo in itertools.product(*(range(n + 1) for n in hand)) if any(combo)]
    expected = {combo.cards.counts for combo in legal if isinstance(combo, Combo)
                and beats(combo, target, rules.plays).ok}
    listed = moves.beating_list(hand, target)
    assert len(listed) == len(set(listed)) and set(listed) == expected
    assert moves.can_beat(hand, target) == bool(expected)


def test_the_engine_lists_and_refuses_by_kill_cover() -> None:
    """A 小王 and a 大王 led to the 对头: under ``highest`` two 大王 and a card more kill it (the 小王 rides
    free), under ``each`` the 小王 needs a 大王 of its own."""
    from gouji_variants.engine import Play

    hands = ("88BR3", "3456", "3457", "9999RRR3", "3458", "3459")
    two, three = Play(Cards.parse("999RR")), Play(Cards.parse("99RRR"))
    for cover, by_two in (("highest", True), ("each", False)):
        game = deal(variant(DEZHOU, plays={"kill_cover": cover}), *hands)
        game.apply(Play(Cards.parse("88BR")))
        assert game.turn == 3
        legal = game.legal_actions()
        assert (two in legal, game.can(two), three in legal) == (by_two, by_two, True)



def _judge(rules: Ruleset, play: str, on: str) -> tuple[bool, str]:
    target, answer = (classify(Cards.parse(text), rules.rules.plays, rules.rules.bie3) for text in (on, play))
    assert isinstance(target, Combo) and isinstance(answer, Combo)
    verdict = beats(answer, target, rules.rules.plays)
    return verdict.ok, verdict.rule


@pytest.mark.parametrize(("play", "on", "rule"), [
    ("8RRW", "7RR", "plays.kills[2+3]"),  # the W kills one R, RR the other (one card more)
    ("BBBW", "9BB", "plays.kills[0+1]"),  # the W kills one B, BB the other
    ("RRRW", "BRR", "plays.kills[0+2+3]"),  # an R kills the B, the W one R, RR the other
    ("RBB888", "BB777", "plays.kills[0+1]"),  # the R kills one B, BB the other
])
def test_each_joker_shares_the_jokers_of_one_kind_among_rules(play: str, on: str, rule: str) -> None:
    """The outside rulebook's kills that no single rule for a kind makes: under each-joker they beat, naming the
    rules shared; under each (one rule a kind) they do not."""
    assert _judge(_cover("each-joker", *OUTSIDE), play, on) == (True, rule)
    assert _judge(_cover("each", *OUTSIDE), play, on) == (False, "plays.kills")


def test_each_joker_names_the_first_rules_largest_share_first() -> None:
    rules = _cover("each-joker", *OUTSIDE)
    assert _judge(rules, "8WW", "7RR") == (True, "plays.kills[2]")  # both R by the W rule alone
    assert _judge(rules, "8RRRR", "7RR") == (True, "plays.kills[3]")  # both by two R, two cards more
    assert _judge(rules, "8RRR", "7RR") == (False, "plays.kills")  # one R too few for the shared kill
    assert _judge(rules, "8RW", "7RR")[0] is False  # one card short of the shared kill's four


@st.composite
def covers(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """A target carrying jokers, an answer up to three cards longer, and a set of composed kill rules."""
    target, answer = draw(pairs())
    extra = draw(st.integers(0, 1))
    if extra:
        answer = (*answer[:TOP_JOKER], answer[TOP_JOKER] + 1)
    return target, answer, draw(st.integers(0, len(COVER_KILLS) - 1))


COVER_KILLS = [OUTSIDE, ("B by R or W", "B by 2B, +1 card", "R by 2R, +1 card each", "R by W", "joker by 3 twos"),
               ("joker by higher jokers", "B by B, +1 card", "R by 2 jokers in all, +1 card", "W alone by 2W, +1 card")]


@settings(max_examples=400, deadline=None)
@given(case=covers())
def test_each_joker_accepts_what_each_does_and_agrees_where_no_kind_can_be_shared(
        case: tuple[tuple[int, ...], tuple[int, ...], int]) -> None:
    """Property against the one-rule-a-kind judge: whatever each accepts, each-joker accepts; where no kind's
    jokers can be shared (one joker of each kind, or one rule for each kind) the two judge alike."""
    target_counts, answer_counts, which = case
    each, joker = (_cover(cover, *COVER_KILLS[which]).rules.plays for cover in ("each", "each-joker"))
    bie3 = DEZHOU.rules.bie3
    target, answer = classify(Cards(target_counts), each, bie3), classify(Cards(answer_counts), each, bie3)
    if not isinstance(target, Combo) or not isinstance(answer, Combo) or not target.has_jokers:
        return
    by_each, by_joker = beats(answer, target, each), beats(answer, target, joker)
    if by_each.ok:
        assert by_joker.ok
    rules_for = [sum(1 for rule in each.kills if rule.target in (-1, kind)) for kind in JOKERS if target.cards[kind]]
    if all(target.cards[kind] <= 1 for kind in JOKERS) or all(count <= 1 for count in rules_for):
        assert (by_joker.ok, by_joker.rule) == (by_each.ok, by_each.rule)


def test_the_engine_lists_and_refuses_the_shared_kill_by_kill_cover() -> None:
    """7RR led to the 对头 holding 8RRW: under each-joker the W kills one 大王 and two 大王 the other (one card
    more), the play is listed and taken; under each it is neither, and the 对头's pass is forced."""
    from gouji_variants.engine import Play

    hands = ("77RR3", "3456", "3457", "88RRW3", "3458", "3459")
    shared = Play(Cards.parse("8RRW"))
    for cover, listed in (("each-joker", True), ("each", False)):
        game = deal(_cover(cover, *OUTSIDE), *hands)
        game.apply(Play(Cards.parse("7RR")))
        assert game.turn == (3 if listed else 0)  # under each nothing of seat 3's beats it: its pass is forced
        assert (shared in game.legal_actions(), game.can(shared)) == (listed, listed)
        if listed:  # drawn as well as listed: the random draw takes every legal action
            assert {game.sample_action(random.Random(seed)) for seed in range(40)} == set(game.legal_actions())
            game.apply(shared)
            assert game.hand(3) == Cards.parse("83")
