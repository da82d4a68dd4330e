"""The ``burning`` component: who may declare 烧牌, in what priority, and whether a burn play keeps
the burn's condition (000:127-139, 001 Q&A 4).

Readings named here:

* During a burn the passed seats stay locked; after each burn play, counter-burners are
  offered first (priority as for burning), then the burner's 对头 may 解烧. A burn
  succeeds when the burner runs out of cards. With ``burning.survives_beat_back`` (压回)
  the 对头's play is answered by the burner before anyone else: beating it back (a burn
  play, so it keeps the condition) carries the burn on; passing is 解烧.
* 诈烧: a burner's play that breaks the condition is made, the burner is ranked from
  the bottom at once (大落, then 二落 for a second one) and leaves with the rest of the
  hand; the round ends and the burner's 下家 leads.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import cast

from mypy_extensions import mypyc_attr

from ..ruleset.cards import BIG_JOKER, SMALL_JOKER
from ..ruleset.rules import Burning
from .notes import Mark, Note
from .plays import Combo
from .table import BURN, LEAD, Area, Slot, Table
from .tribute import BurnDue
from .turns import ORDER, duitou, next_in_play


def candidates(rule: Burning, player: int, excluded: int | None, in_play: Sequence[bool],
               passed: Collection[int]) -> list[int]:
    """Seats that may burn ``player``'s play, best priority first, before checking their cards.

    Not the player, nor ``excluded`` (the 对头, who answers instead); not after passing unless
    ``passed_may_burn``; a team-mate only if ``teammate_may_be_burned``. ``gouji-team-first``:
    the player's team goes first, each team in play order (000:133).
    """
    if not rule.enabled:
        return []
    seats = [
        seat for seat in ORDER[player]
        if in_play[seat] and seat != excluded
        and (rule.passed_may_burn or seat not in passed)
        and (rule.teammate_may_be_burned or seat % 2 != player % 2)
    ]
    if rule.team_priority == "gouji-team-first":
        seats.sort(key=lambda seat: seat % 2 != player % 2)
    return seats


def keeps_condition(rule: Burning, has_jokers: bool, last: bool, one_rank_left: bool) -> bool:
    """Whether a burner's play after the burning play keeps the burn: it carries a joker, or it
    is the last play and either exempt (``last_play_exempt``) or the one rank left after the
    burning play (``one-rank-left``). Failing is 诈烧."""
    every_play = "joker-every-play" in rule.conditions
    if has_jokers and every_play:
        return True
    if last and every_play and rule.last_play_exempt:
        return True
    return last and one_rank_left and "one-rank-left" in rule.conditions


def beat_back_chance(rule: Burning, seat: int, burner: int) -> bool:
    """压回 (菏泽单县, 001:49 烧牌时对家打你，如果你压住对家能连续走完自己的牌，算烧牌成功): with
    ``survives_beat_back``, the burner's 对头 (``seat``) beating a burn play does not end the burn
    at once: the burner answers that play first, and beating it back (a burn play like any other,
    keeping the condition) carries the burn on, so running out still makes it a success; passing
    ends it (解烧). Without the key the 对头's play is 解烧 at once."""
    return rule.survives_beat_back and seat == duitou(burner)


def keepable(rule: Burning, left: Sequence[int]) -> bool:
    """Whether a burner holding ``left`` (rank counts) right after its burning play can still run out
    keeping the condition, as far as the cards show: each rank but the jokers needs a play of its own
    and, under ``joker-every-play``, every play but the last (every play, without ``last_play_exempt``)
    a joker; under ``one-rank-left`` a single rank left goes out in one last play. (A 2 attached to
    another rank saves a play, so this errs on the side of warning.)"""
    distinct = sum(1 for count in left if count)
    if distinct == 0 or ("one-rank-left" in rule.conditions and distinct == 1):
        return True
    if "joker-every-play" not in rule.conditions:
        return False
    ranks = sum(1 for count in left[:SMALL_JOKER] if count)
    return left[SMALL_JOKER] + left[BIG_JOKER] >= ranks - (1 if rule.last_play_exempt else 0)


@dataclass
class BurnRecord:
    """One burn: who burned whom, whether it was a 反烧, and how it ended
    ('open', 'success', '解烧', '反烧', '诈烧', 'unfinished', 'ranked at once' when the burning play
    itself ranked its burner (a forfeit), or the note of a later ranking at once that ended it)."""

    burner: int
    burned: int
    counter: bool
    outcome: str = "open"

    def copy(self) -> BurnRecord:
        return BurnRecord(self.burner, self.burned, self.counter, self.outcome)


