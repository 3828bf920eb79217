"""RIG, the second game: two players, four stickered dice each, a Salvage Pile of two-sided
tokens, a queue and a Rig per player (docs/rig.md).  Pure like the R.I.G.S. rules core: no
file, clock or network; it imports nothing of R.I.G.S. (tests/test_layers.py)."""
