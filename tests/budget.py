"""How many examples a Hypothesis test draws: its count in the suite, ten times as many in the thorough run
(``pytest --thorough``, which loads the ``thorough`` profile; conftest.py)."""

from __future__ import annotations

from hypothesis import settings

#: the examples of the default profile: the factor of a run is its profile's examples over this
SUITE_EXAMPLES = 100


def examples(count: int) -> int:
    """``count`` scaled by the run's profile: ``count`` in the suite, ``10 * count`` when thorough."""
    return count * settings.default.max_examples // SUITE_EXAMPLES


def thorough() -> bool:
    """Whether this is the thorough run."""
    return examples(1) > 1
