"""Developer tools on top of every stage: ``make bench`` and the README's pictures."""
