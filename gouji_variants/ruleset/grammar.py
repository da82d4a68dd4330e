"""Lark parsers for the notation and the expressions, with errors people can read."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .resources import GRAMMAR_DIR

#: What each named terminal means, in words people know (never ``__ANON_0``).
TERMINAL_WORDS: dict[str, str] = {
    "RANK": "a rank (3-9, T or 10, J, Q, K, A, 2)",
    "TEN": "a rank (3-9, T or 10, J, Q, K, A, 2)",
    "SMALL_JOKER": "小王 (B)",
    "BIG_JOKER": "大王 (R)",
    "BY": "the word 'by'",
    "ON": "the word 'on'",
    "TWO": "'2'",
    "ANY": "'any rank'",
    "RANK_WORD": "the word 'rank'",
    "CARDS": "the word 'card' or 'cards'",
    "DECKS": "the word 'decks'",
    "OF": "the word 'of'",
    "ADJUST": "'only', 'remove' or 'add'",
    "RATIO": "a multiplier 1-9",
    "COUNT": "a number",
    "TOP_JOKER": "王中王 (W)",
    "SINGLE": "the word 'single'",
    "ALONE": "the word 'alone'",
    "JOKER_WORD": "the word 'joker' or 'jokers'",
    "TWOS_WORD": "the word 'two' or 'twos'",
    "EQUAL_OR_HIGHER": "'equal or higher'",
    "IN_ALL": "'in all'",
    "HIGHER": "'higher'",
    "EACH": "the word 'each'",
    "LPAR": "'('",
    "RPAR": "')'",
    "TRIBUTE_KIND": "a tribute kind (点 闷 烧 落 清 憋王)",
    "COMMA": "','",
    "PLUS": "'+'",
    "MORETHAN": "'>'",
    "$END": "the end of the text",
    "BOUND": "'exactly' or 'at least'",
    "NOBODY": "'none'",
    "LEGACY_ORDER": "'duitou-then-team' or 'whoever-has-extra'",
    "SOURCE": "a buy source (对门, 联邦, 上下家)",
    "GIFT": "'赠'",
    "ARROW": "'->'",
    "CONSEQUENCE": "a consequence (大落, 不开点)",
    "NO": "the word 'no'",
    "WITH": "the word 'with'",
    "OR": "the word 'or'",
    "NOT": "the word 'not'",
    "PART": "the word 'part'",
}


#: The same words in Chinese, for ``--lang zh`` and the page.
TERMINAL_WORDS_ZH: dict[str, str] = {
    "RANK": "点数（3-9、T 或 10、J、Q、K、A、2）", "TEN": "点数（3-9、T 或 10、J、Q、K、A、2）",
    "SMALL_JOKER": "小王（B）", "BIG_JOKER": "大王（R）", "BY": "词 'by'", "ON": "词 'on'", "TWO": "'2'",
    "ANY": "'any rank'", "RANK_WORD": "词 'rank'", "CARDS": "词 'card' 或 'cards'", "DECKS": "词 'decks'",
    "OF": "词 'of'", "ADJUST": "'only'、'remove' 或 'add'", "RATIO": "倍数 1-9", "COUNT": "数字",
    "TOP_JOKER": "王中王（W）", "SINGLE": "词 'single'", "ALONE": "词 'alone'", "JOKER_WORD": "词 'joker' 或 'jokers'",
    "TWOS_WORD": "词 'two' 或 'twos'", "EQUAL_OR_HIGHER": "'equal or higher'", "IN_ALL": "'in all'",
    "HIGHER": "'higher'", "EACH": "词 'each'", "LPAR": "'('", "RPAR": "')'",
    "TRIBUTE_KIND": "贡的种类（点 闷 烧 落 清 憋王）",
    "COMMA": "','", "PLUS": "'+'", "MORETHAN": "'>'", "$END": "结尾", "BOUND": "'exactly' 或 'at least'",
    "NOBODY": "'none'", "LEGACY_ORDER": "'duitou-then-team' 或 'whoever-has-extra'",
    "SOURCE": "买牌来源（对门、联邦、上下家）", "GIFT": "'赠'", "ARROW": "'->'", "CONSEQUENCE": "后果（大落、不开点）",
    "NO": "词 'no'", "WITH": "词 'with'", "OR": "词 'or'", "NOT": "词 'not'", "PART": "词 'part'",
}


class NotationError(ValueError):
    """Text that the grammar rejects; ``column`` is 1-based inside ``text``; ``zh`` the message in Chinese
    (empty where it has none)."""

    def __init__(self, text: str, column: int, message: str, zh: str = "") -> None:
        self.text = text
        self.column = column
        self.message = message
        self.zh = zh
        super().__init__(self.render())

    def render(self, indent: str = "  ") -> str:
        """The message, then the text with a caret under the offending column."""
        caret = " " * _display_width(self.text[: self.column - 1]) + "^"
        return f"column {self.column}: {self.message}\n{indent}{self.text}\n{indent}{caret}"


def _display_width(text: str) -> int:
    """Terminal width of text: CJK characters take two cells."""
    return sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)


def _expected_words(names: set[str], lang: str = "en") -> str:
    table = TERMINAL_WORDS_ZH if lang == "zh" else TERMINAL_WORDS
    words = sorted({table.get(name, name.lower()) for name in names})
    if not words:
        return "没有别的了" if lang == "zh" else "nothing more"
    if lang == "zh":
        return words[0] if len(words) == 1 else "、".join(words[:-1]) + " 或 " + words[-1]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _error(text: str, column: int, found: str | None, expected: set[str]) -> NotationError:
    """``found`` (None: the text ended) where one of the terminals ``expected`` was."""
    if found is None:
        what, what_zh = ("nothing", "空白") if not text.strip() else ("the end of the text", "结尾")
        return NotationError(text, column, f"found {what}; expected {_expected_words(expected)}",
                             f"遇到{what_zh}；应为{_expected_words(expected, 'zh')}")
    return NotationError(text, column, f"unexpected {found!r}; expected {_expected_words(expected)}",
                         f"不应出现 {found!r}；应为{_expected_words(expected, 'zh')}")


def _describe(error: UnexpectedInput, text: str) -> NotationError:
    if isinstance(error, UnexpectedCharacters):
        pos = error.pos_in_stream
        found = text[pos] if pos is not None and pos < len(text) else ""
        return _error(text, error.column, found, set(error.allowed))
    if isinstance(error, UnexpectedEOF):
        return _error(text, len(text) + 1, None, set(error.expected))
    assert isinstance(error, UnexpectedToken)
    token = error.token
    if token.type == "$END":
        return _error(text, len(text) + 1, None, set(error.expected))
    return _error(text, token.column or 1, str(token), set(error.expected))


@dataclass(frozen=True)
class Grammar:
    """One grammar file, parsed LALR, with several start symbols."""

    parser: Lark

    def parse(self, text: str, start: str) -> Tree[Token]:
        try:
            return self.parser.parse(text, start=start)
        except UnexpectedInput as error:
            raise _describe(error, text) from None


@cache
def load(name: str, starts: tuple[str, ...]) -> Grammar:
    """Load ``grammar/<name>.lark`` once per process."""
    source = (GRAMMAR_DIR / f"{name}.lark").read_text(encoding="utf-8")
    return Grammar(Lark(source, parser="lalr", start=list(starts), propagate_positions=True))
