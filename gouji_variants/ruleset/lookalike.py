"""Letters that look Latin but are not: a Cyrillic 'е' in 'rulesеt', a fullwidth 'ｒ' in 'ｒuleset'.

A key or word that differs from an allowed one only by such letters gets a hint naming them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: Cyrillic and Greek letters drawn like Latin ones (fullwidth forms are folded by NFKC).
_PAIRS = {
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M",
    "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "Х": "X", "І": "I", "Ј": "J", "Ѕ": "S",
    "α": "a", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x",
    "Α": "A", "Β": "B", "Ε": "E", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
    "Τ": "T", "Υ": "Y", "Χ": "X", "Ζ": "Z",
}
_TABLE = str.maketrans(_PAIRS)


def latin(word: str) -> str:
    """``word`` with every look-alike letter replaced by the Latin letter it looks like."""
    return unicodedata.normalize("NFKC", word).translate(_TABLE)


def hint(word: str, allowed: Iterable[str], lang: str = "en") -> str:
    """A hint (in ``lang``) naming the look-alike letters when ``word`` is one of ``allowed`` once they are
    replaced; else ''."""
    plain = latin(word)
    if plain == word or plain not in set(allowed):
        return ""
    odd = dict.fromkeys(c for c in word if not c.isascii())
    if lang == "zh":
        named_zh = "，".join(f"'{c}' 是 {unicodedata.name(c, f'U+{ord(c):04X}')}" for c in odd)
        return f"是不是 {plain!r}？{named_zh}，不是拉丁字母"
    named = ", ".join(f"'{c}' is {unicodedata.name(c, f'U+{ord(c):04X}')}" for c in odd)
    return f"did you mean {plain!r}? {named}, not a Latin letter"


def fullwidth(text: str, column: int) -> tuple[str, str]:
    """A hint (English, Chinese) when the character at 1-based ``column`` of ``text`` is a full-width form of an
    ASCII one, such as '，' for ','; else empty strings."""
    char = text[column - 1:column]
    plain = unicodedata.normalize("NFKC", char)
    if not char or plain == char or not plain.isascii():
        return "", ""
    name = unicodedata.name(char, f"U+{ord(char):04X}")
    return (f"'{char}' is {name}: write '{plain}' (switch the input method to half-width or English)",
            f"'{char}' 是全角字符：请写半角的 '{plain}'（把输入法切换到半角或英文）")
