"""Random draws of the engine, as compiled code: the very numbers :class:`random.Random`'s
``randrange(n)``, ``choice`` and ``shuffle`` draw, without running those methods, which are
Python bytecode (``random.py``) even under the compiled core, where dealing and sampling spend
much of their time.

For a :class:`random.Random` itself they repeat CPython's algorithm (``_randbelow_with_getrandbits``:
draw ``n.bit_length()`` bits until the number is below ``n``; ``shuffle``: Fisher-Yates from the
end); any other generator (a subclass may draw otherwise) is asked to draw itself.
``tests/components/test_draws.py`` checks that both give the same numbers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")


#: ``random.Random.getrandbits`` unbound: called with the generator, it makes no bound method per draw
_GETRANDBITS: Final[Callable[[random.Random, int], int]] = random.Random.getrandbits


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``, for ``n`` >= 1."""
    return _below(rng, n) if type(rng) is random.Random else rng.randrange(n)


def _below(rng: random.Random, n: int) -> int:
    bits = n.bit_length()
    drawn = _GETRANDBITS(rng, bits)
    while drawn >= n:
        drawn = _GETRANDBITS(rng, bits)
    return drawn


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """``rng.choice(items)`` (IndexError for no items, as it raises)."""
    count = len(items)
    if not count:  # (_below would never end)
        raise IndexError("cannot choose from an empty sequence")
    return items[_below(rng, count)] if type(rng) is random.Random else rng.choice(items)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    for last in range(len(items) - 1, 0, -1):
        other = _below(rng, last + 1)
        items[last], items[other] = items[other], items[last]
