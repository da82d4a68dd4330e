"""Sources a reader can follow: every citation of a source text (``001:47``) in a built-in ruleset, the docs or
the code has its line quoted in ``docs/sources.md``, and the generated pages link each citation to its quote.

The quotes are in the repository, so the check of docs/sources.md against what cites runs always; regenerating
the page (and checking it is fresh) needs the source texts in ../shared/seeds, and is skipped without them.
"""

from __future__ import annotations

import pytest

from gouji_variants.text import sources
from gouji_variants.text.docgen import RULESET_DOCS, builtin_rulesets

REGENERATE = "run python -m gouji_variants.text.docgen"
NO_SEEDS = f"no source texts in {sources.SEEDS_DIR} (a clone without ../shared/seeds)"


@pytest.fixture(scope="module")
def cited() -> dict[sources.Citation, list[str]]:
    return sources.cited_in_repository(builtin_rulesets())


def test_citations_are_read_as_written() -> None:
    found = sources.citations("000:54, 56, 173 · 000:123, 001:47-48 · 000:127-139, 001 Q&A 4 · 001:47, 2s · 003:59.")
    assert [str(citation) for citation in found] == ["000:54", "000:56", "000:173", "000:123", "001:47-48",
                                                      "000:127-139", "001:47", "003:59"]
    assert sources.citations("at 10:30, version 0.3.0:12, 1000:5") == []


def test_a_citation_links_each_line_range() -> None:
    assert sources.link("(000:54, 56; 003:53-55)", "s.md") == (
        "([000:54](s.md#000-54), [56](s.md#000-56); [003:53-55](s.md#003-53))")


def test_every_builtin_ruleset_cites_something(cited: dict[sources.Citation, list[str]]) -> None:
    citing = {place for places in cited.values() for place in places}
    assert {f"rulesets/{ruleset.path.name}" for ruleset in builtin_rulesets()} <= citing


def test_every_citation_is_quoted_in_docs_sources(cited: dict[sources.Citation, list[str]]) -> None:
    quoted = sources.quoted()
    missing = [f"{citation} ({', '.join(sorted(set(places)))})" for citation, places in sorted(cited.items())
               if any((citation.file, line) not in quoted for line in citation.lines)]
    assert not missing, f"cited but not quoted in docs/sources.md: {'; '.join(missing)}; {REGENERATE}"


def test_ruleset_pages_link_their_citations() -> None:
    page = (RULESET_DOCS / "qingdao.md").read_text(encoding="utf-8")
    assert "| [001:47](../sources.md#001-47) |" in page and "([001:47](../sources.md#001-47), a 够级吧" in page
    for path in sorted(RULESET_DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        bare = [match[0] for match in sources.CITATION.finditer(text) if text[match.start() - 1] != "["]
        assert not bare, f"{path.name}: citations not linked to docs/sources.md: {bare}"


def test_sources_page_is_fresh(cited: dict[sources.Citation, list[str]]) -> None:
    if not sources.seed_files():
        pytest.skip(NO_SEEDS)
    committed = sources.SOURCES.read_text(encoding="utf-8") if sources.SOURCES.is_file() else ""
    assert committed == sources.render_sources(cited), f"docs/sources.md is stale: {REGENERATE}"


def test_a_citation_past_a_texts_end_is_an_error() -> None:
    if not sources.seed_files():
        pytest.skip(NO_SEEDS)
    with pytest.raises(ValueError, match=r"rulesets/x\.yaml cite 001:9999, past the end of 001_"):
        sources.render_sources({sources.Citation("001", 9999, 9999): ["rulesets/x.yaml"]})
    with pytest.raises(ValueError, match=r"rulesets/x\.yaml cites 009:1: there is no source text 009"):
        sources.render_sources({sources.Citation("009", 1, 1): ["rulesets/x.yaml"]})
