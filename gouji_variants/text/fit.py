"""Fitting text to the terminal: lines broken at spaces by display width (a CJK character counts two)."""

from __future__ import annotations

import click
from rich.cells import cell_len

WIDTH = 80

#: Joins the words of one item (``#3 burn KKK``) so that :func:`fit` never breaks it.
KEEP = "\u00a0"


#: Chinese punctuation that never begins a line.
CLOSING = "、，。；：）」』！？),.;:"
#: A run of Chinese wider than this is broken between characters rather than moved whole.
LONG = 16


def _width(text: str) -> int:
    return cell_len(click.unstyle(text))


def fit(text: str, width: int = WIDTH, indent: str = "  ") -> list[str]:
    """``text`` broken into lines of at most ``width`` display columns (CJK counts two), keeping its
    leading spaces; continuation lines get ``indent`` more. Lines break at spaces (never at
    :data:`KEEP`) and, inside a run of Chinese wider than :data:`LONG`, between characters; a long
    word of Latin letters (an id, a fingerprint, a path) is never broken."""
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
                for char in joined[len(line):]:
                    if _width(line + char) > width:
                        carried = line[-1] if char in CLOSING and line.strip() else ""  # no line starts with '，'
                        lines.append(line[: len(line) - len(carried)])
                        line = lead + indent + carried + char.strip()
                    else:
                        line += char
            else:
                lines.append(line)
                line = lead + indent + word
        lines.append(line)
    return [line.replace(KEEP, " ").rstrip() for line in lines]
