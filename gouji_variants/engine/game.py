"""One game of 够级, from the deal to the places and score, driven by a compiled ruleset.

The game is a sequence of decisions. Each is a *slot*: a kind (lead, follow, answer a
够级 play, a burn offer, …) and the seat that decides. After every play the engine
lists the slots the rules open (who may beat it, in what order), and a decision with
one legal action only (a pass by a seat that cannot beat) is taken by the engine and
logged as a forced event. Rule areas are delegated to ``gouji_variants.components``.

Interpretations the sources leave open, named here (000 = 《够级大纲》 and the beginners'
reference, 001 = the Q&A):

* Declining a burn, a 革命 or a 会3 is a :class:`Pass` that does not lock the seat out.
* 无头 applies to any seat whose 对头 is out of play (gone out, 革命 or 诈烧), not only
  头科's: with ``turns.wutou`` anyone may beat its 够级 plays in turn order and it may
  answer anyone's 够级 play (answer order is play order) unless it passed this round (a
  pass keeps only the right to answer one's own 对头); without it nobody answers them.
* 够死级: after a seat goes out in a place ``turns.gousiji`` lists (头科 and 二科 for true),
  its 对头's next 够级 play in that round has no answer (only a burn can take it); the chance
  lapses when the round ends. 四人乱缠 therefore starts with the next round after its condition
  is met.
* During a burn the passed seats stay locked; after each burn play, counter-burners are
  offered first (priority as for burning), then the burner's 对头 may 解烧. A burn
  succeeds when the burner runs out of cards. With ``burning.survives_beat_back`` (压回)
  the 对头's play is answered by the burner before anyone else: beating it back (a burn
  play, so it keeps the condition) carries the burn on; passing is 解烧.
* 诈烧: a burner's play that breaks the condition is made, the burner is ranked from
  the bottom at once (大落, then 二落 for a second one) and leaves with the rest of the
  hand; the round ends and the burner's 下家 leads.
* 窒息 (``places.zhixi``): when 头科 goes out, each seat in play that never played a card
  is ranked from the bottom at once, in play order after 头科 (大落 first), and plays no more.
* 满贯 'one-run' (003:28): when the first seat goes out and no other seat has played a card,
  the game ends at once (窒息 does not apply then). 003 says 五个大落一个头科; places stay a
  permutation, so the others are ranked in play order after the leader (its 下家 二科 … its
  上家 大落); ``score.manguan_others_as`` makes them all score as one place; both teams'
  recorded scores are doubled (``components.score``).
* A 革命 leader hands the first lead to the 下家; a void game (流局) is redealt from the
  same random stream, tribute included.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import le

from ..cards import FOUR, JOKERS, N_RANKS, RANK_SYMBOLS, THREE, Cards
from ..compiler import Ruleset
from ..components import (
    bie3,
    burning,
    deck,
    first_player,
    kaidian,
    penalties,
    places,
    registry,
    reporting,
    revolution,
    tribute,
    turns,
)
from ..components.gouji import is_gouji
from ..components.plays import Play as Combo
from ..components.plays import Verdict, beats, classify
from ..components.turns import ORDER, duitou
from ..expressions import TRIBUTE_KINDS, Forfeit
from ..rules import PLACE_NAMES
from .actions import (
    ASK,
    DECLARE,
    JIEFENG,
    PASS,
    REVOLUTION,
    TIAOPAI,
    YIELD,
    Action,
    Ask,
    Burn,
    Declare,
    Event,
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
from .moves import Counts, cards_of, moves_for
from .support import check_supported

SEATS = deck.SEATS

# Slot kinds.
LEAD, FOLLOW, YIELD_FOLLOW, YIELDED, ANSWER, BURN, RETURN, REVOLT, HUI3, YUDIAN, MINGDIAN = range(11)
SLOT_NAMES = (
    "lead", "follow", "follow-on-yield", "after-yield", "answer", "burn-offer", "return", "revolution", "hui3",
    "yudian", "mingdian",
)
_DECLARING = (YUDIAN, MINGDIAN)
_BEATING = (FOLLOW, YIELD_FOLLOW, YIELDED, ANSWER)

# Stages.
YUDIAN_STAGE, RETURNS, REVOLUTIONS, HUI3_STAGE, MINGDIAN_STAGE, PLAYING, OVER = (
    "yudian", "returns", "revolution", "hui3", "mingdian", "play", "over")

Slot = tuple[int, int]


@dataclass(frozen=True)
class Carry:
    """What a game inherits from the previous one in a match."""

    places: tuple[int, ...] | None = None
    burns: tuple[tribute.BurnDue, ...] = ()
    leader: int | None = None  # None: the first-game procedure (first game, or 重新开牌), or a draw
    owed: tuple[tribute.Due, ...] = ()  # 点贡, 闷贡 and 憋王贡 worked out by the last game
    drawer: int | None = None  # with no leader: the 开牌人 who draws this game's leader (later_games draw)


@dataclass
class BurnRecord:
    """One burn: who burned whom, whether it was a 反烧, and how it ended
    ('open', 'success', '解烧', '反烧', '诈烧' or 'unfinished')."""

    burner: int
    burned: int
    counter: bool
    outcome: str = "open"


@dataclass(frozen=True)
class Observation:
    """What ``seat`` may know: its hand, hands and counts the rules make visible, the table."""

    seat: int
    stage: str
    to_act: int | None  # None while the decision is private (another seat's burn or 革命 offer)
    decision: str | None  # the kind of decision, when it is ``seat``'s own
    hand: Cards
    counts: tuple[int | None, ...]
    hands: tuple[Cards | None, ...]
    top: Cards | None
    top_seat: int | None
    may_answer: tuple[int, ...]
    round_plays: tuple[tuple[int, Cards], ...]
    passed: tuple[int, ...]
    burner: int | None
    luanchan: bool
    finished: tuple[int, ...]
    out_of_play: tuple[int, ...]
    revolutionaries: tuple[int, ...]
    removed: Cards
    opened: tuple[bool, ...]  # 开点 so far (打点)
    declared: tuple[str | None, ...]  # 明点 / 预点 declarations


_CLASSIFY_CACHES: dict[object, dict[Counts, Combo | Verdict]] = {}
_NONE = (0,) * N_RANKS


class Game:
    """A game of 够级 under ``ruleset``: seats 0-5, ``seed`` for the deal, optional ``hands``
    (six card vectors, for scenarios; their 3s count as one suit for 亮3) and ``leader``, and
    ``carry`` from a previous game."""

    def __init__(self, ruleset: Ruleset, seed: int = 0, *, hands: Sequence[Cards] | None = None,
                 leader: int | None = None, carry: Carry | None = None) -> None:
        check_supported(ruleset)
        if hands is not None and len(hands) != SEATS:
            raise ValueError(f"give {SEATS} hands, not {len(hands)}")
        if hands is not None and not all(isinstance(hand, Cards) and len(hand) for hand in hands):
            raise ValueError("every given hand is a Cards holding at least one card")
        if leader is not None and leader not in range(SEATS):
            raise ValueError(f"leader is a seat from 0 to {SEATS - 1}, not {leader!r}")
        self.ruleset = ruleset
        self.rules = rules = ruleset.rules
        self.seed = seed
        self.carry = carry or Carry()
        self.given_hands = tuple(hands) if hands is not None else None
        self.given_leader = leader
        #: the 开牌人 of this game (第六条; rotates under first_player.later_games draw)
        self.drawer = first_player.DRAWER if self.carry.drawer is None else self.carry.drawer
        self._rng = random.Random(seed)
        self._moves = moves_for(rules.plays, rules.bie3.enabled)
        self.components = registry.resolve(ruleset.components)  # places, score, tribute: maybe third-party
        key = (rules.plays, rules.bie3)
        self._classified = _CLASSIFY_CACHES.setdefault(key, {})
        self.log: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.deals: list[tuple[Cards, ...]] = []
        self.burns: list[BurnRecord] = []
        self.stats = {"burns": 0, "counter_burns": 0, "successful_burns": 0, "broken_burns": 0, "zhashao": 0,
                      "jiefeng": 0, "revolutions": 0, "voids": 0, "forced": 0, "hui3": 0, "men": 0, "bought": 0,
                      "stuck_jokers": 0, "kaidian_failures": 0, "declarations": 0, "gave_up_kaidian": 0,
                      "forfeits": 0}
        self.places: list[int] | None = None
        self.owed: list[tribute.Due] = []  # 点贡, 闷贡, 憋王贡 for the next game
        self.score: tuple[int, int] | None = None
        self.turn = -1
        self._kind = LEAD
        self._start_deal()
        self._advance()

    # -- setting up --------------------------------------------------------------------------

    def _start_deal(self) -> None:
        rules = self.rules
        if self.given_hands is not None and not self.deals:
            hands = [list(hand.counts) for hand in self.given_hands]
            threes = [[hand[THREE]] + [0] * (deck.SUITS - 1) for hand in hands]
        else:
            hands, threes = deck.deal(rules.deck.recipe, self._rng, rules.deck.each_hand)
        self.deals.append(tuple(Cards(tuple(hand)) for hand in hands))
        self._total = [sum(hand[rank] for hand in hands) for rank in range(N_RANKS)]
        self._hands = hands
        self._table = [0] * N_RANKS
        self._removed = [0] * N_RANKS
        self._in_play = [True] * SEATS
        self._finished: list[int] = []
        self._zhashao: list[int] = []
        self._played = [False] * SEATS  # has played a card this game (窒息, 满贯)
        self._shown: list[int] = []  # seats that declared 挑牌: their team-mates see their hands
        self._told: list[int | None] = [None] * SEATS  # 报牌 'when-asked': the count last told on asking
        self._one_run = False  # 满贯: the leader went out with nobody else playing
        self._bottom: list[int] = []  # ranked at once from the bottom: 诈烧, 窒息, 大小王不出手
        self._men: list[int] = []  # stifled (闷), in order
        self._stifler = [-1] * SEATS  # who beat the play before a seat's 3s
        self._lived = [0] * SEATS  # 够级 plays that lived and count towards 开点
        self._opened = [False] * SEATS
        self._gave_up = [False] * SEATS  # 落四: played 4s before opening
        self._four_due = [False] * SEATS  # then_four: the next lead must be 4s
        self._declared: list[kaidian.Declaration | None] = [None] * SEATS
        self._top_led = False
        self._top_on_gouji = False
        self._revolutionaries: list[int] = []
        self._passed: set[int] = set()
        self._top: Combo | None = None
        self._top_seat = -1
        self._on_yield = False
        self._round: list[tuple[int, Cards]] = []
        self._burner: int | None = None
        self._burn_one_rank = False
        self._beat_back = False  # the burner may beat its 对头's play back (压回)
        self.burns = []
        self._gousiji: set[int] = set()
        self._luanchan = False
        self._luanchan_due = False
        self._slots: list[Slot] = []
        self._returns: list[tuple[int, int, int]] = []  # (receiver, payer, count), in order
        self.stage = RETURNS
        if self.given_leader is not None and len(self.deals) == 1:
            self.leader = self.given_leader
        elif self.carry.leader is not None:
            self.leader = self.carry.leader
        elif self.carry.drawer is not None:
            self.leader = first_player.draw(rules.deck.recipe, self._rng, self.drawer)
        else:
            self.leader = first_player.first_game(rules.first_player, rules.deck.recipe, threes, self._rng)
        if self.carry.places is not None:
            self._pay_tribute()
        if rules.kaidian.enabled and rules.kaidian.yudian is not None:
            self.stage = YUDIAN_STAGE
            self._slots = [(YUDIAN, seat) for seat in (self.leader, *ORDER[self.leader])]
        else:
            self._begin_returns()

    def _begin_returns(self) -> None:
        self.stage = RETURNS
        self._slots = [(RETURN, receiver) for receiver, _, _ in self._returns]

    def _pay_tribute(self) -> None:
        assert self.carry.places is not None
        received = [[0] * N_RANKS for _ in range(SEATS)]
        for due in self.components.tribute.dues(self.rules.tribute, self.carry.places, self.carry.burns,
                                                self.carry.owed):
            paid = self.components.tribute.pay(self._hands[due.payer], received[due.payer], due.count)
            count = sum(paid)
            for rank in range(N_RANKS):
                self._hands[due.payer][rank] -= paid[rank]
                self._hands[due.receiver][rank] += paid[rank]
                received[due.receiver][rank] += paid[rank]
            note = f"{tribute_name(due.kind)} {due.payer}->{due.receiver}: {Cards(paid) if count else 'none'}"
            self.log.append(Event(due.payer, None, (note,)))
            if due.returned and count:
                self._returns.append((due.receiver, due.payer, count))

    def _begin_revolutions(self) -> None:
        self.stage = REVOLUTIONS
        rule = self.rules.revolution
        for seat in (self.leader, *ORDER[self.leader]):
            hand = self._hands[seat]
            if revolution.automatic(hand, rule):
                self._declare_revolution(seat, None)
            elif revolution.eligible(hand, rule):
                self._slots.append((REVOLT, seat))

    def _declare_revolution(self, seat: int, action: Action | None) -> None:
        self._revolutionaries.append(seat)
        self.stats["revolutions"] += 1
        self.log.append(Event(seat, action, ("革命",)))

    def _end_revolutions(self) -> None:
        if revolution.voids(len(self._revolutionaries), self.rules.revolution):
            self.stats["voids"] += 1
            self.log.append(Event(self.leader, None, ("流局: void, redeal",)))
            self._start_deal()
            return
        for seat in self._revolutionaries:
            self._in_play[seat] = False
        if self.rules.bie3.enabled:
            self._buy(THREE)
            if self.rules.bie3.buy_fours:
                self._buy(FOUR)
        self._forfeit_holdings()
        if self.over:
            return
        if not self._in_play[self.leader]:
            following = turns.next_in_play(self.leader, self._in_play)
            assert following is not None
            self.leader = following
        self.stage = HUI3_STAGE
        if self.rules.hui3.choices:
            self._slots.append((HUI3, self.leader))

    def _buy(self, rank: int) -> None:
        """买3 / 买4 (第二十六条(二)): every seat in play without the rank buys one, from the leader on."""
        for seat in (self.leader, *ORDER[self.leader]):
            if self._in_play[seat]:
                bought = bie3.buy(self.rules.bie3, self._hands, seat, rank, self._in_play)
                if bought is not None:
                    seller, payment = bought
                    self.stats["bought"] += 1
                    paid = "as a gift (赠)" if payment is None else f"for {RANK_SYMBOLS[payment]}"
                    self.log.append(Event(seat, None, (f"买{RANK_SYMBOLS[rank]} from {seller} {paid}",)))

    def _forfeit_holdings(self) -> None:
        """penalties.forfeits 'no X': once buying is over, each seat in play holding no X pays the
        consequence, from the leader on (002:22, 003:53)."""
        for forfeit in self.rules.penalties.forfeits:
            if forfeit.condition != "holds-none":
                continue
            for seat in (self.leader, *ORDER[self.leader]):
                if self._in_play[seat] and not self._hands[seat][forfeit.rank] and not self.over:
                    notes: list[str] = []
                    self._forfeit(seat, forfeit, notes)
                    self.log.append(Event(seat, None, tuple(notes)))

    def _forfeits_play(self, seat: int, combo: Combo, notes: list[str]) -> bool:
        """penalties.forfeits 'X with A': a play of Xs carrying A, before or after opening, pays the
        consequence (003:53); True when the seat was ranked at once."""
        for forfeit in self.rules.penalties.forfeits:
            if forfeit.matches_play(combo.base, combo.cards.counts) and self._forfeit(seat, forfeit, notes):
                return True
        return False

    def _forfeit(self, seat: int, forfeit: Forfeit, notes: list[str]) -> bool:
        """Apply ``forfeit``'s consequence to ``seat``: give 开点 up (even if opened), or be ranked
        from the bottom at once (大落, then 二落 …); True for the latter."""
        self.stats["forfeits"] += 1
        if forfeit.consequence == "no-kaidian":
            if not self._gave_up[seat]:
                self._gave_up[seat] = True
                self.stats["gave_up_kaidian"] += 1
            self._opened[seat] = False
            notes.append(f"{forfeit}")
            return False
        self._rank_at_once(seat, notes, f"{forfeit}")
        return True

    def _begin_declarations(self) -> None:
        """明点 (第二十四条): after tribute, before the first play, seats in play that have not declared."""
        self.stage = MINGDIAN_STAGE
        rule = self.rules.kaidian
        if rule.enabled and rule.mingdian is not None:
            self._slots = [(MINGDIAN, seat) for seat in (self.leader, *ORDER[self.leader])
                           if self._in_play[seat] and self._declared[seat] is None]

    def _begin_play(self) -> None:
        self.stage = PLAYING
        self._slots.append((LEAD, self.leader))

    # -- the decision loop -------------------------------------------------------------------

    def _advance(self) -> None:
        """Move to the next decision, taking forced passes and stage changes on the way."""
        while self.stage != OVER:
            slots = self._slots
            if not slots:
                if self.stage == YUDIAN_STAGE:
                    self._begin_returns()
                elif self.stage == RETURNS:
                    self._begin_revolutions()
                elif self.stage == REVOLUTIONS:
                    self._end_revolutions()
                elif self.stage == HUI3_STAGE:
                    self._begin_declarations()
                elif self.stage == MINGDIAN_STAGE:
                    self._begin_play()
                else:
                    self._round_over()
                continue
            kind, seat = slots[0]
            top = self._top
            if kind in _BEATING and top is not None and not self._moves.can_beat(self._hands[seat], top) \
                    and not (kind == FOLLOW and self._may_yield(seat)) and not self._may_request_jiefeng(seat):
                slots.pop(0)
                broken = self._pass(seat)
                self.stats["forced"] += 1
                self.log.append(Event(seat, PASS, (("扣牌",) if kind == ANSWER else ()) + broken, True))
                continue
            self.turn = seat
            self._kind = kind
            return
        self.turn = -1

    @property
    def over(self) -> bool:
        return self.stage == OVER

    @property
    def decision(self) -> str:
        """The kind of decision awaited from :attr:`turn`."""
        return "over" if self.over else SLOT_NAMES[self._kind]

    # -- legality ------------------------------------------------------------------------------

    def _combo(self, counts: Counts) -> Combo | Verdict:
        found = self._classified.get(counts)
        if found is None:
            found = self._classified[counts] = classify(Cards(counts), self.rules.plays, self.rules.bie3)
        return found

    def _may_yield(self, seat: int) -> bool:
        return (self._kind_at(seat) == FOLLOW and self.rules.turns.allow_yield and not self._luanchan
                and self._burner is None and not self._on_yield and self._top_seat == duitou(seat)
                and bool(self._yield_targets(seat)))

    def _may_tiaopai(self, seat: int) -> bool:
        return reporting.may_tiaopai(self.rules.reporting, seat, self._shown, self.rules.bie3.enabled)

    def _to_ask(self, seat: int, deciding: bool = True) -> list[int]:
        """问张数: whose counts ``seat`` would be told by asking now; only at its own playing decision
        (``deciding``: not yet taken off the slots)."""
        if deciding and self._kind_at(seat) not in (LEAD, *_BEATING):
            return []
        counts = [sum(hand) for hand in self._hands]
        return reporting.to_ask(self.rules.reporting, seat, counts, self._told, self._in_play)

    def _may_request_jiefeng(self, seat: int) -> bool:
        return self._kind_at(seat) in _BEATING and turns.may_request_jiefeng(
            self.rules.turns, seat, self._top_seat, self._in_play)

    def _kind_at(self, seat: int) -> int:
        return self._slots[0][0] if self._slots and self._slots[0][1] == seat else -1

    def _yield_targets(self, seat: int) -> list[int]:
        """The next two seats in play after ``seat`` (not the 对头 who played), if they may follow."""
        following = [other for other in ORDER[seat] if self._in_play[other] and other != self._top_seat][:2]
        return [other for other in following if turns.may_follow(self.rules.turns, other, self._top_seat, self._passed)]

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal for :attr:`turn` now."""
        verdict = self._check(action)
        if verdict is not None:
            raise IllegalAction(verdict)

    def can(self, action: Action) -> bool:
        return self._check(action) is None

    def _check(self, action: Action) -> Verdict | None:
        if self.over:
            return _no("game.over", "本局已结束", "the game is over")
        kind, seat = self._kind, self.turn
        hand = self._hands[seat]
        if isinstance(action, (Play, Burn, Return)):
            counts = action.cards.counts
            if not all(map(le, counts, hand)):
                return _no("cards.in-hand", f"手中没有这些牌：{action.cards}",
                           f"those cards are not in your hand: {action.cards}")
        if kind == RETURN:
            owed = self._returns[0][2]
            if isinstance(action, Return) and len(action.cards) == owed:
                return None
            return _no("tribute.returned", f"还贡：须还{owed}张牌", f"还贡: return {owed} card(s) of your choice")
        if kind == REVOLT:
            if isinstance(action, (Revolution, Pass)):
                return None
            return _no("revolution.enabled", "出牌前可宣布革命或不革命（过）",
                       "before the first play you may declare 革命 or pass")
        if kind in _DECLARING:
            if isinstance(action, (Declare, Pass)):
                return None
            return _no("kaidian.mingdian" if kind == MINGDIAN else "kaidian.yudian",
                       "宣点：宣布对头不开点（declare），或过", "宣点: declare that your 对头 will not 开点, or pass")
        if kind == HUI3:
            if isinstance(action, Pass) or (isinstance(action, Hui3) and action.which in self.rules.hui3.choices):
                return None
            choices = ", ".join(self.rules.hui3.choices)
            return _no("hui3.choices", f"会3：可选 {choices}，或过", f"会3: choose one of {choices}, or pass")
        if isinstance(action, Ask):
            if self._to_ask(seat):
                return None
            return _no("reporting.report_counts", "问张数：报牌须有人问时，轮到自己出牌时可问；现在没有未报的张数",
                       "ask for hand counts: where counts are told only when asked, at your turn to play, while a "
                       "hand at or below the reporting count has not told its count")
        if kind == LEAD:
            if isinstance(action, Tiaopai):
                if self._may_tiaopai(seat):
                    return None
                return _no("reporting.tiaopai", "挑牌：本规则许可时，轮到自己发牌时可挑牌一次",
                           "挑牌: where the ruleset allows it, you may show your hand once, at your lead")
            if not isinstance(action, Play):
                return _no("turns.lead", "该你发牌：须出一手牌", "you lead: play a combination (a leader cannot pass)")
            found = self._combo(action.cards.counts)
            if isinstance(found, Verdict):
                return found
            if self.rules.bie3.enabled and bie3.splits_threes(hand, action.cards.counts):
                return _no("bie3.enabled", "憋3：3须全部一起、作为最后一手打出（第二十六条）",
                           "憋3: your 3s go all together, as your last play (article 26)")
            return None
        if kind == BURN:
            if isinstance(action, Pass):
                return None
            if not isinstance(action, Burn):
                return _no("burning.enabled", "这是烧牌机会：烧（burn 牌）或不烧（过）",
                           "this is your chance to burn the 够级 play: burn with cards that beat it, or pass")
            return self._beats(action.cards.counts)
        # FOLLOW, YIELD_FOLLOW, YIELDED, ANSWER
        if isinstance(action, Pass):
            return None
        if isinstance(action, Yield):
            if self._may_yield(seat):
                return None
            return _no("turns.allow_yield", "只有对头出牌、上两家都过后才可让牌（让牌后须自己上或扣）",
                       "you may yield only on your 对头's play after the two players before you passed, once")
        if isinstance(action, Jiefeng):
            if self._may_request_jiefeng(seat):
                return None
            return _no("turns.jiefeng", "只有在上家的底牌前、且本规则许可时，下家才可申请接风",
                       "only the next player, on the last play of a player who went out, may ask to lead "
                       "(申请接风), where the ruleset allows it")
        if isinstance(action, Burn):
            return _no("burning.enabled", "现在不能烧牌：烧牌须在够级牌打出后、对头之前，且未过牌",
                       "you cannot burn now: a burn is declared right after a 够级 play, ahead of its 对头, "
                       "before passing")
        if not isinstance(action, Play):
            return _no("turns.order", "现在只能上牌或过牌", "you may only beat the play or pass now")
        return self._beats(action.cards.counts)

    def _beats(self, counts: Counts) -> Verdict | None:
        found = self._combo(counts)
        if isinstance(found, Verdict):
            return found
        assert self._top is not None
        verdict = beats(found, self._top, self.rules.plays)
        return None if verdict.ok else verdict

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`turn` (a lead lists every distinct combination)."""
        if self.over:
            return []
        kind, hand = self._kind, self._hands[self.turn]
        if kind == LEAD:
            leads: list[Action] = [Play(cards_of(counts)) for counts in self._moves.leads(hand)]
            return leads + ([TIAOPAI] if self._may_tiaopai(self.turn) else []) + \
                ([ASK] if self._to_ask(self.turn) else [])
        if kind == RETURN:
            return [Return(Cards(counts)) for counts in _submultisets(hand, self._returns[0][2])]
        if kind == REVOLT:
            return [REVOLUTION, PASS]
        if kind == HUI3:
            return [PASS, *(Hui3(which) for which in self.rules.hui3.choices)]
        if kind in _DECLARING:
            return [DECLARE, PASS]
        assert self._top is not None
        beating = self._moves.beating(hand, self._top)
        if kind == BURN:
            return [*(Burn(cards_of(counts)) for counts in beating), PASS]
        return [*(Play(cards_of(counts)) for counts in beating), *self._other_actions(kind)]

    def _other_actions(self, kind: int) -> list[Action]:
        """What :attr:`turn` may do on the play besides beating it."""
        others: list[Action] = [PASS]
        if kind == FOLLOW and self._may_yield(self.turn):
            others.append(YIELD)
        if self._may_request_jiefeng(self.turn):
            others.append(JIEFENG)
        if self._to_ask(self.turn):
            others.append(ASK)
        return others

    def sample_action(self, rng: random.Random) -> Action:
        """A legal action drawn uniformly at random; leads are drawn without listing them."""
        kind = self._kind
        if self.over or kind not in _BEATING and kind != BURN:
            if kind == LEAD and not self.over:
                return Play(cards_of(self._moves.sample_lead(self._hands[self.turn], rng)))
            return rng.choice(self.legal_actions())
        assert self._top is not None
        plays = list(self._moves.beating(self._hands[self.turn], self._top))
        others = self._other_actions(kind)
        pick = rng.randrange(len(plays) + len(others))
        if pick >= len(plays):
            return others[pick - len(plays)]
        cards = cards_of(plays[pick])
        return Burn(cards) if kind == BURN else Play(cards)

    # -- applying ------------------------------------------------------------------------------

    def apply(self, action: Action) -> Event:
        """Apply a legal action of :attr:`turn` and move on to the next decision (an illegal play
        under 错牌不出 costs the turn instead of being refused: :meth:`_wrong_play`)."""
        check_action(action)
        wrong = self._wrong_play(action)
        seat, kind = self.turn, self._kind
        self.actions.append((seat, action))
        self._slots.pop(0)
        notes: list[str] = []
        if wrong is not None:
            self._lose_turn(seat, kind, wrong, notes)
        elif isinstance(action, Return):
            receiver, payer, _ = self._returns.pop(0)
            for rank, count in enumerate(action.cards.counts):
                self._hands[receiver][rank] -= count
                self._hands[payer][rank] += count
            notes.append(f"还贡 {receiver}->{payer}")
        elif isinstance(action, Revolution):
            self._declare_revolution(seat, action)
            declared = self.log[-1]
            self._advance()
            return declared
        elif isinstance(action, Hui3):
            self._hui3(action)
            notes.append(f"会{action.which}")
        elif isinstance(action, Declare):
            self._declared[seat] = "yudian" if kind == YUDIAN else "mingdian"
            self.stats["declarations"] += 1
            notes.append("预点" if kind == YUDIAN else "明点")
        elif isinstance(action, Ask):
            for other in self._to_ask(seat, deciding=False):
                self._told[other] = sum(self._hands[other])
                notes.append(f"{other}: {self._told[other]}张")
            self._slots.insert(0, (kind, seat))  # asking does not use up the decision
        elif isinstance(action, Tiaopai):
            self._shown.append(seat)
            self._slots.insert(0, (LEAD, seat))  # showing the hand does not use up the lead
            notes.append("挑牌")
        elif isinstance(action, Jiefeng):
            self._slots.clear()  # the round ends: the 底牌 stands and its 下家 leads (_round_over)
            notes.append("申请接风")
        elif isinstance(action, Yield):
            targets = self._yield_targets(seat)
            rest = [slot for slot in self._slots if slot[1] not in targets]
            self._slots[:] = [(YIELD_FOLLOW, other) for other in targets] + [(YIELDED, seat)] + rest
            notes.append("让牌")
        elif isinstance(action, Pass):
            if kind in _BEATING:
                notes += self._pass(seat)
            elif kind in (BURN, REVOLT):
                event = Event(seat, action, ("no burn" if kind == BURN else "no 革命",), private=True)
                self.log.append(event)
                self._advance()
                return event
            elif kind == HUI3:
                notes.append("no 会3")
            elif kind in _DECLARING:
                notes.append("no 宣点")
        else:
            assert isinstance(action, (Play, Burn))
            self._play(seat, action.cards.counts, kind, isinstance(action, Burn), notes)
        event = Event(seat, action, tuple(notes))
        self.log.append(event)
        self._advance()
        if self.over and self.places is not None:
            self.log.append(Event(-1, None, ("over: " + " ".join(PLACE_NAMES[p] for p in self.places),)))
        return event

    def _wrong_play(self, action: Action) -> Verdict | None:
        """None for a legal action; for an illegal Play or Burn where :attr:`turn` is to play cards
        and the ruleset says 错牌不出 (``components.penalties``), its verdict; else raise."""
        verdict = self._check(action)
        if verdict is None:
            return None
        if self.over or not isinstance(action, (Play, Burn)) or self._kind not in (LEAD, BURN, *_BEATING) \
                or not penalties.loses_turn(self.rules.penalties, verdict.rule):
            raise IllegalAction(verdict)
        return verdict

    def _lose_turn(self, seat: int, kind: int, verdict: Verdict, notes: list[str]) -> None:
        """错牌不出: the wrong play counts as a pass (declining a burn offer); a leader's lead goes
        to its 下家 still in play, and a burner losing its lead this way has its burn broken (解烧)."""
        notes += ["错牌不出", f"{verdict.rule}: {verdict.en}"]
        if kind == LEAD:
            if self._burner == seat:
                self._break_burn(notes)
            leader = turns.next_in_play(seat, self._in_play)
            assert leader is not None
            self._slots[:] = [(LEAD, leader)]
        elif kind != BURN:
            notes += self._pass(seat)

    def _hui3(self, action: Hui3) -> None:
        ranks = {"3": (0,), "4": (1,), "both": (0, 1)}[action.which]
        self.stats["hui3"] += 1
        for hand in self._hands:
            for rank in ranks:
                self._removed[rank] += hand[rank]
                hand[rank] = 0

    def _play(self, seat: int, counts: Counts, kind: int, burn: bool, notes: list[str]) -> None:
        combo = self._combo(counts)
        assert isinstance(combo, Combo)
        hand = self._hands[seat]
        for rank in range(N_RANKS):
            if counts[rank]:
                hand[rank] -= counts[rank]
                self._table[rank] += counts[rank]
        self._round.append((seat, combo.cards))
        self._played[seat] = True
        empty = not any(hand)
        if self.rules.kaidian.enabled:
            self._kaidian_play(seat, combo, kind)
        if self.rules.bie3.enabled:
            self._stifle(seat, notes)
            if self.over:
                return
        ranked = self._forfeits_play(seat, combo, notes)
        if self.over:
            return
        if burn:
            previous = self._burner
            counter = previous is not None
            if counter:
                self._close_burn("反烧")
                self.stats["counter_burns"] += 1
            burned = previous if previous is not None else self._top_seat
            self.burns.append(BurnRecord(seat, burned, counter))
            self._burner = seat
            self._burn_one_rank = sum(1 for count in hand if count) <= 1
            self.stats["burns"] += 1
            notes.append("反烧" if counter else "烧牌")
        elif self._burner is not None:
            if seat == self._burner:
                if self._beat_back:
                    self._beat_back = False
                    notes.append("压回")
                if not burning.keeps_condition(self.rules.burning, combo.has_jokers, empty, self._burn_one_rank):
                    self._zha_shao(seat, notes)
                    return
            elif burning.beat_back_chance(self.rules.burning, seat, self._burner) and self._in_play[self._burner]:
                self._beat_back = True  # (a burner just ranked at once, e.g. 闷, has no 压回)
            else:
                self._break_burn(notes)
        self._top = combo
        self._top_seat = seat
        self._on_yield = kind == YIELD_FOLLOW
        if self._luanchan or not self.rules.turns.pass_locks_out:
            self._passed.clear()
        if empty and not ranked:
            self._go_out(seat, notes)
            if self.over:
                return
        elif not ranked and self.rules.bie3.enabled and self.rules.bie3.jokers_last_is_dalu \
                and bie3.stuck_with_jokers(hand):
            self._stuck_with_jokers(seat, notes)
            if self.over:
                return
        slots = self._slots_after(seat, combo)
        if self._beat_back and self._burner is not None:  # 压回: the burner answers the 对头 first
            slots = [(ANSWER, self._burner)] + [slot for slot in slots if slot[1] != self._burner]
        self._slots[:] = slots

    def _kaidian_play(self, seat: int, combo: Combo, kind: int) -> None:
        """开点 bookkeeping for a play: what it is played on, then_four and 落四 (components.kaidian)."""
        rule = self.rules.kaidian
        self._top_led = kind == LEAD
        self._top_on_gouji = self._top is not None and is_gouji(self._top, self.rules.gouji)
        if self._four_due[seat] and kind == LEAD:
            self._four_due[seat] = False
            if kaidian.confirms(combo) and not kaidian.deadline_passed(rule, seat, self._finished):
                self._opened[seat] = True
                return
        if rule.fours_after_open and combo.base == FOUR and not self._opened[seat] and not self._gave_up[seat]:
            self._gave_up[seat] = True
            self.stats["gave_up_kaidian"] += 1

    def _stifle(self, seat: int, notes: list[str]) -> None:
        """憋3: beating the play before someone's 3s stifles them (闷)."""
        stifled = self._top_seat
        if self._top is not None and stifled != seat and self._in_play[stifled] \
                and bie3.only_threes(self._hands[stifled]):
            self._stifler[stifled] = seat
            self.stats["men"] += 1
            notes.append(f"闷 {stifled}")
            self._rank_now(stifled, stifled=True)

    def _stuck_with_jokers(self, seat: int, notes: list[str]) -> None:
        """大小王不出手: ranked 大落 at once; a burn of this seat ends with it. Its play stays on top."""
        self.stats["stuck_jokers"] += 1
        self._rank_at_once(seat, notes, "大小王不出手")

    def _rank_at_once(self, seat: int, notes: list[str], why: str) -> None:
        """Ranked from the bottom at once, for ``why``; a burn of this seat ends with it."""
        if self._burner == seat:
            self._close_burn(why)
        notes.append(why)
        self._rank_now(seat)

    def _kaidian_lived(self, player: int) -> None:
        """A 够级 play lived (nobody beat it): it counts towards its player's 开点 if it qualifies."""
        rule, top = self.rules.kaidian, self._top
        assert top is not None
        if self._luanchan or self._opened[player] or self._gave_up[player] or not is_gouji(top, self.rules.gouji) \
                or kaidian.deadline_passed(rule, player, self._finished) \
                or not kaidian.opens(rule, top, self._top_led, self._top_on_gouji):
            return
        if rule.then_four and self._in_play[player]:
            self._four_due[player] = True
            return
        self._lived[player] += 1
        if self._lived[player] >= kaidian.needed(rule, player, self._revolutionaries):
            self._opened[player] = True

    def _close_burn(self, outcome: str) -> None:
        self.burns[-1].outcome = outcome
        self._burner = None
        self._beat_back = False

    def _break_burn(self, notes: list[str]) -> None:
        """解烧: the burner's 对头 ends the burn."""
        self._close_burn("解烧")
        self.stats["broken_burns"] += 1
        notes.append("解烧")

    def _pass(self, seat: int) -> tuple[str, ...]:
        """``seat`` passes on the play (过牌 / 扣牌); the burner passing up its 压回 ends the burn."""
        self._passed.add(seat)
        notes: list[str] = []
        if self._beat_back and seat == self._burner:
            self._break_burn(notes)
        return tuple(notes)

    def _zha_shao(self, seat: int, notes: list[str]) -> None:
        """诈烧: the burner is ranked from the bottom at once and leaves; the 下家 leads."""
        self._close_burn("诈烧")
        self.stats["zhashao"] += 1
        self._zhashao.append(seat)
        notes.append("诈烧")
        self._rank_now(seat)
        if self.over:
            return
        self._new_round()
        leader = turns.next_in_play(seat, self._in_play)
        assert leader is not None
        self._slots[:] = [(LEAD, leader)]

    def _rank_now(self, seat: int, stifled: bool = False) -> None:
        """Take ``seat`` out of play, ranked at once: from the bottom (诈烧, 窒息, 大小王不出手) or,
        when ``stifled``, as 闷. Its cards stay in its hand; the game ends when one seat is left."""
        self._in_play[seat] = False
        (self._men if stifled else self._bottom).append(seat)
        self._slots[:] = [slot for slot in self._slots if slot[1] != seat]
        if sum(self._in_play) <= 1:
            self._finish()

    def _go_out(self, seat: int, notes: list[str]) -> None:
        self._in_play[seat] = False
        self._finished.append(seat)
        notes.append(f"out {len(self._finished)}")
        if self._burner == seat:
            self._close_burn("success")
            self.stats["successful_burns"] += 1
        if self.components.score.one_run(self.rules.score, seat, self._played, len(self._finished)):
            self._one_run = True
            notes.append("满贯")
            self._finish()
            return
        if len(self._finished) == 1:
            for other in self.components.places.zhixi(self.rules.places, seat, self._in_play, self._played):
                notes.append(f"窒息 {other}")
                self._rank_now(other)
            if self.over:
                return
        opposite = duitou(seat)
        if turns.gousiji_chance(self.rules.turns, len(self._finished)) and self._in_play[opposite]:
            self._gousiji.add(opposite)
        if turns.luanchan_due(self.rules.turns, len(self._finished), len(self._revolutionaries)):
            self._luanchan_due = True
        if sum(self._in_play) <= 1:
            self._finish()

    def _slots_after(self, player: int, combo: Combo) -> list[Slot]:
        """Who may act on ``player``'s play, in order (000:115-122, 001 Q&A 4-12)."""
        in_play = self._in_play
        if self._luanchan:
            return [(FOLLOW, seat) for seat in turns.luanchan_followers(self.rules.turns, player, in_play)]
        opposite = duitou(player)
        if self._burner == player:
            slots = self._burn_offers(player, opposite) if self.rules.burning.counter_burn else []
            return slots + ([(ANSWER, opposite)] if in_play[opposite] else [])
        if is_gouji(combo, self.rules.gouji):
            slots = self._burn_offers(player, opposite)
            if player in self._gousiji:  # 够死级: no 对头 answers it
                self._gousiji.discard(player)
                return slots
            if in_play[opposite]:
                answering = turns.answerers(self.rules.turns, player, in_play, self._passed)
                return slots + [(ANSWER, seat) for seat in answering]
            return slots + (self._follow_slots(player) if self.rules.turns.wutou else [])
        if self._on_yield:  # only the 对头 may beat a play made onto a yield (001 Q&A 6)
            return [(ANSWER, opposite)] if in_play[opposite] and turns.may_follow(
                self.rules.turns, opposite, player, self._passed) else []
        return self._follow_slots(player)

    def _follow_slots(self, player: int) -> list[Slot]:
        return [(FOLLOW, seat) for seat in ORDER[player]
                if self._in_play[seat] and turns.may_follow(self.rules.turns, seat, player, self._passed)]

    def _burn_offers(self, player: int, opposite: int) -> list[Slot]:
        excluded = opposite if self._in_play[opposite] else None
        assert self._top is not None
        seats = burning.candidates(self.rules.burning, player, excluded, self._in_play, self._passed)
        return [(BURN, seat) for seat in seats
                if self._moves.can_beat(self._hands[seat], self._top)]

    def _new_round(self) -> None:
        self._passed.clear()
        self._gousiji.clear()
        self._round.clear()
        self._top = None
        self._top_seat = -1
        self._on_yield = False
        if self._luanchan_due and not self._luanchan:
            self._luanchan = True
            self.log.append(Event(-1, None, ("四人乱缠",)))

    def _round_over(self) -> None:
        """Nobody beat the top play: it lives; its player leads (a burner leads on), or 接风."""
        player = self._top_seat
        if self.rules.kaidian.enabled:
            self._kaidian_lived(player)
        if self._burner is not None and self._burner == player:
            self._round.clear()
            self._top = None
            self._on_yield = False
            self._slots.append((LEAD, player))
            return
        self._new_round()
        if self._in_play[player]:
            self._slots.append((LEAD, player))
            return
        leader = turns.next_in_play(player, self._in_play)
        assert leader is not None
        self.stats["jiefeng"] += 1
        self.log.append(Event(leader, None, ("接风",)))
        self._slots.append((LEAD, leader))

    def _finish(self) -> None:
        if self._burner is not None:
            self._close_burn("unfinished")
        start = self._finished[-1] if self._finished else self.leader
        remaining = [seat for seat in (start, *ORDER[start]) if self._in_play[seat]]  # in play order (满贯)
        order = self._finished + remaining
        men_places = [PLACE_NAMES.index(name) for name in self.rules.bie3.men_places]
        self.places = self.components.places.assign(order, self._bottom, self._revolutionaries, self.rules.places,
                                                    self._men, men_places)
        self.score = self.components.score.recorded(self.places, self.rules.score, self._one_run)
        self.owed = self._game_dues()
        self.stage = OVER
        self._slots.clear()
        self.turn = -1

    def _game_dues(self) -> list[tribute.Due]:
        """点贡 (打点), 闷贡 (to the stifler) and 憋王贡 (each joker still held by a seat ranked
        without playing it out, to its 对头) owed to the next game."""
        owed: list[tribute.Due] = []
        rule = self.rules
        if rule.kaidian.enabled:
            for seat in self._revolutionaries:
                self._opened[seat] = self._opened[seat] or rule.kaidian.revolution_opens
            self.stats["kaidian_failures"] += self._opened.count(False)
            owed += kaidian.dues(rule.kaidian, self._opened, self._declared)
        if rule.bie3.enabled:
            owed += [tribute.Due("men", seat, self._stifler[seat], rule.tribute.men_cards, False)
                     for seat in self._men if rule.tribute.men_cards]
            owed += self._biewang_dues()
        return owed

    def _biewang_dues(self) -> list[tribute.Due]:
        """憋王贡: a seat still holding jokers at the end pays its 对头 or 头科 (``tribute.biewang_to``)
        ``biewang_cards``, or one card per joker held."""
        assert self.places is not None
        rule = self.rules.tribute
        owed = []
        for seat in range(SEATS):
            jokers = sum(self._hands[seat][joker] for joker in JOKERS)
            receiver = duitou(seat) if rule.biewang_to == "duitou" else self.places.index(0)
            if jokers and receiver != seat:
                owed.append(tribute.Due("biewang", seat, receiver, rule.biewang_cards or jokers, False))
        return owed

    def next_dues(self) -> list[tribute.Due]:
        """The tribute the next game pays after this finished one, in the ruleset's order."""
        assert self.places is not None
        return self.components.tribute.dues(self.rules.tribute, self.places, self.successful_burns(), self.owed)

    # -- views ---------------------------------------------------------------------------------

    def hand(self, seat: int) -> Cards:
        return Cards(tuple(self._hands[seat]))

    @property
    def table(self) -> Cards:
        """Every card played so far."""
        return Cards(tuple(self._table))

    @property
    def removed(self) -> Cards:
        """Cards taken out by 会3."""
        return Cards(tuple(self._removed))

    @property
    def top(self) -> tuple[int, Cards] | None:
        return None if self._top is None else (self._top_seat, self._top.cards)

    @property
    def in_play(self) -> tuple[bool, ...]:
        return tuple(self._in_play)

    @property
    def finished(self) -> tuple[int, ...]:
        return tuple(self._finished)

    @property
    def revolutionaries(self) -> tuple[int, ...]:
        return tuple(self._revolutionaries)

    @property
    def zhashao(self) -> tuple[int, ...]:
        return tuple(self._zhashao)

    @property
    def luanchan(self) -> bool:
        return self._luanchan

    @property
    def stifled(self) -> tuple[int, ...]:
        """Seats stifled (闷) under 憋3, in order."""
        return tuple(self._men)

    @property
    def opened(self) -> tuple[bool, ...]:
        """Which seats have 开点 (打点); final once the game is over."""
        return tuple(self._opened)

    @property
    def declared(self) -> tuple[str | None, ...]:
        """Each seat's 宣点: 'mingdian', 'yudian' or None."""
        return tuple(self._declared)

    @property
    def told(self) -> tuple[int | None, ...]:
        """Each seat's hand count as last told on asking (报牌 'when-asked'), None if never."""
        return tuple(self._told)

    @property
    def burner(self) -> int | None:
        return self._burner

    @property
    def deck_total(self) -> Cards:
        """The cards of the current deal (for conservation checks)."""
        return Cards(tuple(self._total))

    def may_answer(self) -> tuple[int, ...]:
        """Seats the rules allow to beat the top play (by seat, not by cards held)."""
        if self._top is None or self.over:
            return ()
        return tuple(seat for kind, seat in self._slots if kind != BURN)

    def observation(self, seat: int) -> Observation:
        rule = self.rules.reporting
        counts = [sum(hand) for hand in self._hands]
        shown = [other in self._shown for other in range(SEATS)]
        public_turn = not self.over and (self._kind not in (BURN, REVOLT) or self.turn == seat)
        return Observation(
            seat=seat,
            stage=self.stage,
            to_act=self.turn if public_turn else None,
            decision=self.decision if self.turn == seat else None,
            hand=self.hand(seat) if self.stage != YUDIAN_STAGE else Cards(_NONE),
            counts=tuple(count if reporting.count_visible(rule, seat, other, count, shown[other], self._told[other])
                         and self.stage != YUDIAN_STAGE else None for other, count in enumerate(counts)),
            hands=tuple(self.hand(other) if reporting.hand_visible(rule, seat, other, counts[other], shown[other])
                        and self.stage != YUDIAN_STAGE else None for other in range(SEATS)),
            top=None if self._top is None else self._top.cards,
            top_seat=None if self._top is None else self._top_seat,
            may_answer=self.may_answer(),
            round_plays=tuple(self._round),
            passed=tuple(sorted(self._passed)),
            burner=self._burner,
            luanchan=self._luanchan,
            finished=tuple(self._finished),
            out_of_play=tuple(seat for seat in range(SEATS) if not self._in_play[seat]),
            revolutionaries=tuple(self._revolutionaries),
            removed=self.removed,
            opened=tuple(self._opened),
            declared=tuple(self._declared),
        )

    def clone(self) -> Game:
        """An independent copy (same future under the same actions)."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._hands = [list(hand) for hand in self._hands]
        for name in ("_table", "_removed", "_in_play", "_finished", "_zhashao", "_bottom", "_men", "_revolutionaries",
                     "_round", "_played", "_shown", "_told",
                     "_slots", "_returns", "log", "actions", "deals", "_stifler", "_lived", "_opened", "_gave_up",
                     "_four_due", "_declared", "owed"):
            setattr(twin, name, list(getattr(self, name)))
        twin._passed = set(self._passed)
        twin._gousiji = set(self._gousiji)
        twin.burns = [BurnRecord(b.burner, b.burned, b.counter, b.outcome) for b in self.burns]
        twin.stats = dict(self.stats)
        twin.places = None if self.places is None else list(self.places)
        return twin

    def place_names(self) -> list[str] | None:
        return None if self.places is None else places.names(self.places)

    def successful_burns(self) -> tuple[tribute.BurnDue, ...]:
        return tuple(tribute.BurnDue(b.burner, b.burned, b.counter) for b in self.burns if b.outcome == "success")


def _no(rule: str, zh: str, en: str) -> Verdict:
    return Verdict(False, rule, zh, en)


def tribute_name(kind: str) -> str:
    return TRIBUTE_KINDS[kind][0] + "贡"


def _submultisets(hand: Sequence[int], size: int) -> list[Counts]:
    """Every distinct multiset of ``size`` cards from ``hand``."""
    found: list[Counts] = []

    def walk(rank: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            found.append(tuple(chosen) + (0,) * (N_RANKS - len(chosen)))
            return
        if rank == N_RANKS:
            return
        for take in range(min(left, hand[rank]), -1, -1):
            walk(rank + 1, left - take, chosen + [take])

    walk(0, size, [])
    return found
