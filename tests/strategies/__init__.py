"""Hypothesis strategies shared by the tests and the benchmarks: ``from strategies import house_rulesets``
(``tests/`` is on the path of every test; a benchmark puts it there)."""

from .expressions import EXPRESSIONS
from .rulesets import BASES, PACKS, compile_house, document_text, house_documents, house_rulesets, keys, value_of

__all__ = ["BASES", "EXPRESSIONS", "PACKS", "compile_house", "document_text", "house_documents", "house_rulesets",
           "keys", "value_of"]
