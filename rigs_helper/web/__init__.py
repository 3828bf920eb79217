"""`rigs serve`: the table's screen (a public board) and one page per player, their
controls and their secrets.  Standard library HTTP (http.server); an action from a page
goes through the same operations, lock and atomic save as the commands."""
