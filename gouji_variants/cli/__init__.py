"""The ``gouji`` command: one click group, a module per command family (docs/architecture.md)."""

from .group import main

__all__ = ["main"]
