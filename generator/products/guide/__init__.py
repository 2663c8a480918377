"""The kit's "read me first" guide: ``guide-<paper>.pdf`` in every language.

What the kit holds (a thumbnail of each file's first page, drawn from the same page
description scaled down), how to print each file, how many sheets it takes (counted
from the files built), the order to cut, how to make the tokens and where the
calibration sheet comes from. :mod:`.entries` finds the files and their first pages;
:mod:`.pages` draws the guide; :func:`build_guide` writes it.
"""

from .entries import Entry, kit_entries
from .pages import guide_pages
from .write import build_guide, build_guides, guide_path

__all__ = ["Entry", "build_guide", "build_guides", "guide_pages", "guide_path", "kit_entries"]
