"""``python -m generator`` is ``dinokit``."""

from .cli import main

main()
