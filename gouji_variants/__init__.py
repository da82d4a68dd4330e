"""gouji-variants: 够级 (Gouji) rules as data — rulesets, notation and a referee."""

from .enginecore import select

__version__ = "0.2.0"
ENGINE = select()  # "compiled" or "pure" (GOUJI_ENGINE; docs/compiled-core.md)
