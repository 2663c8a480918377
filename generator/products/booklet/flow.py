"""Flowing typeset blocks onto booklet pages, and the page rules it keeps.

A paragraph split across pages keeps at least two lines on each page (no widows or
orphans) when it has four or more; shorter ones move whole. A heading stays with at
least :data:`KEEP_LINES` lines of what follows it, an introduction ending with a
colon with what it introduces; every page but a section's last is filled to at least
:data:`MIN_FILL`, and a section's nearly empty last page takes the end of the page
before (:data:`MIN_LAST_FILL`). A figure that does not fit under the text waits for
the top of the next page while the short blocks after it fill the gap. The blocks
come from :mod:`.typeset`; :class:`PageModel` is what the tests measure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...draw.shapes import Item
from ...layout.text import TextOverflow
from .typeset import BODY_BOTTOM, MARGIN_TOP, MARGIN_X, Chunk


@dataclass(frozen=True)
class Placed:
    """What a page holds of one chunk, for the page model: its kind, where it starts
    and ends on the page (mm from the top) and its lines there (a text split across
    pages has some on each)."""

    kind: str
    top: float
    bottom: float
    lines: tuple[str, ...] = ()
    first: bool = True  # the chunk's first part (a split text's second part is not)
    last: bool = True  # the chunk's last part
    index: int = -1  # the chunk's place in what :func:`flow` was given

    @property
    def count(self) -> int:
        """Lines it counts for after a heading: a text's lines, one for a piece."""
        return len(self.lines) if self.kind in ("text", "item") else KEEP_LINES


@dataclass
class PageModel:
    """One body page as the typesetter filled it."""

    placed: list[Placed] = field(default_factory=list)
    section_end: bool = False  # a page break or the end follows this page

    @property
    def fill(self) -> float:
        """How much of the body's height it fills, 0 to 1."""
        if not self.placed:
            return 0.0
        return (self.placed[-1].bottom - MARGIN_TOP) / (BODY_BOTTOM - MARGIN_TOP)


#: The typesetter's page rules, measured on its page model (tests/products/booklet):
#: a heading is followed on its page by at least this many lines ...
KEEP_LINES = 2
#: ... and every page but a section's last is filled to at least this fraction.
MIN_FILL = 0.6


class _Column:
    """The pages being filled and where the next block goes on the last one."""

    def __init__(self) -> None:
        self.pages: list[list[Item]] = [[]]
        self.model: list[PageModel] = [PageModel()]
        self.y = MARGIN_TOP

    @property
    def fresh(self) -> bool:
        return self.y <= MARGIN_TOP

    def new_page(self) -> None:
        self.pages.append([])
        self.model.append(PageModel())
        self.y = MARGIN_TOP

    def before(self, chunk: Chunk) -> float:
        return chunk.space_before if not self.fresh else 0.0

    def fits_whole(self, chunk: Chunk) -> bool:
        return self.y + self.before(chunk) + chunk.height <= BODY_BOTTOM + 1e-6

    def place(self, chunk: Chunk, after: float = 0.0, index: int = -1) -> None:
        """Place a chunk, splitting its lines across pages where it may; ``after`` is
        the height that must follow it on its page (:func:`_kept_after`)."""
        before = self.before(chunk)
        need = before + _first_part(chunk) + after
        if self.y + need > BODY_BOTTOM + 1e-6 and not self.fresh:
            self.new_page()
            before = 0.0
        self.y += before
        lines = list(zip(chunk.heights, chunk.draws, strict=True))
        while lines:
            fit = 0
            room = BODY_BOTTOM - self.y
            used = 0.0
            for h, _ in lines:
                if used + h > room + 1e-6:
                    break
                used += h
                fit += 1
            if fit < len(lines):
                if not chunk.splittable or len(lines) < 4:
                    fit = 0
                else:
                    fit = min(fit, len(lines) - 2)  # leave no widow behind
                    if fit < 2:  # nor an orphan ahead
                        fit = 0
            if fit == 0 and not self.fresh:
                self.new_page()
                continue
            fit = max(fit, 1)
            top, done = self.y, len(chunk.heights) - len(lines)
            for h, draw in lines[:fit]:
                self.pages[-1].extend(draw(MARGIN_X, self.y))
                self.y += h
            lines = lines[fit:]
            shown = chunk.lines[done : done + fit] if len(chunk.draws) > 1 else chunk.lines
            self.model[-1].placed.append(
                Placed(chunk.kind, top, self.y, tuple(shown), done == 0, not lines, index)
            )
            if lines:
                self.new_page()


