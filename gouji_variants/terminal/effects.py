"""What an option does, in words, as the scene states it (:class:`~..scene.Option`): the confirmation an
option that cannot be undone asks for (it ranks you at once, shows your hand, sits the game out, starts a
burn the hand cannot keep), and the short effect a hint names with the option it advises."""

from __future__ import annotations

from ..agents.base import Advice
from ..engine.actions import Action, Burn, Play, Tiaopai
from ..ruleset.rules import PLACE_NAMES, Burning
from ..scene import Option, Scene
from ..text.events import RESTATING, ordinal, render
from .menu import label
from .render import Words, condition


def _places(chosen: Option, words: Words) -> str:
    return words(" / ", "或").join(PLACE_NAMES[place] for place in chosen.places)


def _why(chosen: Option, me: int, words: Words) -> str:
    """The engine's notes of a ranking at once (诈烧, a forfeit, 大小王不出手)."""
    return words(", ", "，").join(render(note, words.lang, lambda seat: words.who(seat, me), words.cards)
                                  for note in chosen.why if note not in RESTATING)


def confirmation(chosen: Option, found: Scene, rule: Burning, words: Words) -> str | None:
    """The question ``chosen`` asks before it is played, from the viewer's ``found`` scene (``rule``: the
    burn's condition, for a burn the hand cannot keep), or None when it can be played without one."""
    me = found.viewer
    assert me is not None, "an option is a seat's"
    if chosen.sits_out:
        place = _places(chosen, words)
        return words(f"革命: you sit this game out and are ranked {place} (places.revolution_place).",
                     f"革命：本局你不出牌，名次为{place}。")
    if isinstance(chosen.action, Tiaopai) and chosen.reveals_to:  # (none: they see it already, 看牌)
        mates = words.seats(chosen.reveals_to)
        return words(f"挑牌: your team-mates (seats {mates}) see your whole hand for the rest of the game; you "
                     "still play your own cards.",
                     f"挑牌：你的联邦（{mates}）从此看得到你的全部手牌，直到本局结束；牌仍由你自己出。")
    if chosen.ranks is not None:
        place, why = _places(chosen, words), _why(chosen, me, words)
        this = words("this play", "这手牌") if isinstance(chosen.action, (Play, Burn)) else words("this", "这一步")
        return words(f"{this} ranks you {place} at once ({why}): you play no more this game.",
                     f"{this}让你当场定为{place}（{why}），本局不再出牌。")
    if chosen.burn_unkeepable and isinstance(chosen.action, Burn) and found.hand is not None:
        left = words.hand(found.hand - chosen.action.cards)
        said = condition(rule, words)
        return words(f"after this burn you hold {left}: as far as the cards show, too few jokers to keep the "
                     f"condition ({said}). A play that breaks it is 诈烧: you are ranked at once, from the bottom.",
                     f"烧牌后你剩 {left}：看牌面王不够，守不住烧牌条件（{said}）。"
                     "破坏条件的一手即诈烧，当场从末位定名次。")
    return None


def effects(chosen: Option, me: int, words: Words) -> list[str]:
    """What ``chosen`` does beyond the play, in short: it takes you out (in which order), ranks you at once
    (where, why), sits the game out, shows your hand or its cards to one seat, starts a burn the hand
    cannot keep."""
    said, places = [], _places(chosen, words)
    if chosen.goes_out is not None:
        said.append(words(f"you go out {ordinal(chosen.goes_out)}", f"你第{chosen.goes_out}个走完"))
    if chosen.ranks is not None:
        said.append(words(f"ranks you {places} at once ({_why(chosen, me, words)})",
                          f"你当场定为{places}（{_why(chosen, me, words)}）"))
    if chosen.sits_out:
        said.append(words(f"you sit this game out ({places})", f"本局你不出牌（{places}）"))
    if chosen.reveals_to:
        said.append(words(f"your whole hand is seen by seats {words.seats(chosen.reveals_to)}",
                          f"{words.seats(chosen.reveals_to)}从此看得到你的全部手牌"))
    elif len(chosen.shows_to) == 1:
        said.append(words(f"only seat {chosen.shows_to[0]} sees these cards",
                          f"只有{chosen.shows_to[0]}号位看得到这些牌"))
    if chosen.burn_unkeepable:
        said.append(words("too few jokers to keep the burn (诈烧)", "王不够，守不住烧牌条件（诈烧）"))
    return said


def chosen_option(found: Scene, action: Action) -> Option:
    """The scene's option for ``action`` (one of the viewer's legal actions)."""
    return next(option for option in found.options if option.action == action)


def advised(advice: Advice, found: Scene, words: Words) -> str:
    """The advised option as it is typed, with what it does as the scene says: ``KK (you go out 2nd)``."""
    assert found.viewer is not None, "a hint is a seat's"
    said = effects(chosen_option(found, advice.action), found.viewer, words)
    return label(advice.action, words) + (words(f" ({'; '.join(said)})", f"（{'；'.join(said)}）") if said else "")


def hint_text(advice: Advice, found: Scene, words: Words) -> str:
    """A hint as the terminal writes it: the option, what it does (:func:`advised`) and the bot's reason."""
    return words("hint: ", "提示：") + advised(advice, found, words) + f" — {words.label(advice.reason)}"
