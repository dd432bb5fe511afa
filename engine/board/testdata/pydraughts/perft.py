#!/usr/bin/env python3
"""perft.py: perft counts of Russian or Brazilian draughts from the real
pydraughts, for engine/board/testdata/perft_variants.tsv.

For each depth 1..N it prints two leaf counts of the legal-move tree:
  paths     one move per capture path, a path being the from square, the
            captured pieces in capture order and the final square (crown's
            convention; pydraughts itself lists a flying king's capture once
            more for every square it passes on its way straight on, and those
            copies are counted once here: movelists.py's keys);
  distinct  one move per (from, final square, set of captured pieces): the
            distinct successor positions (crown perft --distinct).

Usage (pydraughts is not part of crown: point PYTHONPATH at a snapshot):
    PYTHONPATH=stub:pydraughts python3 -W ignore perft.py russian 6 [FEN]
"""
import os
import sys

import draughts

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from movelists import legal  # noqa: E402


def successors(board, distinct):
    moves = legal(board)
    if not distinct:
        return list(moves.values())
    seen = {}
    for key, move in moves.items():
        head, _, caps = key.partition(":")
        seen.setdefault((head, frozenset(caps.split(","))), move)
    return list(seen.values())


def perft(board, depth, distinct):
    moves = successors(board, distinct)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, depth - 1, distinct)
        board.pop()
    return total


def main():
    variant, depth = sys.argv[1], int(sys.argv[2])
    fen = sys.argv[3] if len(sys.argv) > 3 else None
    board = draughts.Board(variant=variant, fen=fen) if fen else draughts.Board(variant=variant)
    print(f"# {variant} {board.fen}", flush=True)
    for d in range(1, depth + 1):
        paths = perft(board, d, False)
        distinct = perft(board, d, True)
        print(f"{d}\t{paths}\t{distinct}", flush=True)


if __name__ == "__main__":
    main()
