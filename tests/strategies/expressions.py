"""Grammar-aware strategies: one per expression start symbol of ``grammar/expressions.lark``, each drawing
texts in the forms the grammar's comments list (spellings included), kept only when they parse."""

from __future__ import annotations

from hypothesis import strategies as st

from gouji_variants.ruleset import cards
from gouji_variants.ruleset.cards import BIG_JOKER, FIVE, FOUR, N_RANKS, SMALL_JOKER, THREE, TOP_JOKER, TWO
from gouji_variants.ruleset.expressions import (
    MAX_CARDS,
    MAX_DECKS,
    MIN_ORDINARY,
    PLAYERS,
    BuyOrder,
    DeckRecipe,
    Forbid,
    Forfeit,
    HandRule,
    KillRule,
    Thresholds,
    TributeOrder,
    parse,
)
from gouji_variants.ruleset.grammar import NotationError

RANKS = st.sampled_from(list("3456789TJQKA2"))
JOKERS = st.sampled_from(["B", "R", "W"])
CARDS = st.one_of(RANKS, JOKERS)
#: deck-sized cards: 王中王 only now and then, as tables add it
DECK_CARDS = st.one_of(RANKS, st.sampled_from(["B", "R"]), st.just("W"))
#: every card, highest first (the order thresholds are listed in)
ORDER = "WRB2AKQJT9876543"


