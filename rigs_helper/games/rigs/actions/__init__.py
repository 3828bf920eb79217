"""The actions: their definitions (``definition``, ``catalog``) and the operations.

Importing any of them imports the catalog first: the game's registration, through which
the rules reach the operations (``definition.registry``).
"""

from rigs_helper.games.rigs.actions import catalog as catalog
