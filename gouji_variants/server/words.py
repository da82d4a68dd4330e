"""What a seat is told in words, in Chinese and English (docs/protocol.md): the engine's events of
each applied action as the receiver may see them, the confirmation an action asks for before it is
sent (as the terminal table asks), and the heuristic bot's hint."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..agents.hints import advise
from ..agents.registry import make_agent
from ..components.notes import Hui3Taken, Note, TributePaid
from ..engine.actions import Action, Return
from ..engine.events import Event
from ..engine.game import Game
from ..terminal.play import consequence
from ..terminal.render import Words
from ..text.events import RESTATING, render, unseen_return
from ..text.explain import Lang
from .protocol import action_json

LANGS: tuple[Lang, ...] = ("zh", "en")


def _hidden(note: Note, seat: int | None, yudian: bool) -> int | None:
    """How many cards of ``note`` are hidden from ``seat`` (tribute between two other seats, or any
    tribute while the cards are not seen: 预点): their count is written instead; None when none is."""
    if isinstance(note, TributePaid) and (yudian or seat not in (note.payer, note.receiver)):
        return len(note.cards)
    return None


def last_json(last: dict[str, Any] | None, events: Sequence[Event], seat: int | None,
              yudian: bool) -> dict[str, Any] | None:
    """The action that led to a state (``last``), as ``seat`` may see it: None for a 还贡 between two
    other seats (its cards are theirs; ``events`` says it happened and how many cards)."""
    if last is None or any(unseen_return(event, seat, yudian) for event in events if event.seat == last["seat"]):
        return None
    return last


def _cards_counted(count: int, lang: Lang, colon: str = "") -> str:
    """``2 cards`` / ``2张牌``, after ``colon`` (``，`` in Chinese) when one is given."""
    return f"{'，' if colon else ''}{count}张牌" if lang == "zh" else f"{colon}{count} cards"


def _always(text: str) -> Callable[[str], str]:
    return lambda _: text


def events_json(events: Sequence[Event], seat: int | None, yudian: bool) -> list[dict[str, Any]]:
    """The events ``seat`` (None: a spectator) may see, each ``{seat, action, forced, notes: {zh, en}}``:
    an event only its own seat may know (declining a burn or 革命) is left out for the others."""
    told: list[dict[str, Any]] = []
    for event in events:
        if event.private and event.seat != seat:
            continue
        restating = event.action is not None
        notes = [note for note in event.notes
                 if not (restating and (note in RESTATING or isinstance(note, Hui3Taken)))]
        if event.action is None and not notes:
            continue
        said: dict[str, list[str]] = {}
        returned = unseen_return(event, seat, yudian)
        for lang in LANGS:
            said[lang] = []
            if returned is not None:  # the cards stay the two seats': the count is told
                assert isinstance(event.action, Return)
                said[lang].append(render(returned, lang) + _cards_counted(len(event.action.cards), lang, ": "))
                continue
            for note in notes:
                hidden = _hidden(note, seat, yudian)
                cards: Callable[[str], str] = str
                if hidden is not None:
                    cards = _always(_cards_counted(hidden, lang))
                said[lang].append(render(note, lang, cards=cards))
        shown = None if event.action is None or returned is not None else action_json(event.action)
        told.append({"seat": event.seat, "action": shown,
                     "forced": event.forced, "notes": said})
    return told


def confirmations(game: Game, legal: Sequence[Action]) -> list[dict[str, str] | None]:
    """For each legal action of the seat to act, the question to ask before sending it (``{zh, en}``:
    革命, a burn the hand cannot keep, a play that ranks the seat at once), or None."""
    found: list[dict[str, str] | None] = []
    for action in legal:
        english = consequence(game, action, Words("en"))
        found.append(None if english is None else {"zh": consequence(game, action, Words("zh")) or english,
                                                   "en": english})
    return found


def hint(game: Game, seed: int) -> dict[str, Any]:
    """The heuristic bot's choice for the seat to act, with its reason (from that seat's view only)."""
    advice = advise(make_agent("heuristic"), game.view(), random.Random(seed))
    return {"action": action_json(advice.action), "reason": {lang: advice.reason(lang) for lang in LANGS}}
