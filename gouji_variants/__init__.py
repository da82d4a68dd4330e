"""gouji-variants: 够级 (Gouji) rules as data — rulesets, notation and a referee."""

from . import moved
from .enginecore import select

__version__ = "0.3.0"
ENGINE = select()  # "compiled" or "pure" (GOUJI_ENGINE; docs/compiled-core.md)
moved.install()
