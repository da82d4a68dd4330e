"""The ruleset format: which version of the rule language a ruleset file is written in.

A file says it with a top-level ``format: N``; a file without it is format 1, the language
of the first release. This release reads every format up to :data:`RULESET_FORMAT` and
writes that one (``gouji new``, ``gouji show --resolved``). A file of a newer format names
rules or values this release does not know, so it is refused with an error at its
``format`` key instead of being read as a different game. See docs/reference.md.
"""

from __future__ import annotations

from typing import Any

from .. import __version__
from .errors import Diagnostic, Mark

#: The ruleset format this release reads (and every older one) and writes.
RULESET_FORMAT = 3
#: The format of a file without a ``format`` key.
FIRST_FORMAT = 1
#: What each format added, for the reference docs and the error's hint.
CHANGES: dict[int, str] = {
    1: "the first rule language",
    2: "`deck.each_hand`; `bie3.buy_from` as an ordered buy order (the old names still mean the same); "
       "`penalties.forfeits`; `tribute.biewang_to`, `tribute.biewang_cards`; "
       "`score.manguan_others_as`; `first_player.later_games: draw`; `turns.gousiji` as a list of places "
       "(`true`/`false` still mean the same); `kaidian.answering: answers-only`; `turns.passed_answers_duitou`; "
       "`reporting.report_counts` with the `ask` action; the `format` key itself",
    3: "`plays.kill_cover`; kill rules with killer kind sets (`B by R or W`), strict cover (`higher jokers`), a "
       "number on relative killers and a surplus per joker (`+1 card each`); `plays.forbidden`; `bie3.pay_with`, "
       "`bie3.nothing_to_pay`, `bie3.buyers_served`",
}


def too_new(data: Any, mark: Mark) -> Diagnostic | None:
    """The error for a file whose ``format`` is newer than :data:`RULESET_FORMAT`, else None
    (a malformed value is left to the schema)."""
    found = data.get("format") if isinstance(data, dict) else None
    if not isinstance(found, int) or isinstance(found, bool) or found <= RULESET_FORMAT:
        return None
    return Diagnostic(mark, f"ruleset format {found} is newer than this release of gouji-variants "
                      f"({__version__}) reads (formats {FIRST_FORMAT} to {RULESET_FORMAT})", "/format",
                      "upgrade gouji-variants (pip install -U gouji-variants) to read this file; "
                      "it may use rules this release would not play",
                      zh=f"规则集格式 {found} 比本版 gouji-variants（{__version__}）能读的新（格式 {FIRST_FORMAT} 到 "
                      f"{RULESET_FORMAT}）",
                      hint_zh="升级 gouji-variants（pip install -U gouji-variants）再读这个文件；"
                      "它可能用了本版不会玩的规则")
