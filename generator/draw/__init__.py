"""Stage 3, the page description: shapes and text in millimetres, as plain data.

Takes nothing of dinokit; gives :mod:`~generator.draw.shapes` (Page, Rect, Text, Group,
Form/Use ...) and one ``walk()`` that every backend follows. No backend is imported.
"""
