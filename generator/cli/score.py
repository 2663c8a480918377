"""dinokit score: replay one Paleontologists game from a moves file and add up its score."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .common import data_option, format_option, load_or_exit


@click.command()
@click.option("--code", required=True, help="The sheet's printed code (with its rolls, if any).")
@click.option(
    "--moves",
    "moves_file",
    required=True,
    type=click.Path(path_type=Path, exists=True, dir_okay=False),
    help="JSON list of the 20 rounds' moves (format: see the README).",
)
@format_option(("text", "json"), "text (a breakdown) or json.")
@data_option
def score(code: str, moves_file: Path, fmt: str, data_dir: Path) -> None:
    """Replay a game through the rules and print its score, or its first illegal move.

    Example: dinokit score --code PAL-5PBR-YZ4V-M09K71 --moves game.json
    """
    from ..games.paleo.moves import Breakdown, MoveError, load_moves, replay
    from ..games.paleo.pads import CodeError, PadGenerator
    from ..games.paleo.shared import SharedSheet, sheet_from_code
    from ..source.diagnostics import Diagnostics, display_path, printable
    from ..source.located import read_text

    data = load_or_exit(data_dir)
    generator = PadGenerator(data.game("paleontologists"))
    try:
        site = sheet_from_code(generator, code, with_par=False)
    except CodeError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    diags = Diagnostics()
    text = read_text(moves_file, diags)
    if text is None:
        raise click.ClickException(diags.errors[0].format())
    try:
        moves = load_moves(text, display_path(moves_file), generator.rules)
    except MoveError as exc:  # located; in JSON as POST /api/score/<CODE> answers it
        if fmt == "json":
            click.echo(json.dumps({"error": printable(str(exc))}, indent=2))
            raise SystemExit(1) from None
        raise click.ClickException(printable(str(exc))) from None
    rolls = site.rolls if isinstance(site, SharedSheet) else ()
    result = replay(generator.rules, site, moves, rolls)
    legal = isinstance(result, Breakdown)
    if fmt == "json":
        body = {"code": site.code, "legal": legal, **result.as_json()}
        click.echo(json.dumps(body, indent=2))
    elif isinstance(result, Breakdown):
        click.echo(f"{site.code}: {result.total} points")
        for fossil_id, value, bonus in result.fossils:
            click.echo(
                f"  fossil {fossil_id}: {value}" + (f" + {bonus} same type" if bonus else "")
            )
        click.echo(f"  fossils            {result.fossil_points:3d}")
        click.echo(f"  same-type bonuses  {result.bonus_points:3d}")
        click.echo(f"  +1 Point           {result.plus_one:3d}")
        click.echo(f"  total              {result.total:3d}")
    else:
        click.echo(
            printable(f"{result.loc}: round {result.round}, {result.step}: illegal: {result.rule}"),
            err=True,
        )
    if not legal:
        raise SystemExit(1)


COMMANDS = (score,)
