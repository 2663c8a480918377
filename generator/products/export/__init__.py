"""Exports for print shops and virtual tabletops: every component face on its own.

Takes the game data and a language; gives each printed piece (a tile, a token, the
player aid, a dig-site sheet) as its own page with bleed (:mod:`.pieces`), and from
those same page descriptions: PNG files per face with a components list
(:mod:`.png`); print-shop PDFs with page boxes, optionally in CMYK as PDF/X-4
(:mod:`.shop`, colours in :mod:`.colour`, checked by :mod:`.preflight`); the files
of a print service's stock products (:mod:`.services`, :mod:`.service_export`); and
Tabletop Simulator objects, square tiles in a bag per era and round tokens, in a
saved object (:mod:`.tts`). Raster images come from the PDF of those pages
(:mod:`.raster`), so every export shows exactly what the PDFs print.
"""