@mypyc_attr(allow_interpreted_subclasses=True)
class BurningArea(Area):
    """烧牌 in play: the offers after a 够级 play, the burn under way, 反烧, 解烧, 压回 and 诈烧.

    Hooks the engine calls: :meth:`offers` (slots after a play), :meth:`on_play` (a play while a
    burn may be under way), :meth:`on_pass`, :meth:`on_out`, :meth:`close`."""

    __slots__ = ("burns", "burner", "one_rank", "beat_back")

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.burns: list[BurnRecord] = []
        self.burner: int | None = None
        self.one_rank = False  # the burner had one rank left after the burning play
        self.beat_back = False  # the burner may beat its 对头's play back (压回)

    def copy(self, table: Table) -> BurningArea:
        twin = cast(BurningArea, super().copy(table))
        twin.burns = [record.copy() for record in self.burns]
        twin.burner, twin.one_rank, twin.beat_back = self.burner, self.one_rank, self.beat_back
        return twin

    def offers(self, player: int, opposite: int) -> list[Slot]:
        """Burn offers on ``player``'s 够级 play (its 对头 ``opposite`` answers instead)."""
        table = self.table
        excluded = opposite if table.in_play[opposite] else None
        assert table.top is not None
        seats = candidates(self.rules.burning, player, excluded, table.in_play, table.passed)
        return [(BURN, seat) for seat in seats if table.moves.can_beat(table.hands[seat], table.top)]

    def close(self, outcome: str) -> None:
        self.burns[-1].outcome = outcome
        self.burner = None
        self.beat_back = False

    def break_burn(self, notes: list[Note]) -> None:
        """解烧: the burner's 对头 ends the burn."""
        self.close("解烧")
        self.table.stats["broken_burns"] += 1
        notes.append(Mark.BURN_BROKEN)

    def on_pass(self, seat: int, notes: list[Note]) -> None:
        """The burner passing up its 压回 ends the burn."""
        if self.beat_back and seat == self.burner:
            self.break_burn(notes)

    def on_out(self, seat: int) -> None:
        """A burner that ran out of cards burned successfully."""
        if self.burner == seat:
            self.close("success")
            self.table.stats["successful_burns"] += 1

    def on_play(self, seat: int, combo: Combo, burn: bool, empty: bool, notes: list[Note]) -> bool:
        """A play of ``seat`` (``burn``: declaring a burn with it); False when it was 诈烧 (the
        round is over and the burner gone)."""
        table = self.table
        if burn:
            previous = self.burner
            counter = previous is not None
            if counter:
                self.close("反烧")
                table.stats["counter_burns"] += 1
            burned = previous if previous is not None else table.top_seat
            self.burns.append(BurnRecord(seat, burned, counter))
            self.burner = seat
            self.one_rank = sum(1 for count in table.hands[seat] if count) <= 1
            table.stats["burns"] += 1
            notes.append(Mark.COUNTER_BURN if counter else Mark.BURN)
            if not table.in_play[seat]:  # the burning play itself ranked its burner at once (a forfeit)
                self.close("ranked at once")
        elif self.burner is not None:
            if seat == self.burner:
                if self.beat_back:
                    self.beat_back = False
                    notes.append(Mark.BEAT_BACK)
                if not keeps_condition(self.rules.burning, combo.has_jokers, empty, self.one_rank):
                    self.zha_shao(seat, notes)
                    return False
            elif beat_back_chance(self.rules.burning, seat, self.burner) and table.in_play[self.burner]:
                self.beat_back = True  # (a burner just ranked at once, e.g. 闷, has no 压回)
            else:
                self.break_burn(notes)
        return True

    def zha_shao(self, seat: int, notes: list[Note]) -> None:
        """诈烧: the burner is ranked from the bottom at once and leaves; the 下家 leads."""
        table = self.table
        self.close("诈烧")
        table.count("zhashao", seat)
        notes.append(Mark.ZHASHAO)
        table.rank_now(seat)
        if table.over:
            return
        table.turns.new_round()
        leader = next_in_play(seat, table.in_play)
        assert leader is not None
        table.slots[:] = [(LEAD, leader)]

    def successful(self) -> tuple[BurnDue, ...]:
        return tuple(BurnDue(b.burner, b.burned, b.counter) for b in self.burns if b.outcome == "success")
