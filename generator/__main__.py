"""``python -m generator`` is ``dinokit``."""

from .cli import run

run()
