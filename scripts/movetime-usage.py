#!/usr/bin/env python3
# movetime-usage.py: how much of a fixed move time crown's searched moves use,
# measured through the Hub protocol as a client sees it (issue 26's bar: at
# move-time=0.1 on an idle machine, median >= 90 ms and none over 105 ms).
# crown plays both sides of games from pydraughts' eleven-man ballots, book
# off; each move is timed from sending `go think` (after pos and level) to
# reading `done`. Moves with one legal reply, and moves from the endgame
# database (info source=egdb), are answered at once and not counted as
# searched. Needs the pydraughts snapshot for the rules:
#
#   PYTHONPATH=../shared/clients/stub:../shared/clients/pydraughts \
#     scripts/movetime-usage.py CROWN [MOVES] [MOVETIME_S]
import random
import statistics
import sys
import time

import draughts
from draughts.ballots import Ballots
from draughts.engine import HubEngine

crown = sys.argv[1]
want = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
movetime = float(sys.argv[3]) if len(sys.argv) > 3 else 0.1

random.seed(1)
ballots = Ballots("english", eleven_pieces=True)
eng = HubEngine([crown])
eng.setoption("book", "off")
eng.init()
times, forced = [], 0
while len(times) < want:
    board = draughts.Board(variant="english", fen=ballots.get_ballot())
    eng.send("new-game")
    while not board.is_over() and len(board.move_stack) < 200 and len(times) < want:
        single = len(board.legal_moves()) == 1
        hub_moves = " ".join(m.hub_move for m in board.move_stack)
        t0 = time.perf_counter()
        best, _ = eng.go(board._game.initial_hub_fen, moves=hub_moves, movetime=movetime)
        ms = (time.perf_counter() - t0) * 1000
        if single or eng.info.get("source"):
            forced += 1
        else:
            times.append(ms)
        board.push(draughts.Move(board, hub_move=best))
eng.quit()
limit = movetime * 1000
over = [t for t in times if t > limit * 1.05]
q = sorted(times)
print(f"move-time {limit:.0f} ms, {len(times)} searched moves ({forced} forced or database moves not counted): "
      f"median {statistics.median(times):.1f} ms ({statistics.median(times) / limit:.0%}), "
      f"p1 {q[len(q) // 100]:.1f}, p99 {q[len(q) * 99 // 100]:.1f}, max {max(times):.1f} ms, "
      f"{len(over)} over {limit * 1.05:.0f} ms")
sys.exit(1 if over or statistics.median(times) < limit * 0.9 else 0)
