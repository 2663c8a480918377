"""``python -m dinokit`` is ``dinokit``."""

from .cli import run

run()
