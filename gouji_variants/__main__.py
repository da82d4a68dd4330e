"""``python -m gouji_variants``: the ``gouji`` command."""

from .cli import main

main(prog_name="gouji")
