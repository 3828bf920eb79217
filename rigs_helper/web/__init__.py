"""`rigs serve`: the table's screen (a public board) and one private page per player.

Standard library only (http.server); reads the game file, never writes it."""
