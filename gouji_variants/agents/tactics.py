"""Tactics the heuristic plays on top of its hand plan (:mod:`.plan`), each for a position where
the plan alone gives tempo away; measured against ``basic`` in ``docs/players.md``.

* **Stop the 对头's opening where opening is hard, early** (:func:`stops_openings`, :func:`early`):
  where the rules set a hurdle to 开点 (``then_four``, pure plays only …), a 对头's play that would
  open is answered as any 够级 play is (when it comes cheap) while the 对头 has played at most
  :data:`EARLY` cards, for a stopped opening may well be a 点贡 won and the lead taken back; later
  the 对头 has had its chances and has its plan (it keeps its 4s for 落四 …), so stopping it wins
  few games and only makes more seats fail to open. Where any 够级 play that lives opens, the 对头
  opens later anyway, so the seat lets it live unless it bet against it (明点 / 预点).
* **Keep the plays that open** (:func:`wastes_opener`): while the seat seeks 开点, a play that
  would open it if led (a pure 够级 play under 济宁's rules) is spent where it cannot open (on a
  够级 play, …) only when nothing else beats: it costs as much as a joker.
* **Keep the 2s for 够级 plays** (:func:`fills_with_twos`): a group filled out with 2s beats an
  opponent's plain (not 够级) play only once the seat's hand is small or the player is near going
  out; before that the seat passes or yields (让牌), even where the 2s make the cheapest play, for
  spent on plain plays they are missing when a 够级 fight or the lead is to be won (against
  ``basic``, seed 9, 1,600 games each: jining 64.8% → 70.7%, bie3 65.5% → 71.2%, dagang even, and
  fewer 开点 failures at a table of heuristics).
* **Stifle an opponent** (:func:`stifles`): under 憋3 an opponent whose cards are no more than its share
  of the unseen 3s likely holds only its 3s, so beating its play stifles it (闷: it is ranked at once, and
  under 济宁 the first stifled is 大落); the seat then beats at any price, its last 2s or jokers and its own
  cover before its 3s included (the plan keeps them against a 闷 that may come; this one is at hand). Before,
  it passed two in three such plays it could beat (against ``basic``, ``docs/players.md``). Its last stopper
  (a seat holding 3s) goes only on a sure stifle, an opponent down to one card (:func:`stifles_surely`).
* **Keep two stoppers under 憋3** (:func:`stoppers_kept`): a seat holding 3s keeps its last 2s or joker for
  the play before them, and while more than two ranks are left (2s and 3s counted) two (jokers, and its 2s as
  one), unless it seeks 开点 where 2s or jokers open: spent one at a time, the last one alone was beaten or left
  the play before the 3s exposed (against ``basic``, seeds 1 to 3: jining 74.8% → 76.5%, bie3 75.9% → 80.8%).
  Where only pure plays open (济宁) they open nothing, and kept while the seat seeks 开点 too its seats were
  stifled half as often (jining, seeds 7 and 9: 0.138 → 0.074 and 0.118 → 0.076 a game, wins 75.2% → 82.1% and
  79.3% → 80.0%; ``docs/players.md``); where they open (后水湾) keeping them failed more openings.
* **Keep a cover without stoppers under 憋3** (:func:`cover`): a seat holding 3s and no 2s or jokers leads its
  plain groups but the one least likely beaten, kept for the play before its 3s; leading the large groups first
  (:func:`.plan.lead_key`) left a lone low card there, and the seat stifled (闷) (against ``basic``, seeds 7 and
  9: jining 74.0% → 75.1% and 77.1% → 78.6%, its seats stifled less; a table of six stifled and failed to open
  less; kept while the seat still holds a stopper, jining 70.8% and 73.4%).
* **Stop a runner** (:func:`runner`): an opponent whose hand is down to :data:`RUNNER` cards is
  beaten at any price, jokers included, since the lead it wins may take it out (头科 is worth the
  most).
"""

from __future__ import annotations

from typing import Final

from ..ruleset.cards import THREE, TWO, Cards
from ..ruleset.rules import Kaidian
from ..ruleset.vocabulary import Label
from .offers import OPEN_PRIOR, opening_chance
from .reading import Counts, Reading, lowest, ranks

#: Cards left at which an opponent is near going out, so that its play is beaten at any price.
RUNNER: Final = 8
#: Cards a 对头 has played (its opening play included) up to which its opening is worth stopping.
EARLY: Final = 4
#: Stoppers (jokers, and 2s as one) a seat holding 3s under 憋3 keeps while its hand is long (:func:`stoppers_kept`).
STOPPERS_KEPT: Final = 2
#: What spending a play that would open the seat, where it does not open, adds to a beating play's cost.
KEEP_OPENER: Final = 1000


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


def early(r: Reading, player: int) -> bool:
    """Whether ``player`` has played at most :data:`EARLY` cards (the public record)."""
    return len(r.view.observation.played[player]) <= EARLY


def wastes_opener(r: Reading, play: Counts, on_gouji: bool) -> bool:
    """Whether ``play`` would open the seat if it led it, but does not where it is played (``on_gouji``:
    onto a 够级 play)."""
    return r.opens(play, led=True, on_gouji=False) and not r.opens(play, led=False, on_gouji=on_gouji)


