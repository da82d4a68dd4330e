"""docs/env.md states the encodings as the code builds them: its generated tables are the tables
``python -m gouji_variants.env.tables`` prints."""

from __future__ import annotations

from pathlib import Path

from gouji_variants.env import tables

PAGE = Path(__file__).resolve().parents[2] / "docs" / "env.md"


def test_the_page_holds_the_generated_tables() -> None:
    text = PAGE.read_text(encoding="utf-8")
    start, end = text.index(tables.BEGIN), text.index(tables.END) + len(tables.END)
    assert text[start:end] == tables.markdown(), "run: python -m gouji_variants.env.tables, and paste it in docs/env.md"


def test_index_37_is_what_the_page_says() -> None:
    """The page's row for the decision slice covers index 37, the sixth decision kind (burn-offer)."""
    from gouji_variants.env.observations import DECISIONS, OFFSETS

    assert DECISIONS[37 - OFFSETS["decision"]] == "burn-offer"
    assert "| 32–43 | `decision` | 12 |" in PAGE.read_text(encoding="utf-8")


def test_the_page_examples_run() -> None:
    import re

    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})  # noqa: S102  # the page's own examples
