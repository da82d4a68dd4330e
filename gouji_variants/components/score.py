"""The ``score`` component: points per place summed per team (第二十条), and 满贯 doubling (003)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..ruleset.rules import PLACE_NAMES, Score

TEAMS: Final = 2


def team_points(places: list[int], rule: Score) -> tuple[int, int]:
    """Each team's summed points; team 0 is seats 0, 2, 4 and team 1 seats 1, 3, 5."""
    totals = [0, 0]
    for seat, place in enumerate(places):
        totals[seat % TEAMS] += rule.points[place]
    return totals[0], totals[1]


def scored_places(places: list[int], rule: Score, one_run: bool) -> list[int]:
    """The place each seat scores as: its own, except after a one-run 满贯 with
    ``manguan_others_as`` (003:28 五个大落一个头科), where everyone but 头科 scores as that place.
    The places themselves (and the tribute they decide) stay as ranked."""
    if not (one_run and rule.manguan == "one-run" and rule.manguan_others_as is not None):
        return places
    others = PLACE_NAMES.index(rule.manguan_others_as)
    return [place if place == 0 else others for place in places]


def seat_points(places: list[int], rule: Score, one_run: bool = False) -> tuple[int, ...]:
    """Each seat's points for the game: ``points`` of the place it scores as (:func:`scored_places`)."""
    return tuple(rule.points[place] for place in scored_places(places, rule, one_run))


def recorded(places: list[int], rule: Score, one_run: bool = False) -> tuple[int, int]:
    """What each team records: only the winner's positive difference ('winner-difference'),
    or each team its own sum ('both-teams'), counting places as :func:`scored_places` says;
    doubled by 满贯 (:func:`doubling`)."""
    first, second = team_points(scored_places(places, rule, one_run), rule)
    if rule.record == "both-teams":
        scores = [first, second]
    else:
        scores = [max(first - second, 0), max(second - first, 0)]
    for team in doubling(places, rule, one_run):
        scores[team] *= 2
    return scores[0], scores[1]


def doubling(places: list[int], rule: Score, one_run: bool) -> tuple[int, ...]:
    """The teams whose recorded score 满贯 doubles: both after a one-run game ('one-run', 003:28;
    the game tells whether one happened, :func:`one_run`), or the team that took places 1-3
    ('top-three', 003:59 阵营战)."""
    if rule.manguan == "one-run" and one_run:
        return tuple(range(TEAMS))
    sweeper = swept(places) if rule.manguan == "top-three" else None
    return () if sweeper is None else (sweeper,)


def one_run(rule: Score, seat: int, played: Sequence[bool], finished: int) -> bool:
    """满贯 'one-run' (003:28 玩家在第一巡目出牌至最后一手牌打出之前无人出牌): ``seat`` goes
    out first (``finished`` is 1) and no other seat has played a card in the game, so it led
    every round from the first lead. The game then ends at once."""
    return (rule.manguan == "one-run" and finished == 1
            and not any(has for other, has in enumerate(played) if other != seat))


def winner(places: list[int], rule: Score) -> int | None:
    """The team with more points, None on a tie."""
    first, second = team_points(places, rule)
    return None if first == second else (0 if first > second else 1)


def swept(places: list[int]) -> int | None:
    """串三户: the team whose three players took 头科, 二科 and 三科, if any."""
    teams = {seat % TEAMS for seat, place in enumerate(places) if place < 3}
    return teams.pop() if len(teams) == 1 else None
