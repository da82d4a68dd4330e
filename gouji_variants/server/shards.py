"""Which of several server processes keeps a room (docs/protocol.md, "Several processes or machines").

A process started with ``gouji serve --shard I/N`` makes room codes that name it (``s`` and I in two
digits and ``_`` before 96 random bits, e.g. ``s01_…``), and holds, resumes and answers for only the rooms
whose code names it (I modulo N); a code without the mark (made by a process with no shard) is process
0's. A front proxy routes by the same rule, reading the code from the path or the WebSocket's
``?room=`` — no shared state between processes beyond the database.

>>> shard = Shard.parse("1/2")
>>> code = shard.code()
>>> code.startswith("s01_") and len(code) == 20 and shard.owns(code)
True
>>> Shard.parse("0/2").owns(code), owner("k3x9_not_marked_code")
(False, 0)
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final

#: the most processes one database is shared by
MAX_SHARDS: Final = 100
_MARKED: Final = re.compile(r"s(\d\d)_[A-Za-z0-9_-]{16}")


def owner(code: str) -> int:
    """The process number a room code names (0 for a code without the mark), before the modulo."""
    found = _MARKED.fullmatch(code)
    return int(found[1]) if found else 0


@dataclass(frozen=True)
class Shard:
    """Process ``index`` of ``count`` sharing one database."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARDS or not 0 <= self.index < self.count:
            raise ValueError(f"a shard is I/N with 0 <= I < N <= {MAX_SHARDS}, not {self.index}/{self.count}")

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``"I/N"`` as a shard; ValueError saying what a shard is otherwise."""
        found = re.fullmatch(r"\s*(\d{1,3})\s*/\s*(\d{1,3})\s*", text)
        if found is None:
            raise ValueError(f"a shard is I/N (process I of N, counted from 0), e.g. 0/2, not {text[:20]!r}")
        return cls(int(found[1]), int(found[2]))

    def code(self) -> str:
        """A new room code that names this process: 96 random bits, URL-safe, 20 characters."""
        return f"s{self.index:02d}_{secrets.token_urlsafe(12)}"

    def owns(self, code: str) -> bool:
        """Whether this process keeps room ``code``."""
        return owner(code) % self.count == self.index
