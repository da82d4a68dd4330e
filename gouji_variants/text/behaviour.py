"""Behavioural ruleset diff: seeded self-play under two rulesets, and the differences that matter.

Each ruleset plays ``games`` games, cut into matches of 100 as ``gouji simulate`` cuts them
(tribute and lead carried within a match; ``runs/parallel.py``). With the same seed both sides
draw the same game seeds, so the deals are the same wherever the deck recipes agree. Per game
we record the decisions taken, whether the team that led won, the score spread (the two teams'
point difference) and every counter of the engine's ``Game.stats``: a counter the engine adds
(闷, 开点 failures, …) is compared without any change here.

Method (documented in ``docs/guide.md``): means are compared with Welch's t-test and their 95%
intervals use Student's t; rates use Wilson intervals, Newcombe's interval for the difference
and a pooled two-proportion z-test. A difference is significant when its p-value, adjusted by
Holm's method over all the metrics compared, is below 0.05.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, Literal

from rich.cells import cell_len

from ..agents.basic import Agent
from ..components import score
from ..engine.match import Match, play_out
from ..ruleset.model import Ruleset
from ..ruleset.vocabulary import STATISTICS, Label
from ..runs.parallel import Backend, Chunk, InProcess, Progress, cut
from .explain import Lang
from .fit import WIDTH, fit

ALPHA = 0.05
METHOD = ("means: Welch's t-test, 95% t intervals; rates: Wilson intervals, Newcombe difference, two-proportion "
          f"z-test; significant: Holm-adjusted p < {ALPHA}")

Kind = Literal["mean", "rate"]

#: Metrics every game yields, before the engine's counters (:data:`~gouji_variants.ruleset.vocabulary.STATISTICS`).
BASE_METRICS: dict[str, tuple[Label, Kind]] = {
    "decisions": (Label(zh="决策数", en="decisions per game"), "mean"),
    "leader_team_wins": (Label(zh="先出牌的一队获胜", en="the leading team wins"), "rate"),
    "score_spread": (Label(zh="分差（两队得分之差）", en="score spread (team point difference)"), "mean"),
}


@dataclass
class Run:
    """Per-game values of each metric under one ruleset."""

    ruleset: Ruleset
    seed: int
    values: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, metric: str, value: float) -> None:
        self.values.setdefault(metric, []).append(value)

    def extend(self, other: Run) -> None:
        """Another match's games after this one's (the matches of a longer run, merged in order)."""
        for metric, values in other.values.items():
            self.values.setdefault(metric, []).extend(values)
        self.seconds += other.seconds


def run(ruleset: Ruleset, games: int, seed: int, agents: Sequence[Agent],
        progress: Callable[[], None] | None = None) -> Run:
    """Play ``games`` games of one match and keep each game's metrics."""
    match = Match(ruleset, seed)
    rng = random.Random(seed)
    result = Run(ruleset, seed)
    start = time.perf_counter()
    for _ in range(games):
        game = match.new_game()
        decisions = play_out(game, agents, rng)
        match.record(game)
        assert game.places is not None
        first, second = score.team_points(game.places, ruleset.rules.score)
        result.add("decisions", decisions)
        result.add("leader_team_wins", float(score.winner(game.places, ruleset.rules.score) == game.leader % 2))
        result.add("score_spread", abs(first - second))
        for key, count in game.stats.items():
            result.add(key, count)
        match.games.clear()
        if progress is not None:
            progress()
    result.seconds = time.perf_counter() - start
    return result


# ── statistics (math module only) ────────────────────────────────────────────


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        return {"value": round(self.value, 4), "low": round(self.low, 4), "high": round(self.high, 4)}


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    total = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            total *= c * d
        if abs(c * d - 1.0) < 1e-12:
            break
    return total


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0 or x >= 1.0:
        return max(0.0, min(1.0, x))
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1.0 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    return _incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


def t_critical(df: float, alpha: float = ALPHA) -> float:
    """The t with two-sided tail ``alpha`` (bisection)."""
    low, high = 0.0, 1000.0
    for _ in range(100):
        middle = (low + high) / 2.0
        low, high = (middle, high) if t_two_sided(middle, df) > alpha else (low, middle)
    return (low + high) / 2.0


