"""Stage 5, render backends: the same page description drawn as PDF, SVG or a record.

Takes :class:`~generator.draw.shapes.Page` objects and the fonts of
:mod:`generator.layout.fonts`; gives bytes (PDF via reportlab, SVG via svgwrite) or
a log of drawing calls for golden tests.
"""