def flow(
    chunks: list[Chunk],
    anchors: list[tuple[str, int]] | None = None,
    model: list[PageModel] | None = None,
) -> list[list[Item]]:
    """Place chunks on pages (body area only); returns each page's items.

    A section's last page (before a page break, or the booklet's last) left nearly
    empty (under :data:`MIN_LAST_FILL`) takes the end of the page before it, where
    that page stays filled to :data:`MIN_FILL` and no page is added: no page holds
    only a couple of list items under a sea of white.

    ``anchors``, when given, receives (heading, page index) for every heading;
    ``model``, when given, receives each page's :class:`PageModel`.
    """
    breaks: set[int] = set()
    marks: list[tuple[str, int]] = []
    column = _flow(chunks, breaks, marks)
    for _ in range(4):
        at = _rebalance(column.model, chunks)
        if at is None or at in breaks:
            break
        tried_marks: list[tuple[str, int]] = []
        tried = _flow(chunks, breaks | {at}, tried_marks)
        if len(tried.pages) > len(column.pages):
            break
        breaks.add(at)
        column, marks = tried, tried_marks
    if anchors is not None:
        anchors.extend(marks)
    if model is not None:
        model[:] = column.model
    return column.pages


#: A section's last page holds at least this fraction when the page before can spare it.
MIN_LAST_FILL = 0.25


def _rebalance(model: list[PageModel], chunks: list[Chunk]) -> int | None:
    """The chunk to start a new page at so that a sparse section's last page takes the
    end of the page before (see :func:`flow`), or None."""
    height = BODY_BOTTOM - MARGIN_TOP
    for n in range(1, len(model)):
        page, prev = model[n], model[n - 1]
        if not page.section_end or prev.section_end or page.fill >= MIN_LAST_FILL:
            continue
        if not page.placed or not page.placed[0].first:
            continue  # a split text runs onto it: its lines are kept as they are
        gap = chunks[page.placed[0].index].space_before
        for i in range(len(prev.placed) - 1, 0, -1):
            here, before = prev.placed[i], prev.placed[i - 1]
            if not here.first or chunks[before.index].keep_with_next:
                continue
            moved = prev.placed[-1].bottom - here.top
            if (before.bottom - MARGIN_TOP) / height < MIN_FILL:
                break
            if page.fill * height + moved + gap > height:
                break
            if (page.fill * height + moved + gap) / height >= MIN_LAST_FILL:
                return here.index
    return None


def _flow(chunks: list[Chunk], breaks: set[int], anchors: list[tuple[str, int]]) -> _Column:
    """One pass of :func:`flow`, with a new page before each chunk in ``breaks``."""
    column = _Column()
    waiting: list[tuple[int, Chunk]] = []  # figures for the top of the next page

    def release() -> None:
        column.new_page()
        while waiting:
            at, figure = waiting.pop(0)
            column.place(figure, index=at)

    for index, chunk in enumerate(chunks):
        if not chunk.splittable and chunk.height > BODY_BOTTOM - MARGIN_TOP:
            raise TextOverflow(f"a block {chunk.height:.0f} mm tall does not fit on an A5 page")
        passes = not (chunk.page_break or chunk.floats or chunk.keep_with_next or chunk.anchor)
        if waiting and not (passes and column.fits_whole(chunk)):
            release()
        if index in breaks and not column.fresh:
            column.new_page()
        if chunk.page_break:
            if column.pages[-1]:
                column.model[-1].section_end = True
                column.new_page()
            continue
        if chunk.floats and not column.fresh and not column.fits_whole(chunk):
            waiting.append((index, chunk))
            continue
        column.place(chunk, _kept_after(chunks, index), index)
        if chunk.anchor:  # a heading is one piece: on the last page
            anchors.append((chunk.anchor, len(column.pages) - 1))
    if waiting:
        release()
    column.model[-1].section_end = True
    return column


def _kept_after(chunks: list[Chunk], index: int) -> float:
    """The height that must follow ``chunks[index]`` on its page: nothing, or for a
    chunk kept with the next (a heading, an introduction ending with a colon) what
    follows until :data:`KEEP_LINES` lines of text or one piece (a figure, a table)
    have come, through further kept chunks (a heading, its introduction, a list): a
    heading with one line of text and then a figure keeps with the figure too."""
    if not chunks[index].keep_with_next:
        return 0.0
    need, lines = 0.0, 0
    for chunk in chunks[index + 1 :]:
        if chunk.page_break:
            break
        if chunk.splittable:  # the lines it puts on this page: all, or two before a split
            take = len(chunk.heights) if len(chunk.heights) < 4 else 2
            need += chunk.space_before + sum(chunk.heights[:take])
            lines += take
        else:
            need += chunk.space_before + chunk.height
            lines += KEEP_LINES
        if lines >= KEEP_LINES and not chunk.keep_with_next:
            break
    return need


def _first_part(chunk: Chunk) -> float:
    if chunk.splittable and len(chunk.heights) >= 4:
        return sum(chunk.heights[:2])
    return chunk.height
