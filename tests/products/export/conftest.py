"""The export tests' fixtures, from export_fixtures.py."""

from export_fixtures import data, en

__all__ = ["data", "en"]
