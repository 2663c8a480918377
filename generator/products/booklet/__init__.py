"""Rules booklets: structure per game, texts per language, typeset on A5 pages."""
