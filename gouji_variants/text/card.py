"""The rule card: one page six players read and agree on before dealing.

It names the ruleset and its fingerprint, then gives every rule where the ruleset departs
from 大纲 (with 大纲's rule beside it), then the rest, one plain sentence each, grouped by rule
area. A section that is switched off (no 烧牌, no 打点, …) shows only that. Formats: plain text,
Markdown, and self-contained HTML (no external assets) that prints on one A4 page and reads
on a phone.
"""

from __future__ import annotations

import dataclasses
import html
import re
from dataclasses import dataclass
from typing import Any, Literal

from .. import __version__
from ..ruleset.model import Ruleset
from ..ruleset.rules import SECTION_TITLES
from . import explain
from .diff import diff
from .explain import Lang

Format = Literal["txt", "md", "html"]

WORDS: dict[str, tuple[str, str]] = {
    "fingerprint": ("规则指纹 {fp}：开牌前各方核对，此串相同即规则相同（gouji fingerprint）。",
                    "Fingerprint {fp}: tables or apps that show the same string play the same rules "
                    "(gouji fingerprint)."),
    "departs": ("与大纲不同的规则（{n}条）", "Where these rules depart from 大纲 ({n})"),
    "same": ("本规则与大纲完全相同。", "These are the 大纲 rules: nothing departs from them."),
    "rest": ("其余规则", "All the other rules"),
    "all": ("全部规则", "The rules"),
    "base": ("大纲：", "大纲: "),
    "title": ("规则卡", "Rule card"),
}


@dataclass(frozen=True)
class Departure:
    key: str
    name: str
    text: str
    base: str  # 大纲's rule, as a sentence (the clauses that differ)


@dataclass(frozen=True)
class Card:
    ruleset: Ruleset
    lang: Lang
    departures: tuple[Departure, ...]
    sections: tuple[tuple[str, tuple[str, ...]], ...]  # (section title, sentences) for the rules that do not depart

    def word(self, key: str, **values: object) -> str:
        zh, en = WORDS[key]
        return (zh if self.lang == "zh" else en).format(**values)

    @property
    def name(self) -> str:
        first, second = (self.ruleset.name_zh, self.ruleset.name_en)
        return f"{first} · {second}" if self.lang == "zh" else f"{second} · {first}"

    @property
    def description(self) -> str:
        return self.ruleset.description_zh if self.lang == "zh" else self.ruleset.description_en

    @property
    def footer(self) -> str:
        return f"{self.ruleset.id} · {self.ruleset.fingerprint} · gouji-variants {__version__}"

    def to_json(self) -> dict[str, Any]:
        """The card as data, with the words it is printed with (the room protocol and the page's rules
        API send it so; docs/protocol.md)."""
        fingerprint = self.ruleset.fingerprint
        return {"lang": self.lang, "title": self.word("title"), "name": self.name, "description": self.description,
                "fingerprint": fingerprint, "fingerprint_sentence": self.word("fingerprint", fp=fingerprint),
                "departures_title": self.word("departs", n=len(self.departures)),
                "departures": [dataclasses.asdict(departure) for departure in self.departures],
                "same": "" if self.departures else self.word("same"), "base_word": self.word("base"),
                "rest_title": self.word("rest" if self.departures else "all"),
                "sections": [{"title": title, "sentences": list(lines)} for title, lines in self.sections],
                "footer": self.footer}


def build(ruleset: Ruleset, base: Ruleset, lang: Lang) -> Card:
    """The card of ``ruleset``; ``base`` is 大纲, what departures are measured from."""
    changed = diff(base, ruleset).rules()
    departures = []
    stop = "。" if lang == "zh" else "."
    for key in changed:
        text = explain.sentence(key, explain.value(ruleset.rules, key), lang, ruleset.rules)
        if not explain.active(ruleset.rules, key):
            text += explain.off_note(ruleset.rules, key, lang)
        was = explain.contrast(key, explain.value(ruleset.rules, key), explain.value(base.rules, key), lang)[1]
        departures.append(Departure(key, explain.name(key, lang), text, was + stop))
    sections: dict[str, list[str]] = {}
    for key in explain.keys():
        if key not in changed and explain.active(ruleset.rules, key):
            sentences = sections.setdefault(key.split(".")[0], [])
            sentences.append(explain.sentence(key, explain.value(ruleset.rules, key), lang, ruleset.rules))
    index = 0 if lang == "zh" else 1
    return Card(ruleset, lang, tuple(departures),
                tuple((SECTION_TITLES[section][index], tuple(lines)) for section, lines in sections.items()))


_MARKDOWN = re.compile(r"([\\`*_\[\]<>&|#])")


