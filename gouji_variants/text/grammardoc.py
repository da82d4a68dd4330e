"""The grammar blocks of docs/notation.md, generated from ``grammar/expressions.lark``.

Each expression kind's block (a fenced block marked ``grammar:KIND``) is the part of the Lark grammar
that kind's start symbol reaches: its rules as written there (tree aliases and comments left out),
terminals that are one word written inline as that word, the others listed after the rules. The card
terminals are the [card notation](../docs/notation.md#card-notation)'s. ``tests/test_docs.py`` checks
the blocks are fresh; ``python -m gouji_variants.text.docgen`` rewrites them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..ruleset.resources import GRAMMAR_DIR

EXPRESSIONS = GRAMMAR_DIR / "expressions.lark"
#: The terminals of the card notation (``grammar/cards.lark``): named, not spelled out.
CARD_TERMINALS = ("RANK", "TEN", "SMALL_JOKER", "BIG_JOKER", "TOP_JOKER")
_DEFINITION = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z_0-9]*)(?:\.\d+)?\s*:(?P<body>.*)$")
_MORE = re.compile(r"^\s+\|(?P<body>.*)$")
_SYMBOL = re.compile(r'"[^"]*"i?|/[^/]*/i?|\b[A-Za-z_][A-Za-z_0-9]*\b')
_WORD = re.compile(r'^"(?P<word>[^"]*)"i?$')
WIDTH = 100  # the longest line of a block (a terminal's alternatives are wrapped)
_FENCE = re.compile(r"^```text grammar:(?P<kind>\w+)\n.*?^```$", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Grammar:
    """The definitions of a Lark grammar file: each rule's alternatives and each terminal's, in file order."""

    rules: dict[str, tuple[str, ...]]
    terminals: dict[str, tuple[str, ...]]

    def reached(self, start: str) -> tuple[list[str], list[str]]:
        """The rules (``start`` first) and terminals ``start`` reaches, in file order."""
        rules: set[str] = set()
        terminals: set[str] = set()
        todo = [start]
        while todo:
            name = todo.pop()
            if name in rules:
                continue
            rules.add(name)
            for symbol in _symbols(self.rules[name]):
                if symbol in self.rules:
                    todo.append(symbol)
                elif symbol in self.terminals:
                    terminals.add(symbol)
        return [start, *(name for name in self.rules if name in rules and name != start)], \
            [name for name in self.terminals if name in terminals]


def _symbols(alternatives: tuple[str, ...]) -> list[str]:
    return [found for body in alternatives for found in _SYMBOL.findall(body) if found[0] not in '"/']


def _clean(body: str, terminal: bool) -> str:
    """An alternative without its comment and (a rule's) tree alias, spaces made single."""
    body = body.split("//")[0]
    return " ".join((body if terminal else body.split("->")[0]).split())


def _alternatives(body: str, terminal: bool) -> list[str]:
    """A definition's alternatives on one line: a terminal's each apart, a rule's as written (one line one)."""
    parts = body.split(" | ") if terminal else [body]
    return [cleaned for cleaned in (_clean(part, terminal) for part in parts) if cleaned]


def read_grammar(path: Path) -> Grammar:
    rules: dict[str, list[str]] = {}
    terminals: dict[str, list[str]] = {}
    current: list[str] | None = None
    terminal = False
    for line in path.read_text(encoding="utf-8").split("\n"):
        found = _DEFINITION.match(line)
        more = _MORE.match(line)
        if found:
            name = found.group("name")
            terminal = name.isupper()
            current = (terminals if terminal else rules).setdefault(name, [])
            current += _alternatives(found.group("body"), terminal)
        elif more and current is not None:
            current += _alternatives(more.group("body"), terminal)
        elif line.strip() and not line.lstrip().startswith("//"):
            current = None
    return Grammar({k: tuple(v) for k, v in rules.items()}, {k: tuple(v) for k, v in terminals.items()})


@cache
def expressions_grammar() -> Grammar:
    return read_grammar(EXPRESSIONS)


def _inline(body: str, words: dict[str, str]) -> str:
    return _SYMBOL.sub(lambda found: words.get(found.group(0), found.group(0)), body)


def render_grammar(kind: str, grammar: Grammar | None = None) -> str:
    """The grammar block of expression ``kind`` (a start symbol of ``expressions.lark``)."""
    grammar = grammar or expressions_grammar()
    rules, terminals = grammar.reached(kind)
    words = {name: f'"{match.group("word")}"' for name in terminals
             if len(grammar.terminals[name]) == 1 and (match := _WORD.match(grammar.terminals[name][0]))}
    listed = [name for name in terminals if name not in words and name not in CARD_TERMINALS]
    width = max(len(name) for name in (*rules, *listed)) + 1
    lines: list[str] = []
    for name in rules:
        first, *others = (_inline(body, words) for body in grammar.rules[name])
        lines.append(f"{name + ':':<{width}} {first}")
        lines += [f"{'':<{width - 1}}| {other}" for other in others]
    if listed:
        lines.append("")
        for name in listed:
            lines += _wrapped(f"{name + ':':<{width}} ", grammar.terminals[name], f"{'':<{width - 1}}| ")
    cards = [name for name in CARD_TERMINALS if name in terminals]
    if cards:
        lines.append(f"// {' '.join(cards)}: the card notation")
    return "\n".join(lines)


def _wrapped(first: str, alternatives: tuple[str, ...], more: str, width: int = WIDTH) -> list[str]:
    """Alternatives joined by `` | ``, a line at most ``width`` long, continued as ``more``."""
    lines = [first + alternatives[0]]
    for alternative in alternatives[1:]:
        if len(lines[-1]) + 3 + len(alternative) > width:
            lines.append(more + alternative)
        else:
            lines[-1] += " | " + alternative
    return lines


def refresh_notation(text: str) -> str:
    """``text`` (docs/notation.md) with every ``grammar:KIND`` block generated anew."""
    return _FENCE.sub(lambda found: f"```text grammar:{found.group('kind')}\n"
                                    f"{render_grammar(found.group('kind'))}\n```", text)
