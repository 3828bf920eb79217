"""R.I.G.S., the first game: its rules (the records, operations, phases, Karma,
legal list, words and views that are R.I.G.S.'s alone) and its game object
(``game.py``, what the generic parts see).  What any game uses stays in
``rigs_helper/rules/``.  No I/O (but the game object, which loads the tables)."""
