"""export png: one image per face, sized (trim + 2 x bleed) x dpi / 25.4, DPI in the file."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from export_fixtures import data_fixture, en_fixture  # noqa: F401  (fixtures)
from PIL import Image

from dinokit.layout.sheets import load_sheet_spec
from dinokit.products.export.pieces import SHOP_BLEED
from dinokit.products.export.png import export_png
from dinokit.products.export.raster import pixels

DPI = 50  # small: the sizes follow the same formula at any resolution


@pytest.fixture(scope="module")
def exported(data, en, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("png")
    export_png(data, en, ("tokens", "aid"), DPI, SHOP_BLEED, out)
    return out / "en"


def test_pixels_round_to_nearest_with_halves_up() -> None:
    assert pixels(25.4, 300) == 300
    assert pixels(46.35, 300) == 547  # 547.44
    assert pixels(25.4 * 10.5 / 300, 300) == 11  # exactly half: up
    assert pixels(25.4 * 10.49 / 300, 300) == 10


@pytest.mark.parametrize("product, component", [("tokens", "token"), ("aid", "aid")])
def test_every_face_is_full_bleed_at_the_dpi(exported: Path, product: str, component: str) -> None:
    size = load_sheet_spec().components[component]
    expected = (
        round((size.width + 2 * SHOP_BLEED) * DPI / 25.4),
        round((size.height + 2 * SHOP_BLEED) * DPI / 25.4),
    )
    files = sorted((exported / product).glob("*.png"))
    assert len(files) == (8 if product == "tokens" else 2)
    for path in files:
        with Image.open(path) as image:
            assert image.size == expected, path.name
            assert image.mode == "RGB"
            assert [round(v) for v in image.info["dpi"]] == [DPI, DPI]  # pHYs: px per metre
            # full bleed: the token's colour reaches every corner of the image
            if product == "tokens":
                corners = {image.getpixel(p) for p in [(0, 0), (expected[0] - 1, expected[1] - 1)]}
                assert (255, 255, 255) not in corners


def test_components_csv_lists_each_face_with_the_quantity(exported: Path, data) -> None:
    with (exported / "components.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    rules = data.game("digging-for-dinos").rules
    tokens = [r for r in rows if r["component"].startswith("tokens/")]
    assert len(tokens) == 2 * len(rules.player_colours)  # front and back of each colour
    assert {r["quantity"] for r in tokens} == {str(rules.tokens_per_player)}
    aid = [r for r in rows if r["component"] == "aid/aid"]
    assert [r["face"] for r in aid] == ["front", "back"]
    assert {r["quantity"] for r in aid} == {str(rules.max_players)}
    for row in rows:
        assert (exported / row["file"]).is_file(), row


def test_the_same_input_gives_the_same_bytes(data, en, exported: Path, tmp_path: Path) -> None:
    export_png(data, en, ("aid",), DPI, SHOP_BLEED, tmp_path)
    for name in ("aid-front.png", "aid-back.png"):
        assert (tmp_path / "en" / "aid" / name).read_bytes() == (
            exported / "aid" / name
        ).read_bytes()
    # no time or text chunks: only the header, resolution, data and end
    content = (tmp_path / "en" / "aid" / "aid-front.png").read_bytes()
    assert b"tIME" not in content and b"tEXt" not in content and b"pHYs" in content


def test_every_png_carries_the_srgb_profile(exported: Path) -> None:
    import io

    from PIL import ImageCms

    from dinokit.products.export.colour import srgb_profile_bytes

    for path in sorted((exported / "aid").glob("*.png")):
        content = path.read_bytes()
        assert b"iCCP" in content
        with Image.open(path) as image:
            icc = image.info["icc_profile"]
            assert icc == srgb_profile_bytes() and len(icc) == 588  # the same bytes every time
            profile = ImageCms.ImageCmsProfile(io.BytesIO(icc)).profile
            assert "sRGB" in profile.profile_description and profile.xcolor_space == "RGB "
            assert [round(v) for v in image.info["dpi"]] == [DPI, DPI]