def _z(alpha: float = ALPHA) -> float:
    return t_critical(1e9, alpha)


def _mean_var(values: Sequence[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    return mean, sum((v - mean) ** 2 for v in values) / (len(values) - 1)


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean with its 95% t interval, kept within the values' range (a count's mean is never below 0)."""
    mean, var = _mean_var(values)
    half = t_critical(len(values) - 1) * math.sqrt(var / len(values))
    return Interval(mean, max(mean - half, min(values)), min(mean + half, max(values)))


def welch(first: Sequence[float], second: Sequence[float]) -> tuple[Interval, float]:
    """The difference of means (second - first) with its 95% interval, and Welch's two-sided p-value."""
    (m1, v1), (m2, v2) = _mean_var(first), _mean_var(second)
    s1, s2 = v1 / len(first), v2 / len(second)
    se = math.sqrt(s1 + s2)
    if se == 0.0:
        return Interval(m2 - m1, m2 - m1, m2 - m1), 1.0 if m1 == m2 else 0.0
    df = (s1 + s2) ** 2 / (s1 ** 2 / (len(first) - 1) + s2 ** 2 / (len(second) - 1))
    half = t_critical(df) * se
    return Interval(m2 - m1, m2 - m1 - half, m2 - m1 + half), t_two_sided((m2 - m1) / se, df)


def wilson(successes: float, n: int) -> Interval:
    z = _z()
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Interval(p, centre - half, centre + half)


def proportions(first: Sequence[float], second: Sequence[float]) -> tuple[Interval, float]:
    """The difference of rates (second - first) with Newcombe's interval, and the pooled z-test p-value."""
    a, b = wilson(sum(first), len(first)), wilson(sum(second), len(second))
    d = b.value - a.value
    interval = Interval(d, d - math.hypot(b.value - b.low, a.high - a.value),
                        d + math.hypot(b.high - b.value, a.value - a.low))
    pooled = (sum(first) + sum(second)) / (len(first) + len(second))
    se = math.sqrt(pooled * (1 - pooled) * (1 / len(first) + 1 / len(second)))
    p = 1.0 if se == 0.0 else math.erfc(abs(d) / se / math.sqrt(2))
    return interval, p


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values, in the given order."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


# ── the comparison ───────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Comparison:
    metric: str
    label: str
    kind: Kind
    a: Interval
    b: Interval
    difference: Interval
    p: float
    p_adjusted: float

    @property
    def significant(self) -> bool:
        return self.p_adjusted < ALPHA

    def to_json(self) -> dict[str, Any]:
        return {"metric": self.metric, "label": self.label, "kind": self.kind, "a": self.a.to_json(),
                "b": self.b.to_json(), "difference": self.difference.to_json(), "p": round(self.p, 6),
                "p_adjusted": round(self.p_adjusted, 6), "significant": self.significant}


@dataclass(frozen=True)
class Behaviour:
    a: Run
    b: Run
    games: int
    comparisons: tuple[Comparison, ...]

    @property
    def same_deals(self) -> bool:
        return self.a.seed == self.b.seed and self.a.ruleset.rules.deck == self.b.ruleset.rules.deck

    def significant(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.significant]

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "seeds": [self.a.seed, self.b.seed], "same_deals": self.same_deals,
                "seconds": [round(self.a.seconds, 3), round(self.b.seconds, 3)], "method": METHOD,
                "metrics": [c.to_json() for c in self.comparisons],
                "significant": [c.metric for c in self.significant()]}


def _stat_label(metric: str) -> Label:
    """An engine counter's label (a detail is read under the counter it details, in English)."""
    stats = {stat.name: stat for stat in STATISTICS}
    stat = stats.get(metric)
    if stat is None:  # a counter the vocabulary does not know (a third party's component)
        return Label(zh=metric.replace("_", " "), en=metric.replace("_", " "))
    if stat.detail_of is None:
        return stat.label
    return Label(zh=stat.label.zh, en=f"{stats[stat.detail_of].label.en}: {stat.label.en}")


