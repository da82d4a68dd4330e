"""gouji-variants: 够级 (Gouji) rules as data — rulesets, notation and a referee."""

__version__ = "0.2.0"
