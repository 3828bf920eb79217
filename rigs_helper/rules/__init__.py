"""What any game uses: errors, the seeded generator, records, generic kinds of words, a
player's name as typed, groups, quoted words, checks of written TOML.  Pure: no game
imported, no I/O (tests/test_layers.py).  R.I.G.S.'s own rules are in ``games/rigs/``."""
