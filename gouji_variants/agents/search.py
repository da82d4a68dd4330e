"""The search player: perfect-information Monte Carlo over worlds its seat cannot tell apart.

At each decision with more than one sensible choice, :class:`SearchAgent` draws complete games
consistent with its seat's observation (:func:`.worlds.sample_world`: its own hand, the public
history and what the rules show it, never the true hidden hands), tries a few candidate actions
in each world (the rollout policy's own choice, passing, a few distinct plays) and plays every
world to its end with the rollout policy at all six seats. The candidate with the best mean
result for its team (a win counts 1, a tie ½, plus a little for the points margin and for each card
of tribute the game leaves owed to or by the team) is played.
Every candidate is tried on the same worlds with the same rollout randomness (common random
numbers), so the comparison is between actions, not between lucky and unlucky deals.

The budget is a number of worlds (``search:40``: deterministic for a given ``rng``) or a think
time in CPU time of the process (``search:100ms``, the default; ``search:1s``), a mean over the decisions
(:data:`BANK_LIMIT`). The search uses
the engine as its model, so it plays any ruleset that compiles, house rules included.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..components import burning, score
from ..engine.actions import ASK, TIAOPAI, Action, Burn, Play, Return, describe
from ..engine.agent import Agent
from ..engine.game import Game
from ..engine.match import play_out
from ..engine.seat import SeatView
from ..ruleset.cards import N_RANKS, Cards
from ..ruleset.vocabulary import Label
from .base import Advice
from .plan import follow_cost, lead_key
from .worlds import NoWorld, Sampler

#: Candidate plays tried besides the policy's choice and passing.
PLAYS_TRIED = 2
#: Worlds drawn without finding a consistent one before the search gives up and follows its policy.
WORLD_FAILURES = 3
#: Weight of the team's points margin (as a share of the widest possible margin) next to a win.
MARGIN_WEIGHT = 0.25
#: Weight of each card of tribute the game leaves owed across the teams (落贡, 烧贡, 点贡, 闷贡 …) next to
#: a win: a tribute card weakens the payer's next hand, so giving up 开点 or being 闷 costs a rollout.
TRIBUTE_WEIGHT = 0.05
#: Fewer rollouts than this are too few to trust: the advice says so.
FEW_WORLDS = 10
#: Standard errors by which a candidate must beat the policy's choice, on the same worlds, to replace it (at 1.0
#: the search overturned the heuristic's careful 憋3 play on noise: bie3 63.2% against it; at 1.0 only where the
#: seat follows or answers a play, its seats were stifled more: bie3 61.3%, docs/players.md).
SIGNIFICANCE = 2.0
#: Worlds after which a candidate the policy's choice beats by :data:`PRUNE_SIGNIFICANCE` standard errors
#: is dropped (its rollouts go to the candidates still in question and to more worlds).
PRUNE_AFTER = 5
PRUNE_SIGNIFICANCE = 2.0
#: Worlds before a decision is settled: until then the best challenger left is kept even when the policy's
#: choice beats it clearly, so that a choice rests on this many worlds where the budget allows. Where it does not
#: (a world budget below this, or a think time that would give the candidates left fewer worlds at the mean costs
#: so far), only the challenger with the best mean is tried from the :data:`PRUNE_AFTER`-th world on, beside the
#: policy's choice: a race, since it alone may overturn the choice (at search:100ms it races at about half the
#: contested decisions on bie3 and jining and a quarter on dagang; bie3 65.5% → 74.0% against the heuristic on the
#: same deals, docs/players.md; raced at every decision, dagang fell to 67.0%).
SETTLE_AFTER = 20
#: Think time a search with a time budget may bank, in budgets: what a decision does not use (one with a single
#: candidate, one settled early) goes to the next contested ones, up to this much on top of their own, so that
#: the time per decision stays the budget on average and the worlds go where the choice is in question.
BANK_LIMIT = 2.0


@dataclass(frozen=True)
class Budget:
    """How long to think: ``worlds`` sampled worlds, or ``seconds`` of CPU time (at least one world)."""

    worlds: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.worlds is None) == (self.seconds is None):
            raise ValueError("a search budget is a number of worlds or a number of seconds, one of them")

    def __str__(self) -> str:
        return f"{self.worlds} worlds" if self.worlds is not None else f"{round((self.seconds or 0) * 1000)}ms"


DEFAULT_BUDGET = Budget(seconds=0.1)


@dataclass
class _Tally:
    """Results of one candidate, world by world (the same worlds for every candidate)."""

    action: Action
    wins: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return sum(self.wins) / len(self.wins) if self.wins else 0.0

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    def beats(self, other: _Tally, significance: float = SIGNIFICANCE) -> bool:
        """Better than ``other`` on the same worlds by more than ``significance`` standard errors of
        the paired differences (so that the noise of a few worlds does not overturn the policy's choice)."""
        diffs = [mine - theirs for mine, theirs in zip(self.values, other.values, strict=True)]
        if len(diffs) < 2:
            return False
        mean = sum(diffs) / len(diffs)
        spread = sum((diff - mean) ** 2 for diff in diffs) / (len(diffs) - 1)
        return mean > significance * (spread / len(diffs)) ** 0.5 and mean > 0


@dataclass
class SearchAgent:
    """Determinised rollouts from the seat's view, with ``policy`` at every seat of every rollout;
    ``budget`` worlds or seconds per decision."""

    policy: Agent
    budget: Budget = DEFAULT_BUDGET
    name: str = field(default="search", init=False)
    #: where the number of worlds of each searched decision is appended, when a benchmark asks
    record: list[int] | None = field(default=None, init=False)
    #: CPU seconds earlier decisions left unused (:data:`BANK_LIMIT`)
    banked: float = field(default=0.0, init=False)

    def act(self, view: SeatView, rng: random.Random) -> Action:
        return self.advise(view, rng).action

    def advise(self, view: SeatView, rng: random.Random) -> Advice:
        """The candidate with the best mean result over the sampled worlds, and how it fared."""
        start = time.process_time()
        try:
            return self._advise(view, rng, start)
        finally:
            if self.budget.seconds is not None:
                left = self.banked + self.budget.seconds - (time.process_time() - start)
                self.banked = min(max(left, 0.0), BANK_LIMIT * self.budget.seconds)

    def _advise(self, view: SeatView, rng: random.Random, start: float) -> Advice:
        default = self.policy.act(view, rng)
        candidates = candidates_for(view, default)
        if len(candidates) == 1:
            return Advice(default, Label(zh=f"搜索：没有别的值得一试（{describe(default, 'zh')}）",
                                         en=f"search: nothing else worth trying ({describe(default)})"))
        tallies = [_Tally(action) for action in candidates]
        worlds = self._search(view, tallies, rng, start)
        if self.record is not None:
            self.record.append(worlds)
        if not worlds:
            return Advice(default, Label(zh=f"搜索：找不到与牌面相符的局面；按基础打法出{describe(default, 'zh')}",
                                         en=f"search: no world consistent with the table was found; "
                                            f"{describe(default)} as the {self.policy.name} bot plays"))
        policy, *others = tallies
        kept = [tally for tally in others if len(tally.values) == worlds]  # (tried in every world)
        challenger = max(kept or others, key=lambda tally: tally.mean)
        best, other = (challenger, policy) if kept and challenger.beats(policy) else (policy, challenger)
        few = worlds < FEW_WORLDS
        stands = best is policy and other.mean > policy.mean  # ahead, but within the noise of these rollouts
        dropped = "" if kept else f" (tried in {len(other.wins)})"
        return Advice(best.action, Label(
            zh=f"搜索：{worlds}次推演中{describe(best.action, 'zh')}胜{best.win_rate:.0%}，"
               f"{describe(other.action, 'zh')}胜{other.win_rate:.0%}"
               + (f"（试了{len(other.wins)}次）" if dropped else "")
               + (f"；差别不够显著，按{self.policy.name}打法" if stands else "")
               + ("——推演太少，不足为凭：多给些时间（search:2s）" if few else ""),
            en=f"search: {describe(best.action)} wins {best.win_rate:.0%} of {worlds} rollouts against "
               f"{other.win_rate:.0%} for {describe(other.action)}{dropped}"
               + (f"; not clearly better, so the {self.policy.name} bot's choice stands" if stands else "")
               + (" — too few rollouts to trust: give it more time (search:2s)" if few else "")))

    def _search(self, view: SeatView, tallies: list[_Tally], rng: random.Random, start: float) -> int:
        """Try the candidates on worlds until the budget is spent (a candidate the policy's choice
        beats clearly, from :data:`PRUNE_AFTER` worlds on, is tried no more, but for the best one
        before :data:`SETTLE_AFTER` worlds, and only the best one where the budget cannot give the others
        that many worlds; when none is left the decision is settled); the number of
        worlds used (the time budget counted from ``start``, with what earlier decisions banked)."""
        budget, team = self.budget, view.seat % 2
        seconds = None if budget.seconds is None else budget.seconds + self.banked
        try:
            sampler = Sampler(view.ruleset, view.observation)  # (the same observation for every world)
        except NoWorld:
            return 0
        policies = [self.policy] * 6
        policy, *active = tallies
        worlds = failures = rollouts = 0
        sampling = rolling = 0.0  # CPU time spent drawing worlds, and playing them out

        def cost(candidates: int) -> float:
            """CPU time of another world with ``candidates`` candidates, at the mean costs so far."""
            return sampling / (worlds + failures) + rolling / rollouts * candidates

        def scarce(candidates: int) -> bool:
            """Whether the budget left gives ``candidates`` candidates fewer than :data:`SETTLE_AFTER` worlds."""
            if budget.worlds is not None:
                return budget.worlds < SETTLE_AFTER
            assert seconds is not None
            return worlds + (seconds - (time.process_time() - start)) / max(cost(candidates), 1e-9) < SETTLE_AFTER

        while failures < WORLD_FAILURES and active:
            if budget.worlds is not None and worlds >= budget.worlds:
                break
            if seconds is not None and worlds and time.process_time() - start + cost(1 + len(active)) > seconds:
                break  # another world, at the mean costs so far, would overrun the think time
            seed = rng.getrandbits(32)
            began = time.process_time()
            try:
                world = sampler.world(seed)
            except NoWorld:
                failures += 1
                continue
            finally:
                sampling += time.process_time() - began
            began = time.process_time()
            for tally in (policy, *active):
                twin = world.clone()
                twin.apply(tally.action)
                play_out(twin, policies, random.Random(seed))
                _count(tally, twin, team)
            rolling += time.process_time() - began
            rollouts += 1 + len(active)
            worlds += 1
            if worlds >= PRUNE_AFTER and active:
                kept = [tally for tally in active if not policy.beats(tally, PRUNE_SIGNIFICANCE)]
                if len(kept) > 1 and scarce(1 + len(kept)):  # a race: the leader alone may overturn the choice
                    kept = [max(kept, key=lambda tally: tally.mean)]
                active = kept or ([] if worlds >= SETTLE_AFTER else [max(active, key=lambda tally: tally.mean)])
        return worlds


def _count(tally: _Tally, game: Game, team: int) -> None:
    """Add a finished rollout's result for ``team`` to ``tally``."""
    assert game.places is not None
    rule = game.rules.score
    points = score.team_points(game.places, rule)
    winner = score.winner(game.places, rule)
    won = 0.5 if winner is None else float(winner == team)
    widest = 3 * (max(rule.points) - min(rule.points)) or 1
    carried = sum(due.count if due.receiver % 2 == team else -due.count
                  for due in game.next_dues() if due.payer % 2 != due.receiver % 2)
    tally.wins.append(won)
    tally.values.append(won + MARGIN_WEIGHT * (points[team] - points[1 - team]) / widest + TRIBUTE_WEIGHT * carried)


def candidates_for(view: SeatView, default: Action) -> list[Action]:
    """What is worth trying: ``default`` first, then passing or declining, then a few distinct plays
    as the heuristic's plan ranks them (:mod:`.plan`: at a lead each rank of the hand whole, the
    group it would lead first first; else the cheapest that beat, a whole group before a broken one). Information
    actions (挑牌, 问张数) and 还贡 choices are left to the policy: a world cannot value them; a burn the
    hand could not keep is never tried."""
    if view.decision == "return" or isinstance(default, Return):
        return [default]
    found: list[Action] = [default]
    plays: list[Play | Burn]
    hand = view.hand.counts
    if view.decision == "lead":
        groups = (Play(Cards(tuple(count if r == rank else 0 for r, count in enumerate(hand))))
                  for rank in range(N_RANKS) if hand[rank])
        plays = sorted((play for play in groups if play != default and view.can(play)),
                       key=lambda play: lead_key(play.cards.counts))
    else:
        legal = view.legal_actions()
        found += [action for action in legal if not isinstance(action, (Play, Burn)) and action not in (TIAOPAI, ASK)
                  and action != default]
        plays = sorted((action for action in legal if isinstance(action, (Play, Burn)) and action != default
                        and (isinstance(action, Play) or _keepable(view, hand, action.cards))),
                       key=lambda action: follow_cost(action.cards.counts, hand))
    return [*found, *plays[:PLAYS_TRIED]]


def _keepable(view: SeatView, hand: tuple[int, ...], cards: Cards) -> bool:
    """Whether the hand left after burning with ``cards`` can keep the burn's condition to the end
    (as the terminal warns a human): a burn it cannot keep ends in 诈烧, which a few worlds may miss."""
    return burning.keepable(view.rules.burning, [have - used for have, used in zip(hand, cards.counts, strict=True)])
