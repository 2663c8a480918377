"""Every label the kit prints, and the {placeholders} each may use: the code's needs.

The validator requires each of these in every language (the reference English too)
and refuses any other placeholder or a stray brace; labels are filled with
:meth:`~generator.source.lang.Language.label`, which substitutes only the values it
is given. A test checks that every ``label("...")`` in the code is listed here.
"""

from __future__ import annotations

from collections.abc import Mapping

NONE: frozenset[str] = frozenset()
TWO_PARTS = frozenset({"0", "1"})  # a list pattern: what comes before, and the item added

LABELS: Mapping[str, frozenset[str]] = {
    # Paleontologists pad sheets
    **dict.fromkeys(
        ["difficulty_easy", "difficulty_medium", "difficulty_hard", "dice_key", "dice_key_hint",
         "dice_key_shape", "dice_key_dig_type", "star_hint", "round", "total", "sheet_code",
         "shapes", "dig_types", "bonuses", "fossils", "value", "bonus", "pad_title"],
        NONE,
    ),
    # Digging for Dinos tiles, tokens and sheets
    **dict.fromkeys(
        ["era", "complete", "incomplete", "print_check", "backs", "tiles_title", "tokens_title",
         "aid_title", "token_face_a", "token_face_b", "player_aid"],
        NONE,
    ),
    # the player aid
    **dict.fromkeys(
        ["aid_turn", "aid_move", "aid_stuck", "aid_flip", "aid_collect", "aid_refill", "aid_end",
         "aid_scoring", "aid_score_complete", "aid_score_incomplete", "aid_tie", "aid_setup",
         "aid_setup_board", "aid_setup_tokens"],
        NONE,
    ),
    "aid_ability": frozenset({"ability_species_or"}),
    "aid_end_when": frozenset({"end_completed"}),
    "aid_setup_players": frozenset({"players"}),
    # lists and era names, shared by the booklets, the aid and the sheets
    "list_and": TWO_PARTS,
    "list_and_more": TWO_PARTS,
    "list_or": TWO_PARTS,
    "list_or_more": TWO_PARTS,
    "era_numeral": frozenset({"era", "name", "number", "numeral"}),
    # rules booklets: the how-to-print sheet and the titles
    **dict.fromkeys(
        ["booklet_howto_title", "booklet_howto_first", "booklet_howto_duplex",
         "booklet_howto_scale", "booklet_howto_fold", "booklet_howto_staple", "rules_title"],
        NONE,
    ),
    "booklet_howto_letter": frozenset({"scale"}),
    "percent": frozenset({"value"}),  # how the language writes 94%
    # PDF metadata
    "pdf_subject_sheets": frozenset({"paper"}),
    "pdf_subject_booklet": frozenset({"paper"}),
    "pdf_subject_shop": NONE,
    # -- print ways: gutter fold, calibration, printer profiles (issue 12, first part)
    **dict.fromkeys(
        ["fold_line", "calibrate_title", "calibrate_step_print", "calibrate_step_light",
         "calibrate_step_read", "calibrate_step_save", "calibrate_x", "calibrate_y",
         "calibrate_back"],
        NONE,
    ),
    "calibrate_step_ruler": frozenset({"length"}),
    # -- print ways: the read-me-first guide and the exports (issue 12, second part)
    **dict.fromkeys(
        ["guide_title", "guide_contents", "guide_col_file", "guide_col_how", "guide_col_sheets",
         "guide_duplex_long", "guide_duplex_short", "guide_one_sided", "guide_gutter",
         "guide_scale", "guide_card", "guide_plain", "guide_shop_file", "guide_pad_note",
         "guide_calibration_file", "guide_check_title", "guide_check", "guide_calibrate_title",
         "guide_cut_title", "guide_cut_margins", "guide_cut_strips", "guide_cut_pieces",
         "guide_cut_bleed", "guide_cut_order", "guide_tokens_title", "guide_tokens_cut",
         "guide_tokens_sturdy", "guide_more", "pdf_subject_export", "tts_pen"],
        NONE,
    ),
    "guide_subtitle": frozenset({"paper"}),
    "guide_a5_pages": frozenset({"count"}),
    "guide_totals": frozenset({"card", "plain"}),
    "guide_calibrate": frozenset({"file", "paper"}),
    "guide_tokens_print": frozenset({"file"}),
    "guide_tokens_gutter": frozenset({"file"}),
    "pdf_subject_guide": frozenset({"paper"}),
    # -- Paleontologists shared play: rolls, day's dig, solo par, tournaments (issue 13)
    **dict.fromkeys(["rolls_printed", "daily", "par"], NONE),
    # -- the web app (issue 14)
    # -- balance lab reports (issue 15)
    # -- languages (issue 17)
}  # fmt: skip