def _md(text: str) -> str:
    """A ruleset's own text (name, description) shown as written in Markdown: no HTML, links or emphasis."""
    return _MARKDOWN.sub(r"\\\1", text)


def _text(card: Card, markdown: bool) -> str:
    h1, h2, h3 = ("# ", "## ", "### ") if markdown else ("", "", "")
    fp = f"`{card.ruleset.fingerprint}`" if markdown else card.ruleset.fingerprint
    own = _md if markdown else str
    lines = [f"{h1}{own(card.name)}", "", card.word("fingerprint", fp=fp)]
    if card.description:
        lines += ["", own(card.description)]
    if card.departures:
        lines += ["", f"{h2}{card.word('departs', n=len(card.departures))}", ""]
        for d in card.departures:
            name = f"**{d.name}**" if markdown else f"[{d.name}]"
            base = f"*{card.word('base')}{d.base}*" if markdown else f"({card.word('base')}{d.base})"
            lines.append(f"- {name} {d.text} {base}")
    else:
        lines += ["", card.word("same")]
    lines += ["", f"{h2}{card.word('rest' if card.departures else 'all')}"]
    for title, sentences in card.sections:
        lines += ["", f"{h3}{title}" if markdown else f"{title}:", *[f"- {s}" for s in sentences]]
    return "\n".join([*lines, "", card.footer]) + "\n"


STYLE = """
* { box-sizing: border-box; }
body { margin: 0; color: #111; background: #fff; line-height: 1.35;
  font-family: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC",
    "Microsoft YaHei", sans-serif; }
main { max-width: 64rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: .9rem 0 .3rem; border-bottom: 2px solid #111; }
h3 { font-size: .95rem; margin: .5rem 0 .15rem; break-after: avoid; }
ul { margin: 0; padding-left: 1.1rem; }
li { margin: .1rem 0; break-inside: avoid; }
.fingerprint code { font-size: 1.15em; font-weight: bold; letter-spacing: .05em; }
.fingerprint, .description { margin: .2rem 0; }
.base { color: #555; font-size: .9em; display: block; }
.departures ul, .rules { columns: 2 20rem; column-gap: 1.5rem; }
.rules section { break-inside: avoid-column; }
footer { margin-top: .8rem; color: #777; font-size: .8em; }
@media (max-width: 40rem) { body { font-size: 17px; } .departures ul, .rules { columns: 1; } }
@page { size: A4; margin: 8mm; }
@media print {
  body { font-size: 7.4pt; line-height: 1.25; }
  main { max-width: none; padding: 0; }
  h1 { font-size: 12pt; }
  h2 { font-size: 9pt; margin: 4pt 0 2pt; }
  h3 { font-size: 7.4pt; margin: 2pt 0 0; }
  li { margin: 0; }
  .departures ul { columns: 2; column-gap: 5mm; }
  .rules { columns: 3; column-gap: 4mm; }
}
"""


def _html(card: Card) -> str:
    e = html.escape
    fp = card.word("fingerprint", fp="\0")
    before, _, after = fp.partition("\0")
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{"zh-Hans" if card.lang == "zh" else "en"}">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(card.word('title'))}: {e(card.name)} ({e(card.ruleset.fingerprint)})</title>",
        f"<style>{STYLE}</style></head>",
        "<body><main>",
        f"<header><h1>{e(card.name)}</h1>",
        f'<p class="fingerprint">{e(before)}<code>{e(card.ruleset.fingerprint)}</code>{e(after)}</p>',
    ]
    if card.description:
        parts.append(f'<p class="description">{e(card.description)}</p>')
    parts.append("</header>")
    if card.departures:
        parts.append(f'<section class="departures"><h2>{e(card.word("departs", n=len(card.departures)))}</h2><ul>')
        parts += [f"<li><strong>{e(d.name)}</strong> {e(d.text)}"
                  f'<span class="base">{e(card.word("base"))}{e(d.base)}</span></li>' for d in card.departures]
        parts.append("</ul></section>")
    else:
        parts.append(f'<p class="departures">{e(card.word("same"))}</p>')
    parts.append(f'<h2>{e(card.word("rest" if card.departures else "all"))}</h2><div class="rules">')
    for title, sentences in card.sections:
        parts.append(f"<section><h3>{e(title)}</h3><ul>" + "".join(f"<li>{e(s)}</li>" for s in sentences)
                     + "</ul></section>")
    parts += ["</div>", f"<footer>{e(card.footer)}</footer>", "</main></body></html>"]
    return "\n".join(parts) + "\n"


def render(card: Card, fmt: Format) -> str:
    if fmt == "html":
        return _html(card)
    return _text(card, markdown=fmt == "md")
