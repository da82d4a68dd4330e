"""The move generator, now the ``plays`` component's (:mod:`gouji_variants.components.moves`);
this name stays for code written against it."""

from ..components.moves import Moves, moves_for
from ..components.vectors import Counts, cards_of

__all__ = ["Counts", "Moves", "cards_of", "moves_for"]
