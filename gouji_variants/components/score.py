"""The ``score`` component: points per place summed per team (第二十条)."""

from __future__ import annotations

from ..rules import Score

TEAMS = 2


def team_points(places: list[int], rule: Score) -> tuple[int, int]:
    """Each team's summed points; team 0 is seats 0, 2, 4 and team 1 seats 1, 3, 5."""
    totals = [0, 0]
    for seat, place in enumerate(places):
        totals[seat % TEAMS] += rule.points[place]
    return totals[0], totals[1]


def recorded(places: list[int], rule: Score) -> tuple[int, int]:
    """What each team records: only the winner's positive difference ('winner-difference'),
    or each team its own sum ('both-teams')."""
    first, second = team_points(places, rule)
    if rule.record == "both-teams":
        return first, second
    return max(first - second, 0), max(second - first, 0)


def winner(places: list[int], rule: Score) -> int | None:
    """The team with more points, None on a tie."""
    first, second = team_points(places, rule)
    return None if first == second else (0 if first > second else 1)


def swept(places: list[int]) -> int | None:
    """串三户: the team whose three players took 头科, 二科 and 三科, if any."""
    teams = {seat % TEAMS for seat, place in enumerate(places) if place < 3}
    return teams.pop() if len(teams) == 1 else None
