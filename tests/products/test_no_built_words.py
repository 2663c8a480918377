"""No player-visible string is built from literals in the code (issue 25).

Every word, joiner and bracket a player reads comes from a label (``data/lang``), so
each language sets its own word order and punctuation (full-width in Japanese and
Chinese). Read from the source with ast, the code of the print products, the layout
and the web pages must not:

- hold the joiners " · ", " – ", " — " in a string (a footer's parts, a list of names
  are joined by a label pattern or the ``separator`` label);
- put a label or a name (``lang.label(...)``, ``lang.term(...)``) into an f-string,
  a ``+`` or a ``%`` with any literal text, a space included ("Era 1" is a label
  pattern, ``era_number``, not ``f"{era} {n}"``);
- draw literal words: the text given to ``Text``, ``fitted_text``, ``fitted_line``,
  ``centred_on``, ``text_block`` or a page's ``label=``, when it is a string with
  letters or brackets, or is built in the same function from one (a name assigned
  there is followed once).

The static scripts of the web pages are read with a regex for the same joiners, for
a label or ``t(...)`` joined to literal text with ``+``, and for template literals
with words or brackets around their ``${...}``.

Error messages (``raise ...``), docstrings and the designers' pages (validation
findings, English by design) are not player text. What else is allowed is listed
in ALLOWED, each with why.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "generator"
#: The balance reports (products/reports) are left out: they are for the game's designers,
#: in English by design (rendered with lang="en"; only the species' names are looked up).
SCANNED = ("products", "layout", "web")
SKIPPED = ("products/reports",)
JOINERS = ("·", "–", "—")
DRAWING = {"Text": 2, "fitted_text": 2, "fitted_line": 2, "centred_on": 2, "text_block": 0}
WORDS_CALLS = {"label", "term"}

#: (file under generator/, what the finding quotes): not words a player reads.
ALLOWED: dict[tuple[str, str], str] = {
    # character sets, not text: the glyphs the fonts must hold or the code may draw
    ("web/webfont.py", "★●○⊗⟳⇋·–—…✓✗"): "the symbols the web font subset keeps",
    ("layout/fontfiles.py", "•·–—−×÷→←↑↓…°½✓✗○●"): "glyphs drawn by code, not by fonts",
    ("products/paleo/pad.py", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-·+"): "sheet-code alphabet",
    ("layout/text.py", "+-−–×÷=±<>≤≥"): "line breaking: the operators a sum breaks before",
    ("layout/text.py", "[(«„“\\\"']?[+\\-−±]?\\d[\\d.,:/–\\-]*[%‰°]?[.,;:!?)»”\\\"']*$"): (
        "line breaking: what a number looks like"
    ),
    # a list mark drawn before a line, as the numbers before numbered steps
    ("products/guide/pages.py", "–"): "the mark of an unnumbered step",
    # page descriptions for drawing logs and tests, never drawn on the page (the
    # drawn footers of these pages are labels: typeset.page_frame, imposition._howto)
    ("products/booklet/build.py", " · 1"): "the cover's description",
    ("products/booklet/typeset.py", " · "): "a booklet page's description",
    ("products/booklet/imposition.py", "blank"): "an imposed sheet's description",
    ("products/booklet/imposition.py", " · sheet "): "an imposed sheet's description",
    ("products/booklet/imposition.py", " · sheet  : pages |"): "an imposed sheet's description",
    ("products/booklet/imposition.py", " · how to print"): "the how-to sheet's description",
    ("products/export/fitting.py", "   on "): "a print service's page: piece, art, product",
    ("products/export/service_export.py", "blank back on "): "a print service's blank back",
}


def _python_files() -> Iterator[Path]:
    for stage in SCANNED:
        for path in sorted((PACKAGE / stage).rglob("*.py")):
            if not path.relative_to(PACKAGE).as_posix().startswith(SKIPPED):
                yield path


def _is_words_call(node: ast.AST) -> bool:
    """``x.label(...)``/``x.term(...)``, or a method called on one (``.upper()``)."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr in WORDS_CALLS:
            return True
        node = node.func.value
    return False


