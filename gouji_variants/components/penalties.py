"""The ``penalties`` component: what an illegal play costs (第八条(一), 第三十条)."""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from ..ruleset.expressions import Forfeit
from ..ruleset.rules import Penalties
from .notes import Forfeited, Mark, Note, RuleBroken
from .plays import Combo, Verdict
from .table import BURN, LEAD, Area
from .turns import next_in_play

#: Verdicts that are refused whatever the ruleset says: no table could see such a play.
ALWAYS_REFUSED: Final = ("cards.in-hand", "game.over")


def loses_turn(rule: Penalties, verdict_rule: str) -> bool:
    """错牌不出 ('lose-turn'; 第八条(一) 如顺牌有误，按照"错牌不出"的原则，其顺牌权自动取消，由其
    下家行使顺牌权): an illegal play or burn, made where the seat is to play cards (a lead, a
    follow or answer, a burn offer), is not refused but costs the turn. Cards the seat does not
    hold are still refused ('reject' refuses every illegal action)."""
    return rule.wrong_play == "lose-turn" and verdict_rule not in ALWAYS_REFUSED


@mypyc_attr(allow_interpreted_subclasses=True)
class PenaltiesArea(Area):
    """Penalties in play: 错牌不出 and the forfeits (``penalties.forfeits``: a hand holding no X, a
    play of Xs carrying A). Hooks: :meth:`wrong_play_costs_turn`, :meth:`lose_turn`,
    :meth:`forfeit_holdings`, :meth:`forfeits_play`."""

    __slots__ = ()

    def wrong_play_costs_turn(self, verdict: Verdict) -> bool:
        """Whether an illegal play or burn where the seat is to play cards costs the turn."""
        return loses_turn(self.rules.penalties, verdict.rule)

    def lose_turn(self, seat: int, kind: int, verdict: Verdict, notes: list[Note]) -> None:
        """错牌不出: the wrong play counts as a pass (declining a burn offer); a leader's lead goes
        to its 下家 still in play, and a burner losing its lead this way has its burn broken (解烧)."""
        table = self.table
        notes += [Mark.WRONG_PLAY, RuleBroken(verdict.rule, verdict.zh, verdict.en)]
        if kind == LEAD:
            if table.burning.burner == seat:
                table.burning.break_burn(notes)
            leader = next_in_play(seat, table.in_play)
            assert leader is not None
            table.slots[:] = [(LEAD, leader)]
        elif kind != BURN:
            table.passed.add(seat)
            table.burning.on_pass(seat, notes)

    def forfeit_holdings(self) -> None:
        """'no X': once buying is over, each seat in play holding no X pays the consequence, from
        the leader on (002:22, 003:53)."""
        table = self.table
        for forfeit in self.rules.penalties.forfeits:
            if forfeit.condition != "holds-none":
                continue
            for seat in table.from_leader():
                if table.in_play[seat] and not table.hands[seat][forfeit.rank] and not table.over:
                    notes: list[Note] = []
                    self.forfeit(seat, forfeit, notes)
                    table.emit(seat, tuple(notes))

    def forfeits_play(self, seat: int, combo: Combo, notes: list[Note]) -> bool:
        """'X with A': a play of Xs carrying A, before or after opening, pays the consequence
        (003:53); True when the seat was ranked at once."""
        for forfeit in self.rules.penalties.forfeits:
            if forfeit.matches_play(combo.base, combo.cards.counts) and self.forfeit(seat, forfeit, notes):
                return True
        return False

    def forfeit(self, seat: int, forfeit: Forfeit, notes: list[Note]) -> bool:
        """Apply ``forfeit``'s consequence to ``seat``: give 开点 up (even if opened), or be ranked
        from the bottom at once (大落, then 二落 …); True for the latter."""
        self.table.stats["forfeits"] += 1
        if forfeit.consequence == "no-kaidian":
            self.table.kaidian.give_up(seat)
            notes.append(Forfeited(forfeit))
            return False
        self.table.places.rank_at_once(seat, notes, Forfeited(forfeit))
        return True
