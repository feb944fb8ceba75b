"""Where a game stands: which kind of decision comes next."""

DRAW1, DRAW2, ACT, END, PILE, REVEAL, DEAL, OVER = range(8)

# End of a round: a seat with sets of this many different values (by number of players).
THRESHOLD = {2: 6, 3: 5, 4: 4}

NAMES = ("draw", "draw", "act", "end", "pile", "reveal", "deal", "over")
