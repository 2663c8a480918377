"""The located YAML loader: safe_load semantics plus positions and stricter checks."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dinokit.source.diagnostics import Diagnostics
from dinokit.source.located import MAX_NODES, Map, Scalar, Seq, load_file, load_text


def load(text: str):
    diags = Diagnostics()
    return load_text(text, "t.yaml", diags), [(d.code, d.location.line, d.message) for d in diags]


def plain(node):
    if isinstance(node, Map):
        return {k: plain(v) for k, v in node.items()}
    if isinstance(node, Seq):
        return [plain(v) for v in node.items]
    return node.value


@pytest.mark.parametrize(
    "text",
    [
        "a: 1\nb: [1, 2.5, true, null, x]\nc: {d: '2020-01-01', e: 2020-01-01}\n",
        "base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  y: 3\n",
        "- 0x1f\n- 1_000\n- .inf\n- ~\n- yes\n",
    ],
)
def test_values_equal_safe_load(text: str) -> None:
    node, problems = load(text)
    assert problems == []
    assert plain(node) == yaml.safe_load(text)


def test_every_value_knows_its_line_and_column() -> None:
    node, _ = load("top:\n  inner: [10, 20]\n")
    inner = node.get("top").get("inner")
    assert (inner.loc.line, inner.loc.column) == (2, 10)
    assert (inner.items[1].loc.line, inner.items[1].loc.column) == (2, 15)
    assert node.get("top").key_loc("inner").line == 2


def test_duplicate_key_reports_both_lines() -> None:
    _, problems = load("a: 1\nb: 2\na: 3\n")
    assert problems == [("E-YAML-DUPLICATE-KEY", 3, problems[0][2])]
    assert "first defined at line 1" in problems[0][2]


def test_unsafe_tag_is_refused() -> None:
    node, problems = load("a: !!python/object/apply:os.system ['echo hi']\n")
    assert problems and problems[0][0] == "E-YAML-TAG"


def test_alias_bomb_is_stopped() -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for prev, name in zip("abcdef", "bcdefg", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    node, problems = load("\n".join(lines) + "\n")
    assert node is None
    assert problems[0][0] == "E-YAML-ALIAS"
    assert str(MAX_NODES) in problems[0][2]


def test_recursive_alias_is_stopped() -> None:
    node, problems = load("a: &a [1, *a]\n")
    assert node is None and problems[0][0] == "E-YAML-ALIAS"


def test_small_aliases_are_fine() -> None:
    node, problems = load("x: &c '#aabbcc'\ny: *c\n")
    assert problems == [] and node.get("y").value == "#aabbcc"


@pytest.mark.parametrize(
    "raw, code",
    [
        (b"a: 1\x00\x01\x02", "E-FILE-BINARY"),
        (b"a: caf\xe9\n", "E-FILE-BINARY"),
        (b"", "E-YAML-EMPTY"),
        (b"a: [1,\n", "E-YAML-SYNTAX"),
        (b"a: 1\n---\nb: 2\n", "E-YAML-SYNTAX"),
    ],
)
def test_bad_files_become_diagnostics(tmp_path: Path, raw: bytes, code: str) -> None:
    path = tmp_path / "f.yaml"
    path.write_bytes(raw)
    diags = Diagnostics()
    assert load_file(path, diags) is None
    assert [d.code for d in diags] == [code]


def test_missing_file(tmp_path: Path) -> None:
    diags = Diagnostics()
    assert load_file(tmp_path / "nope.yaml", diags) is None
    assert [d.code for d in diags] == ["E-FILE-MISSING"]


def test_scalar_is_frozen() -> None:
    s = Scalar(1, None)
    with pytest.raises(AttributeError):
        s.value = 2


def _shipped_yaml() -> list[Path]:
    from dinokit.source import DEFAULT_DATA_DIR, TEMPLATES_DIR

    return sorted([*Path(DEFAULT_DATA_DIR).rglob("*.yaml"), *Path(TEMPLATES_DIR).rglob("*.yaml")])


def test_libyaml_and_pyyaml_give_the_same_nodes_and_places(monkeypatch) -> None:
    """Files are composed by libyaml when PyYAML has it; the pure-Python composer
    must give exactly the same values at exactly the same lines and columns."""
    from dinokit.source import located

    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("this PyYAML has no libyaml")
    files = _shipped_yaml()
    assert len(files) > 40
    fast = [load_text(f.read_text(encoding="utf-8"), f.name, Diagnostics()) for f in files]
    monkeypatch.setattr(located, "_FAST_EVENTS", yaml.SafeLoader)
    slow = [load_text(f.read_text(encoding="utf-8"), f.name, Diagnostics()) for f in files]

    def places(node, out):
        out.append((node.loc.line, node.loc.column))
        if isinstance(node, Map):
            for key, (where, value) in node.entries.items():
                out.append((key, where.line, where.column))
                places(value, out)
        elif isinstance(node, Seq):
            for item in node.items:
                places(item, out)
        return out

    assert fast == slow
    assert [places(n, []) for n in fast] == [places(n, []) for n in slow]
