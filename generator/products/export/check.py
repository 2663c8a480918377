"""One line of a print-shop report, shared by the preflight and the press checks."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Check:
    """One line of the report: what was checked, whether it passed, what was found."""

    name: str
    ok: bool
    detail: str
