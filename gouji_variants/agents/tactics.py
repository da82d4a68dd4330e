"""Tactics the heuristic plays on top of its hand plan (:mod:`.plan`), each for a position where
the plan alone gives tempo away; measured against ``basic`` in ``docs/players.md``.

* **Stop the 对头's opening** (:func:`stops_opening`): a 对头's play that would open (开点) is
  answered whenever the seat can, bet or no bet: letting it live gives the 对头 both 开点 (the
  点贡 it would otherwise pay) and the lead.
* **Stop a runner** (:func:`runner`): an opponent whose hand is down to :data:`RUNNER` cards is
  beaten at any price, jokers included, since the lead it wins may take it out (头科 is worth the
  most).
"""

from __future__ import annotations

from typing import Final

from ..ruleset.cards import Cards
from ..ruleset.vocabulary import Label
from .reading import Reading

#: Cards left at which an opponent is near going out, so that its play is beaten at any price.
RUNNER: Final = 8


def runner(r: Reading, player: int) -> bool:
    """Whether ``player`` is an opponent down to :data:`RUNNER` cards or fewer, counting the public
    record (what every seat may count, whether or not the rules report counts)."""
    if player % 2 == r.seat % 2:
        return False
    seen = r.view.observation
    count = seen.sizes[player] if seen.sizes else seen.counts[player]
    return count is not None and count <= RUNNER


def stops_opening(play: str, top: Cards, declared: bool) -> Label:
    """Why the seat answers its 对头's ``top``, which would open (开点) if it lived, with ``play``."""
    if declared:
        return Label(zh=f"用{play}回：对头的{top}没人管上就开点，而你押了对头开不了点（明点 / 预点）",
                     en=f"answers with {play}: your 对头's {top} would open (开点) if it lived, and you bet "
                        "that your 对头 would not (明点 / 预点)")
    return Label(zh=f"用{play}回：对头的{top}没人管上就开点，还会拿到发牌权",
                 en=f"answers with {play}: your 对头's {top} would open (开点) if it lived, and win the lead")
