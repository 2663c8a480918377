"""dinokit guide: the kit's "read me first" guide, on its own."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..source.diagnostics import display_path
from .common import PAPERS, data_option, language_of, load_or_exit, out_option

if TYPE_CHECKING:
    from ..products.files import Written


@click.command()
@data_option
@out_option(help="The kit's folder (as built by dinokit build); the guide goes into it.")
@click.option(
    "--lang",
    "languages",
    multiple=True,
    show_default="every language of the kit",
    help="Only this language (repeat for several).",
)
@click.option(
    "--paper",
    "papers",
    multiple=True,
    type=click.Choice(PAPERS),
    show_default="every paper of the kit",
    help="Only this paper (repeat for several).",
)
def guide(
    data_dir: Path, out_dir: Path, languages: tuple[str, ...], papers: tuple[str, ...]
) -> None:
    """Write <out>/<lang>/guide-<paper>.pdf: what the kit holds and how to print it.

    The files and their page counts come from <out>/manifest.json (run dinokit build
    first); the thumbnails are drawn again from the data. A language or paper the kit
    was not built for is refused (its guide would list next to nothing).

    Example: dinokit guide --out output/ --lang de --paper a4
    """
    from ..products.files import OutputError
    from ..products.guide import build_guide
    from ..products.guide.manifest import kit_file_problem, read_manifest
    from .common import build_errors

    try:
        written = read_manifest(out_dir)
    except OutputError as exc:
        raise click.ClickException(str(exc)) from None
    data = load_or_exit(data_dir)
    kit = kit_papers(written)
    codes = tuple(dict.fromkeys(languages)) or tuple(sorted(kit))
    chosen = [language_of(data, code) for code in codes]  # known to the data at all
    plan = guide_plan(kit, codes, papers, display_path(out_dir))
    broken = [
        (w.path, problem) for w in written if w.language in codes
        and w.paper in (*PAPERS, "a5") and w.component != "guide"
        and (problem := kit_file_problem(w.path, out_dir)) is not None
    ]  # fmt: skip
    if broken:
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        raise click.ClickException(
            f"{display_path(broken[0][0])}: {broken[0][1]}{more}; build the kit again "
            f"(dinokit build --out {display_path(out_dir)}); no guide was written"
        )
    by_code = {lang.code: lang for lang in chosen}
    for code, paper in plan:
        try:
            for item in build_guide(data, by_code[code], paper, written, out_dir):
                click.echo(f"wrote {display_path(item.path)} ({item.pages} pages)")
        except build_errors() as exc:
            raise click.ClickException(str(exc)) from None


PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


def kit_papers(written: list[Written]) -> dict[str, tuple[str, ...]]:
    """The papers (A4, Letter) the kit has files for, by language; the guides and the
    A5 booklets (which serve every paper) do not count."""
    found: dict[str, set[str]] = {}
    for item in written:
        if item.language and item.paper in PAPERS and item.component != "guide":
            found.setdefault(item.language, set()).add(item.paper)
    return {code: tuple(p for p in PAPERS if p in have) for code, have in found.items()}


def guide_plan(
    kit: dict[str, tuple[str, ...]], codes: tuple[str, ...], papers: tuple[str, ...], shown: str
) -> list[tuple[str, str]]:
    """(language, paper) of each guide to write: each one the kit has files for, or a
    ClickException (exit 1) saying what the kit holds, before anything is written."""
    if not kit:
        raise click.ClickException(
            f"the kit in {shown} has no printable files (its manifest.json lists none); "
            f"build it first (dinokit build --out {shown}); no guide was written"
        )
    all_papers = {p for have in kit.values() for p in have}

    def rebuild(langs: set[str], with_papers: set[str]) -> str:
        """The build that gives the kit it has and what was asked for."""
        options = [f"--lang {c}" for c in sorted(langs)]
        options += [f"--paper {p}" for p in PAPERS if p in with_papers]
        return f"dinokit build --out {shown} {' '.join(options)}"

    plan = []
    for code in codes:
        if code not in kit:
            raise click.ClickException(
                f"the kit in {shown} has no files in {code!r} (its languages: "
                f"{', '.join(sorted(kit))}); build them into it first "
                f"({rebuild({*kit, code}, all_papers)}) or leave out --lang; "
                "no guide was written"
            )
        for paper in dict.fromkeys(papers) or kit[code]:
            if paper not in kit[code]:
                built = " and ".join(PAPER_NAMES[p] for p in kit[code])
                raise click.ClickException(
                    f"the kit in {shown} has no {PAPER_NAMES[paper]} files in {code!r} (it was "
                    f"built for {built}): a guide to it would list only the A5 booklets; "
                    f"build them into it first ({rebuild(set(kit), {*all_papers, paper})}) "
                    "or leave out --paper; no guide was written"
                )
            plan.append((code, paper))
    return plan


COMMANDS = (guide,)
