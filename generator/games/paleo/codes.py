"""Sheet codes: PAL-XXXX-XXXX, from which exactly one sheet can be made again.

3 bits generator version, 2 bits difficulty, 32 bits seed and 3 check bits, in
Crockford base32 (no I, L, O, U; reading is forgiving of case, spaces and O/I/L).
"""

from __future__ import annotations

GENERATOR_VERSION = 1
DIFFICULTIES = ("easy", "medium", "hard")
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32: no I, L, O, U
PREFIX = "PAL"


class CodeError(ValueError):
    """A sheet code that cannot be read; the message says what is wrong."""


def code_chars(code: str) -> str:
    """The characters of a printed code as read: case, spaces, dashes and the PAL prefix
    do not count, O reads as 0 and I, L as 1."""
    text = code.strip().upper().replace(" ", "")
    if text.startswith(PREFIX):
        text = text[len(PREFIX) :]
    return text.replace("-", "").translate(str.maketrans("OIL", "011"))


def to_base32(value: int, chars: int) -> str:
    """The low ``5 * chars`` bits of ``value`` in Crockford base32, most significant first."""
    return "".join(ALPHABET[(value >> shift) & 0x1F] for shift in range(5 * chars - 5, -1, -5))


def from_base32(text: str, code: str, hint: str = "") -> int:
    """The number the base32 characters ``text`` (read from ``code``) spell; CodeError
    naming the first character no code has (followed by ``hint``)."""
    bad = [c for c in text if c not in ALPHABET]
    if bad:
        then = f"; {hint}" if hint else ""
        raise CodeError(f"{code!r} contains {bad[0]!r}, which no code has{then}")
    value = 0
    for char in text:
        value = (value << 5) | ALPHABET.index(char)
    return value


def _check_bits(version: int, difficulty: int, seed: int) -> int:
    value = (version << 34) | (difficulty << 32) | seed
    total = 0
    while value:
        total = (total * 31 + (value & 0x1F)) % 8191
        value >>= 5
    return total & 0b111


def encode_code(version: int, difficulty: str, seed: int) -> str:
    """PAL-XXXX-XXXX: 3 bits version, 2 bits difficulty, 32 bits seed, 3 check bits."""
    if not 0 <= seed < 2**32:
        raise ValueError(f"seed {seed} is outside 0..2**32-1")
    d = DIFFICULTIES.index(difficulty)
    value = (version << 37) | (d << 35) | (seed << 3) | _check_bits(version, d, seed)
    chars = to_base32(value, 8)
    return f"{PREFIX}-{chars[:4]}-{chars[4:]}"


def decode_code(code: str) -> tuple[int, str, int]:
    """(version, difficulty, seed) of a sheet code; forgiving of case, spaces, O/I/L."""
    text = code_chars(code)
    expected = f"expected a code like {encode_code(GENERATOR_VERSION, 'medium', 12345)}"
    if len(text) != 8:
        raise CodeError(f"{code!r} has {len(text)} code characters, {expected}")
    value = from_base32(text, code, expected)
    version, d, seed = value >> 37, (value >> 35) & 0b11, (value >> 3) & 0xFFFFFFFF
    if d >= len(DIFFICULTIES) or value & 0b111 != _check_bits(version, d, seed):
        raise CodeError(f"{code!r} is not a valid sheet code (a character is mistyped?)")
    if version != GENERATOR_VERSION:
        raise CodeError(
            f"{code!r} was made by pad generator version {version}; this dinokit has "
            f"version {GENERATOR_VERSION} and cannot rebuild it"
        )
    return version, DIFFICULTIES[d], seed
