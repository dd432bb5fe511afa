#!/usr/bin/env python3
"""movelists.py: legal move lists of Russian or Brazilian draughts from the
real pydraughts, for crown's move generator to be compared against
(engine/board/pydraughts_test.go).

It plays random games with pydraughts (draughts.Board), from the start
position and from random set-ups rich in kings and men near promotion, and
writes every position reached with pydraughts' legal moves:

    g <FEN>                      a game starts from this position (pydraughts' FEN)
    <key> <key> ...|<played>     one line per position: its legal moves, then
                                 the move played from it (empty at the end)

A move's key is its from square, its final square and the squares it
captures in the order it captures them, all algebraic: "c3-d4" for a simple
move, "c3xe5:d4" for a capture (pydraughts lists the same capture once for
every square a flying king may pass through on its way straight on; those
share one key). Keys are sorted and written once each.

Usage (pydraughts is not part of crown: point PYTHONPATH at a snapshot):
    PYTHONPATH=stub:pydraughts python3 -W ignore movelists.py russian \\
        --positions 12000 --seed 1 > russian.txt
"""
import argparse
import random
import sys

import draughts
from draughts.convert import _numeric_to_algebraic_square


def alg(number):
    """pydraughts' square number of these variants (1 = a1) as a1..h8."""
    return _numeric_to_algebraic_square(str(number), 4)


def move_key(move):
    steps = move.steps_move
    caps = move.captures or []
    if not caps:
        return alg(steps[0]) + "-" + alg(steps[-1])
    return alg(steps[0]) + "x" + alg(steps[-1]) + ":" + ",".join(alg(c) for c in caps)


def legal(board):
    """Legal moves by key (one pydraughts move for each key)."""
    out = {}
    for move in board.legal_moves():
        out.setdefault(move_key(move), move)
    return out


def random_setup(rng, variant):
    """A random position: 0-3 kings and 1-8 men a side, men never on their
    own promotion row (White's is rank 8, numbers 29-32; Black's rank 1, 1-4)."""
    while True:
        free = list(range(1, 33))
        rng.shuffle(free)
        white, black = [], []
        for side, home_row in ((white, range(29, 33)), (black, range(1, 5))):
            for _ in range(rng.randint(0, 3)):
                side.append("K" + alg(free.pop()))
            men = rng.randint(1, 8)
            while men > 0 and free:
                square = free.pop()
                if square in home_row:
                    continue
                side.append(alg(square))
                men -= 1
        if white and black:
            turn = rng.choice("WB")
            return f"{turn}:W{','.join(white)}:B{','.join(black)}"


def choose(rng, moves):
    """A random move, leaning toward king moves and longer captures so that
    the walk meets flying captures often."""
    keys = sorted(moves)
    if rng.random() < 0.5:
        longest = max(k.count(",") for k in keys)
        keys = [k for k in keys if k.count(",") == longest]
    return rng.choice(keys)


def play(rng, variant, fen, max_plies, out):
    board = draughts.Board(variant=variant, fen=fen) if fen else draughts.Board(variant=variant)
    out.write("g " + board.fen + "\n")
    count = 0
    for _ in range(max_plies + 1):
        moves = legal(board)
        count += 1
        if not moves or _ == max_plies:
            out.write(" ".join(sorted(moves)) + "|\n")
            break
        key = choose(rng, moves)
        out.write(" ".join(sorted(moves)) + "|" + key + "\n")
        board.push(moves[key])
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant", choices=["russian", "brazilian"])
    ap.add_argument("--positions", type=int, default=12000, help="stop after this many positions")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--setups", type=float, default=0.5, help="share of games from random set-ups")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    out.write(f"# pydraughts {draughts.__version__ if hasattr(draughts, '__version__') else ''} "
              f"{args.variant} seed {args.seed}\n")
    total = 0
    while total < args.positions:
        if rng.random() < args.setups:
            total += play(rng, args.variant, random_setup(rng, args.variant), 40, out)
        else:
            total += play(rng, args.variant, None, 150, out)
        out.flush()


if __name__ == "__main__":
    main()