def _label(metric: str) -> tuple[Label, Kind]:
    """The metric's label (an engine counter's English one says "per game") and kind."""
    if metric in BASE_METRICS:
        return BASE_METRICS[metric]
    label = _stat_label(metric)
    return Label(zh=label.zh, en=f"{label.en} per game"), "mean"


def _constant(first: Sequence[float], second: Sequence[float]) -> bool:
    """Both runs saw one and the same value every game: nothing to test."""
    return len({*first, *second}) == 1


def compare(a: Run, b: Run) -> Behaviour:
    """Every metric either run recorded, compared; a metric one engine lacks counts as 0 there."""
    metrics = list(dict.fromkeys([*a.values, *b.values]))
    games = len(a.values["decisions"])
    rows: list[tuple[str, str, Kind, Interval, Interval, Interval, float]] = []
    for metric in metrics:
        first = a.values.get(metric, [0.0] * games)
        second = b.values.get(metric, [0.0] * len(b.values["decisions"]))
        label, kind = _label(metric)
        if kind == "rate":
            side_a, side_b = wilson(sum(first), len(first)), wilson(sum(second), len(second))
            difference, p = proportions(first, second)
        else:
            side_a, side_b = mean_interval(first), mean_interval(second)
            difference, p = welch(first, second)
        rows.append((metric, label.en, kind, side_a, side_b, difference, p))
    tested = [i for i, metric in enumerate(metrics) if not _constant(a.values.get(metric, [0.0]),
                                                                      b.values.get(metric, [0.0]))]
    adjusted = dict(zip(tested, holm([rows[i][-1] for i in tested]), strict=True))
    return Behaviour(a, b, games, tuple(Comparison(*row, adjusted.get(i, 1.0)) for i, row in enumerate(rows)))


def run_chunk(work: tuple[tuple[Ruleset, Ruleset], tuple[Agent, ...]], chunk: Chunk,
              step: Callable[[Any], None]) -> Run:
    """One match of either side (``chunk.part``), with its own copy of the agents."""
    rulesets, agents = work
    return run(rulesets[chunk.part], chunk.games, chunk.seed, copy.deepcopy(agents), lambda: step(None))


def behavioural_diff(a: Ruleset, b: Ruleset, games: int, seeds: tuple[int, int], agents: Sequence[Agent],
                     progress: Progress | None = None, backend: Backend | None = None) -> Behaviour:
    """Self-play ``games`` games under each ruleset (seeded, cut into matches as ``gouji simulate`` does,
    played by ``backend``: this process by default) and compare what players see."""
    if games < 2:
        raise ValueError(f"a behavioural diff needs at least 2 games per ruleset, not {games}")
    sides = (Run(a, seeds[0]), Run(b, seeds[1]))
    chunks = [*cut(games, seeds[0], 0), *cut(games, seeds[1], 1)]
    with closing((backend or InProcess()).run(run_chunk, ((a, b), tuple(agents)), chunks, progress)) as results:
        for chunk, result in zip(chunks, results, strict=True):
            sides[chunk.part].extend(result)
    return compare(*sides)


def _number(value: float, kind: Kind, signed: bool = False) -> str:
    """A mean with two decimals, a rate in percent, a difference of rates in percentage points."""
    if kind == "mean":
        return f"{value:+.2f}" if signed else f"{value:.2f}"
    return f"{100 * value:+.1f} pp" if signed else f"{value:.1%}"


def _interval(interval: Interval, kind: Kind, signed: bool = False) -> str:
    low, high = (_number(v, kind, signed).removesuffix(" pp") for v in (interval.low, interval.high))
    return f"{_number(interval.value, kind, signed)} [{low}, {high}]"


def _unseen(c: Comparison) -> bool:
    return c.a.high == c.b.high == 0.0