def _literal_text(node: ast.AST) -> str | None:
    """The literal text of a string, an f-string's literal parts, or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return None


def _has_words(text: str) -> bool:
    return any(c.isalpha() for c in text) or any(c in text for c in "()（）[]/" + "".join(JOINERS))


def _skipped(tree: ast.AST) -> set[int]:
    """Nodes that are not player text: raise statements' messages and docstrings."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
    return skip


def _assignments(func: ast.AST) -> dict[str, list[ast.AST]]:
    out: dict[str, list[ast.AST]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out.setdefault(target.id, []).append(node.value)
    return out


def _drawn_literal(
    node: ast.AST, names: dict[str, list[ast.AST]], follow: bool = True
) -> str | None:
    """The literal words of a text to be drawn, if it is built from any."""
    text = _literal_text(node)
    if text is not None and _has_words(text):
        return text
    if isinstance(node, ast.BinOp):
        for side in (node.left, node.right):
            found = _drawn_literal(side, names, follow)
            if found:
                return found
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "join"
        and (text := _literal_text(node.func.value))
        and text.strip()
    ):
        return text
    if follow and isinstance(node, ast.Name):
        for value in names.get(node.id, []):
            found = _drawn_literal(value, names, follow=False)
            if found:
                return found
    return None


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def python_findings(path: Path, source: str) -> list[str]:
    tree = ast.parse(source)
    skip = _skipped(tree)
    where = path.relative_to(PACKAGE).as_posix() if path.is_absolute() else str(path)
    found: list[tuple[int, str, str]] = []

    def add(node: ast.AST, quoted: str, why: str) -> None:
        if (where, quoted) not in ALLOWED:
            found.append((getattr(node, "lineno", 0), quoted, why))

    funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    scope: dict[int, dict[str, list[ast.AST]]] = {}
    for func in funcs:  # inner functions come later in the walk: theirs win
        names = _assignments(func)
        for node in ast.walk(func):
            scope[id(node)] = names
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        # 1. the joiners, anywhere
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and any(j in node.value for j in JOINERS)
        ):
            add(node, node.value, "a joiner in the code")
        # 2. a label or a name with literal text around it
        if isinstance(node, ast.JoinedStr):
            parts = [v.value for v in node.values if isinstance(v, ast.FormattedValue)]
            text = _literal_text(node) or ""
            if text and any(_is_words_call(p) for p in parts):
                add(node, text, "a label put into an f-string with literal text")
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            sides = (node.left, node.right)
            text = next((t for s in sides if (t := _literal_text(s))), None)
            if text and any(_is_words_call(s) for s in sides):
                add(node, text, "a label joined to literal text")
        # 3. literal words drawn on a page or naming it
        if isinstance(node, ast.Call):
            names = scope.get(id(node), {})
            index = DRAWING.get(_call_name(node))
            args: list[ast.AST] = []
            if index is not None and len(node.args) > index:
                args.append(node.args[index])
            args += [k.value for k in node.keywords if k.arg in ("label", "text")]
            for arg in args:
                if id(arg) in skip:
                    continue
                quoted = _drawn_literal(arg, names)
                if quoted:
                    add(arg, quoted, f"literal words drawn by {_call_name(node)}()")
    return [f"{where}:{line}: {why}: {quoted!r}" for line, quoted, why in sorted(found)]


JS_JOINER = re.compile(r"[\"'`][^\"'`\n]*[·–—][^\"'`\n]*[\"'`]")
JS_CONCAT = re.compile(
    r"\b(?:label|t)\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\+\s*[\"'`]|[\"'`]\s*\+\s*\b(?:label|t)\("
)
JS_TEMPLATE = re.compile(r"`([^`]*)`")
#: the data page's script: it shows validation findings to designers, their source lines
#: with a " | " gutter and their messages in English, by design
JS_DESIGNERS = {"data.js"}
#: a line whose template literals are shown: text set, children put in, a label read aloud
JS_SHOWN = re.compile(
    r"textContent|replaceChildren|\.append\(|aria-label|\bel\(\"(?:span|b|p|h2|td|th|li)"
)
ATTRIBUTE = re.compile(r"(?:\bclass|\bid|\"data-[a-z-]+\"):\s*$")
#: (script, quoted literal): not words. "–" is the dash of an empty score cell.
JS_ALLOWED = {("play.js", '"–"')}


