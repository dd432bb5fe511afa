// Package protocol is how crown talks to GUIs, match runners and scripts.
//
// An Engine reads lines and answers on a writer (stdin and stdout in engine
// mode; only protocol lines are written, logs go elsewhere). It drives a
// Searcher, the small interface it declares in searcher.go; package
// crownsearch implements it over engine/search, and protocoltest.Mock is a
// scripted stand-in for tests.
//
// # Hub protocol v2
//
// Scan's protocol.txt, for English checkers: hub -> id, param lines, wait;
// set-param (before init, or any time when idle); init -> ready; new-game;
// pos pos=<33-character position string or PDN FEN> [moves="..."] (also
// fen=<FEN> or the flag start); level depth=N | nodes=N | move-time=S |
// [moves=N] time=S [inc=S] | infinite (kinds may be combined; the level
// stays until the next level command; move-time=1 before the first);
// go think|ponder|analyze; stop, ponder-hit and ping (-> pong) at any time;
// quit. A search writes info lines (depth, score in men, nodes, time, nps in
// millions, pv) after each iteration and once a second during a longer one
// (its depth in progress, the best line so far), and exactly one done
// move=M [ponder=M], also after stop. With multipv N above 1, go analyze
// writes each report as N info lines, best first, with multipv=k after the
// depth, each with its own score and pv (go think and go ponder search one
// line). A move played without searching is announced by one info line
// with source=book (an opening book move; no score) or source=egdb (the
// endgame database's move; a database win scores 50 men plus the material
// balance, below the 90 men that clients read as a win in n plies).
// Captures are written from x to x captured squares (15x22x18). Every
// written token is key=value with no '=' inside a value: pydraughts cannot
// parse anything else. Unknown commands and arguments are ignored; a known
// command with bad arguments gets error message="..." and changes nothing.
// Commands other than stop, ponder-hit, ping and quit that arrive during a
// search are run, in order, after it. End of input stops an infinite or
// pondering search at once, lets a bounded one finish, runs the commands
// already read, and ends the loop.
//
// Parameters: variant (english, the default, russian or brazilian: the
// rules of the pos and go that follow; in the two draughts variants pos=
// and the moves are in pydraughts' frames for them, hubvariant.go, and
// pos-frame does not apply), hash, threads, evaluator (the
// searcher's names; crownsearch: material, nn, features:8F ... features:E3Ph,
// heuristic), net-file (the evaluator's weight file), book (off random
// weighted best; true/false accepted), book-file, egdb-dir (empty: the
// embedded <=4-piece database), egdb-policy (off always kimcho; default
// always), egdb-cache (MiB), egdb-pieces (0: all), pos-frame (how a
// pos= string is read: auto, the default, decides from the evidence, see
// hubpos.go; standard; or pydraughts: the string rotated and colour-swapped,
// as pydraughts sends it; moves= and every reply are in standard numbering
// in all three), multipv (1-32: lines of go analyze; default 1) and
// move-overhead (milliseconds taken off every time limit). Unknown
// parameters are ignored, as the Hub protocol asks; `crown hub --name=value`
// sets parameters before the session (lidraughts-bot's engine_options).
// After a rejected pos, go answers an error and a bare done until a valid
// pos arrives.
//
// # CheckerBoard text dialect
//
// The CheckerBoard engine API's commands on the same input, with command
// words that Hub does not use (name, about, help, get, set, getmove). Each
// command is answered by one line that starts with its own command word:
//
//	name                      name value="crown 0.1"
//	about | help              about value="..." | help value="<the commands engine mode understands>"
//	get <option>              get name=<option> value=<value>   (value=? if unsupported)
//	set <option> <value>      set name=<option> value=<value in effect>
//	set gamehist <FEN> [moves] set name=gamehist value=<FEN the moves lead to>
//	getmove <FEN> <seconds> [<info> [<moreinfo>]]
//	                          info lines, then
//	                          getmove move=<PDN move> fen=<FEN after it> result=draw|win|loss|unknown info="<search text>"
//
// Options: protocolversion (2), gametype (21), hashsize, book (0-3: off,
// random, weighted, best), bookfile, dbmbytes (egdb-cache), dbpath
// (egdb-dir), enable_wld (0: policy off; 1: the policy before), max_dbpieces
// (egdb-pieces), allscores (1: every root move gets an exact score, listed
// after "scores" in getmove's text, best first) and searchthreads. getmove's result is win or loss also for a database win or
// loss, and draw when the database says the position is drawn. getmove's seconds, info and moreinfo are getmove's maxtime,
// info bits and moreinfo clock (see cbgetmove.go). A bad value gets an
// error line and changes nothing.
//
// # CheckerBoard engine library
//
// protocol/cbapi builds crown as a C shared library exporting getmove and
// enginecommand with CheckerBoard's signatures; it uses Engine.CBCommand
// and Engine.GetMove and the board conversions in cbboard.go. There `help`
// names the help page (crownhelp.htm), as CheckerBoard expects.
//
// # Memory
//
// The hash and egdb-cache parameters advertise as maximum what the machine
// can hold (engine/search's MaxTableMiB: half the physical memory); larger
// values, or more than is available now, are refused before allocating and
// the engine keeps its table.
package protocol
