"""Caches kept per ruleset, bounded: the most recently used :data:`RULESETS_KEPT` entries stay.

A process that plays many house rulesets (a room server making a game of each room's rules) would
otherwise keep every ruleset's move generator and classifications for ever. A dict keeps its
insertion order, so a hit is taken out and put back last, and past the bound the first entry (the
least recently used) is dropped. A game keeps what it was given, so dropping an entry never
changes a game in play: the next game under those rules makes it again. Per-ruleset caches use
:func:`recent` and :func:`keep` (``tests/components/test_recent.py`` checks each one's bound).
"""

from __future__ import annotations

from typing import Final, TypeVar

K = TypeVar("K")
L = TypeVar("L")
V = TypeVar("V")

#: per-ruleset entries kept by each cache: the built-in rulesets (6 move generators, 5 够级 sections) and ten
#: more; a move generator holds up to ``moves.GROUPS_KEPT`` groups of plays (about 8 MB full)
RULESETS_KEPT: Final = 16


def recent(cache: dict[K, V], key: K) -> V | None:
    """``cache[key]``, now the most recently used entry; None when it is not there."""
    found = cache.pop(key, None)
    if found is not None:
        cache[key] = found
    return found


def shared(cache: dict[K, dict[L, V]], key: K) -> dict[L, V]:
    """The dict kept as ``key``'s in ``cache`` (a cache of caches), a new one when there is none."""
    found = recent(cache, key)
    return keep(cache, key, {}) if found is None else found


def keep(cache: dict[K, V], key: K, value: V, most: int = RULESETS_KEPT) -> V:
    """``value``, kept in ``cache`` as ``key``'s, the least recently used entries dropped to keep at
    most ``most``."""
    cache.pop(key, None)
    while len(cache) >= most:
        del cache[next(iter(cache))]
    cache[key] = value
    return value
