"""rigs-helper: a command-line companion and scorer for the board game R.I.G.S."""

__version__ = "0.1.0"
