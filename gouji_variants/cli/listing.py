"""``gouji list`` layouts: a table on a terminal, aligned plain lines when piped; neither ever breaks
a fingerprint or an id."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table

COLUMNS = ("id", "中文名", "region", "aliases", "fingerprint")


def _cells(row: dict[str, Any]) -> tuple[str, ...]:
    kind = " (pack)" if row["kind"] == "option-pack" else ""
    return row["id"] + kind, row["name_zh"], row["region"], ", ".join(row["aliases"]), row["fingerprint"]


def plain(rows: Sequence[dict[str, Any]]) -> str:
    """One line per ruleset, columns aligned (by display width), the aliases last; never wrapped."""
    lines = [("id", "fingerprint", "中文名", "region", "aliases")]
    lines += [(ident, fingerprint, name, region, aliases)
              for ident, name, region, aliases, fingerprint in map(_cells, rows)]
    widths = [max(cell_len(line[column]) for line in lines) for column in range(len(COLUMNS) - 1)]
    return "".join("  ".join([*map(_padded, line, widths), line[-1]]).rstrip() + "\n" for line in lines)


def _padded(cell: str, width: int) -> str:
    return cell + " " * (width - cell_len(cell))


def table(rows: Sequence[dict[str, Any]], console: Console | None = None) -> None:
    """A rich table fitting the terminal: names, regions and aliases fold; ids and fingerprints never do."""
    grid = Table(title="够级 rulesets")
    for column in COLUMNS:
        whole = column in ("id", "fingerprint")
        grid.add_column(column, no_wrap=whole, overflow="fold", min_width=14 if column == "fingerprint" else None)
    for row in rows:  # names are the rulesets' text, never rich markup
        grid.add_row(*(escape(cell) for cell in _cells(row)))
    (console or Console()).print(grid)
