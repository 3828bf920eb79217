"""How the pages keep current (the markup itself is in web/templates/).

Every POLL_MS a page asks its JSON with the ETag it shows (a 304 costs next to nothing)
and swaps in the new page when the game file changed.  Without JavaScript the board
reloads every REFRESH_S; a player's page (a form may be half filled) has a Refresh link
instead, and every action answers with the fresh page."""

POLL_MS = 300  # another page shows an action within POLL_MS + one page fetch
REFRESH_S = 5  # the board, without JavaScript
