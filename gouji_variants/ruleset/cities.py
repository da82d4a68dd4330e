"""The cities of Shandong, where 够级 is played, by the names people type: 菏泽, 菏泽市, heze, He-ze, Heze.

A city is not a ruleset: the catalogue (:mod:`gouji_variants.ruleset.catalog`) reads a city's name as
the rulesets whose region or names start with it, and answers a real city without one as such.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class City:
    """A prefecture-level city: its Chinese name and its pinyin, written together in lower case."""

    zh: str
    pinyin: str

    def __str__(self) -> str:
        return f"{self.zh} ({self.pinyin})"


#: Shandong's sixteen prefecture-level cities.
CITIES = tuple(City(zh, pinyin) for zh, pinyin in (
    ("济南", "jinan"), ("青岛", "qingdao"), ("淄博", "zibo"), ("枣庄", "zaozhuang"), ("东营", "dongying"),
    ("烟台", "yantai"), ("潍坊", "weifang"), ("济宁", "jining"), ("泰安", "taian"), ("威海", "weihai"),
    ("日照", "rizhao"), ("临沂", "linyi"), ("德州", "dezhou"), ("聊城", "liaocheng"), ("滨州", "binzhou"),
    ("菏泽", "heze"),
))


def named(text: str) -> City | None:
    """The city ``text`` names: its Chinese name, with or without 市, or its pinyin in any case, spaced,
    hyphenated or with an apostrophe (``Tai'an``), with or without ``shi``.

    >>> named("heze"), named("He-ze"), named("菏泽市"), named("济南") == named("Jinan Shi"), named("jiangsu")
    (City(zh='菏泽', pinyin='heze'), City(zh='菏泽', pinyin='heze'), City(zh='菏泽', pinyin='heze'), True, None)
    """
    folded = text.strip().casefold()
    latin = re.sub(r"[-\s'’]", "", folded).removesuffix("shi")
    return next((city for city in CITIES if folded.removesuffix("市") == city.zh or latin == city.pinyin), None)
