"""What any game gives the store, the replay, the web layer and the CLI (docs/developers.md:
the game protocol).  Nothing here imports a game."""
