# drive.py plays crown through the real pydraughts client (draughts.engine.HubEngine),
# as its users do: scripts, match runners and lidraughts-bot. It is crown's own
# test driver, run by cmd/crown/pydraughts_test.go with PYTHONPATH pointing at a
# pydraughts snapshot (../shared/clients/pydraughts and its stub for msl.loadlib).
#
#   python3 drive.py CROWN SCENARIO [options]
#
# Scenarios:
#   games      crown against a seeded random mover or against itself, from the
#              start or from pydraughts' own ballots, crown as each colour
#   lidraughts lidraughts-bot's start-up: `CROWN hub --k=v ...`, its default
#              hub_options, variant, initial-time, then init; nothing
#              unexpected allowed
#   history    a game set up from a FEN with moves played on the board before
#              the engine is asked (pos with a moves= list)
#
# --variant russian|brazilian plays that variant: pydraughts' Board(variant=...),
# the engine told with set-param name=variant (HubEngine.setoption, as
# lidraughts-bot does), ballots from pydraughts' russian.json / brazilian.json,
# FENs in the variant's algebraic form.
#
# Every reply goes through pydraughts' own Move(hub_move=...) lookup: a move it
# cannot find raises KeyError, which fails the run. Every line HubEngine logs as
# unexpected fails it too. The last line printed is a JSON summary.
import argparse
import json
import logging
import os
import random
import sys
import threading
import time

import draughts
from draughts.ballots import Ballots
from draughts.engine import HubEngine, Limit


class Unexpected(logging.Handler):
    """Collects the warnings pydraughts logs (unexpected engine responses)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


def start_engine(cmd, options=None):
    eng = HubEngine(cmd)
    for k, v in (options or {}).items():
        eng.setoption(k, v)
    eng.init()
    return eng


def variant_options(args):
    """The engine options of a game of args.variant: none for English (crown
    is driven with no parameter set), else the variant, as lidraughts-bot
    sets it."""
    return {} if args.variant == "english" else {"variant": args.variant}


def ballots_of(variant):
    """pydraughts' own opening ballots: eleven-man English ones, or the
    three-move Russian and Brazilian ones."""
    if variant == "english":
        return Ballots("english", eleven_pieces=True)
    return Ballots(variant)


def random_player(rng):
    def play(board):
        return rng.choice(board.legal_moves())
    return play


# FLAGS records every clock that ran out on a loaded machine (see Clock.spend).
FLAGS = []


class Clock:
    """A side's clock: what pydraughts sends as Limit(time=, inc=)."""

    def __init__(self, total, inc):
        self.left, self.inc = total, inc
        self.log = []

    def limit(self):
        return Limit(time=self.left, inc=self.inc)

    def spend(self, seconds, move):
        self.left -= seconds
        self.log.append(round(seconds, 3))
        if self.left < 0:
            # A flag on a machine busy with other work says little about the
            # engine (a move's wall time is not its own); it is reported with
            # the load, and the game goes on with an empty clock.
            load = os.getloadavg()[0]
            FLAGS.append({"move": move + 1, "load": round(load, 2), "cores": os.cpu_count(), "seconds": self.log[-5:]})
            if load < os.cpu_count():
                raise RuntimeError(f"lost on time at its move {move + 1} at load {load:.2f}; seconds a move: {self.log}")
            self.left = 0
        self.left += self.inc


