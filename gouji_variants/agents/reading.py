"""What the rule-aware heuristic reads from a seat's view: where it stands under *these* rules.

A :class:`Reading` is built from a :class:`SeatView` only (the seat's hand, the public record and
the compiled rules, never a city's name): whether the seat still seeks 开点 and which plays open
it, whether its 4s wait (落四), whether its 3s must go last (憋3), whether it is burning, and
which cards it cannot see, so that a play can be judged safe (nobody could beat it).
"""

from __future__ import annotations

from typing import Final

from ..components import burning, kaidian
from ..components.gouji import is_gouji
from ..components.moves import Moves, moves_for
from ..components.plays import Combo, classify
from ..components.turns import duitou
from ..engine.actions import Play
from ..engine.interned import play_of
from ..engine.seat import SeatView
from ..ruleset.cards import BIG_JOKER, FOUR, JOKERS, N_RANKS, SMALL_JOKER, THREE, TOP_JOKER, TWO, Cards
from ..ruleset.rules import Rules

Counts = tuple[int, ...]
URGENT_HAND: Final = 10  # cards in its own hand at which a seat stops waiting for a safe play to open with
MEMO_SIZE: Final = 50_000  # plays a :class:`Memo` keeps before it starts again


def jokers(counts: Counts) -> int:
    return counts[SMALL_JOKER] + counts[BIG_JOKER] + counts[TOP_JOKER]


def minus(hand: Counts, cards: Counts) -> Counts:
    left = [0] * len(hand)  # (a loop: compiled, ``map(operator.sub, …)`` calls back into Python per rank)
    for rank in range(len(hand)):
        left[rank] = hand[rank] - cards[rank]
    return tuple(left)


def lowest(cards: Counts) -> int:
    """The lowest rank in ``cards`` (0 when there is none)."""
    for rank, count in enumerate(cards):
        if count:
            return rank
    return 0


def ranks(counts: Counts) -> int:
    """Plays needed for the non-joker cards, one per rank (jokers ride along)."""
    return sum(1 for rank in range(SMALL_JOKER) if counts[rank])


def cost(cards: Counts, hand: Counts) -> int:
    """How dear a play is: jokers most (a 大王 dearer than a 小王), then 2s, then breaking a group
    (dearer the more of it stays behind), then its rank."""
    spent = cards[SMALL_JOKER] + 3 * cards[BIG_JOKER] + 9 * cards[TOP_JOKER]
    base = lowest(cards)
    split = 30 + 5 * (hand[base] - cards[base]) if base < TWO and cards[base] < hand[base] else 0
    return spent * 1000 + cards[TWO] * 100 + split + base


class Memo:
    """What a bot worked out of plays under one set of rules, kept across its decisions and games
    (a play's combination and whether it is 够级 depend on the rules only): reset when the rules
    change, and when it grows past :data:`MEMO_SIZE` plays."""

    def __init__(self) -> None:
        self.rules: Rules | None = None
        self.combos: dict[Counts, Combo | None] = {}
        self.gouji: dict[Counts, bool] = {}

    def under(self, rules: Rules) -> Memo:
        if rules is not self.rules or len(self.combos) > MEMO_SIZE:
            self.rules, self.combos, self.gouji = rules, {}, {}
        return self


