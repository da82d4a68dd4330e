"""The ``burning`` component: who may declare 烧牌, in what priority, and whether a burn play keeps
the burn's condition (000:127-139, 001 Q&A 4)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..cards import BIG_JOKER, SMALL_JOKER
from ..rules import Burning
from .turns import ORDER, duitou


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
