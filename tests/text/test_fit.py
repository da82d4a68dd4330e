"""Fitting text to the terminal: lines within the width, broken at spaces or between Chinese
characters, never inside a token (``B⏎99``), before closing punctuation (``对手⏎）``) or after opening."""

from __future__ import annotations

import re

import click
from hypothesis import example, given
from hypothesis import strategies as st

from gouji_variants.text.fit import CLOSING, KEEP, OPENING, fit

TOKENS = ["B99", "2R", "10", "KKK", "号位", "对手", "（", "）", "，", "、", "要管", "可以管的", "：", "开点", " "]


def _tokens(text: str) -> list[str]:
    return re.findall(r"[!-~]+", click.unstyle(text))


@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=60), st.integers(20, 80))
@example(["B99"] * 6 + [" ", "："] + ["B99"] * 5, 20)  # (a closing mark at a full line's end began the next)
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


def test_a_short_term_of_a_list_is_never_broken() -> None:
    """``问张数`` in a list of commands stays on one line (it was cut into 问张 / 数 at the width)."""
    commands = "命令：过、让牌、接风、挑牌、问张数、烧牌、革命、宣点、提示、托管、牌桌、帮助、退出。"
    for width in range(24, 61):
        lines = fit("一" * 7 + commands, width)
        for term in ("让牌", "接风", "挑牌", "问张数", "烧牌", "托管", "退出"):
            assert any(term in line for line in lines), (width, lines)
        assert "".join(line.strip() for line in lines) == "一" * 7 + commands  # nothing lost or added


def test_a_number_keeps_its_measure_word() -> None:
    """``1张`` and ``3号位`` stay whole at every width (the tribute line was cut into ``…3号位1`` / ``张``)."""
    dues = ("下一局进贡：点贡：1号位给4号位1张；闷贡：4号位给3号位1张；闷贡：3号位给0号位12张；"
            "落贡：4号位给5号位2张（还贡）")
    for width in range(24, 81):
        lines = fit(dues, width)
        for line in lines[1:]:
            assert line.strip()[0] not in "张号位", (width, lines)
        assert "".join(line.strip() for line in lines) == dues  # nothing lost or added


def test_an_item_joined_by_keep_is_never_broken() -> None:
    """An item whose words are joined by KEEP (a place and its seat) stays on one line at every width that
    holds it, inside a run of Chinese too (it was cut into ``二`` / ``落 1号位``)."""
    items = [f"{place}{KEEP}{seat}号位（对手）" for place, seat in zip(("头科", "二科", "三科", "四科", "二落", "大落"),
                                                               range(6), strict=True)]
    text = "名次：" + "，".join(items)
    for width in range(24, 81):
        lines = fit(text, width)
        for item in items:
            assert any(item.replace(KEEP, " ") in line for line in lines), (width, lines)
