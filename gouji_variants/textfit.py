"""Fitting text to the terminal: lines broken at spaces by display width (a CJK character counts two)."""

from __future__ import annotations

import click
from rich.cells import cell_len

WIDTH = 80

#: Joins the words of one item (``#3 burn KKK``) so that :func:`fit` never breaks it.
KEEP = "\u00a0"


def fit(text: str, width: int = WIDTH, indent: str = "  ") -> list[str]:
    """``text`` broken at spaces (not at :data:`KEEP`) into lines of at most ``width`` display columns
    (CJK counts two), keeping its leading spaces; continuation lines get ``indent`` more. A word longer
    than a line is left whole."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        body = paragraph.lstrip(" ")
        lead = paragraph[: len(paragraph) - len(body)]
        line = lead
        for word in body.split(" "):
            candidate = f"{line} {word}" if line.strip() else line + word
            if line.strip() and cell_len(click.unstyle(candidate)) > width:
                lines.append(line)
                candidate = lead + indent + word
            line = candidate
        lines.append(line)
    return [line.replace(KEEP, " ").rstrip() for line in lines]
