"""relsync's version (one place, read by the package, the cache and the reports)."""

__version__ = "0.1.0"