class Reading:
    """A seat's position as the rules make it matter (built by :func:`read`; what it works out is
    worked out once, when first asked for)."""

    def __init__(self, view: SeatView, hand: Counts, memo: Memo) -> None:
        self.view = view
        self.hand = hand
        self.memo = memo
        self.seat = view.seat
        self.burning = view.burner == view.seat
        self._safe: dict[Counts, bool] = {}  # whether nobody could beat a play (the unseen cards decide it)
        self._moves: Moves | None = None
        self._seeking: bool | None = None
        self._unseen: Counts | None = None
        self._confirm_due: bool | None = None

    @property
    def moves(self) -> Moves:
        found = self._moves
        if found is None:
            found = self._moves = moves_for(self.view.rules.plays, self.view.rules.bie3.enabled)
        return found

    @property
    def seeking(self) -> bool:
        """打点: the seat has not opened (开点), has not given it up, and its deadline has not passed."""
        found = self._seeking
        if found is None:
            rule, seat = self.view.rules.kaidian, self.seat
            seen = self.view.observation if rule.enabled else None  # (no 打点: the observation is not built)
            found = self._seeking = (
                seen is not None and bool(seen.opened) and not seen.opened[seat]
                and not (seen.gave_up and seen.gave_up[seat]) and seat not in seen.revolutionaries
                and not kaidian.deadline_passed(rule, seat, seen.finished) and not seen.luanchan)
        return found

    @property
    def urgent(self) -> bool:
        """The 开点 deadline may be near: a seat is out, some hand is down to a few cards,
        or its own hand to :data:`URGENT_HAND`."""
        seen = self.view.observation
        return bool(seen.finished) or any(count is not None and count <= 10 for count in seen.counts) \
            or sum(self.hand) <= URGENT_HAND

    @property
    def keeps_fours(self) -> bool:
        """落四: playing 4s before opening gives 开点 up, so they wait while the seat seeks it."""
        return self.view.rules.kaidian.fours_after_open and self.seeking

    @property
    def threes_last(self) -> bool:
        """憋3: the 3s go out together as the last play."""
        return self.view.rules.bie3.enabled and self.hand[THREE] > 0

    @property
    def unseen(self) -> Counts:
        """Cards the seat cannot see: the deal's cards less those played, taken out and its own
        (and any hand the rules show it): what the other seats may hold, at most."""
        found = self._unseen
        if found is None:
            seen = self.view.observation
            left = list(seen.deck.counts)
            known = [*seen.played, seen.removed, *(hand for hand in seen.hands if hand is not None)]
            for cards in known:
                for rank, count in enumerate(cards.counts):
                    left[rank] -= count
            found = self._unseen = tuple(max(count, 0) for count in left)
        return found

    def combo(self, cards: Counts) -> Combo | None:
        """The combination ``cards`` make (None for none: cards of two ranks below the 2s never do)."""
        plain = 0
        for rank in range(TWO):
            if cards[rank]:
                plain += 1
                if plain > 1:
                    return None
        combos = self.memo.combos
        try:
            return combos[cards]
        except KeyError:
            rules = self.view.rules
            found = classify(Cards.unchecked(cards), rules.plays, rules.bie3)
            combo = combos[cards] = found if isinstance(found, Combo) else None
            return combo

    def one_play(self, cards: Counts) -> bool:
        """Whether the seat may lead ``cards`` in one play now (a combination first: most are not)."""
        return self.combo(cards) is not None and self.view.can(play_of(cards))  # (a shared Play: none made)

    def gouji(self, cards: Counts) -> bool:
        known = self.memo.gouji
        try:
            return known[cards]
        except KeyError:
            found = self.combo(cards)
            gouji = known[cards] = found is not None and is_gouji(found, self.view.rules.gouji)
            return gouji

    def safe(self, cards: Counts) -> bool:
        """Nobody could beat this play: even all the unseen cards together make no play that beats it."""
        try:
            return self._safe[cards]
        except KeyError:
            found = self.combo(cards)
            safe = self._safe[cards] = found is not None and not self.moves.can_beat(self.unseen, found)
            return safe

    def opens(self, cards: Counts, led: bool, on_gouji: bool) -> bool:
        """Whether this play, if it lives, counts towards the seat's 开点 under these rules."""
        found = self.combo(cards)
        return (self.seeking and found is not None and self.gouji(cards)
                and kaidian.opens(self.view.rules.kaidian, found, led, on_gouji))

    @property
    def confirm_due(self) -> bool:
        """``then_four``: the seat's last play was a 够级 play that opens and lived (the seat leads
        again after it), so this lead of 4s completes 开点 (read from the public record)."""
        found = self._confirm_due
        if found is None:
            found = self._confirm_due = self._confirms()
        return found

    def _confirms(self) -> bool:
        rule = self.view.rules.kaidian
        if not (rule.then_four and self.seeking and self.view.decision == "lead" and self.hand[FOUR]):
            return False
        plays: list[tuple[int, Counts]] = []  # the record's last two plays, in order
        for seat, action in reversed(self.view.observation.history):
            if isinstance(action, Play):
                plays.insert(0, (seat, action.cards.counts))
                if len(plays) == 2:
                    break
        if not plays or plays[-1][0] != self.seat:
            return False
        on_gouji = len(plays) > 1 and plays[-2][0] != self.seat and self.gouji(plays[-2][1])
        found = self.combo(plays[-1][1])
        return found is not None and is_gouji(found, self.view.rules.gouji) \
            and bool(kaidian.kinds(found) & set(rule.opens_with)) \
            and not (rule.answering == "not-on-gouji" and on_gouji)

    def burn_keepable(self, left: Counts) -> bool:
        """Whether a burner left with ``left`` after its burning play can keep the burn's condition
        to the end (``burning.keepable``; under 憋3 the 3s, which carry no joker, must be the last
        play and so must be exempt)."""
        rule = self.view.rules.burning
        if not burning.keepable(rule, left):
            return False
        if self.view.rules.bie3.enabled and left[THREE] and any(left[THREE + 1:]):
            return "joker-every-play" in rule.conditions and rule.last_play_exempt
        return True

    def keeps_burn(self, cards: Counts) -> bool:
        """A burner's play keeps the burn's condition (else it is 诈烧)."""
        rule = self.view.rules.burning
        left = minus(self.hand, cards)
        one_rank = sum(1 for count in self.hand if count) <= 1
        return burning.keeps_condition(rule, jokers(cards) > 0, not any(left), one_rank) \
            and (not any(left) or self.burn_keepable(left))

    def stranded(self, left: Counts) -> bool:
        """Whether keeping only ``left`` is a trap under 憋3: 3s alone after a play that may be
        beaten (闷) is judged by the caller; jokers with 3s only is 大小王不出手 (大落)."""
        bie3 = self.view.rules.bie3
        if not bie3.enabled or not left[THREE]:
            return False
        rest = [rank for rank in range(N_RANKS) if left[rank] and rank != THREE]
        return bie3.jokers_last_is_dalu and bool(rest) and all(rank in JOKERS for rank in rest)

    def duitou_opening(self, cards: Counts, player: int, led: bool, on_gouji: bool) -> bool:
        """Whether ``player``'s play would open it (开点) if it lived: worth stopping."""
        seen, rule = self.view.observation, self.view.rules.kaidian
        found = self.combo(cards)
        if not rule.enabled or found is None or seen.luanchan or player in seen.revolutionaries:
            return False
        if (seen.opened and seen.opened[player]) or (seen.gave_up and seen.gave_up[player]) \
                or kaidian.deadline_passed(rule, player, seen.finished):
            return False
        return self.gouji(cards) and kaidian.opens(rule, found, led, on_gouji)

    @property
    def duitou(self) -> int:
        return duitou(self.seat)


def read(view: SeatView, memo: Memo | None = None) -> Reading:
    """The seat's reading of ``view`` (with what ``memo`` knows of plays under these rules)."""
    return Reading(view, tuple(view.hand.counts), (memo or Memo()).under(view.rules))
