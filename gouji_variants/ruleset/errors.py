"""Located diagnostics: what was wrong, where (file:line:column, JSON pointer), and a hint."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Mark:
    """A place in a file; line and column are 1-based."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.file else ""


#: The mark of a problem that is in no file (a name given to a command or a request).
NOWHERE = Mark("", 0, 0)


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a ruleset, located in its file: an ``error`` (the ruleset does not compile) or a
    ``warning`` (it compiles, but a rule in it can never apply)."""

    mark: Mark
    message: str
    pointer: str = ""
    hint: str = ""
    detail: str = ""  # pre-formatted lines, e.g. an expression with a caret
    chain: tuple[str, ...] = ()  # the extends chain that led here
    severity: Severity = "error"
    zh: str = ""  # the message in Chinese, where it has one
    hint_zh: str = ""

    def render(self, lang: str = "en") -> str:
        """The diagnostic in English, or (``lang`` zh) in Chinese where it has a Chinese message and hint."""
        words = _WORDS_ZH if lang == "zh" else _WORDS_EN
        where = words["at"].format(self.pointer) if self.pointer else ""
        message = self.zh if lang == "zh" and self.zh else self.message
        text = f"{self.mark}: " * bool(self.mark.file) + f"{words[self.severity]}: {message}{where}"
        if self.chain:
            text += f"\n  {words['chain']}: " + " -> ".join(self.chain)
        if self.detail:
            text += "\n" + self.detail
        hint = self.hint_zh if lang == "zh" and self.hint_zh else self.hint
        if hint:
            text += f"\n  {words['hint']}: {hint}"
        return text

    def to_json(self) -> dict[str, Any]:
        """The diagnostic as one JSON object (the stable contract of ``--json`` reports and the web API)."""
        return {"severity": self.severity, "file": self.mark.file, "line": self.mark.line,
                "column": self.mark.column, "pointer": self.pointer or None, "message": self.message,
                "message_zh": self.zh or None, "hint": self.hint or None, "hint_zh": self.hint_zh or None}


_WORDS_EN = {"error": "error", "warning": "warning", "at": " (at {})", "chain": "extends chain", "hint": "hint"}
_WORDS_ZH = {"error": "错误", "warning": "警告", "at": "（位置 {}）", "chain": "继承链", "hint": "提示"}


class RulesetError(Exception):
    """One or more diagnostics, best first."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__(self.render())

    def render(self, lang: str = "en") -> str:
        return "\n".join(d.render(lang) for d in self.diagnostics)

    @classmethod
    def at(cls, mark: Mark, message: str, **extra: str | tuple[str, ...]) -> RulesetError:
        return cls([Diagnostic(mark, message, **extra)])  # type: ignore[arg-type]


class GoujiError(Exception):
    """Base of the errors this project raises for bad input outside ruleset files (records, cards)."""


class InvalidCards(GoujiError, ValueError):
    """A card vector or a cards argument that is not a multiset of cards."""
