"""What the game waits for from one player, so each player can decide on their own device:
deals proposed and answered (``deals``), an attack waiting for every victim's answer
(``attacks``), each player's Disaster card recorded by that player (``disasters``), and the
words the board shows for them (``board``).  The records live in ``records``.  No I/O.
"""
