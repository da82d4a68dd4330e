"""The engine's notes in words (``Event.notes``, typed in ``components/notes.py``): one renderer,
English or Chinese, for the terminal, the record viewer and whatever else shows a game.

Seats and cards are written by the caller's functions (the terminal says ``you`` and colours the
jokers); by default a seat is ``seat 3`` / ``3号位`` and cards are their notation. Under Chinese no
English word is written: only card notation and digits are ASCII.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..components.notes import (
    Bought,
    Forfeited,
    GameOver,
    Hui3Taken,
    Mark,
    Note,
    Remark,
    RuleBroken,
    Stifled,
    Suffocated,
    Told,
    TributePaid,
    TributeReturned,
    WentOut,
    tribute_name,
)
from ..engine.events import Event
from ..ruleset.cards import JOKERS, RANK_SYMBOLS
from ..ruleset.expressions import CONSEQUENCES, Forfeit
from ..ruleset.rules import PLACE_NAMES
from ..scene import SeenEvent
from .explain import Lang

#: each mark's words: (English, Chinese)
MARKS: dict[Mark, tuple[str, str]] = {
    Mark.BURN: ("烧牌", "烧牌"),
    Mark.COUNTER_BURN: ("反烧", "反烧"),
    Mark.BEAT_BACK: ("压回", "压回"),
    Mark.BURN_BROKEN: ("解烧", "解烧"),
    Mark.ZHASHAO: ("诈烧", "诈烧"),
    Mark.MANGUAN: ("满贯", "满贯"),
    Mark.JIEFENG: ("接风", "接风"),
    Mark.ASKS_JIEFENG: ("asks to lead (申请接风)", "申请接风"),
    Mark.YIELDS: ("yields (让牌)", "让牌"),
    Mark.LUANCHAN: ("四人乱缠", "四人乱缠"),
    Mark.CANNOT_ANSWER: ("扣牌, cannot beat", "扣牌"),
    Mark.WRONG_PLAY: ("错牌不出", "错牌不出"),
    Mark.YUDIAN: ("预点", "预点"),
    Mark.MINGDIAN: ("明点", "明点"),
    Mark.TIAOPAI: ("shows the hand to the team (挑牌)", "挑牌"),
    Mark.REVOLUTION: ("革命", "革命"),
    Mark.STUCK_JOKERS: ("大小王不出手", "大小王不出手"),
    Mark.NO_BURN: ("no burn", "不烧"),
    Mark.NO_REVOLUTION: ("no 革命", "不革命"),
    Mark.NO_HUI3: ("no 会3", "不会3"),
    Mark.NO_DECLARATION: ("no 宣点", "不宣点"),
    Mark.VOID: ("流局: void, redeal", "流局，重新发牌"),
    Mark.REDEALT: ("the given hands void the game by themselves (automatic 革命): dealt from the seed instead",
                   "给定的手牌自成革命而流局：改由种子发牌"),
}
#: the notes that only say what the event's action says (烧牌, 申请接风, 让牌, 挑牌, 革命; 会3 is a Hui3Taken)
RESTATING = frozenset({Mark.BURN, Mark.ASKS_JIEFENG, Mark.YIELDS, Mark.TIAOPAI, Mark.REVOLUTION})


def seat_words(lang: Lang) -> Callable[[int], str]:
    """A seat by its number: ``seat 3`` / ``3号位``."""
    return (lambda seat: f"{seat}号位") if lang == "zh" else (lambda seat: f"seat {seat}")


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` …"""
    return f"{number}{('st', 'nd', 'rd')[number - 1] if 1 <= number <= 3 else 'th'}"


@dataclass(frozen=True)
class _Say:
    lang: Lang
    who: Callable[[int], str]
    cards: Callable[[str], str]

    def __call__(self, en: str, zh: str) -> str:
        return zh if self.lang == "zh" else en

    def rank(self, rank: int) -> str:
        return self.cards(RANK_SYMBOLS[rank])


