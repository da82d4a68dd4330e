"""The rule-aware heuristic bot (``heuristic``, the default): it reads the compiled rules, never a
city's name, and says why it plays what it plays.

It seeks 开点 with the plays that open under these rules (leading 4s next where ``then_four``
asks it) and keeps its 4s until it has opened where 落四 applies; under 憋3 it keeps its 3s whole
and last, keeps its strongest play for the one before them (闷), never leaving jokers with 3s
only; it burns only when its cards can keep the burn's condition to the end, and keeps it on every
play; it answers its 对头's 够级 play with jokers when that breaks a burn or comes cheap, but lets
a play that would open its 对头 live unless it bet against that (明点 / 预点) or the rules make
opening hard and the play comes early (:mod:`.tactics`, which also beats an opponent near going out
at any price, stifles (闷) under 憋3 an opponent likely left with its 3s, its own last 2s and jokers
spent if need be, keeps two of them while its hand is long and, without them, its group hardest to
beat for the play before its 3s, and keeps the plays that would open the seat for where they open); it
beats with a
play that opens once its hand is small, or at once where its 对头 passed and may not answer; it
passes rather than break a group to beat an opponent's play until its hand is small (:mod:`.plan`;
not while it holds 3s under 憋3, where passing left more seats stifled), and rather than fill a group
out with 2s to beat a plain play (:mod:`.tactics`: its 2s wait for 够级 plays); it
yields (让牌) instead of passing or paying dearly, so a team-mate may beat the 对头's play and only
that team-mate's 对头 may answer; it takes 接风 when offered. The choices before play (革命, 会3,
还贡, 明点 / 预点) are in :mod:`.offers`. It sees only the seat's view: its hand, the public record
and the rules; it does not count which seat holds which unseen card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from typing import Final

from ..components import burning
from ..engine.actions import JIEFENG, PASS, YIELD, Action, Burn, Play
from ..engine.seat import SeatView
from ..ruleset.cards import FOUR, JOKERS, N_RANKS, THREE, TWO, Cards
from ..ruleset.vocabulary import Label
from . import tactics
from .base import Advice, Choice
from .offers import offer_advice
from .plan import JOKERS_KEPT, breaks, follow_cost, lead_key, plays_left
from .reading import Counts, Memo, Reading, cost, jokers, lowest, minus, ranks, read

SMALL_HAND: Final = 10  # cards left at which a seat spends freely to go out


@lru_cache(maxsize=4096)
def cards(counts: Counts) -> str:
    return str(Cards.unchecked(counts))


def _with(base: int, count: int, extra: dict[int, int] | None = None) -> Counts:
    counts = [0] * N_RANKS
    counts[base] = count
    if extra is not None:
        for rank, more in extra.items():
            counts[rank] += more
    return tuple(counts)


def _listed(view: SeatView, action: Action) -> bool:
    """Whether ``action`` is one of the legal actions the view listed (the very object: the game then
    applies it unchecked), where it lists them (beating a play, a burn offer)."""
    if view.decision == "lead" or not isinstance(action, (Play, Burn)):
        return False
    for legal in view.legal_actions():
        if legal is action:
            return True
    return False


def stoppers(counts: Counts) -> int:
    """Jokers, and 2s as one more: what may make a play nobody beats."""
    return jokers(counts) + (1 if counts[TWO] else 0)


def _leads_hardest(r: Reading, low: Counts, kept: Counts | None) -> Label:
    """Why the seat leads ``low``, the plain group it could least easily play on another seat's play (but
    ``kept``, waiting for the play before its 3s: :func:`.tactics.cover`)."""
    hand = r.hand
    why = f"the group you could least easily play on another seat's play ({plays_left(hand)} plays left)"
    why_zh = f"最难跟在别人后面出的一组（还剩{plays_left(hand)}手）"
    if kept is not None:
        why += f"; {cards(kept)}, the hardest to beat, waits for the play before your 3s (闷)"
        why_zh += f"；最难被管的{cards(kept)}留到3之前那一手（闷）"
    if r.threes_last:
        why, why_zh = why + "; the 3s wait to go out last (憋3)", why_zh + "；3留到最后走（憋3）"
    if r.keeps_fours and hand[FOUR]:
        why, why_zh = why + "; the 4s wait until you have opened (落四)", why_zh + "；4等开点后再出（落四）"
    return Label(zh=f"发{cards(low)}，{why_zh}", en=f"leads {cards(low)}, {why}")


def _goes_out_next(play: Counts, left: Counts) -> Choice:
    """Leading ``play``, which nobody can beat, to go out next with ``left``."""
    return (Play(Cards.unchecked(play)), lambda: Label(
        zh=f"发{cards(play)}，没人管得上，下一手出{cards(left)}走完",
        en=f"leads {cards(play)}, which nobody can beat, to go out next with {cards(left)}"))


class HeuristicAgent:
    """The rule-aware heuristic: see the module's description; :meth:`advise` says why."""

    name = "heuristic"

    def __init__(self) -> None:
        self.memo = Memo()  # plays worked out, across decisions and games

    def act(self, view: SeatView, rng: random.Random) -> Action:
        return self.choose(view, rng)[0]

    def advise(self, view: SeatView, rng: random.Random) -> Advice:
        action, why = self.choose(view, rng)
        return Advice(action, why())

    def choose(self, view: SeatView, rng: random.Random) -> Choice:
        """The action, and why, worked out only when called: what :meth:`act` and :meth:`advise` take."""
        decision = view.decision
        if decision == "lead":
            choice = self._lead(read(view, self.memo))
        elif decision == "burn-offer":
            choice = self._burn(read(view, self.memo))
        elif decision in ("follow", "answer", "follow-on-yield", "after-yield"):
            choice = self._follow(read(view, self.memo))
        else:
            choice = offer_advice(view)
        if _listed(view, choice[0]) or view.can(choice[0]):
            return choice
        return (view.sample_action(rng), lambda: Label(
            zh="随机出一个合规动作：机器人自己的选择此时不合规",
            en="plays a legal action at random: the bot's own choice was not legal here"))

    # Leads ---------------------------------------------------------------------------------

    def _lead(self, r: Reading) -> Choice:
        hand, view = r.hand, r.view
        if r.burning:
            return self._burn_lead(r)
        if r.one_play(hand):
            return (Play(Cards.unchecked(hand)), lambda: Label(zh=f"出{cards(hand)}走完，最后一手",
                                                               en=f"goes out with {cards(hand)}, your last play"))
        if r.confirm_due:
            fours = _with(FOUR, hand[FOUR])
            return (Play(Cards.unchecked(fours)), lambda:
                          Label(zh=f"发{cards(fours)}：你的够级牌没人管上，接着发4完成开点",
                                en=f"leads {cards(fours)}: your 够级 play lived, and 4s led next complete 开点"))
        candidates = list(self._leads(r))
        if r.seeking and view.rules.kaidian.answering != "answers-only":
            openers = [c for c in candidates if r.opens(c, led=True, on_gouji=False)]
            openers = [c for c in openers if r.urgent or (r.safe(c) and not stoppers(c))]
            if openers:
                best = min(openers, key=lambda c: (not r.safe(c), cost(c, hand)))
                return (Play(Cards.unchecked(best)), lambda:
                              Label(zh=f"发{cards(best)}：没人管上就在此开点的够级牌",
                                    en=f"leads {cards(best)}, a 够级 play that opens (开点) here if nobody beats it"))
        finish = self._finish(r, candidates)
        if finish is not None:
            return finish
        plain = [c for c in candidates if c[TWO] == 0 and not any(c[j] for j in JOKERS)]
        kept = tactics.cover(r, plain) if not stoppers(hand) else None
        if kept is not None:
            plain = [c for c in plain if c[lowest(kept)] == 0]
        if plain:
            low = min(plain, key=lead_key)
            return (Play(Cards.unchecked(low)), lambda: _leads_hardest(r, low, kept))
        if candidates:
            low = min(candidates, key=lambda c: cost(c, hand))
            return (Play(Cards.unchecked(low)), lambda: Label(zh=f"发{cards(low)}，手里最便宜的一手",
                                                              en=f"leads {cards(low)}, the cheapest play you have"))
        rest = tuple(0 if rank == THREE and r.threes_last else count for rank, count in enumerate(hand))
        fours = _with(FOUR, hand[FOUR])
        if hand[FOUR] and r.keeps_fours:
            return (Play(Cards.unchecked(fours)), lambda: Label(
                zh=f"发{cards(fours)}：没有别的可发，只好放弃开点（落四）",
                en=f"leads {cards(fours)}: nothing else is left to lead, so you give up 开点 (落四)"))
        return (Play(Cards.unchecked(rest)), lambda: Label(zh=f"发{cards(rest)}，只能发这些",
                                                           en=f"leads {cards(rest)}, all you may lead"))

    def _leads(self, r: Reading) -> Iterator[Counts]:
        """Whole groups (3s and held 4s aside), each alone, with the fewest 2s that make it 够级,
        and with its cheapest joker; the 2s, and each joker."""
        hand, view = r.hand, r.view
        smallest = next((j for j in JOKERS if hand[j]), None)
        for rank in range(TWO):
            if not hand[rank] or (rank == THREE and r.threes_last) or (rank == FOUR and r.keeps_fours):
                continue
            whole = _with(rank, hand[rank])
            yield whole
            if view.rules.plays.attach_twos and not r.gouji(whole):
                extra = next((k for k in range(1, hand[TWO] + 1) if r.gouji(_with(rank, hand[rank], {TWO: k}))), 0)
                if extra:
                    yield _with(rank, hand[rank], {TWO: extra})
            if smallest is not None and view.rules.plays.attach_jokers:
                yield _with(rank, hand[rank], {smallest: 1})
        if hand[TWO]:
            yield _with(TWO, hand[TWO])
            if smallest is not None and view.rules.plays.attach_jokers:
                yield _with(TWO, hand[TWO], {smallest: 1})
        for joker in JOKERS:
            if hand[joker]:
                yield _with(joker, hand[joker])

    def _finish(self, r: Reading, candidates: list[Counts]) -> Choice | None:
        """Two plays from going out (the 3s aside under 憋3): the one nobody can beat goes first, so
        the other (or the 3s) goes out on the lead it wins back."""
        hand = r.hand
        threes = _with(THREE, hand[THREE]) if r.threes_last else _with(THREE, 0)
        rest = minus(hand, threes)
        if r.threes_last and r.keeps_fours and hand[FOUR] and ranks(rest) <= 3:
            fours = _with(FOUR, hand[FOUR])
            return (Play(Cards.unchecked(fours)), lambda: Label(
                zh=f"发{cards(fours)}，放弃开点（落四），免得留到3之前那一手被闷",
                en=f"leads {cards(fours)} and gives up 开点 (落四) rather than keep them for the play before your 3s, "
                   "where they would be stifled (闷)"))
        if r.threes_last and any(rest) and r.one_play(rest) and not r.stranded(_with(THREE, 0)):
            if r.safe(rest):
                return (Play(Cards.unchecked(rest)), lambda:
                              Label(zh=f"发{cards(rest)}，没人管得上，3最后走（憋3）",
                                    en=f"leads {cards(rest)}, which nobody can beat, and your 3s go out last (憋3)"))
            weaker = [c for c in candidates if c != rest and not r.stranded(minus(hand, c))
                      and r.one_play(minus(rest, c))
                      and cost(c, hand) <= cost(minus(rest, c), hand)]
            if weaker:
                low = min(weaker, key=lambda c: (not r.safe(minus(rest, c)), cost(c, hand)))
                return (Play(Cards.unchecked(low)), lambda: Label(
                    zh=f"发{cards(low)}，把更强的{cards(minus(rest, low))}留到3之前那一手，免得被闷",
                    en=f"leads {cards(low)} and keeps {cards(minus(rest, low))}, your stronger play, for the play "
                       "before your 3s, so that you are not stifled (闷)"))
            return (Play(Cards.unchecked(rest)), lambda: Label(
                zh=f"一手发{cards(rest)}，3之前能出的最强一手（憋3）",
                en=f"leads {cards(rest)} in one play, the strongest you can make before your 3s (憋3)"))
        if plays_left(hand) > 2:  # a candidate (one group) leaves two groups at least: not one play
            return None
        for play in sorted(candidates, key=lambda c: cost(c, hand)):
            left = minus(hand, play)
            if any(left) and not r.stranded(left) and r.one_play(left) and r.safe(play):
                return _goes_out_next(play, left)
        return None

    def _burn_lead(self, r: Reading) -> Choice:
        """A burner's lead: the cheapest play that keeps the burn's condition and leaves no jokers with 3s
        only (大小王不出手), each group (the held 4s too) offered with its cheapest joker and with all the
        jokers held, so the last play before the 3s may take them all."""
        hand = r.hand
        smallest = next((j for j in JOKERS if hand[j]), None)
        groups = [*self._leads(r), _with(FOUR, hand[FOUR])]
        if smallest is not None:
            groups.append(_with(FOUR, hand[FOUR], {smallest: 1}))
        every = tuple(hand[rank] if rank in JOKERS else 0 for rank in range(N_RANKS))  # all the jokers held
        options = [*groups, *(tuple(map(max, c, every)) for c in groups if jokers(c)), hand]
        options = [c for c in options if any(c) and r.one_play(c)]
        keeping = [c for c in options if r.keeps_burn(c)]
        keeping = [c for c in keeping if not r.stranded(minus(hand, c))] or keeping or options
        if not keeping:
            return (r.view.legal_actions()[0], lambda:
                          Label(zh="发你唯一能出的一手", en="leads the only play left to you"))
        best = min(keeping, key=lambda c: (any(minus(hand, c)), cost(c, hand)))
        return (Play(Cards.unchecked(best)), lambda:
                      Label(zh=f"发{cards(best)}，每手都守住烧牌条件",
                            en=f"leads {cards(best)}, keeping the burn's condition (烧牌) with every play"))

    # Beating a play ----------------------------------------------------------------------------

    def _fit(self, r: Reading, play: Counts, stifling: bool = False) -> bool:
        """A beating play the rules make wise: no 4s while they wait (落四), the burn's condition
        kept, no jokers left with 3s only, and (unless it stifles an opponent, ``stifling``: worth the
        risk, :func:`.tactics.stifles`) no play leaving 3s only that could be beaten (闷) nor the last 2s
        or jokers spent before the play that comes before the 3s (:func:`.tactics.stoppers_kept`)."""
        left = minus(r.hand, play)
        if r.keeps_fours and play[FOUR]:
            return False
        if r.burning and not r.keeps_burn(play):
            return False
        if r.stranded(left):
            return False
        if stifling:
            return True
        if r.threes_last and left[THREE] and not any(left[THREE + 1:]) and not r.safe(play):
            return False
        if r.threes_last and stoppers(play) and ranks(left) > 1 and stoppers(left) < tactics.stoppers_kept(r, left):
            return False  # its last 2s or jokers wait for the play before the 3s
        return True

    def _burn(self, r: Reading) -> Choice:
        player = r.view.top_seat
        if player is not None and player % 2 == r.seat % 2:
            return (PASS, lambda: Label(zh="不烧联邦的牌", en="does not burn your team-mate's play"))
        listed = {a.cards.counts: a for a in r.view.legal_actions() if isinstance(a, Burn)}
        lefts = {c: minus(r.hand, c) for c in listed}  # (each hand left worked out once)
        possible = [c for c, left in lefts.items() if burning.keepable(r.view.rules.burning, left)]
        keepable = [c for c in possible if r.burn_keepable(lefts[c]) and self._fit(r, c)]
        if not keepable and possible:
            return (PASS, lambda: Label(  # a burn would not be 诈烧 by the rules: it is only unwise here
                zh="不烧：每种烧法都要花掉后面走牌要用的牌",
                en="does not burn: every burn would spend cards your hand needs later"))
        if not keepable:
            return (PASS, lambda: Label(
                zh="不烧：手里的牌守不住烧牌条件到最后（诈烧）",
                en="does not burn: your cards could not keep the burn's condition to the end (诈烧)"))
        best = min(keepable, key=lambda c: cost(c, r.hand))
        return (listed[best], lambda:
                      Label(zh=f"用{cards(best)}烧牌：手里的牌能守住烧牌条件到最后",
                            en=f"burns with {cards(best)}: your cards can keep the burn's condition to the end"))

    def _follow(self, r: Reading) -> Choice:
        view, hand = r.view, r.hand
        player, top = view.top_seat, view.top  # (the observation and the plays wait: a team-mate's play is passed)
        assert player is not None and top is not None
        if view.can(JIEFENG):
            return (JIEFENG, lambda: Label(zh="申请接风：不管最后一手，另起一轮",
                                           en="takes 接风 and leads a new round instead of beating the last play"))
        if player % 2 == r.seat % 2:
            return (PASS, lambda: Label(zh="不管联邦的牌", en="leaves your team-mate's play on the table"))
        legal = view.legal_actions()
        # pass, yield …: asked "YIELD in" these, not all of ``legal`` (each Play would be asked to compare)
        others = [action for action in legal if not isinstance(action, Play)]
        listed = {a.cards.counts: a for a in legal if isinstance(a, Play)}  # (the listed actions themselves)
        on_top = r.gouji(top.counts)
        seeking = r.seeking  # a play that would open waits for where it opens (:func:`.tactics.wastes_opener`)
        plays = sorted(listed, key=lambda c: follow_cost(c, hand)
                       + (tactics.KEEP_OPENER if seeking and tactics.wastes_opener(r, c, on_top) else 0))
        stifling = tactics.stifles(r, player)
        best = next((c for c in plays if self._fit(r, c, stifling)), None)  # the cheapest wise play (sorted stably)
        if stifling and best is not None and r.threes_last and stoppers(best) and not stoppers(minus(hand, best)) \
                and not tactics.stifles_surely(r, player):  # its last stopper only on a sure stifle
            stifling = False
            best = next((c for c in plays if self._fit(r, c)), None)
        wait = (YIELD, lambda: Label(zh="让牌：让联邦去管对头的牌，只有那位联邦的对头可以回",
                                     en="yields (让牌): a team-mate may beat your 对头's play, and only that "
                                        "team-mate's 对头 may answer it")) \
            if YIELD in others else (PASS, lambda: Label(zh="过", en="passes"))
        if best is None:
            return wait if YIELD in others else (PASS, lambda: Label(
                zh="过：手里没有适合在此出的牌", en="passes: no play you have would be wise here"))
        left = minus(hand, best)
        if not any(left):
            return (listed[best], lambda:
                          Label(zh=f"出{cards(best)}走完", en=f"goes out with {cards(best)}"))
        if stifling:
            return (listed[best], lambda: tactics.stifles_them(cards(best), top))
        spent = jokers(best)
        small = sum(left) <= SMALL_HAND
        if view.decision == "answer" and player == r.duitou:
            if view.burner == player:
                return (listed[best], lambda: Label(
                    zh=f"用{cards(best)}解对头的烧（解烧）", en=f"breaks your 对头's burn (解烧) with {cards(best)}"))
            opening = False
            if view.rules.kaidian.enabled:  # (no 打点: nothing opens, and the observation is not built)
                rounds = view.observation.round_plays
                led = len(rounds) <= 1
                on_gouji = len(rounds) > 1 and r.gouji(rounds[-2][1].counts)
                opening = r.duitou_opening(top.counts, player, led, on_gouji)
            if opening and view.observation.declared[r.seat]:
                return (listed[best], lambda: tactics.stops_opening(cards(best), top, True))
            if opening and not tactics.stops_openings(view.rules.kaidian):
                return (PASS, lambda: tactics.lets_open(top))
            if opening and not tactics.early(r, player):
                return (PASS, lambda: tactics.lets_open_late(top))
            if spent == 0 or small or jokers(hand) - spent >= JOKERS_KEPT or tactics.runner(r, player):
                return (listed[best], lambda: tactics.stops_opening(cards(best), top, False) if opening else Label(
                    zh=f"用{cards(best)}回对头的够级牌", en=f"answers your 对头's 够级 play with {cards(best)}"))
            if not view.rules.kaidian.enabled:  # (no 打点: nothing opens, so nothing to say of it)
                return (PASS, lambda: Label(zh="留着王打够级", en="keeps your jokers for the 够级 fight"))
            if opening:
                return (PASS, lambda: Label(zh=f"留着王打够级：宁可让对头的{top}开点",
                                            en=f"keeps your jokers for the 够级 fight, though your 对头's {top} opens"))
            return (PASS, lambda: Label(zh="留着王打够级：对头这手开不了点",
                                        en="keeps your jokers for the 够级 fight: your 对头's play does not open"))
        if r.seeking and (r.urgent or not view.rules.turns.passed_answers_duitou  # (济宁: a 对头 that passed cannot
                          and r.duitou in view.observation.passed):  # answer; the observation built only then)
            openers = [c for c in plays if not jokers(c) and r.opens(c, led=False, on_gouji=on_top) and self._fit(r, c)]
            if openers:
                opener = min(openers, key=lambda c: cost(c, hand))
                return (listed[opener], lambda:
                              Label(zh=f"用{cards(opener)}管：没人管上就开点的够级牌",
                                    en=f"beats with {cards(opener)}, a 够级 play that opens (开点) if nobody beats it"))
        if r.burning:
            return (listed[best], lambda: Label(
                zh=f"用{cards(best)}管，守住烧牌条件", en=f"beats with {cards(best)}, keeping the burn's condition"))
        if spent and jokers(hand) - spent < JOKERS_KEPT and not small and not tactics.runner(r, player):
            if YIELD in others:
                return wait
            return (PASS, lambda: Label(
                zh=f"过，不出{cards(best)}：留{JOKERS_KEPT}张王夺回发牌权或走完",
                en=f"passes rather than spend {cards(best)}: you keep {JOKERS_KEPT} jokers to win a lead back or "
                   "finish with"))
        if tactics.fills_with_twos(best) and not on_top and not small and not tactics.runner(r, player):
            return wait if YIELD in others else (PASS, lambda: tactics.keeps_twos(cards(best)))
        if breaks(best, hand) and not small and not r.threes_last and not tactics.runner(r, player):
            return wait if YIELD in others else (PASS, lambda: Label(
                zh=f"过：只有拆开一组出{cards(best)}才管得上，这组剩下的牌还得再出一手",
                en=f"passes: only {cards(best)}, part of a group, beats it, and the rest of that group would still "
                   "need another play"))
        return (listed[best], lambda: self._beats(r, best, plays))

    def _beats(self, r: Reading, best: Counts, plays: list[Counts]) -> Label:
        """Why the seat beats with ``best``, the cheapest wise one of ``plays`` (sorted by cost)."""
        hand = r.hand
        how = Label(zh="拆了一组：没有整组管得上", en="breaking a group: nothing whole beats it") \
            if breaks(best, hand) else Label(zh="最便宜的整组", en="your cheapest whole group")
        kept = next((c for c in plays if follow_cost(c, hand) < follow_cost(best, hand) and self._fit(r, c)), None) \
            if r.seeking else None
        if kept is not None:
            how = Label(zh=f"{cards(kept)}留着开点", en=f"keeping {cards(kept)} to open (开点) with")
        return Label(zh=f"用{cards(best)}管，{how.zh}", en=f"beats with {cards(best)}, {how.en}")