def _parses(kind: type, texts: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """``texts`` kept when they parse as ``kind`` (the compiler's checks across keys may still refuse one)."""

    def ok(text: str) -> bool:
        try:
            parse(kind, text)
        except (NotationError, ValueError):
            return False
        return True

    return texts.filter(ok)


def _kill() -> st.SearchStrategy[str]:
    ratio = st.sampled_from(["", "2", "3"])
    killer = st.one_of(
        st.builds(lambda r, j: r + j, ratio, JOKERS),                                     # R, 2R
        st.builds(lambda r: f"{r} jokers" if r else "joker", ratio),                      # 2 jokers
        st.builds(lambda n: f"{n} two" + ("s" if n > 1 else ""), st.integers(1, 4)),      # 3 twos
        st.just("equal or higher jokers"),
        st.builds(lambda r: f"{r} higher jokers".strip(), ratio),                       # higher jokers
        st.builds(lambda r, a, b: f"{r}({a} or {b})" if r else f"{a} or {b}", ratio,     # B by R or W
                  JOKERS, JOKERS),
    )
    extra = st.one_of(st.just(""), st.builds(lambda n, each: f", +{n} card" + ("s" if n > 1 else "") + each,
                                             st.integers(1, 3), st.sampled_from(["", " each"])))
    return st.builds(
        lambda target, where, by, in_all, more, any_rank: f"{target}{where} by {by}{in_all}{more}{any_rank}",
        st.sampled_from(["B", "R", "W", "joker"]), st.sampled_from(["", " on 2", " on single 2", " alone"]),
        killer, st.sampled_from(["", " in all"]), extra, st.sampled_from(["", ", any rank"]))


def _thresholds() -> st.SearchStrategy[str]:
    """Distinct cards from the highest down, each needing at least as many as the one before."""
    picks = st.lists(CARDS, min_size=1, max_size=8, unique=True).map(lambda picked: sorted(picked, key=ORDER.index))
    counts = st.lists(st.integers(1, 6), min_size=8, max_size=8).map(sorted)
    return st.builds(lambda picked, needs: ", ".join(card * n for card, n in zip(picked, needs[:len(picked)],
                                                                                strict=True)), picks, counts)


def _tribute_order() -> st.SearchStrategy[str]:
    kinds = st.lists(st.sampled_from(["点", "闷", "烧", "落", "清", "憋王"]), min_size=1, max_size=6, unique=True)
    return kinds.map(" > ".join)


@st.composite
def deck_recipes(draw: st.DrawFn) -> DeckRecipe:
    """Valid recipes by construction (no draw is thrown away): each adjustment is drawn within what the
    counts so far allow, then at most two more make the deal whole (enough cards from 5 to 2, a multiple
    of six players) when the drawn ones did not."""
    decks = draw(st.integers(1, MAX_DECKS))
    counts = [4 * decks] * N_RANKS
    counts[SMALL_JOKER] = counts[BIG_JOKER] = decks
    counts[TOP_JOKER] = 0
    adjustments: list[tuple[str, int, int]] = []
    for _ in range(draw(st.integers(0, 5))):
        rank = draw(st.integers(0, N_RANKS - 1))
        room = MAX_CARDS - 60 - sum(counts)  # what is left for adds, with room for the repairs below
        verb = draw(st.sampled_from(["only", "remove", "add"] if room > 0 else ["only", "remove"]))
        most = {"only": counts[rank] + max(room, 0), "remove": counts[rank], "add": max(room, 0)}[verb]
        count = draw(st.integers(0, min(most, 30)))
        adjustments.append((verb, count, rank))
        counts[rank] = count if verb == "only" else counts[rank] + (count if verb == "add" else -count)
    ordinary = sum(counts) - counts[THREE] - counts[FOUR] - sum(counts[joker] for joker in cards.JOKERS)
    if ordinary < MIN_ORDINARY:
        adjustments.append(("add", MIN_ORDINARY - ordinary, draw(st.integers(FIVE, TWO))))
        counts[FIVE] += MIN_ORDINARY - ordinary  # (which ordinary rank took them does not change the total)
    if sum(counts) % PLAYERS:
        adjustments.append(("add", -sum(counts) % PLAYERS, draw(st.integers(0, N_RANKS - 1))))
    return DeckRecipe(decks, tuple(adjustments))


def _deck_recipe() -> st.SearchStrategy[str]:
    return deck_recipes().map(str)


def _hand_rule() -> st.SearchStrategy[str]:
    clause = st.builds(lambda bound, n, card: f"{bound} {n} of {card}", st.sampled_from(["exactly", "at least"]),
                       st.integers(1, 2), DECK_CARDS)
    return st.lists(clause, min_size=1, max_size=2, unique_by=lambda text: text.rsplit(" ", 1)[1]).map(", ".join)


@st.composite
def _buy_sources(draw: st.DrawFn) -> str:
    """Sources that ask no seat twice: each group whole or as its two seats (issue 36), in any order, some of them."""
    team = draw(st.sampled_from([["联邦"], ["上手联邦", "下手联邦"]]))
    neighbours = draw(st.sampled_from([["上下家"], ["上家", "下家"]]))
    sources = draw(st.permutations(["对门", *team, *neighbours]))
    kept = sources[:draw(st.integers(1, len(sources)))]
    return " > ".join(source + draw(st.sampled_from(["", "赠"])) for source in kept)


def _buy_order() -> st.SearchStrategy[str]:
    return st.one_of(_buy_sources(), st.sampled_from(["none", "duitou-then-team", "whoever-has-extra"]))


def _forfeit() -> st.SearchStrategy[str]:
    consequence = st.sampled_from(["大落", "不开点"])
    attachable = st.sampled_from(["2", "B", "R", "W", "joker"])  # only 2s and jokers go with another rank
    with_ = st.builds(lambda card, more: (card, [other for other in more if other != card]), CARDS,
                      st.lists(attachable, min_size=2, max_size=3, unique=True)).filter(lambda pair: pair[1])
    return st.one_of(
        st.builds(lambda card, then: f"no {card} -> {then}", CARDS, consequence),
        st.builds(lambda pair, then: f"{pair[0]} with {' or '.join(pair[1][:2])} -> {then}", with_, consequence),
    )


def _forbid() -> st.SearchStrategy[str]:
    attached = st.lists(st.one_of(st.sampled_from(["2", "B", "R", "W"]), st.just("joker")), max_size=2, unique=True)
    with_ = attached.map(lambda more: f" with {' or '.join(more)}" if more else "")
    shape = st.one_of(
        st.builds(lambda card, more: card + more, CARDS, with_),
        st.just("jokers alone"),
        st.builds(lambda more: "any" + more, with_),
    )
    negated = st.builds(lambda no, text: no + text, st.sampled_from(["", "not "]), shape)
    return st.one_of(
        st.builds(lambda card: f"part of {card}", CARDS),
        st.builds(lambda play, on: f"{play}{on}", st.one_of(negated, st.builds(lambda c: f"part of {c}", CARDS)),
                  st.one_of(st.just(""), negated.map(lambda target: f" on {target}"))),
    )


_FORMS: dict[type, st.SearchStrategy[str]] = {
    Thresholds: _thresholds(), KillRule: _kill(), TributeOrder: _tribute_order(), DeckRecipe: _deck_recipe(),
    HandRule: _hand_rule(), BuyOrder: _buy_order(), Forfeit: _forfeit(),
    Forbid: _forbid(),
}
#: By grammar start symbol (a schema key's ``x-expression``): texts that parse.
EXPRESSIONS: dict[str, st.SearchStrategy[str]] = {kind.KIND: _parses(kind, texts) for kind, texts in _FORMS.items()}
