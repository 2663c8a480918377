"""What every PDF dinokit writes shares: its Creator and Author, and the syntax of
numbers and text strings the streaming backend writes."""

from __future__ import annotations

#: The program named as the Creator and Producer of every PDF.
CREATOR = "dinokit"
#: The Author of every PDF: this edition's texts and art are the project's own.
AUTHOR = "dinokit contributors"

_NUMBERS: dict[float, str] = {}


def num(value: float) -> str:
    """A number as PDF writes it: at most 4 decimals, no trailing zeros."""
    text = _NUMBERS.get(value)
    if text is None:
        if value == int(value):
            text = str(int(value))
        else:
            text = f"{value:.4f}".rstrip("0").rstrip(".")
            text = "0" if text == "-0" else text
        if len(_NUMBERS) > 20_000:  # coordinates repeat from page to page: keep it bounded
            _NUMBERS.clear()
        _NUMBERS[value] = text
    return text


def pdf_string(text: str) -> bytes:
    """A PDF text string: literal when ASCII, UTF-16 with a byte-order mark otherwise."""
    if text.isascii():
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return f"({escaped})".encode("ascii")
    return b"<FEFF" + text.encode("utf-16-be").hex().upper().encode() + b">"
