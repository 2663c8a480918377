"""Stage 4, layout: fonts and their metrics, text fitting, print sheets, charts.

Takes the page description (:mod:`generator.draw`) and the sheet templates; gives
pages laid out in millimetres (components placed on sheets with bleed and crop marks,
text fitted to its box) and the checks of what the fonts can draw.
"""