class EnginePlayer:
    """crown through HubEngine: movetime or clock, and lidraughts-bot's pondering
    (after its move it ponders on the predicted reply with `go ponder` in a
    thread; ponder-hit when the opponent plays it, else stop and think anew)."""

    def __init__(self, eng, limit=None, clock=None, ponder=False):
        self.eng, self.fixed, self.clock, self.ponder = eng, limit, clock, ponder
        self.thread, self.ponder_move, self.ponder_result = None, None, None
        self.hits = self.misses = 0
        self.moves = 0

    def limit(self):
        return self.fixed if self.fixed is not None else self.clock.limit()

    def play(self, board):
        t0 = time.monotonic()
        result = None
        if self.thread is not None:
            last = board.move_stack[-1].hub_move if board.move_stack else None
            if last == self.ponder_move:
                self.eng.ponderhit()
                self.hits += 1
                self.thread.join()
                result = self.ponder_result
            else:
                self.eng.stop()
                self.thread.join()
                self.misses += 1
            self.thread = None
        if result is None:
            result = self.eng.play(board, self.limit(), False)
        if self.clock is not None:
            self.clock.spend(time.monotonic() - t0, self.moves)
        self.moves += 1
        if self.ponder and result.ponder is not None:
            after = board.copy()
            after.push(result.move)
            after.push(result.ponder)
            if not after.legal_moves():
                # The expected reply ends the game: nothing to ponder on (an
                # engine answers a position without a move by a bare done,
                # which HubEngine.go cannot read).
                return result.move
            self.ponder_move = result.ponder.hub_move
            limit = self.limit()

            def think():
                self.ponder_result = self.eng.play(after, limit, True)

            self.thread = threading.Thread(target=think)
            self.thread.start()
        return result.move

    def finish(self):
        if self.thread is not None:
            self.eng.stop()
            self.thread.join()
            self.thread = None


def play_game(board, players, max_plies):
    """players: by pydraughts' turn (draughts.WHITE / BLACK) a function board -> Move."""
    plies = 0
    while not board.is_over() and plies < max_plies:
        move = players[board.turn](board)
        legal = [m.hub_move for m in board.legal_moves()]
        if move.hub_move not in legal:
            raise RuntimeError(f"illegal move {move.hub_move} in {board.fen} (legal {legal})")
        board.push(move)
        plies += 1
    return plies, board.winner()


