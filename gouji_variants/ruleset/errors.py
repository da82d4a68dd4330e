"""Located diagnostics: what was wrong, where (file:line:column, JSON pointer), and a hint."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Mark:
    """A place in a file; line and column are 1-based."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a ruleset, located in its file."""

    mark: Mark
    message: str
    pointer: str = ""
    hint: str = ""
    detail: str = ""  # pre-formatted lines, e.g. an expression with a caret
    chain: tuple[str, ...] = ()  # the extends chain that led here

    def render(self) -> str:
        where = f" (at {self.pointer})" if self.pointer else ""
        text = f"{self.mark}: error: {self.message}{where}"
        if self.chain:
            text += "\n  extends chain: " + " -> ".join(self.chain)
        if self.detail:
            text += "\n" + self.detail
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class RulesetError(Exception):
    """One or more diagnostics, best first."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)

    @classmethod
    def at(cls, mark: Mark, message: str, **extra: str | tuple[str, ...]) -> RulesetError:
        return cls([Diagnostic(mark, message, **extra)])  # type: ignore[arg-type]


class GoujiError(Exception):
    """Base of the errors this project raises for bad input outside ruleset files (records, cards)."""


class InvalidCards(GoujiError, ValueError):
    """A card vector or a cards argument that is not a multiset of cards."""
