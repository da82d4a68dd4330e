"""gouji-variants: 够级 (Gouji) rules as data — rulesets, notation and a referee."""

__version__ = "0.1.0"
