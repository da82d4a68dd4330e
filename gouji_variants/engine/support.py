"""Which rules the engine honours: a ruleset setting anything else is refused, never played differently."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..compiler import Ruleset, rules_to_data
from ..rules import Rules


class NotSupported(ValueError):
    """The ruleset sets a rule the engine does not play yet."""

    def __init__(self, keys: list[tuple[str, Any]]) -> None:
        self.keys = keys
        super().__init__("; ".join(f"not supported yet: {key}={json.dumps(value, ensure_ascii=False)}"
                                   for key, value in keys))


#: rule key -> whether the engine plays the ruleset's value of it.
SUPPORTED: dict[str, Callable[[Rules], bool]] = {}


def check_supported(ruleset: Ruleset) -> None:
    """Raise :class:`NotSupported` naming every rule the engine cannot honour yet."""
    rules = ruleset.rules
    bad = [key for key, ok in SUPPORTED.items() if not ok(rules)]
    if bad:
        data = rules_to_data(rules)
        raise NotSupported([(key, data[key.split(".")[0]][key.split(".")[1]]) for key in bad])
