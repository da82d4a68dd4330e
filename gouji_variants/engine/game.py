"""One game of 够级, from the deal to the places and score, driven by a compiled ruleset.

The game is a sequence of decisions. Each is a *slot*: a kind (lead, follow, answer a
够级 play, a burn offer, …) and the seat that decides. After every play the engine
lists the slots the rules open (who may beat it, in what order), and a decision with
one legal action only (a pass by a seat that cannot beat) is taken by the engine and
logged as a forced event. Each rule area's state and flow lives in its component
(``gouji_variants.components.<area>``, an area class on the game's :class:`Table`); this
class is the public face (decisions in, events out; the automations between decisions are
:mod:`.phases`; see docs/architecture.md).

Each area's readings of what the sources leave open are named in its module (000 =
《够级大纲》 and the beginners' reference, 001 = the Q&A). Declining a burn, a 革命 or a 会3 is a
:class:`Pass` that does not lock the seat out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..components import first_player, registry
from ..components.burning import BurnRecord
from ..components.checked import moves_of
from ..components.deck import SEATS
from ..components.notes import GameOver, Hui3Taken, Mark, Note, tribute_name
from ..components.plays import Combo, Verdict
from ..components.table import (
    ANSWER,
    BEATING,
    BURN,
    DECLARING,
    HUI3,
    LEAD,
    REVOLT,
    SLOT_NAMES,
    YIELD_FOLLOW,
    Table,
    one_level,
)
from ..components.vectors import Counts
from ..ruleset.cards import Cards
from ..ruleset.model import Ruleset
from . import decisions
from .actions import (
    ASK,
    TIAOPAI,
    Action,
    Ask,
    Burn,
    Declare,
    Hui3,
    IllegalAction,
    Jiefeng,
    Pass,
    Play,
    Return,
    Revolution,
    Tiaopai,
    Yield,
    check_action,
)
from .carry import Carry
from .events import Event
from .observing import Observation, PublicRecord, observing
from .phases import Phases, engine_event
from .scenario import check_scenario
from .seat import Classify, SeatView, Snapshot, Vouched

__all__ = ["SLOT_NAMES", "BurnRecord", "Carry", "Game", "Observation", "tribute_name"]

_PLAYING_CARDS: Final = (LEAD, BURN, *BEATING)  # the decisions that play cards


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Phases):
    """A game of 够级 under ``ruleset``: seats 0-5, ``seed`` for the deal, and ``carry`` from a
    previous game. For scenarios: ``hands`` (six card vectors) instead of a deal, with ``threes``
    (each seat's 3s by suit, for 亮3; without it a hand's 3s are of one suit) and ``keep_hands``
    (a 流局 deals the given hands again, not the random stream), and a ``leader``; ``offers=False``
    skips the offers before the first play (预点, 革命, 会3, 明点: as if every seat declined;
    an automatic 革命 still happens).

    >>> from gouji_variants import Play, load_ruleset
    >>> game = Game(load_ruleset("qingdao"), seed=1, offers=False)
    >>> game.turn, len(game.legal_actions()), game.can(Play("33"))
    (0, 136, True)
    >>> game.apply(Play("33")).seat, game.turn
    (0, 1)
    """

    __slots__ = ("keep_hands", "_viewed", "_vouched", "public_record", "_kaidian", "_bie3", "_locks_out", "_classify")

    keep_hands: bool
    #: the rules :meth:`_play` consults at every play, read once (compiled code reads the rules by name)
    _kaidian: bool
    _bie3: bool
    _locks_out: bool
    _classify: Classify  # the plays area's classify, for the views
    _viewed: list[Snapshot]  # the live snapshots of this decision's views
    _vouched: Vouched
    public_record: PublicRecord

    def __init__(self, ruleset: Ruleset, seed: int = 0, *, hands: Sequence[Cards] | None = None,
                 leader: int | None = None, carry: Carry | None = None, threes: Sequence[Sequence[int]] | None = None,
                 keep_hands: bool = False, offers: bool = True) -> None:
        check_scenario(hands, leader, threes, keep_hands)
        self.ruleset = ruleset
        self.rules = rules = ruleset.rules
        self._kaidian, self._bie3 = rules.kaidian.enabled, rules.bie3.enabled
        self._locks_out = rules.turns.pass_locks_out
        self.seed = seed
        self.carry = carry or Carry()
        self.given_hands = tuple(hands) if hands is not None else None
        self.given_leader = leader
        self.given_threes = None if threes is None else tuple(tuple(suits) for suits in threes)
        self.keep_hands = self._keep = keep_hands
        self.offers = offers
        #: the 开牌人 of this game (第六条; rotates under first_player.later_games draw)
        self.drawer = first_player.DRAWER if self.carry.drawer is None else self.carry.drawer
        self.components = registry.resolve(ruleset.components)  # any area may be third-party
        moves = moves_of(self.components, rules)  # checked against a replaced plays area's rules
        self._classify = self.components.plays.classify
        self.log: list[Event] = []
        self.state = Table(rules, self.components, moves, random.Random(seed), self.log, engine_event)
        self.actions: list[tuple[int, Action]] = []
        self.deals: list[tuple[Cards, ...]] = []
        self.turn, self.over = -1, False
        self._viewed = []  # the live snapshots of this decision's views
        self._vouched = Vouched()  # what this decision drew and listed: applied without checking it again
        self.public_record = PublicRecord()  # what observations derive from the public record, remembered
        self._start_deal()
        self._advance()

    def __del__(self) -> None:
        """Break the table's cycle with its areas, so that a game let go is freed at once rather
        than by the cyclic garbage collector (which costs self-play a few per cent)."""
        try:
            state = self.state
        except AttributeError:  # (__init__ failed before it made the table)
            return
        if hasattr(state, "places"):  # (not when the table was never dealt)
            state.unbind()

    # -- legality ------------------------------------------------------------------------------

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal for :attr:`turn` now."""
        verdict = decisions.check(self.state, action)
        if verdict is not None:
            raise IllegalAction(verdict)

    def can(self, action: Action) -> bool:
        return decisions.check(self.state, action) is None

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`turn` (a lead lists every distinct combination)."""
        found = decisions.legal(self.state)
        self._vouched.listed = tuple(found)  # a copy: the caller may change the list it is given
        return found

    def sample_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly at random; leads are drawn without listing them."""
        drawn = self._vouched.drawn = decisions.sample(self.state, rng)  # applied without checking it again
        return drawn

    # -- applying ------------------------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Apply a legal action of :attr:`turn` and move on to the next decision (an illegal play
        under 错牌不出 costs the turn instead of being refused: :meth:`_wrong_play`)."""
        vouched = self._vouched
        # the very action drawn or listed is an action, and legal (None is the draw of a decision not drawn)
        trusted = action is not None and vouched.vouches_for(action)
        if not trusted:
            check_action(action)
        table = self.state
        viewed = self._viewed
        if viewed:  # the views of this decision still held keep their observation as it is now
            for snapshot in viewed:
                snapshot.freeze()
            viewed.clear()
        self._vouched = Vouched()
        wrong = None if trusted else self._wrong_play(action)
        seat, kind = table.turn, table.kind
        self.actions.append((seat, action))
        table.slots.pop(0)
        notes: list[Note] = []
        if wrong is not None:
            table.penalties.lose_turn(seat, kind, wrong, notes)
        elif isinstance(action, (Play, Burn)):  # the common cases first
            self._play(seat, action.cards.counts, kind, isinstance(action, Burn), notes)
        elif isinstance(action, Pass):
            if kind in BEATING:
                self._pass(seat, notes)
            elif kind in (BURN, REVOLT):
                table.record_private(seat, action)
                declined = Mark.NO_BURN if kind == BURN else Mark.NO_REVOLUTION
                return self._private(Event(seat, action, (declined,), private=True))
            elif kind == HUI3:
                notes.append(Mark.NO_HUI3)
            elif kind in DECLARING:
                notes.append(Mark.NO_DECLARATION)
        elif isinstance(action, Return):
            table.tribute.give_back(action.cards, notes)
        elif isinstance(action, Revolution):
            table.record(seat, action)
            table.revolution.declare(seat)
            return self._private(Event(seat, action, (Mark.REVOLUTION,)))
        elif isinstance(action, Hui3):
            table.hui3.remove(action.which)
            notes.append(Hui3Taken(action.which))
        elif isinstance(action, Declare):
            table.kaidian.declare(seat, kind, notes)
        elif isinstance(action, Ask):
            table.reporting.ask(seat, kind, notes)
        elif isinstance(action, Tiaopai):
            table.reporting.tiaopai(seat, notes)
        elif isinstance(action, Jiefeng):
            table.slots.clear()  # the round ends: the 底牌 stands and its 下家 leads (turns.round_over)
            notes.append(Mark.ASKS_JIEFENG)
        else:
            assert isinstance(action, Yield)
            table.turns.yield_to(seat)
            notes.append(Mark.YIELDS)
        event = Event(seat, action, tuple(notes))
        self.log.append(event)
        if not isinstance(action, Return):
            table.record(seat, action)
        self._advance()
        if self.over and self.places is not None:
            self.log.append(Event(-1, None, (GameOver(tuple(self.places)),)))
        return event

    def _private(self, event: Event) -> Event:
        """Log a decision made before the play (革命, declining a burn or a 革命) and move on."""
        self.log.append(event)
        self._advance()
        return event

    def _wrong_play(self, action: Action) -> Verdict | None:
        """None for a legal action; for an illegal Play or Burn where :attr:`turn` is to play cards
        and the ruleset says 错牌不出 (``components.penalties``), its verdict; else raise."""
        table = self.state
        verdict = decisions.check(table, action)
        if verdict is None:
            return None
        if self.over or not isinstance(action, (Play, Burn)) or table.kind not in _PLAYING_CARDS \
                or not table.penalties.wrong_play_costs_turn(verdict):
            raise IllegalAction(verdict)
        return verdict

    def _play(self, seat: int, counts: Counts, kind: int, burn: bool, notes: list[Note]) -> None:
        """Cards played: each area that watches plays has its say, then the slots after it open."""
        table = self.state
        combo = table.combo(counts)
        assert isinstance(combo, Combo)
        hand, played, by_seat = table.hands[seat], table.played_cards, list(table.played_by[seat])
        for rank, count in enumerate(counts):
            if count:
                hand[rank] -= count
                by_seat[rank] += count
                played[rank] += count
        table.played_by[seat] = tuple(by_seat)  # a new tuple: the seats' observations share the old one
        table.round.append((seat, combo.cards))
        table.played[seat] = True
        empty = not any(hand)
        if self._kaidian:
            table.kaidian.on_play(seat, combo, kind)
        if self._bie3:
            table.bie3.stifle(seat, notes)
            if table.over:
                return
        ranked = table.penalties.forfeits_play(seat, combo, notes)
        if table.over or not table.burning.on_play(seat, combo, burn, empty, notes):
            return
        table.top = combo
        table.top_seat = seat
        table.on_yield = kind == YIELD_FOLLOW
        if table.turns.luanchan or not self._locks_out:
            table.passed.clear()
        if empty and not ranked:
            table.places.go_out(seat, notes)
        elif not ranked and self._bie3:
            table.bie3.stuck(seat, notes)
        if table.over:
            return
        slots = table.turns.slots_after(seat, combo)
        burner = table.burning.burner
        if table.burning.beat_back and burner is not None:  # 压回: the burner answers the 对头 first
            slots = [(ANSWER, burner)] + [slot for slot in slots if slot[1] != burner]
        table.slots[:] = slots

    # -- views ---------------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` (0 to 5) may know now (:class:`Observation`). TypeError for a seat that is not an
        int (None included: a spectator's view is ``server.protocol.public_observation``), as the compiled
        engine raises it at the call; ValueError for another number."""
        if not isinstance(seat, int):
            raise TypeError(f"a seat is an int from 0 to 5, not {type(seat).__name__}")
        if not 0 <= seat < SEATS:
            raise ValueError(f"a seat is an int from 0 to 5, not {seat}")
        return observing(self, seat)()

    def view(self) -> SeatView:
        """What :attr:`turn` may know and do: its observation and legal actions, never the game."""
        if self.over:
            raise ValueError("the game is over: no seat is to act")
        table = self.state
        kind, seat = table.kind, self.turn
        # (listed now, not when asked, where the rules of a lead are a replaced area's, which the view cannot ask)
        listed = None if kind in _PLAYING_CARDS and not (kind == LEAD and table.threes_checked) \
            else tuple(decisions.legal(table))
        if listed is not None:
            self._vouched.listed = listed
        others: tuple[Action, ...] = ()
        if kind == LEAD:
            others = ((TIAOPAI,) if table.reporting.may_tiaopai(seat) else ()) + \
                ((ASK,) if table.reporting.to_ask(seat) else ())
        elif listed is None:
            others = tuple(decisions.others(table, kind))
        snapshot = Snapshot(observing(self, seat, True))
        view = SeatView(seat, SLOT_NAMES[kind], snapshot, self.rules, tuple(table.hands[seat]), table.moves,
                        self._classify, None if kind == LEAD else table.top, others, listed,
                        self._vouched, self.ruleset)
        self._viewed.append(snapshot)  # frozen by apply if the view is still held then
        return view

    def clone(self) -> Game:
        """An independent copy (same future under the same actions), of the same class: a subclass's own
        attributes (its ``__dict__``) are copied one level deep, as an area's are (:func:`one_level`)."""
        twin = type(self).__new__(type(self))  # (no __init__: the state is copied, not made afresh)
        twin.ruleset, twin.rules, twin.seed, twin.carry = self.ruleset, self.rules, self.seed, self.carry
        twin._kaidian, twin._bie3, twin._locks_out, twin._classify = (self._kaidian, self._bie3, self._locks_out,
                                                                      self._classify)
        twin.given_hands, twin.given_leader, twin.given_threes = self.given_hands, self.given_leader, self.given_threes
        twin.keep_hands, twin._keep, twin.offers, twin.drawer = self.keep_hands, self._keep, self.offers, self.drawer
        twin.components, twin.turn, twin.over, twin._dealt_at = self.components, self.turn, self.over, self._dealt_at
        twin.state = self.state.copy()
        twin.log, twin.actions, twin.deals = twin.state.log, list(self.actions), list(self.deals)
        twin._viewed, twin._vouched, twin.public_record = [], Vouched(), PublicRecord()
        own: dict[str, Any] | None = getattr(self, "__dict__", None)  # a Python subclass's attributes
        if own:
            vars(twin).update({name: one_level(value) for name, value in own.items()})
        return twin
