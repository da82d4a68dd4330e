"""Tactics the heuristic plays on top of its hand plan (:mod:`.plan`), each for a position where
the plan alone gives tempo away; measured against ``basic`` in ``docs/players.md``.

* **Stop the 对头's opening where opening is hard** (:func:`stops_openings`): where the rules set
  a hurdle to 开点 (``then_four``, pure plays only …), a 对头's play that would open is answered
  as any 够级 play is (when it comes cheap), for a stopped opening may well be a 点贡 won and the
  lead taken back; where any 够级 play that lives opens, the 对头 opens later anyway, so the seat
  lets it live unless it bet against it (明点 / 预点).
* **Stop a runner** (:func:`runner`): an opponent whose hand is down to :data:`RUNNER` cards is
  beaten at any price, jokers included, since the lead it wins may take it out (头科 is worth the
  most).
"""

from __future__ import annotations

from typing import Final

from ..ruleset.cards import Cards
from ..ruleset.rules import Kaidian
from ..ruleset.vocabulary import Label
from .offers import OPEN_PRIOR, opening_chance
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


def stops_openings(rule: Kaidian) -> bool:
    """Whether the rules set a hurdle to 开点, so that an opening play is worth stopping."""
    return opening_chance(rule) < OPEN_PRIOR


def lets_open(top: Cards) -> Label:
    """Why the seat lets its 对头's ``top``, which would open (开点), live."""
    return Label(zh=f"让对头的{top}开点：这套规则下够级牌活了就开点，拦下也只是晚些开，"
                    "你也没有押对头开不了点（明点 / 预点）",
                 en=f"lets your 对头's {top} open (开点): under these rules a 够级 play that lives opens, so "
                    "stopping it only delays it, and you have not bet on your 对头 failing (明点 / 预点)")


def stops_opening(play: str, top: Cards, declared: bool) -> Label:
    """Why the seat answers its 对头's ``top``, which would open (开点) if it lived, with ``play``."""
    if declared:
        return Label(zh=f"用{play}回：对头的{top}没人管上就开点，而你押了对头开不了点（明点 / 预点）",
                     en=f"answers with {play}: your 对头's {top} would open (开点) if it lived, and you bet "
                        "that your 对头 would not (明点 / 预点)")
    return Label(zh=f"用{play}回：对头的{top}没人管上就开点，还会拿到发牌权",
                 en=f"answers with {play}: your 对头's {top} would open (开点) if it lived, and win the lead")
