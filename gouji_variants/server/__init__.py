"""The room service (``gouji serve``): rooms where six seats agree on the rules, then play.

:mod:`.protocol` (the JSON messages and their schemas, docs/protocol.md), :mod:`.rulesource` (rules
from a built-in ruleset or house YAML), :mod:`.rooms` (the room state machine, no I/O), :mod:`.store`
(the ``Store`` interface and SQLite), :mod:`.bots` (bots off the event loop), :mod:`.limits`,
:mod:`.app` (the Starlette app) and :mod:`.client` (a protocol client). Needs the ``[web]`` extra.
"""
