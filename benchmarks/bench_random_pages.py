"""Random games played only through the pages' HTTP API, as OpenSpiel tests its games.

Not a pytest test: run it directly (with the test dependencies installed).

    python benchmarks/bench_random_pages.py [--games N] [--jobs J] [--seconds S] [--steps K]

Each game: 2, 3 or 4 players in turn, `--dice rigs` and `--dice table` in turn, a table
that records its own cards and one that lets rigs draw, two by two (every mix within 12
games); the random player of tests/randomplayer.py plays it to the score (or K steps),
``--jobs`` games at a time in worker processes.  Printed, per game and in all: refusals of
requests built from the list, stalls needing the terminal (nobody had an action but undo,
an action refused again and again, or a phase that did not end when everyone was done),
server tracebacks (answers 500), file reload errors, hand mismatches (a card the table
recorded that the books put back in the deck), pages naming a card their player never
held, games finished (target: 0, 0, 0, 0, 0, 0, all); and, apart, where the table records
its own cards: the Karma cards in the books' hands the table never recorded (rigs drew
them), by the action after which they appeared, and the draws or rolls left to rigs
because the list offered nothing else ("virtual" forced); the median time of each kind of
request.

Measured (commit 1a61c94, `--games 300 --jobs 2 --seconds 1800 --first-seed 4000`, 2
shared cores): 84 whole games, 38 247 steps; refusals 0, tracebacks 0, reload errors 0,
page errors 0; 83 finished (40 of the 41 `--dice table` games); one
stall (a RIGS loss owed by a player with no RIGS left, fixed since with a rule test); hand
mismatches in 9 of the 43 games whose table records its own cards, each after a Rough
Storm resolved (a card recorded as drawn that the rules did not draw); Karma cards rigs
drew where the table records its own: 104.  Before this round's merges (745dfa0): 23
games; each `--dice table` game stopped at the End Game record.  The first run's profile
(4 players, 500 steps): 84 % of an `act` was the save parsing the whole log; a save now
reads only the last entry where the game's `.NAME.cache` is current (store/replaycache.py).
"""