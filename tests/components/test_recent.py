"""Caches kept per ruleset stay bounded as rulesets come and go (issue 24): the least recently used
entry goes past the bound, and after compiling and playing many distinct rulesets each cache holds at
most its bound and what the dropped rulesets leave alive is bounded too (sizes, not time or RSS)."""

from __future__ import annotations

import gc
import random
from typing import Any

from gouji_variants.components import moves, recent, table, vectors
from gouji_variants.components.recent import RULESETS_KEPT, keep, shared
from gouji_variants.engine import Game, interned
from gouji_variants.ruleset.catalog import Catalog
from gouji_variants.ruleset.compiler import compile_data, load_ruleset
from gouji_variants.ruleset.model import Ruleset
from gouji_variants.ruleset.rules import SECTIONS

KILLS = ["B by R", "B by 2B, +1 card", "B alone by 2B, +1 card", "R by 2R, +1 card", "R alone by 2R, +1 card",
         "R by 2 jokers, +1 card", "B on single 2 by B"]
PLAYED = 4 * RULESETS_KEPT  # distinct rulesets played: more than every per-ruleset cache keeps


def test_recent_keeps_the_most_recently_used() -> None:
    cache: dict[str, int] = {}
    for key, value in (("a", 1), ("b", 2), ("c", 3)):
        keep(cache, key, value, most=3)
    assert recent.recent(cache, "a") == 1  # now the most recent: "b" is the least
    assert recent.recent(cache, "z") is None
    keep(cache, "d", 4, most=3)
    assert list(cache) == ["c", "a", "d"]
    keep(cache, "c", 5, most=3)  # kept again: replaced, last, nothing else dropped
    assert cache == {"a": 1, "d": 4, "c": 5} and list(cache) == ["a", "d", "c"]


def test_shared_makes_one_dict_per_key_and_drops_the_oldest() -> None:
    caches: dict[int, dict[str, int]] = {}
    first = shared(caches, 0)
    assert shared(caches, 0) is first
    for key in range(1, RULESETS_KEPT + 1):
        shared(caches, key)
    assert len(caches) == RULESETS_KEPT and 0 not in caches
    assert shared(caches, 0) is not first


def house(base: dict[str, Any], room: int, catalog: Catalog) -> Ruleset:
    """Room ``room``'s rules (1 to 127): ``base`` with its own set of kill rules, so its own ``plays``."""
    data = {**base, "id": f"room-{room}"}
    kills = [kill for bit, kill in enumerate(KILLS) if room >> bit & 1]
    data["plays"] = {**base["plays"], "attach_jokers": True, "kills": kills}
    data["score"] = {**base["score"], "points": [4 + room, 2, 0, 0, -2, -4 - room]}
    return compile_data(data, f"<room {room}>", catalog)


def live(kind: type) -> int:
    return sum(1 for thing in gc.get_objects() if type(thing) is kind)


def test_per_ruleset_caches_stay_bounded_as_rulesets_come_and_go() -> None:
    catalog = Catalog.default()
    base = load_ruleset("dagang", catalog).resolved()
    gc.collect()
    before = {cls: live(cls) for cls in SECTIONS.values()}
    rng = random.Random(5)
    for room in range(1, PLAYED + 1):
        game = Game(house(base, room, catalog), seed=room, offers=False)
        for _ in range(40):  # the listing path, then the sampling path
            game.apply(rng.choice(game.view().legal_actions()) if room % 2 else game.sample_action(rng))
            if game.over:
                break
        del game
    assert len(moves._CACHE) <= RULESETS_KEPT
    for caches in (table._CLASSIFY_CACHES, table._GOUJI_CACHES):
        assert len(caches) <= RULESETS_KEPT
        assert all(len(cache) <= vectors.VECTORS_KEPT for cache in caches.values())
    assert all(len(generator._groups) <= moves.GROUPS_KEPT for generator in moves._CACHE.values())
    assert len(vectors._CARDS) <= 3 * vectors.VECTORS_KEPT
    assert max(map(len, (interned._PLAYS, interned._BURNS, interned._RETURNS, interned._GROUP_PLAYS))) <= interned.KEPT
    gc.collect()  # what the dropped rulesets leave alive: the sections the kept entries hold, whatever the cache
    grown = {cls.__name__: live(cls) - count for cls, count in before.items()}
    assert max(grown.values()) <= 3 * RULESETS_KEPT < PLAYED, grown