def render(note: Note, lang: Lang = "en", who: Callable[[int], str] | None = None,
           cards: Callable[[str], str] = str) -> str:
    """``note`` in words: ``buys a 3 from seat 2 for a B (买3)`` / ``向2号位买3，付B``."""
    say = _Say(lang, who or seat_words(lang), cards)
    if isinstance(note, Mark):
        return say(*MARKS[note])
    if isinstance(note, WentOut):
        return say(f"goes out {ordinal(note.place)}", f"第{note.place}个走完")
    if isinstance(note, Suffocated):
        return say(f"窒息: {say.who(note.seat)} is ranked at once", f"{say.who(note.seat)}窒息")
    if isinstance(note, Stifled):
        return say(f"闷: stifles {say.who(note.seat)}", f"闷{say.who(note.seat)}")
    if isinstance(note, Told):
        return say(f"{say.who(note.seat)}: {note.count} cards", f"{say.who(note.seat)}：{note.count}张")
    if isinstance(note, Bought):
        return _bought(note, say)
    if isinstance(note, TributePaid):
        name, payer, receiver = tribute_name(note.kind), say.who(note.payer), say.who(note.receiver)
        paid = say.cards(str(note.cards)) if len(note.cards) else say("nothing", "无")
        return say(f"{name}: {payer} pays {receiver} {paid}", f"{name}：{payer}给{receiver} {paid}")
    if isinstance(note, TributeReturned):
        return say(f"还贡 to {say.who(note.to)}", f"还贡给{say.who(note.to)}")
    if isinstance(note, Hui3Taken):
        both = note.which == "both"
        return say("会3 and 会4" if both else f"会{note.which}", "会3和会4" if both else f"会{note.which}")
    if isinstance(note, RuleBroken):
        return say(f"{note.rule}: {note.en}", note.zh)
    if isinstance(note, Forfeited):
        return _forfeited(note.forfeit, say)
    if isinstance(note, GameOver):
        places = " ".join(PLACE_NAMES[place] for place in note.places)
        return say(f"over: {places}", f"终局：{places}")
    assert isinstance(note, Remark), f"not a note: {note!r}"
    return say(note.en, note.zh)


def _bought(note: Bought, say: _Say) -> str:
    rank, seller = say.rank(note.rank), say.who(note.seller)
    if note.payment is None:
        return say(f"buys a {rank} from {seller} as a gift (买{rank}, 赠)", f"向{seller}买{rank}（赠）")
    payment = say.rank(note.payment)
    return say(f"buys a {rank} from {seller} for a {payment} (买{rank})", f"向{seller}买{rank}，付{payment}")


def _forfeited(forfeit: Forfeit, say: _Say) -> str:
    """``no 3 -> 大落`` / ``没有3：大落``; ``4 with 2 or joker -> 不开点`` / ``4带2或王：不开点``."""
    if say.lang == "en":
        return str(forfeit)
    rank = say.rank(forfeit.rank)
    if forfeit.condition == "holds-none":
        condition = f"没有{rank}"
    else:
        jokers = [a for a in forfeit.attached if a in JOKERS]
        names = [say.rank(a) for a in forfeit.attached if a not in JOKERS]
        names += ["王"] if len(jokers) == len(JOKERS) else [say.rank(a) for a in jokers]
        condition = f"{rank}带{'或'.join(names)}"
    return f"{condition}：{CONSEQUENCES[forfeit.consequence][0]}"


def event_notes(event: Event | SeenEvent, lang: Lang = "en", who: Callable[[int], str] | None = None,
                cards: Callable[[str], str] = str) -> list[str]:
    """``event``'s notes in words, leaving out those that only repeat its action (让牌 for a yield …); of a
    :class:`~..scene.SeenEvent`, the cards hidden from its viewer as a count (``2 cards`` / ``2张牌``)."""
    restating = event.action is not None
    hidden = event.hidden if isinstance(event, SeenEvent) else (None,) * len(event.notes)
    said = []
    for note, count in zip(event.notes, hidden, strict=True):
        if restating and (note in RESTATING or isinstance(note, Hui3Taken)):
            continue
        if count is None:
            said.append(render(note, lang, who, cards))
            continue
        counted = f"{count}张牌" if lang == "zh" else f"{count} cards"
        if isinstance(note, TributeReturned):  # a 还贡 between two other seats: its count
            said.append(render(note, lang, who, cards) + ("，" if lang == "zh" else ": ") + counted)
        else:
            said.append(render(note, lang, who, _always(counted)))
    return said


def _always(text: str) -> Callable[[str], str]:
    return lambda _: text