def rows(result: Behaviour) -> list[tuple[str, str, str, str, str]]:
    """(metric, A, B, B - A, flag) cells: value [95% interval], and the adjusted p-value when significant;
    counters neither run saw are left out."""
    return [(c.label, _interval(c.a, c.kind), _interval(c.b, c.kind), _interval(c.difference, c.kind, True),
             f"yes (p={c.p_adjusted:.2g})" if c.significant else "") for c in result.comparisons if not _unseen(c)]


METHOD_ZH = ("均值：Welch t 检验，95% t 区间；比率：Wilson 区间、Newcombe 差值区间、双比例 z 检验；"
             f"显著：Holm 校正后 p < {ALPHA}")


def _name(c: Comparison, lang: Lang) -> str:
    if lang != "zh":
        return c.label
    zh = _label(c.metric)[0].zh
    return zh if c.kind == "rate" else f"{zh}（每局）"


def _footer(result: Behaviour, lang: Lang = "en") -> list[str]:
    zh = lang == "zh"
    unseen = [_name(c, lang).removesuffix(" per game").removesuffix("（每局）")
              for c in result.comparisons if _unseen(c)]
    found = [_name(c, lang) for c in result.significant()]
    joined = "、".join if zh else ", ".join
    lines = [("两边都未出现：" if zh else "never seen in either run: ") + joined(unseen)] if unseen else []
    if found:
        lines.append(("显著：" if zh else "significant: ") + joined(found))
    else:
        lines.append("无显著差异" if zh else "no significant difference")
    return lines + [("方法：" + METHOD_ZH) if zh else f"method: {METHOD}"]


def render_text(result: Behaviour, lang: Lang = "en", width: int = WIDTH) -> str:
    """Each metric on its own line, its values (A, B and B - A) aligned under one header, every line
    within ``width`` columns; the values stack when three do not fit on one line."""
    zh = lang == "zh"
    a, b = result.a.ruleset, result.b.ruleset
    deals = (("同样的牌" if zh else "the same deals") if result.same_deals else
             ("不同的牌（牌组或种子不同）" if zh else "different deals (deck or seed differs)"))
    lines = [f"行为：各 {result.games} 局，种子 {result.a.seed} / {result.b.seed}，{deals}" if zh else
             f"behaviour: {result.games} games each, seeds {result.a.seed} / {result.b.seed}, {deals}",
             "  数值：均值或比率 [95% 区间]" if zh else "  values: mean or rate [95% interval]"]
    shown = [c for c in result.comparisons if not _unseen(c)]
    cells = [(_interval(c.a, c.kind), _interval(c.b, c.kind), _interval(c.difference, c.kind, True)) for c in shown]
    header = (f"A {a.id}", f"B {b.id}", "B - A")
    widths = [max(cell_len(row[i]) for row in [header, *cells]) for i in range(3)]
    inline = 4 + sum(widths) + 4 <= width

    def aligned(row: tuple[str, str, str]) -> str:
        padded = (cell + " " * (w - cell_len(cell)) for cell, w in zip(row, widths, strict=True))
        return ("    " + "  ".join(padded)).rstrip()

    if inline:
        lines.append(aligned(header))
    for c, row in zip(shown, cells, strict=True):
        flag = (f" — 显著（p={c.p_adjusted:.2g}）" if zh else f" — significant (p={c.p_adjusted:.2g})") \
            if c.significant else ""
        lines += fit(f"  {_name(c, lang)}{flag}", width, "    ")
        lines += [aligned(row)] if inline else [f"    {name} {value}" for name, value in zip(header, row, strict=True)]
    lines += [line for text in _footer(result, lang) for line in fit(text, width)]
    return "\n".join(lines) + "\n"


def render_markdown(result: Behaviour) -> str:
    a, b = result.a.ruleset, result.b.ruleset
    lines = ["", "## Behaviour", "",
             f"{result.games} games under each ruleset, seeds {result.a.seed} / {result.b.seed}"
             f"{', the same deals' if result.same_deals else ''}. Values are means [95% interval]; {METHOD}.", "",
             f"| metric | {a.id} | {b.id} | {b.id} − {a.id} | significant |", "| --- | --- | --- | --- | --- |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows(result)]
    return "\n".join([*lines, "", *_footer(result)[:-1]]) + "\n"