def fills_with_twos(play: Counts) -> bool:
    """Whether ``play`` is a group below the 2s filled out with 2s."""
    return play[TWO] > 0 and lowest(play) < TWO


def keeps_twos(play: str) -> Label:
    """Why the seat passes rather than beat a plain play with ``play``, a group filled out with 2s."""
    return Label(zh=f"过，不出{play}：2留着打够级、到牌少时再用，不拿来补齐一组管不够级的牌",
                 en=f"passes rather than beat with {play}: your 2s wait for 够级 plays and the end of your hand "
                    "instead of filling out a group to beat a plain play")


def lets_open(top: Cards) -> Label:
    """Why the seat lets its 对头's ``top``, which would open (开点), live."""
    return Label(zh=f"让对头的{top}开点：这套规则下够级牌活了就开点，拦下也只是晚些开，"
                    "你也没有押对头开不了点（明点 / 预点）",
                 en=f"lets your 对头's {top} open (开点): under these rules a 够级 play that lives opens, so "
                    "stopping it only delays it, and you have not bet on your 对头 failing (明点 / 预点)")


def lets_open_late(top: Cards) -> Label:
    """Why the seat lets its 对头's ``top`` open (开点) where the rules make opening hard: it came late."""
    return Label(zh=f"让对头的{top}开点：对头连这手已出了超过{EARLY}张牌，这时拦下少有胜算，"
                    "你也没有押对头开不了点（明点 / 预点）",
                 en=f"lets your 对头's {top} open (开点): your 对头 has played more than {EARLY} cards, this one "
                    "included, when stopping it seldom wins the game, and you have not bet on your 对头 failing "
                    "(明点 / 预点)")


def stops_opening(play: str, top: Cards, declared: bool) -> Label:
    """Why the seat answers its 对头's ``top``, which would open (开点) if it lived, with ``play``."""
    if declared:
        return Label(zh=f"用{play}回：对头的{top}没人管上就开点，而你押了对头开不了点（明点 / 预点）",
                     en=f"answers with {play}: your 对头's {top} would open (开点) if it lived, and you bet "
                        "that your 对头 would not (明点 / 预点)")
    return Label(zh=f"用{play}回：对头的{top}没人管上就开点，还会拿到发牌权",
                 en=f"answers with {play}: your 对头's {top} would open (开点) if it lived, and win the lead")


def stifles(r: Reading, player: int) -> bool:
    """Whether ``player``'s play is an opponent's that beating likely stifles (闷) under 憋3: its cards (the
    public record) are no more than its share of the 3s the seat cannot see, shared among the other seats
    still in play and rounded up (under 济宁, where each seat holds one 3, a single card)."""
    if player % 2 == r.seat % 2 or not r.view.rules.bie3.enabled:
        return False
    seen = r.view.observation
    sizes = seen.sizes if seen.sizes else seen.counts
    count = sizes[player]
    others = sum(1 for seat, size in enumerate(sizes) if seat != r.seat and size)
    share = -(-r.unseen[THREE] // max(others, 1))
    return count is not None and 0 < count <= share


def stifles_surely(r: Reading, player: int) -> bool:
    """Whether ``player``, an opponent, has one card left (the public record): a stifle worth the seat's last
    stopper when it holds 3s itself; an opponent with more cards may hold more than its 3s, and spending the
    last stopper there left the seat's own 3s to be stifled (bie3: its seats stifled half as often)."""
    seen = r.view.observation
    return (seen.sizes if seen.sizes else seen.counts)[player] == 1


def stifles_them(play: str, top: Cards) -> Label:
    """Why the seat beats ``top``, likely its player's last play before its 3s, with ``play`` (:func:`stifles`)."""
    return Label(zh=f"用{play}管{top}，闷住出牌的对手：那家手里多半只剩3，3之前的一手被管上就是闷",
                 en=f"beats {top} with {play} to stifle (闷) the opponent who played it: that player likely holds "
                    "nothing but 3s, and a play before one's 3s that is beaten stifles them")


def stoppers_kept(r: Reading, left: Counts) -> int:
    """Stoppers (jokers, and 2s as one) the seat, holding 3s under 憋3, keeps in ``left`` rather than beat: one
    for the play before its 3s, :data:`STOPPERS_KEPT` while more than two ranks are left, unless it seeks 开点 and
    the rules let 2s or jokers open (``opens_with`` beyond pure plays), where keeping them made more seats fail to
    open."""
    opening = r.seeking and any(kind != "pure" for kind in r.view.rules.kaidian.opens_with)
    return STOPPERS_KEPT if ranks(left) > 2 and not opening else 1



def cover(r: Reading, plain: list[Counts]) -> Counts | None:
    """The plain group the seat, holding 3s under 憋3 and no stopper (its 2s and jokers spent), keeps for the play
    before its 3s rather than lead while it has another to lead: the one least likely beaten (safe, then the most
    cards, then the highest rank), where leading the large groups first left a lone low card to be stifled (闷)."""
    if not r.threes_last or len(plain) < 2:
        return None
    return max(plain, key=lambda c: (r.safe(c), sum(c), lowest(c)))
