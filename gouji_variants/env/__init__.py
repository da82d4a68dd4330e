"""Learning environments for every ruleset: PettingZoo (:func:`env`, :class:`raw_env`) and Gymnasium
(:class:`GoujiEnv`), with a fixed, factored action encoding and a numeric observation (docs/env.md).

They need the ``rl`` extra (``pip install 'gouji-variants[rl]'``: numpy, gymnasium, pettingzoo);
the rest of the package does not.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - the CI installs the extra
    raise ImportError(
        f"gouji_variants.env needs the 'rl' extra ({error.name} is missing): "
        "pip install 'gouji-variants[rl]' (numpy, gymnasium, pettingzoo)") from error

from .actions import ActionEncoding, Family
from .aec import AGENTS, env, raw_env
from .session import EnvError, Session, load
from .single import GoujiEnv

__all__ = ["AGENTS", "ActionEncoding", "EnvError", "Family", "GoujiEnv", "Session", "env", "load", "raw_env"]