def scenario_games(args, unexpected):
    rng = random.Random(args.seed)
    ballots = ballots_of(args.variant)
    random.seed(args.seed)  # Ballots draws with the random module
    opts = variant_options(args)
    results = []
    for i in range(args.games):
        fen = "startpos" if i % 2 == 0 or not args.ballots else ballots.get_ballot()
        board = draughts.Board(variant=args.variant, fen=fen)
        crown_side = [draughts.BLACK, draughts.WHITE][(i // 2) % 2]
        engines = []
        if args.opponent == "crown":
            a = start_engine([args.crown], opts)
            b = start_engine([args.crown], opts)
            engines = [a, b]
            pa = EnginePlayer(a, clock=Clock(args.time, args.inc), ponder=args.ponder) if args.time else EnginePlayer(a, Limit(movetime=args.movetime), ponder=args.ponder)
            pb = EnginePlayer(b, clock=Clock(args.time, args.inc), ponder=args.ponder) if args.time else EnginePlayer(b, Limit(movetime=args.movetime), ponder=args.ponder)
            players = {crown_side: pa, (draughts.WHITE if crown_side == draughts.BLACK else draughts.BLACK): pb}
            movers = {k: v.play for k, v in players.items()}
        else:
            a = start_engine([args.crown], opts)
            engines = [a]
            pa = EnginePlayer(a, clock=Clock(args.time, args.inc), ponder=args.ponder) if args.time else EnginePlayer(a, Limit(movetime=args.movetime), ponder=args.ponder)
            players = {crown_side: pa}
            other = draughts.WHITE if crown_side == draughts.BLACK else draughts.BLACK
            movers = {crown_side: pa.play, other: random_player(rng)}
        try:
            plies, winner = play_game(board, movers, args.max_plies)
        finally:
            for p in players.values():
                p.finish()
            for e in engines:
                e.quit()
                e.p.wait(timeout=10)
        hits = sum(p.hits for p in players.values())
        misses = sum(p.misses for p in players.values())
        results.append({"game": i, "variant": args.variant, "fen": fen, "crown": "black" if crown_side == draughts.BLACK else "white",
                        "plies": plies, "winner": winner, "ponder_hits": hits, "ponder_misses": misses})
        print(json.dumps(results[-1]), flush=True)
    return {"games": results}


def scenario_lidraughts(args, unexpected):
    # lidraughts-bot (engine_wrapper.py): [engine, engine_argument, --k=v for each
    # engine_options entry], then set-param for each hub_options entry of its
    # default config, variant (pydraughts sends it only to an engine declaring
    # one) and initial-time, then init.
    cmd = [args.crown, "hub"] + [f"--{kv}" for kv in args.engine_option]
    eng = HubEngine(cmd)
    options = {"book-ply": 20, "tt-size": 23, "bb-size": 0, "variant": args.variant, "initial-time": 180}
    for k, v in options.items():
        eng.setoption(k, v)
    eng.init()
    board = draughts.Board(variant=args.variant)
    move = eng.play(board, Limit(time=10, inc=1), False).move
    eng.quit()
    eng.p.wait(timeout=10)
    return {"command": cmd, "options": options, "move": move.hub_move, "id": eng.id, "params": sorted(eng.options),
            "variants": sorted(eng.variants)}


# HISTORY_FENS are the set-ups of the history scenario: English ones in
# numbers; Russian and Brazilian ones in algebraic squares as pydraughts and
# lidraughts write them (an opening with Black to move, a middle game with
# kings of both colours, an ending of flying kings and men).
HISTORY_FENS = {
    "english": ["B:W18,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
                "W:WK10,19,22,23,26,28:B5,6,13,15,K27",
                "B:W17,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12"],
    "russian": ["B:Wa1,c3,e3,g3,b4,c1,e1,g1,b2,d2,f2,h2:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
                "W:WKa1,c3,e3,g3,b2,f2:Bb6,d6,f6,Kh4,a7,e7",
                "B:WKc1,e3,g3,h2:Bb8,Kf8,a5,c5"],
}
HISTORY_FENS["brazilian"] = HISTORY_FENS["russian"]


def scenario_history(args, unexpected):
    # A board set up from a FEN, moves played on it, then the engine asked: the
    # client sends the FEN's position and a moves= list.
    rng = random.Random(args.seed)
    eng = start_engine([args.crown], variant_options(args))
    fens = HISTORY_FENS[args.variant]
    out = []
    for fen in fens:
        board = draughts.Board(variant=args.variant, fen=fen)
        for _ in range(args.history):
            if board.is_over():
                break
            board.push(rng.choice(board.legal_moves()))
        if board.is_over():
            continue
        before = len(board.move_stack)
        result = eng.play(board, Limit(movetime=args.movetime), False)
        out.append({"fen": fen, "history": before, "move": result.move.hub_move})
        # and one more move of the engine later in the same game
        board.push(result.move)
        if not board.is_over():
            board.push(rng.choice(board.legal_moves()))
            if not board.is_over():
                out.append({"fen": fen, "history": len(board.move_stack),
                            "move": eng.play(board, Limit(movetime=args.movetime), False).move.hub_move})
    eng.quit()
    eng.p.wait(timeout=10)
    return {"positions": out}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("crown")
    ap.add_argument("scenario", choices=["games", "lidraughts", "history"])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--opponent", choices=["random", "crown"], default="random")
    ap.add_argument("--ballots", action="store_true", help="odd games start from eleven-man ballots")
    ap.add_argument("--movetime", type=float, default=0.02)
    ap.add_argument("--time", type=float, default=0, help="seconds on each clock (0: movetime)")
    ap.add_argument("--inc", type=float, default=0)
    ap.add_argument("--ponder", action="store_true")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--history", type=int, default=6)
    ap.add_argument("--engine-option", action="append", default=[], help="k=v for lidraughts' --k=v")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", choices=["english", "russian", "brazilian"], default="english")
    args = ap.parse_args()

    unexpected = Unexpected()
    logging.getLogger("pydraughts").addHandler(unexpected)
    summary = {"scenario": args.scenario, "variant": args.variant}
    try:
        summary.update(globals()["scenario_" + args.scenario](args, unexpected))
    except BaseException as e:  # a KeyError from pydraughts' move lookup among them
        summary["exception"] = f"{type(e).__name__}: {e}"
    summary["unexpected"] = unexpected.lines
    summary["flags_under_load"] = FLAGS
    print(json.dumps(summary), flush=True)
    sys.exit(1 if "exception" in summary or unexpected.lines else 0)


if __name__ == "__main__":
    main()
