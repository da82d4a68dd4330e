"""Fitting text to the terminal: lines within the width, broken at spaces or between Chinese
characters, never inside a token (``B⏎99``), before closing punctuation (``对手⏎）``) or after opening."""

from __future__ import annotations

import re

import click
from hypothesis import given
from hypothesis import strategies as st

from gouji_variants.text.fit import CLOSING, OPENING, fit

TOKENS = ["B99", "2R", "10", "KKK", "号位", "对手", "（", "）", "，", "、", "要管", "可以管的", "：", "开点", " "]


def _tokens(text: str) -> list[str]:
    return re.findall(r"[!-~]+", click.unstyle(text))


@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=60), st.integers(20, 80))
def test_a_line_never_breaks_inside_a_token_nor_around_punctuation(pieces: list[str], width: int) -> None:
    text = "  " + "".join(pieces).strip()
    lines = fit(text, width)
    assert sorted(token for line in lines for token in _tokens(line)) == sorted(_tokens(text))
    for line in lines[1:]:
        assert line.strip()[:1] not in CLOSING, lines
    for line in lines[:-1]:
        assert line.strip()[-1:] not in OPENING, lines
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_the_cases_the_issue_names() -> None:
    text = "  要管：3号位（对手）的B99；可以管的：1、2、4、5号位；本轮：3号位出B99、4号位出KK、5号位出2R"
    for width in range(24, 81):
        lines = fit(text, width)
        assert all(re.search(r"B$", line) is None for line in lines)
        assert all(not line.strip().startswith(("）", "，", "、", "；")) for line in lines)
