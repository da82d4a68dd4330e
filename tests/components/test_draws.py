"""The engine's compiled random draws (components/draws.py) give the very numbers of random.Random's
own methods, so that records and seeded games do not depend on which engine runs."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from gouji_variants.components import draws


@given(st.integers(0, 2**32), st.lists(st.integers(1, 10**12), min_size=1, max_size=30))
def test_below_and_choice_draw_what_randrange_and_choice_draw(seed: int, bounds: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [draws.below(ours, n) for n in bounds] == [theirs.randrange(n) for n in bounds]
    assert [draws.choice(ours, range(n)) for n in bounds] == [theirs.choice(range(n)) for n in bounds]
    assert ours.getstate() == theirs.getstate()


@given(st.integers(0, 2**32), st.integers(0, 300))
def test_shuffle_shuffles_as_random_shuffles(seed: int, size: int) -> None:
    ours, theirs = list(range(size)), list(range(size))
    draws.shuffle(random.Random(seed), ours)
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


def test_another_generator_is_asked_to_draw_itself() -> None:
    class Fixed(random.Random):
        def randrange(self, *args: object, **kwargs: object) -> int:
            return 0

        def choice(self, seq: object) -> str:  # type: ignore[override]
            return "chosen"

        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    draws.shuffle(Fixed(1), items)
    assert items == [3, 2, 1] and draws.below(Fixed(1), 5) == 0 and draws.choice(Fixed(1), "xyz") == "chosen"
