"""The commands of ``gouji``: for each, the module (of this package) and function that make it, loaded only
when it runs or its help is asked for, and the line the group's ``--help`` lists it by.

Standard library only: ``gouji --version`` and ``gouji --help`` read this table and import no command.
"""

from __future__ import annotations

#: name -> (module, function, the line ``gouji --help`` lists it by)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "bot": ("serve", "bot_command", "Sit a bot at a room's seat through the protocol."),
    "card": ("agree", "card", "A one-page rule card to agree on before dealing."),
    "check": ("referee", "check", "Run each ruleset's examples; report the failing ones."),
    "diff": ("agree", "diff_command", "Compare two rulesets rule by rule (and in play)."),
    "fingerprint": ("rulesets", "fingerprint", "Print each ruleset's fingerprint."),
    "hint": ("play", "hint", "What a bot would do at a decision of a record, and why."),
    "judge": ("referee", "judge", "Referee one combination: legal, 够级, beats PREV?"),
    "list": ("rulesets", "list_command", "List the rulesets: id, 中文名, region, aliases, fingerprint."),
    "new": ("rulesets", "new", "Write a house-rules file to edit."),
    "play": ("play", "play", "Play a game or a match in the terminal against bots."),
    "replay": ("runs", "replay", "Check and re-play game records; step through one."),
    "schema": ("rulesets", "schema_command", "Print the ruleset JSON Schema."),
    "serve": ("serve", "serve", "Run the room service and the web page."),
    "show": ("rulesets", "show", "Show a ruleset (--resolved, --provenance)."),
    "simulate": ("runs", "simulate", "Self-play N games: speed, win rates, rule statistics."),
    "validate": ("rulesets", "validate", "Check ruleset files, reporting every error of each."),
}
