"""Every label the kit prints, and the {placeholders} each may use: the code's needs.

The validator requires each of these in every language (the reference English too)
and refuses any other placeholder or a stray brace; labels are filled with
:meth:`~generator.source.lang.Language.label`, which substitutes only the values it
is given. A test checks that every ``label("...")`` in the code is listed here.
"""

from __future__ import annotations

from collections.abc import Mapping

NONE: frozenset[str] = frozenset()
TWO_PARTS = frozenset({"0", "1"})  # a range: where it starts and where it ends

#: Labels a language may give, and need not: its own "and" list where CLDR's does not
#: read well in running text (Korean joins names with ·, not 및): ``list_and`` joins the
#: last item on, ``list_and_more`` every item before it (default: CLDR's middle part).
OPTIONAL: Mapping[str, frozenset[str]] = {"list_and": TWO_PARTS, "list_and_more": TWO_PARTS}

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
        ["aid_turn", "aid_move", "aid_flip", "aid_collect", "aid_refill", "aid_end",
         "aid_scoring", "aid_score_complete", "aid_score_incomplete", "aid_tie", "aid_setup",
         "aid_setup_board", "aid_setup_tokens"],
        NONE,
    ),
    "aid_stuck": frozenset({"steps"}),  # the turn's steps after the move: a range, "2–4"
    "aid_ability": frozenset({"ability_species_or"}),
    "aid_end_when": frozenset({"end_completed"}),
    "aid_setup_players": frozenset({"players"}),
    # ranges and era names, shared by the booklets, the aid and the sheets (lists and
    # numbers come from CLDR through Babel: Language.join, Language.number)
    "range": TWO_PARTS,
    "era_number": frozenset({"number"}),  # "Era 1": the rules, the diagrams, the sheets
    "era_numeral": frozenset({"era", "name", "numeral"}),  # {era} is an era_number
    # -- what a line is made of: no word, joiner or bracket comes from the code (issue 25)
    "separator": NONE,
    "footer_sheet": frozenset({"title", "page", "pages", "paper"}),
    "bonus_plus": frozenset({"bonus"}),
    "document_title": frozenset({"game", "product"}),
    "piece_tile": frozenset({"species", "position"}),
    "piece_token": frozenset({"title", "number"}),
    "piece_pad": frozenset({"game", "code"}),
    # rules booklets: the how-to-print sheet and the titles
    **dict.fromkeys(
        ["booklet_howto_title", "booklet_howto_first", "booklet_howto_duplex",
         "booklet_howto_manual", "booklet_howto_scale", "booklet_howto_fold",
         "booklet_howto_staple", "rules_title"],
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
         "calibrate_step_coarse", "calibrate_step_read", "calibrate_step_save",
         "calibrate_step_check", "calibrate_printer_name", "calibrate_x", "calibrate_y",
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
    # -- the guide written for its kit: gutter fold, booklets without duplex (issue 24)
    **dict.fromkeys(
        ["guide_cut_glue", "guide_cut_bleed_gutter", "guide_tokens_sturdy_gutter",
         "guide_booklet_title", "guide_booklet_odd", "guide_booklet_even"],
        NONE,
    ),
    "guide_totals_gutter": frozenset({"card", "plain"}),
    "guide_booklet_manual": frozenset({"section"}),
    "guide_booklet_test": frozenset({"file"}),
    "guide_booklet_pages": frozenset({"file", "last"}),
    # -- Paleontologists shared play: rolls, day's dig, solo par, tournaments (issue 13)
    **dict.fromkeys(["rolls_printed", "daily", "par"], NONE),
    # -- the web app (issue 14)
    # -- balance lab reports (issue 15)
    # -- languages (issue 17)
    # -- the web pages in every language: the play page and its start page (after issue 16)
    **dict.fromkeys(
        [
          "web_nav_kit", "web_nav_play", "web_nav_data", "web_language", "web_show",
          "web_start_intro", "web_daily_heading", "web_date", "web_difficulty", "web_daily_go",
          "web_new_heading", "web_new_go", "web_code_heading", "web_code_intro", "web_code",
          "web_code_go", "web_dig_site", "web_grid_help", "web_this_round", "web_use_dice",
          "web_the_roll", "web_rotate", "web_mirror", "web_undo", "web_pass", "web_confirm",
          "web_bonus_to_circle", "web_square_type", "web_score", "web_export", "web_restart",
          "web_restart_ask", "web_cell_dug", "web_cell_pending", "web_cell_drawn",
          "web_cell_square", "web_cell_star_covered", "web_cell_star", "web_cell_empty",
          "web_outside", "web_pick_first", "web_confirm_first", "web_mirrored", "web_rotated",
          "web_nothing_to_undo", "web_undone", "web_game_over", "web_circled_column",
          "web_usable_column", "web_at_the_end", "web_use", "web_used", "web_draw_square",
          "web_none_yet", "web_same_type", "web_par_wait", "web_par_beaten", "web_new_game",
          "web_dice_noted", "web_label_sep", "web_list_sep",
        ],
        NONE,
    ),
    # the error pages, in the page's language (their details stay English)
    **dict.fromkeys(
        ["web_error_400", "web_error_404", "web_error_429", "web_error_500", "web_error_503",
         "web_error_other", "web_error_details"],
        NONE,
    ),
    "web_start_title": frozenset({"game"}),
    "web_die": frozenset({"number"}),
    "web_cell": frozenset({"column", "row"}),
    "web_cell_fossil": frozenset({"fossil", "points"}),
    "web_fits": frozenset({"shape"}),
    "web_cannot": frozenset({"reason", "shape"}),
    "web_on_fossil": frozenset({"column", "fossil", "row"}),
    "web_on_drawn": frozenset({"column", "row"}),
    "web_square_drawn": frozenset({"column", "row"}),
    "web_placed_stars": frozenset({"due", "shape", "stars"}),
    "web_placed": frozenset({"shape"}),
    "web_round_done": frozenset({"round"}),
    "web_round_passed": frozenset({"round"}),
    "web_circled": frozenset({"bonus"}),
    "web_circled_confirm": frozenset({"bonus"}),
    "web_switch_on": frozenset({"bonus"}),
    "web_switch_off": frozenset({"bonus"}),
    "web_dig_of": frozenset({"date"}),
    "web_round_of": frozenset({"round", "rounds"}),
    "web_site_state": frozenset({"site", "state"}),
    "web_par_result": frozenset({"par", "beaten"}),
    "web_page_title": frozenset({"page"}),
    "web_die_faces": frozenset({"die", "dig_type", "first", "second"}),
    "web_shape_with_type": frozenset({"dig_type", "shape"}),
    "web_stars_due": frozenset({"chosen", "due", "stars"}),
    "web_circle": frozenset({"bonus"}),
    "web_circles_state": frozenset({"circled", "limit", "used"}),
    "web_use_this_round": frozenset({"bonus"}),
    "web_tap_square": frozenset({"dig_type"}),
    "web_final": frozenset({"points"}),
    "web_summary": frozenset({"bonuses", "fossil_points", "fossils", "plus_one", "plus_points"}),
    "web_par": frozenset({"par"}),
    "web_replay_failed": frozenset({"error"}),
    "web_nothing_fits": NONE,
    "web_score_change": frozenset({"change", "total"}),
    "web_export_partial": frozenset({"round", "rounds"}),
    # -- the kit and data pages in every language (web_kit_*)
    **dict.fromkeys(
        [
          "web_kit_title", "web_kit_heading", "web_kit_pages", "web_kit_game", "web_kit_product",
          "web_kit_print_language", "web_kit_paper", "web_kit_layout", "web_kit_ink_saver",
          "web_kit_crop_marks", "web_kit_imposed", "web_kit_pad_count", "web_kit_pad_players",
          "web_kit_pad_seed", "web_kit_pad_difficulty", "web_kit_pad_per_page",
          "web_kit_pad_rolls", "web_kit_help", "web_kit_downloads", "web_kit_pdf", "web_kit_svg",
          "web_kit_png", "web_kit_zip", "web_kit_progress", "web_kit_cancel", "web_kit_preview",
          "web_kit_preview_label", "web_kit_broken_link", "web_kit_drawing",
          "web_kit_preview_ready", "web_kit_building", "web_kit_cancelling", "web_kit_cancelled",
          "web_kit_state_queued", "web_kit_state_running", "web_kit_state_done",
          "web_kit_state_failed", "web_kit_state_cancelled", "web_kit_step_kit",
          "web_kit_step_packing", "web_kit_paper_a4", "web_kit_paper_letter",
          "web_kit_layout_duplex", "web_kit_layout_gutter_fold", "web_kit_rolls_none",
          "web_kit_rolls_printed", "web_kit_rolls_solo", "web_kit_broken", "web_kit_data_title",
          "web_kit_data_heading", "web_kit_data_intro", "web_kit_data_again",
          "web_kit_data_checking", "web_kit_data_error", "web_kit_data_warning",
        ],
        NONE,
    ),
    "web_kit_preview_alt": frozenset({"language", "paper", "product"}),
    "web_kit_built": frozenset({"file"}),
    "web_kit_save": frozenset({"file"}),
    "web_kit_failed": frozenset({"error"}),
    "web_kit_job": frozenset({"done", "state", "total"}),
    "web_kit_job_step": frozenset({"progress", "step"}),
    "web_kit_data_summary": frozenset({"errors", "folder", "warnings"}),
    "web_kit_data_line": frozenset({"file", "line"}),
    "web_kit_data_more": frozenset({"count"}),
}  # fmt: skip
