"""Move generation on rank-count vectors: every lead, every beating play, fast tests and a sampler.

A combination is described by its base rank and how many 2s and jokers are
attached; which attachments are allowed comes from the ruleset's ``plays``
section, and a generated play always satisfies :func:`components.plays.classify`
and (when following) :func:`components.plays.beats` — the property tests check
both against brute force. Hands are lists of 16 counts (3..A, 2, 小王, 大王, 王中王).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from ..ruleset.cards import BIG_JOKER, FOUR, JOKERS, N_RANKS, SMALL_JOKER, THREE, TOP_JOKER, TWO
from ..ruleset.rules import Plays
from .draws import below
from .plays import Combo, Kill, enough, kills_of
from .recent import keep, recent
from .vectors import VECTORS_KEPT, Counts, group_key, held, vector

Jokers = tuple[int, int, int]  # (小王, 大王, 王中王) attached
_NO_JOKERS: Final[list[Jokers]] = [(0, 0, 0)]
_NO_LEAST: Final[Jokers] = (0, 0, 0)
KillPlan = tuple[Kill, bool, Jokers]  # a way to kill, whether each play is checked, the fewest jokers of its plays
GROUPS_KEPT: Final = VECTORS_KEPT  # entries of each move cache (then it starts again): bounded memory


@mypyc_attr(allow_interpreted_subclasses=True)
class Moves:
    """The combinations a hand can make under one ruleset's ``plays`` rules."""

    def __init__(self, plays: Plays, whole_threes: bool = False) -> None:
        self.whole_threes = whole_threes  # 憋3: 3s only all together, undecorated, as the last play
        self.attach_twos = plays.attach_twos
        self.attach_jokers = plays.attach_jokers
        self.mix = plays.mix_jokers
        self.jokers_with_threes = plays.jokers_with_threes
        self.plays = plays
        self._sets: dict[Jokers, list[Jokers]] = {}
        self._groups: dict[object, tuple[Counts, ...]] = {}  # leads, and plays of a size, per holding (group_key)
        self._plans: dict[int, tuple[Combo, list[KillPlan]]] = {}  # by the target's id (_kill_plans)

    def _jokers_allowed(self, base: int) -> bool:
        return self.attach_jokers and (base != THREE or self.jokers_with_threes and not self.whole_threes)

    def _last_threes(self, hand: list[int]) -> bool:
        """憋3: whether the hand is 3s only, the one time a play of 3s (all of them) is allowed."""
        return not any(count for rank, count in enumerate(hand) if rank != THREE)

    def _whole_threes(self, hand: list[int]) -> Counts | None:
        """憋3's one play of 3s, led or following (:meth:`.Bie3Area.splits_threes` and ``classify``):
        all of them, undecorated, as the last play; None before."""
        return vector(THREE, hand[THREE], 0, 0, 0) if hand[THREE] and self._last_threes(hand) else None

    def _joker_sets(self, base: int, small: int, big: int, top: int) -> list[Jokers]:
        """Every (小王, 大王, 王中王) attachment a play of ``base`` may carry from the hand's jokers."""
        if base >= SMALL_JOKER or not self._jokers_allowed(base):
            return _NO_JOKERS
        key = (small, big, top)
        found = self._sets.get(key)
        if found is None:
            if self.mix:
                found = [(s, b, w) for w in range(top + 1) for s in range(small + 1) for b in range(big + 1)]
            else:
                found = [(0, 0, 0)] + [(s, 0, 0) for s in range(1, small + 1)] + \
                    [(0, b, 0) for b in range(1, big + 1)] + [(0, 0, w) for w in range(1, top + 1)]
            self._sets[key] = found
        return found

    # -- leads ---------------------------------------------------------------------------------

    def _lead_weights(self, hand: list[int]) -> list[int]:
        """How many distinct leads each base rank gives."""
        small, big, top, twos = hand[SMALL_JOKER], hand[BIG_JOKER], hand[TOP_JOKER], hand[TWO]
        weights = [0] * N_RANKS
        t_choices = twos + 1 if self.attach_twos else 1
        choices = self._joker_choices(FOUR, small, big, top)  # the same for every base but 3
        for base in range(TWO):
            have = hand[base]
            if have:
                weights[base] = have * t_choices * (choices if base != THREE else
                                                    self._joker_choices(THREE, small, big, top))
        if self.whole_threes and hand[THREE]:
            weights[THREE] = int(self._last_threes(hand))
        if twos:
            weights[TWO] = twos * choices
        if small:
            weights[SMALL_JOKER] = small * ((big + 1) * (top + 1) if self.mix else 1)
        weights[BIG_JOKER] = big * (top + 1 if self.mix else 1)
        weights[TOP_JOKER] = top
        return weights

    def _joker_choices(self, base: int, small: int, big: int, top: int) -> int:
        if not self._jokers_allowed(base):
            return 1
        return (small + 1) * (big + 1) * (top + 1) if self.mix else small + big + top + 1

    def count_leads(self, hand: Sequence[int]) -> int:
        return sum(self._lead_weights(held(hand)))

    def leads(self, hand: Sequence[int]) -> Iterator[Counts]:
        """Every distinct lead, lowest base rank first."""
        return iter(self.lead_list(hand))

    def lead_list(self, hand: Sequence[int]) -> list[Counts]:
        """:meth:`leads` as a list, joined from the leads of each base rank (:meth:`lead_groups`)."""
        found: list[Counts] = []
        for group in self.lead_groups(hand):
            found += group
        return found

    def lead_groups(self, hand: Sequence[int]) -> list[tuple[Counts, ...]]:
        """The leads of each base rank, lowest first: tuples kept per holding of that rank, 2s and
        jokers (so a hand's leads are listed again in one step per rank, and a caller may remember
        what it made of a group by its identity while the group is kept)."""
        return self._lead_groups(held(hand))

    def _lead_groups(self, hand: list[int]) -> list[tuple[Counts, ...]]:
        small, big, top, twos = hand[SMALL_JOKER], hand[BIG_JOKER], hand[TOP_JOKER], hand[TWO]
        found: list[tuple[Counts, ...]] = []
        groups = self._groups
        for base in range(TOP_JOKER + 1):
            have = hand[base]
            if not have:
                continue
            if base == THREE and self.whole_threes:
                threes = self._whole_threes(hand)
                if threes is not None:
                    found.append((threes,))
                continue
            key = group_key(base, have, twos, small, big, top, 0)
            group = groups.get(key)
            if group is None:
                group = self._keep(key, tuple(self._base_leads(base, have, twos, small, big, top)))
            found.append(group)
        return found

    def _base_leads(self, base: int, have: int, twos: int, small: int, big: int, top: int) -> list[Counts]:
        """The leads of one base rank, given the hand's count of it, its 2s and its jokers."""
        found: list[Counts] = []
        if base < TWO:
            sets = self._joker_sets(base, small, big, top)
            for t in range(twos + 1 if self.attach_twos else 1):
                for s, b, w in sets:
                    for k in range(1, have + 1):
                        found.append(vector(base, k, t, s, b, w))
        elif base == TWO:
            for s, b, w in self._joker_sets(TWO, small, big, top):
                for k in range(1, have + 1):
                    found.append(vector(TWO, k, 0, s, b, w))
        elif base == SMALL_JOKER:
            for w in range(top + 1 if self.mix else 1):
                for b in range(big + 1 if self.mix else 1):
                    for s in range(1, have + 1):
                        found.append(vector(SMALL_JOKER, s, 0, 0, b, w))
        elif base == BIG_JOKER:
            for w in range(top + 1 if self.mix else 1):
                for b in range(1, have + 1):
                    found.append(vector(BIG_JOKER, b, 0, 0, 0, w))
        else:
            for w in range(1, have + 1):
                found.append(vector(TOP_JOKER, w, 0, 0, 0, 0))
        return found

    def sample_lead(self, hand: Sequence[int], rng: random.Random) -> Counts:
        """A lead drawn uniformly from all distinct leads, without listing them."""
        return self._sample_lead(held(hand), rng)

    def _sample_lead(self, hand: list[int], rng: random.Random) -> Counts:
        weights = self._lead_weights(hand)
        pick = below(rng, sum(weights))
        base = 0
        while pick >= weights[base]:
            pick -= weights[base]
            base += 1
        small, big, twos = hand[SMALL_JOKER], hand[BIG_JOKER], hand[TWO]
        if base == TOP_JOKER:
            return vector(TOP_JOKER, pick + 1, 0, 0, 0)
        if base == BIG_JOKER:
            w, b = divmod(pick, big)
            return vector(BIG_JOKER, b + 1, 0, 0, 0, w)
        if base == SMALL_JOKER:
            pick, s = divmod(pick, small)
            w, b = divmod(pick, big + 1)
            return vector(SMALL_JOKER, s + 1, 0, 0, b, w)
        count = hand[base]
        if base == THREE and self.whole_threes:
            return vector(THREE, count, 0, 0, 0)
        pick, k = divmod(pick, count)
        t = 0
        if base < TWO and self.attach_twos:
            pick, t = divmod(pick, twos + 1)
        s, b, w = self._nth_set(base, pick, small, big)
        return vector(base, k + 1, t, s, b, w)

    def _nth_set(self, base: int, index: int, small: int, big: int) -> Jokers:
        if not self._jokers_allowed(base):
            return 0, 0, 0
        if self.mix:
            index, b = divmod(index, big + 1)
            w, s = divmod(index, small + 1)
            return s, b, w
        if index <= small:
            return index, 0, 0
        if index <= small + big:
            return 0, index - small, 0
        return 0, 0, index - small - big

    # -- following -----------------------------------------------------------------------------

    def _of_size(self, hand: list[int], base: int, size: int, least: Jokers = _NO_LEAST) -> list[Counts]:
        """Plays of exactly ``size`` cards on ``base`` with at least ``least`` (小王, 大王, 王中王)
        (a list: the compiled core builds one faster than it runs a generator)."""
        if base >= SMALL_JOKER:
            return self._jokers_of_size(hand, base, size, least)
        if base == THREE and self.whole_threes:  # (a kill of any rank may be made on 3s)
            threes = self._whole_threes(hand)
            return [threes] if threes is not None and size == hand[THREE] and least == _NO_LEAST else []
        found: list[Counts] = []
        have = hand[base]
        if not have:
            return found
        sets = self._joker_sets(base, hand[SMALL_JOKER], hand[BIG_JOKER], hand[TOP_JOKER])
        if least is not _NO_LEAST:
            sets = [j for j in sets if j[0] >= least[0] and j[1] >= least[1] and j[2] >= least[2]]
        if base == TWO:
            for s, b, w in sets:
                k = size - s - b - w
                if 1 <= k <= have:
                    found.append(vector(TWO, k, 0, s, b, w))
            return found
        twos = hand[TWO] + 1 if self.attach_twos else 1
        for s, b, w in sets:
            for t in range(twos):
                k = size - s - b - w - t
                if k < 1:
                    break
                if k <= have:
                    found.append(vector(base, k, t, s, b, w))
        return found

    def _jokers_of_size(self, hand: list[int], base: int, size: int, least: Jokers) -> list[Counts]:
        """Plays of jokers alone, lowest joker ``base``, as :meth:`_of_size`."""
        small, big, top = hand[SMALL_JOKER], hand[BIG_JOKER], hand[TOP_JOKER]
        min_small, min_big, min_top = least
        found: list[Counts] = []
        if base == TOP_JOKER:
            if min_small == min_big == 0 and min_top <= size <= top:
                found.append(vector(TOP_JOKER, size, 0, 0, 0))
            return found
        tops = range(min_top, (top if self.mix else 0) + 1)
        if base == BIG_JOKER:
            if not min_small:
                for w in tops:
                    b = size - w
                    if max(1, min_big) <= b <= big:
                        found.append(vector(BIG_JOKER, b, 0, 0, 0, w))
            return found
        for w in tops:
            for b in range(min_big, (big if self.mix else 0) + 1):
                s = size - b - w
                if max(1, min_small) <= s <= small:
                    found.append(vector(SMALL_JOKER, s, 0, 0, b, w))
        return found

    def beating(self, hand: Sequence[int], target: Combo) -> Iterator[Counts]:
        """Every distinct play from ``hand`` that beats ``target``."""
        cards = held(hand)
        counts = target.cards.counts
        if counts[SMALL_JOKER] or counts[BIG_JOKER] or counts[TOP_JOKER]:
            return iter(self._kills(cards, target))
        return iter(self._beating_list(cards, target))

    def _kills(self, hand: list[int], target: Combo, first: bool = False) -> list[Counts]:
        """The plays from ``hand`` beating ``target``, a play carrying jokers (under its kill rules),
        or with ``first`` the first of them only."""
        found: list[Counts] = []
        seen: set[Counts] = set()
        made: dict[tuple[int, int, Jokers], list[Counts]] = {}  # the plays of a base, size and least, made once
        small, big, top, twos = hand[SMALL_JOKER], hand[BIG_JOKER], hand[TOP_JOKER], hand[TWO]
        for kill, checked, least in self._kill_plans(target):
            if small < least[0] or big < least[1] or top < least[2]:
                continue  # the hand has too few of the jokers the rule asks for
            size = kill.size
            for base in range(kill.low, N_RANKS):
                have = hand[base]
                if not have or self._max_size(base, have, twos, small, big, top) < size:
                    continue  # nothing on this rank: none held, or too few cards to make the size
                key = (base, size, least)
                plays = made.get(key)
                if plays is None:
                    plays = made[key] = self._of_size(hand, base, size, least)
                for play in plays:
                    if play not in seen and (not checked or enough(kill.needs, play)):
                        if first:
                            return [play]
                        seen.add(play)
                        found.append(play)
        return found

    def _kill_plans(self, target: Combo) -> list[KillPlan]:
        """The ways to kill ``target`` (a play carrying jokers, :func:`.plays.kills_of`: each gives the
        size and lowest base of its plays), each with whether its plays must be checked for killer
        cards, and the fewest jokers they carry: kept per target object (the table shares one per
        play), by its identity, the object kept with them so that the identity stays its own."""
        known = self._plans.get(id(target))
        if known is not None and known[0] is target:
            return known[1]
        found = [(kill, *_least(kill)) for kill in kills_of(self.plays, target)]
        if len(self._plans) >= GROUPS_KEPT:
            self._plans.clear()
        self._plans[id(target)] = target, found
        return found

    def beating_list(self, hand: Sequence[int], target: Combo) -> list[Counts]:
        """:meth:`beating` as a list, joined from :meth:`beating_groups`."""
        return self._beating_list(held(hand), target)

    def _beating_list(self, hand: list[int], target: Combo) -> list[Counts]:
        found: list[Counts] = []
        for group in self._beating_groups(hand, target):
            found += group
        return found

    def beating_groups(self, hand: Sequence[int], target: Combo) -> list[tuple[Counts, ...]]:
        """The plays beating ``target`` of each base rank, lowest first, kept per holding as
        :meth:`lead_groups` are (a play carrying jokers is beaten by the plays its kill rules list:
        one group, made anew)."""
        return self._beating_groups(held(hand), target)

    def _beating_groups(self, hand: list[int], target: Combo) -> list[tuple[Counts, ...]]:
        counts = target.cards.counts
        if counts[SMALL_JOKER] or counts[BIG_JOKER] or counts[TOP_JOKER]:
            return [tuple(self._kills(hand, target))]
        size = sum(counts)
        small, big, top, twos = hand[SMALL_JOKER], hand[BIG_JOKER], hand[TOP_JOKER], hand[TWO]
        found: list[tuple[Counts, ...]] = []
        groups = self._groups
        for base in range(target.base + 1, N_RANKS):
            have = hand[base]
            if have:
                key = group_key(base, have, twos, small, big, top, size)
                group = groups.get(key)
                if group is None:
                    group = self._keep(key, tuple(self._of_size(hand, base, size)))
                found.append(group)
        return found

    def _keep(self, key: object, group: tuple[Counts, ...]) -> tuple[Counts, ...]:
        if len(self._groups) >= GROUPS_KEPT:  # bounded: start again rather than grow
            self._groups.clear()
        self._groups[key] = group
        return group

    def can_beat(self, hand: Sequence[int], target: Combo) -> bool:
        """Whether a play from ``hand`` beats ``target`` (without listing them but for jokers)."""
        return self._can_beat(held(hand), target)

    def _can_beat(self, hand: list[int], target: Combo) -> bool:
        counts = target.cards.counts
        if counts[SMALL_JOKER] or counts[BIG_JOKER] or counts[TOP_JOKER]:
            return bool(self._kills(hand, target, True))
        size = sum(counts)
        small, big, top, twos = hand[SMALL_JOKER], hand[BIG_JOKER], hand[TOP_JOKER], hand[TWO]
        low = target.base + 1
        if low < TWO and THREE < low:  # bases 4 … A share their largest play but for the count held
            need = size - self._max_size(FOUR, 0, twos, small, big, top)
            for base in range(low, TWO):
                if hand[base] >= need and hand[base]:
                    return True
            low = TWO
        for base in range(low, N_RANKS):
            if hand[base] and self._max_size(base, hand[base], twos, small, big, top) >= size:
                return True
        return False

    def _max_size(self, base: int, have: int, twos: int, small: int, big: int, top: int) -> int:
        """The largest play on ``base`` (any play from 1 up to it exists, given ``have`` > 0)."""
        if base == TOP_JOKER:
            return top
        if base == BIG_JOKER:
            return big + (top if self.mix else 0)
        if base == SMALL_JOKER:
            return small + (big + top if self.mix else 0)
        jokers = 0
        if self._jokers_allowed(base):
            jokers = small + big + top if self.mix else max(small, big, top)
        if base == TWO:
            return have + jokers
        return have + (twos if self.attach_twos else 0) + jokers


def _least(kill: Kill) -> tuple[bool, Jokers]:
    """Whether a play of ``kill``'s size and base must still be checked for its killer cards, and the
    fewest (小王, 大王, 王中王) such a play carries: checked unless it asks for one kind of joker only."""
    if len(kill.needs) != 1 or len(kill.needs[0][1]) != 1 or kill.needs[0][1][0] not in JOKERS:
        return True, _NO_LEAST
    need, (joker,) = kill.needs[0]
    return False, (need if joker == SMALL_JOKER else 0, need if joker == BIG_JOKER else 0,
                   need if joker == TOP_JOKER else 0)


#: the move generators of the :data:`.recent.RULESETS_KEPT` ``plays`` sections used last (each keeps at most
#: :data:`GROUPS_KEPT` groups): a process playing many rulesets keeps the recent ones, not all
_CACHE: Final[dict[tuple[Plays, bool], Moves]] = {}


def moves_for(plays: Plays, whole_threes: bool = False) -> Moves:
    """The (shared) move generator for one ``plays`` section (and 憋3's rule for 3s)."""
    key = (plays, whole_threes)
    found = recent(_CACHE, key)
    return keep(_CACHE, key, Moves(plays, whole_threes)) if found is None else found
