"""Stage 7, the command line: thin Click commands that parse options and call one function.

One module per command group; each imports the heavy stages (fonts, layout, render)
only inside the command that needs them, so ``dinokit --help`` starts at once.
"""

from __future__ import annotations

import click

from .. import __version__
from . import kit, pads, rules, simulate, validate


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dinokit")
def main() -> None:
    """Print-and-play kits for Digging for Dinos and Paleontologists."""


for command in (
    validate.validate,
    kit.build,
    kit.tiles,
    kit.tokens,
    kit.aid,
    pads.pads,
    rules.rules,
    simulate.simulate,
    validate.i18n,
):
    main.add_command(command)


def run() -> None:
    """The ``dinokit`` console command."""
    from .entry import run as run_process

    run_process(main)


__all__ = ["main", "run"]
