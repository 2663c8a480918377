"""Pages described as plain data: shapes and text in millimetres, no backend imports."""
