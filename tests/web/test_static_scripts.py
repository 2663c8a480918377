"""The web pages' own files, read as text: every script and page of static/ puts data
into the DOM as text only (no HTML parsed from strings), and nothing is inline that
the server's Content-Security-Policy refuses (script code, style elements or
attributes, event handler attributes); the play pages load the CJK font hook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dinokit.web

STATIC = Path(dinokit.web.__file__).parent / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))
PAGES = sorted(STATIC.glob("*.html"))

#: HTML parsed from a string: an assignment to innerHTML/outerHTML (anything but an
#: empty literal), insertAdjacentHTML, document.write, createContextualFragment, or
#: DOMParser. (Reading innerHTML is fine: only writing parses markup.)
_EMPTY = r"""(?:""|''|``)\s*(?:[;,)}]|$)"""
HTML_SINKS = [
    re.compile(rf"\.\s*(?:inner|outer)HTML\s*\+?=(?!=)(?!\s*{_EMPTY})", re.M),
    re.compile(r"\binsertAdjacentHTML\s*\("),
    re.compile(r"\bdocument\s*\.\s*write(?:ln)?\s*\("),
    re.compile(r"\bcreateContextualFragment\s*\("),
    re.compile(r"\bnew\s+DOMParser\b"),
    re.compile(r"""\[\s*["'](?:inner|outer)HTML["']\s*\]\s*="""),
]


def _code(text: str) -> str:
    """A script without its comments (a comment may name what it never does)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(?m)(^|[^:\"'\\])//.*$", r"\1", text)


def _scripts_of(page: str) -> list[str]:
    return re.findall(r"<script\b[^>]*>(.*?)</script>", page, flags=re.S | re.I)


def _sinks(text: str) -> list[str]:
    code = _code(text)
    found = []
    for pattern in HTML_SINKS:
        for m in pattern.finditer(code):
            line = code.count("\n", 0, m.start()) + 1
            found.append(f"line {line}: {code.splitlines()[line - 1].strip()[:120]}")
    return found


@pytest.mark.parametrize("path", SCRIPTS + PAGES, ids=lambda p: p.name)
def test_no_html_is_parsed_from_strings(path: Path) -> None:
    """(kit.js and data.js belong to the kit pages' owner, checked all the same.)"""
    text = path.read_text(encoding="utf-8")
    scripts = _scripts_of(text) if path.suffix == ".html" else [text]
    found = [hit for script in scripts for hit in _sinks(script)]
    assert found == [], f"{path.name} parses HTML from strings: {found}"


def test_the_check_finds_what_it_looks_for() -> None:
    for bad in ['e.innerHTML = `<b>${x}</b>`;', "e.outerHTML=x", "e.innerHTML += '<i>'",
                "e.insertAdjacentHTML('beforeend', x)", "document.write(x)",
                "e['innerHTML'] = x", "r.createContextualFragment(x)"]:  # fmt: skip
        assert _sinks(bad), bad
    for fine in ['e.innerHTML = "";', "e.innerHTML = ''", "if (e.innerHTML === x) f();",
                 "// no innerHTML = x here", "e.textContent = x;"]:  # fmt: skip
        assert not _sinks(fine), fine


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_nothing_inline_that_the_csp_refuses(path: Path) -> None:
    """No script element with code (a JSON data block is data), no style element,
    no style or on... attribute."""
    text = path.read_text(encoding="utf-8")
    for m in re.finditer(r"<script\b([^>]*)>(.*?)</script>", text, flags=re.S | re.I):
        attrs, body = m.group(1), m.group(2)
        is_data = re.search(r"""type\s*=\s*["']application/json["']""", attrs)
        assert is_data or not body.strip(), f"{path.name}: inline script {body.strip()[:80]!r}"
        assert is_data or "src=" in attrs, f"{path.name}: a script without src"
    assert not re.search(r"<style\b", text, re.I), f"{path.name}: a <style> element"
    assert not re.search(r"""\sstyle\s*=\s*["']""", text, re.I), f"{path.name}: a style attribute"
    assert not re.search(r"""<[^>]*\son[a-z]+\s*=""", text, re.I), (
        f"{path.name}: an on... attribute"
    )


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_no_inline_style_or_code_from_scripts(path: Path) -> None:
    """A script sets element.style (CSSOM, allowed), never a style attribute or
    markup with one, and never runs strings as code."""
    code = _code(path.read_text(encoding="utf-8"))
    assert not re.search(r"""setAttribute\(\s*["']style["']""", code), path.name
    assert not re.search(r"""style\s*=\s*\\?["']""", code.replace(".style =", "")), path.name
    assert not re.search(r"\beval\s*\(|\bnew\s+Function\s*\(|setTimeout\(\s*[\"'`]", code), (
        path.name
    )


def test_the_play_pages_load_the_font_hook() -> None:
    """play.html and start.html ask /fonts/<lang>.css after style.css; the stylesheet's
    font stack starts with the family that CSS declares."""
    for name in ("play.html", "start.html"):
        text = (STATIC / name).read_text(encoding="utf-8")
        links = re.findall(r'<link rel="stylesheet" href="([^"]+)">', text)
        assert links[:2] == ["/static/style.css", "/fonts/{{lang}}.css"], (name, links)
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    body = re.search(r"(?m)^body \{[^}]*font:[^;]*?/[\d.]+ ([^;]+);", css)
    assert body and body.group(1).startswith('"dinokit", '), body
