"""Render backends: each draws the same page description (generator.draw.shapes)."""
