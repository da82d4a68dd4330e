"""Fitting text to the terminal: lines broken at spaces by display width (a CJK character counts two)."""

from __future__ import annotations

import re

import click
from rich.cells import cell_len

WIDTH = 80

#: Joins the words of one item (``#3 burn KKK``) so that :func:`fit` never breaks it.
KEEP = "\u00a0"


#: Chinese punctuation that never begins a line.
CLOSING = "、，。；：）」』！？),.;:"
#: Chinese punctuation that never ends a line.
OPENING = "（「『“("
#: What a line never breaks inside: a run of ASCII (card notation, a number, a word) with its colours.
_TOKEN = re.compile(r"(?:\x1b\[[0-9;]*m|[!-~])+|.", re.S)
#: A run of Chinese wider than this is broken between characters rather than moved whole.
LONG = 16
#: Characters of a list's term (after 、) that a line never breaks inside.
TERM = 5
#: A number and the measure word after it (``1张``, ``3号位``), which a line never breaks between.
_COUNTED = re.compile(r"\d(?:号)?$")
MEASURES = "张号位局次分点人个手秒"


def _width(text: str) -> int:
    return cell_len(click.unstyle(text))


def _units(text: str) -> list[str]:
    """``text`` cut where a line may break inside a run of Chinese: between characters, never inside a
    run of ASCII (``B99``, ``10``), inside an item joined by :data:`KEEP` (``二落 1号位（对手）``), between a
    number and its measure word (``1张``, ``3号位``), before closing punctuation (``）``, ``，``), after
    opening (``（``) or inside a list's short term (``问张数`` after ``、``)."""
    units: list[str] = []
    term = False  # the last unit began a list's term (after 、): a short one is kept whole (问张数)
    kept = False  # the last unit holds KEEP: it takes every piece up to closing punctuation (二落 3号位（对手）)
    for piece in _TOKEN.findall(text):
        if piece == KEEP:  # the word before it is kept whole too (二落, not 二 / 落)
            while len(units) > 1 and _chinese(units[-1]) and _chinese(units[-2]) and len(units[-2]) < TERM:
                last = units.pop()
                units[-1] += last
        if units and (piece[0] in CLOSING or units[-1][-1] in OPENING or kept or piece == KEEP
                      or piece in MEASURES and _COUNTED.search(click.unstyle(units[-1]))):
            units[-1] += piece
            kept = piece == KEEP or kept and piece[0] not in CLOSING
        elif term and _chinese(piece) and len(units[-1]) < TERM and _chinese(units[-1]):
            units[-1] += piece
        else:
            term = bool(units) and units[-1].endswith("、")
            units.append(piece)
            kept = piece == KEEP
    return units


def _chinese(text: str) -> bool:
    return all("\u4e00" <= char <= "\u9fff" for char in text)


def fit(text: str, width: int = WIDTH, indent: str = "  ") -> list[str]:
    """``text`` broken into lines of at most ``width`` display columns (CJK counts two), keeping its
    leading spaces; continuation lines get ``indent`` more. Lines break at spaces (never at
    :data:`KEEP`) and, inside a run of Chinese wider than :data:`LONG`, between characters; a long
    word of Latin letters (an id, a fingerprint, a path) is never broken. Closing punctuation after a space
    hangs past the width rather than begin a line; opening punctuation goes down with what it opens."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        body = paragraph.lstrip(" ")
        lead = paragraph[: len(paragraph) - len(body)]
        line = lead
        for word in body.split(" "):
            joined = f"{line} {word}" if line.strip() else line + word
            if _width(joined) <= width or not line.strip() and _width(word) == len(click.unstyle(word)):
                line = joined
            elif _width(word) > LONG and _width(word) != len(click.unstyle(word)):  # a run of Chinese: fill the line
                for unit in _units(joined[len(line):]):
                    if _width(line + unit) > width and line.strip() and unit.strip()[:1] not in CLOSING:
                        lines.append(line)
                        line = lead + indent + unit.strip()
                    else:
                        line += unit
            elif click.unstyle(word)[:1] in CLOSING:  # it hangs past the width: no line begins with it
                line = joined
            else:
                kept = line.rstrip(OPENING)  # opening punctuation goes down with the word it opens
                opened = line[len(kept):] if kept.strip() else ""
                lines.append(kept if opened else line)
                line = lead + indent + opened + word
        lines.append(line)
    return [line.replace(KEEP, " ").rstrip() for line in lines]