def js_findings(name: str, source: str) -> list[str]:
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        code = line.split("//", 1)[0] if not line.lstrip().startswith("//") else ""
        problems = []
        joiners = [m.group(0) for m in JS_JOINER.finditer(code)]
        if any((name, j) not in JS_ALLOWED for j in joiners):
            problems.append("a joiner in the code")
        if JS_CONCAT.search(code):
            problems.append("a label joined to literal text")
        for m in JS_TEMPLATE.finditer(code if JS_SHOWN.search(code) else ""):
            body = m.group(1)
            if ATTRIBUTE.search(code[: m.start()]):
                continue  # a class or an id, not text
            if "${" in body:
                literal = re.sub(r"\$\{[^}]*\}", "", body)
                if any(c.isalpha() for c in literal) or any(c in literal for c in "()（）"):
                    problems.append("a template literal with words or brackets")
        found += [f"static/{name}:{number}: {p}: {code.strip()[:90]}" for p in problems]
    return found


#: text beside a {{value}} in a page's markup: between it and a tag or another value
HTML_BESIDE = re.compile(r"\}\}([^<>{\"]+)(?:<|\{\{)|>([^<>{\"]+)\{\{")


def html_findings(name: str, source: str) -> list[str]:
    """Words, joiners or brackets that a page's markup puts beside a value or a label,
    its {{t:label}} and {{value}} (a space before a control or an icon before a label
    is layout, not words)."""
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        for m in HTML_BESIDE.finditer(line):
            text = m.group(1) or m.group(2)
            if _has_words(text):
                found.append(f"static/{name}:{number}: text beside a value: {text!r}")
    return found


def _is_player_page(path: Path) -> bool:
    return path.name not in JS_DESIGNERS


def test_no_player_visible_string_is_built_from_literals() -> None:
    findings: list[str] = []
    for path in _python_files():
        findings += python_findings(path, path.read_text(encoding="utf-8"))
    for path in sorted((PACKAGE / "web" / "static").glob("*.js")):
        if _is_player_page(path):
            findings += js_findings(path.name, path.read_text(encoding="utf-8"))
    for path in sorted((PACKAGE / "web" / "static").glob("*.html")):
        findings += html_findings(path.name, path.read_text(encoding="utf-8"))
    assert not findings, "built from literals, not labels:\n" + "\n".join(findings)


def test_the_scan_catches_what_issue_25_found() -> None:
    """The forms the issue found (the tile footer, the diagrams' era, the web heading)
    are each reported; the same words through labels are not."""
    where = PACKAGE / "products" / "example.py"
    built = {
        "footer": 'label = " · ".join(parts)\n',
        "era": "def f(lang, n):\n    return f\"{lang.label('era')} {n}\"\n",
        "title": "def f(lang, n):\n    return f\"{lang.label('era')} ({lang.term('eras', n)})\"\n",
        "drawn": 'def f(x):\n    return Text(0, 0, "Round", "font", 7)\n',
        "page": 'def f(x, n):\n    label = f"{x}/{n} sheet"\n    return Page(1, 1, label=label)\n',
    }
    for name, source in built.items():
        assert python_findings(where, source), name
    labelled = (
        'def f(lang, n):\n    text = lang.label("era_number", {"number": n})\n'
        "    return Text(0, 0, text, 'font', 7)\n"
    )
    assert not python_findings(where, labelled)
    assert js_findings("play.js", '$("x").textContent = `(${label("round") + " " + n})`;')
    assert js_findings("play.js", 'el("b", {}, a, " · ", b);')
    assert not js_findings("play.js", '$("x").textContent = t("web_site_state", { site, state });')
    assert html_findings("play.html", "<h2>{{t:web_dig_site}} (<span></span>)</h2>")
    assert html_findings("kit.html", "<title>{{t:web_kit_title}} – dinokit</title>")
    assert not html_findings("kit.html", '<p aria-label="{{t:web_dig_site}}">{{t:web_show}}</p>')
