"""The phase sequence: what the engine does by itself between decisions (PokerKit's
automations), the base class of :class:`~gouji_variants.engine.game.Game`.

Deal (or the given hands), the leader, tribute; then the stages, each opening its decision slots
from its rule area: 预点 (kaidian), 还贡 (tribute), 革命 (revolution; a 流局 deals again), 买3
and the forfeits for holdings (bie3, penalties), 会3 (hui3), 明点 (kaidian), play (turns). A
decision with one legal action (a pass by a seat that cannot beat) is taken here and logged as
forced; when one seat is left the table finishes the game (:meth:`~.table.Table.finish`).
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from ..components import deck
from ..components.notes import Mark, Note
from ..components.table import (
    ANSWER,
    BEATING,
    FOLLOW,
    HUI3_STAGE,
    LEAD,
    MINGDIAN_STAGE,
    OVER,
    PLAYING,
    RETURNS,
    REVOLUTIONS,
    YUDIAN_STAGE,
)
from ..ruleset.cards import Cards
from .accessors import GameViews
from .actions import PASS, Action, Revolution
from .carry import Carry
from .events import Event
from .scenario import threes_of


@mypyc_attr(allow_interpreted_subclasses=True)
class Phases(GameViews):
    """The automations of a game: dealing, opening each stage's slots, forced passes."""

    __slots__ = ("carry", "drawer", "given_hands", "given_leader", "given_threes", "offers", "_keep", "_dealt_at",
                 "log", "actions", "deals")

    carry: Carry
    drawer: int
    given_hands: tuple[Cards, ...] | None
    given_leader: int | None
    given_threes: tuple[tuple[int, ...], ...] | None
    offers: bool
    _keep: bool
    _dealt_at: int
    log: list[Event]
    actions: list[tuple[int, Action]]
    deals: list[tuple[Cards, ...]]

    def _emit(self, seat: int, notes: tuple[Note, ...]) -> None:
        self.state.emit(seat, notes)

    def _start_deal(self) -> None:
        """Deal (or take the given hands), choose the leader, pay tribute, open the first stage."""
        table, rules, chosen = self.state, self.rules, self.components
        given = self.given_hands is not None and (not self.deals or self._keep)
        if self.given_hands is not None and given:
            hands = [list(hand.counts) for hand in self.given_hands]
            threes = threes_of(self.given_hands, self.given_threes)
        else:
            hands, threes = chosen.deck.deal(rules.deck.recipe, table.rng, rules.deck.each_hand)
        cards = Cards.unchecked if given or chosen.deck is deck else Cards  # a third-party deal is checked
        self.deals.append(tuple(cards(tuple(hand)) for hand in hands))
        table.reset(hands)
        for name, area in self.components.areas.items():
            setattr(table, name, area(table))
        table.stage = RETURNS
        self._dealt_at = len(self.actions)
        if self.given_leader is not None and given:
            table.leader = self.given_leader
        elif self.carry.leader is not None:
            table.leader = self.carry.leader
        elif self.carry.drawer is not None:
            table.leader = chosen.first_player.draw(rules.deck.recipe, table.rng, self.drawer)
        else:
            table.leader = chosen.first_player.first_game(rules.first_player, rules.deck.recipe, threes, table.rng)
        table.deal_leader = table.leader
        if self.carry.places is not None:
            table.tribute.pay_all(self.carry.places, self.carry.burns, self.carry.owed)
        table.slots = table.kaidian.yudian_slots() if self.offers else []
        table.stage = YUDIAN_STAGE if table.slots else RETURNS
        if not table.slots:
            table.slots = table.tribute.return_slots()

    def _next_stage(self) -> None:
        """The slots of a stage are used up: open the next stage (PokerKit's automations)."""
        table = self.state
        stage = table.stage
        if stage == YUDIAN_STAGE:
            table.stage = RETURNS
            table.slots = table.tribute.return_slots()
        elif stage == RETURNS:
            table.stage = REVOLUTIONS
            offered = table.revolution.offers()  # automatic declarations are made even without offers
            table.slots += offered if self.offers else []
        elif stage == REVOLUTIONS:
            self._end_revolutions()
        elif stage == HUI3_STAGE:
            table.stage = MINGDIAN_STAGE
            table.slots = table.kaidian.mingdian_slots() if self.offers else []
        elif stage == MINGDIAN_STAGE:
            table.stage = PLAYING
            table.slots.append((LEAD, table.leader))
        else:
            table.turns.round_over()

    def _end_revolutions(self) -> None:
        table = self.state
        if table.revolution.voided():
            table.stats["voids"] += 1
            self._emit(table.leader, (Mark.VOID,))
            chosen = any(isinstance(action, Revolution) for _, action in self.actions[self._dealt_at:])
            if self._keep and not chosen:
                self._keep = False  # the given hands void by themselves: dealing them again would never end
                self._emit(table.leader, (Mark.REDEALT,))
            self._start_deal()
            return
        for seat in table.revolutionaries:
            table.in_play[seat] = False
        if self.rules.bie3.enabled:
            table.bie3.buy_all()
        table.penalties.forfeit_holdings()
        if table.over:
            return
        if not table.in_play[table.leader]:
            following = next(seat for seat in table.from_leader() if table.in_play[seat])
            table.leader = following
        table.stage = HUI3_STAGE
        table.slots += table.hui3.offers() if self.offers else []

    def _advance(self) -> None:
        """Move to the next decision, taking forced passes and stage changes on the way."""
        table = self.state
        while table.stage != OVER:
            slots = table.slots
            if not slots:
                self._next_stage()
                continue
            kind, seat = slots[0]
            top = table.top
            if kind in BEATING and top is not None and not table.moves.can_beat(table.hands[seat], top) \
                    and not (kind == FOLLOW and table.turns.may_yield(seat)) \
                    and not table.turns.may_request_jiefeng(seat):
                slots.pop(0)
                notes: list[Note] = [Mark.CANNOT_ANSWER] if kind == ANSWER else []
                self._pass(seat, notes)
                table.stats["forced"] += 1
                table.record(seat, PASS)
                self.log.append(Event(seat, PASS, tuple(notes), True))
                continue
            table.turn = self.turn = seat
            table.kind = kind
            return
        table.turn = self.turn = -1
        self.over = True

    def _pass(self, seat: int, notes: list[Note]) -> None:
        """``seat`` passes on the play (过牌 / 扣牌); the burner passing up its 压回 ends the burn."""
        self.state.passed.add(seat)
        self.state.burning.on_pass(seat, notes)


def engine_event(seat: int, notes: tuple[Note, ...]) -> Event:
    """An event of the engine's own (no action), as the table logs it."""
    return Event(seat, None, notes)
