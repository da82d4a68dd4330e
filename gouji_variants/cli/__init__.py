"""The ``gouji`` command: one click group, a module per command family (docs/architecture.md)."""

from .commands import main

__all__ = ["main"]
