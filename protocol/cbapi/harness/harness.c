/* harness.c loads a CheckerBoard engine library (dlopen on Linux,
 * LoadLibrary on Windows or under wine) and plays one full game of English
 * checkers, the engine moving for both sides. Before every getmove it sends
 * `set gamehist` as CheckerBoard does; after every getmove it checks that
 * the board the engine wrote back is a legal successor, generated here by an
 * independent, deliberately simple array-based move generator. It also
 * checks enginecommand replies, that *playnow stops a long search, and that
 * the incremental-time bits cap the thinking time.
 *
 * usage: harness <library> [max plies] [seconds per move]
 * exit status 0 when every check passed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <windows.h>
#define CB_CALL __stdcall
#else
#include <dlfcn.h>
#include <pthread.h>
#include <time.h>
#define CB_CALL
#endif

#define WHITE 1
#define BLACK 2
#define MAN 4
#define KING 8
#define CB_DRAW 0
#define CB_WIN 1
#define CB_LOSS 2
#define CB_UNKNOWN 3

struct coor { int x, y; };
struct CBmove {
	int jumps, newpiece, oldpiece;
	struct coor from, to, path[12], del[12];
	int delpiece[12];
};

typedef int Board[8][8];
typedef int (CB_CALL *getmove_fn)(Board, int, double, char *, int *, int, int, struct CBmove *);
typedef int (CB_CALL *command_fn)(const char *, char *);

static getmove_fn getmove;
static command_fn enginecommand;
static int failures;

#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL: " __VA_ARGS__); printf("\n"); } } while (0)

/* ---- clock and threads ---- */

static double now_seconds(void)
{
#ifdef _WIN32
	LARGE_INTEGER f, c;
	QueryPerformanceFrequency(&f);
	QueryPerformanceCounter(&c);
	return (double)c.QuadPart / (double)f.QuadPart;
#else
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
#endif
}

static void sleep_ms(int ms)
{
#ifdef _WIN32
	Sleep(ms);
#else
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
#endif
}

struct playnow_arg { volatile int *flag; int after_ms; };

#ifdef _WIN32
static DWORD WINAPI playnow_thread(LPVOID p)
#else
static void *playnow_thread(void *p)
#endif
{
	struct playnow_arg *a = p;
	sleep_ms(a->after_ms);
	*a->flag = 1;
	return 0;
}

static void start_playnow(struct playnow_arg *a)
{
#ifdef _WIN32
	CreateThread(NULL, 0, playnow_thread, a, 0, NULL);
#else
	pthread_t t;
	pthread_create(&t, NULL, playnow_thread, a);
	pthread_detach(t);
#endif
}

/* ---- board geometry: square n (1-32) <-> board[x][y] ---- */

static int square_number(int x, int y) { return 4 * (y + 1) - x / 2; }
static int dark(int x, int y) { return x >= 0 && x < 8 && y >= 0 && y < 8 && (x + y) % 2 == 0; }

/* ---- an independent successor generator ---- */

#define MAXSUCC 256
static Board succ[MAXSUCC];
static int nsucc;

static void add_successor(Board b)
{
	if (nsucc < MAXSUCC)
		memcpy(succ[nsucc++], b, sizeof(Board));
}

/* forward is the direction a man of this colour moves: Black toward y = 7. */
static int forward(int color) { return color == BLACK ? 1 : -1; }

static void emit(Board b, int captured[8][8])
{
	Board nb;
	memcpy(nb, b, sizeof(Board));
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++)
			if (captured[i][j])
				nb[i][j] = 0;
	add_successor(nb);
}

/* jumps continues a capture by the piece on (x, y). Captured pieces stay on
 * the board, marked, until the sequence ends; they can never be landed on
 * (landing and jumped squares differ in parity). A man that reaches the far
 * row is crowned and the move ends. */
static void jumps(Board b, int x, int y, int color, int captured[8][8], int depth)
{
	int piece = b[x][y], more = 0;
	for (int dy = -1; dy <= 1; dy += 2) {
		if (!(piece & KING) && dy != forward(color))
			continue;
		for (int dx = -1; dx <= 1; dx += 2) {
			int ox = x + dx, oy = y + dy, lx = x + 2 * dx, ly = y + 2 * dy;
			if (!dark(lx, ly) || b[lx][ly] != 0)
				continue;
			if (b[ox][oy] == 0 || (b[ox][oy] & color) || captured[ox][oy])
				continue;
			more = 1;
			int crowned = !(piece & KING) && (ly == 0 || ly == 7);
			captured[ox][oy] = 1;
			b[x][y] = 0;
			b[lx][ly] = crowned ? (color | KING) : piece;
			if (crowned)
				emit(b, captured);
			else
				jumps(b, lx, ly, color, captured, depth + 1);
			b[lx][ly] = 0;
			b[x][y] = piece;
			captured[ox][oy] = 0;
		}
	}
	if (!more && depth > 0)
		emit(b, captured);
}

/* generate fills succ[] with every position color can reach in one move. */
static void generate(Board b, int color)
{
	int captured[8][8] = {{0}};
	nsucc = 0;
	for (int x = 0; x < 8; x++)
		for (int y = 0; y < 8; y++)
			if (b[x][y] & color)
				jumps(b, x, y, color, captured, 0);
	if (nsucc > 0)
		return; /* captures are compulsory */
	for (int x = 0; x < 8; x++)
		for (int y = 0; y < 8; y++) {
			int piece = b[x][y];
			if (!(piece & color))
				continue;
			for (int dy = -1; dy <= 1; dy += 2) {
				if (!(piece & KING) && dy != forward(color))
					continue;
				for (int dx = -1; dx <= 1; dx += 2) {
					int tx = x + dx, ty = y + dy;
					if (!dark(tx, ty) || b[tx][ty] != 0)
						continue;
					Board nb;
					memcpy(nb, b, sizeof(Board));
					nb[x][y] = 0;
					nb[tx][ty] = (!(piece & KING) && (ty == 0 || ty == 7)) ? (color | KING) : piece;
					add_successor(nb);
				}
			}
		}
}

static int is_successor(Board b)
{
	for (int i = 0; i < nsucc; i++)
		if (memcmp(succ[i], b, sizeof(Board)) == 0)
			return 1;
	return 0;
}

/* ---- FEN and the game history CheckerBoard sends ---- */

static void fen(Board b, int color, char *out)
{
	char *p = out;
	p += sprintf(p, "%c", color == BLACK ? 'B' : 'W');
	for (int c = WHITE; c <= BLACK; c++) {
		p += sprintf(p, ":%c", c == WHITE ? 'W' : 'B');
		int first = 1;
		for (int n = 1; n <= 32; n++)
			for (int x = 0; x < 8; x++)
				for (int y = 0; y < 8; y++)
					if (dark(x, y) && square_number(x, y) == n && (b[x][y] & c)) {
						p += sprintf(p, "%s%s%d", first ? "" : ",", (b[x][y] & KING) ? "K" : "", n);
						first = 0;
					}
	}
}

static void start_position(Board b)
{
	memset(b, 0, sizeof(Board));
	for (int x = 0; x < 8; x++)
		for (int y = 0; y < 8; y++)
			if (dark(x, y)) {
				if (y <= 2)
					b[x][y] = BLACK | MAN;
				else if (y >= 5)
					b[x][y] = WHITE | MAN;
			}
}

static int count(Board b, int what)
{
	int n = 0;
	for (int x = 0; x < 8; x++)
		for (int y = 0; y < 8; y++)
			if ((b[x][y] & what) == what && b[x][y])
				n++;
	return n;
}

/* ---- the checks ---- */

static void check_commands(void)
{
	char reply[1024];
	struct { const char *cmd, *want; int handled; } cases[] = {
		{"get protocolversion", "2", 1},
		{"get gametype", "21", 1},
		{"set hashsize 32", "32", 1},
		{"get hashsize", "32", 1},
		{"set book 0", "0", 1},
		{"get nosuchoption", "?", 0},
		{"frobnicate", "?", 0},
	};
	memset(reply, 0, sizeof reply);
	CHECK(enginecommand("name", reply) == 1 && strlen(reply) > 0, "name -> %s", reply);
	printf("engine: %s\n", reply);
	CHECK(enginecommand("help", reply) == 1 && strlen(reply) > 0, "help -> %s", reply);
	CHECK(enginecommand("about", reply) == 1 && strlen(reply) > 0, "about -> %s", reply);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int r = enginecommand(cases[i].cmd, reply);
		CHECK(r == cases[i].handled && strcmp(reply, cases[i].want) == 0,
		      "%s -> %d \"%s\", want %d \"%s\"", cases[i].cmd, r, reply, cases[i].handled, cases[i].want);
	}
	CHECK(enginecommand("set hashsize lots", reply) == 0, "a bad value must not be handled (%s)", reply);
}

/* play_game lets the engine play both sides from the start position. */
static void play_game(int maxplies, double maxtime)
{
	Board b, work;
	char str[1024], cmd[4096], base[256], hist[3800], reply[1024];
	int color = BLACK, quiet = 0, ply;
	double worst = 0;
	int worstply = 0;
	start_position(b);
	fen(b, color, base);
	hist[0] = 0;
	for (ply = 0; ply < maxplies; ply++) {
		generate(b, color);
		if (nsucc == 0) {
			printf("ply %d: %s has no move and loses\n", ply, color == BLACK ? "Black" : "White");
			break;
		}
		snprintf(cmd, sizeof cmd, "set gamehist %s%s", base, hist);
		CHECK(enginecommand(cmd, reply) == 1, "%s -> %s", cmd, reply);
		memcpy(work, b, sizeof(Board));
		struct CBmove mv;
		int playnow = 0;
		str[0] = 0;
		double t0 = now_seconds();
		int result = getmove(work, color, maxtime, str, &playnow, 0, 0, &mv);
		double el = now_seconds() - t0;
		if (el > worst)
			worst = el, worstply = ply;
		if (!is_successor(work)) {
			char f[256];
			fen(b, color, f);
			CHECK(0, "ply %d: the board returned for %s is not a legal successor (result %d, text: %s)", ply, f, result, str);
			return;
		}
		CHECK(result >= CB_DRAW && result <= CB_UNKNOWN, "ply %d: result %d", ply, result);
		CHECK(strlen(str) > 0, "ply %d: empty search text", ply);
		CHECK(mv.from.x >= 0 && mv.from.x < 8 && mv.from.y >= 0 && mv.from.y < 8 && dark(mv.from.x, mv.from.y) &&
		      b[mv.from.x][mv.from.y] == mv.oldpiece && work[mv.to.x][mv.to.y] == mv.newpiece,
		      "ply %d: CBmove from (%d,%d) to (%d,%d) does not match the board", ply, mv.from.x, mv.from.y, mv.to.x, mv.to.y);
		/* A king's non-capturing move is reversible and joins the history;
		 * anything else starts a new history at the position after it. */
		int captured = count(b, 3 - color) != count(work, 3 - color);
		int king = mv.oldpiece & KING;
		if (!captured && king && strlen(hist) + 8 < sizeof hist) {
			char m[16];
			snprintf(m, sizeof m, " %d-%d", square_number(mv.from.x, mv.from.y), square_number(mv.to.x, mv.to.y));
			strcat(hist, m);
			quiet++;
		} else {
			fen(work, 3 - color, base);
			hist[0] = 0;
			quiet = 0;
		}
		memcpy(b, work, sizeof(Board));
		color = 3 - color;
		if (ply < 4 || ply % 20 == 0)
			printf("ply %d: %s\n", ply, str);
		if (result == CB_DRAW) {
			printf("ply %d: the engine claims a draw\n", ply + 1);
			ply++;
			break;
		}
		if (quiet >= 80) {
			printf("ply %d: draw by the 40-move rule\n", ply + 1);
			ply++;
			break;
		}
	}
	char f[256];
	fen(b, color, f);
	printf("game over after %d plies, final position %s; slowest move %.3f s at ply %d (maxtime %.3f)\n", ply, f, worst, worstply, maxtime);
	CHECK(ply >= 10, "the game ended after only %d plies", ply);
	CHECK(worst < 2 * maxtime + 0.5, "a move took %.3f s with maxtime %.3f", worst, maxtime);
}

/* check_playnow starts a 60 s search and sets *playnow after 200 ms. */
static void check_playnow(void)
{
	Board b;
	char str[1024];
	struct CBmove mv;
	volatile int playnow = 0;
	struct playnow_arg a = {&playnow, 200};
	start_position(b);
	start_playnow(&a);
	double t0 = now_seconds();
	getmove(b, BLACK, 60.0, str, (int *)&playnow, 0, 0, &mv);
	double el = now_seconds() - t0;
	printf("playnow: getmove returned %.1f ms after the call, %.1f ms after playnow was set\n", el * 1000, (el - 0.2) * 1000);
	CHECK(el < 1.0, "playnow ignored: getmove took %.3f s", el);
	Board s;
	start_position(s);
	generate(s, BLACK);
	CHECK(is_successor(b), "playnow: the returned board is not a legal successor");
}

/* check_incremental: 1 s on the clock in 0.01 s units caps a 30 s maxtime. */
static void check_incremental(void)
{
	Board b, s;
	char str[1024];
	struct CBmove mv;
	int playnow = 0;
	start_position(b);
	double t0 = now_seconds();
	getmove(b, BLACK, 30.0, str, &playnow, 2 << 2, (100 << 16) | 10, &mv);
	double el = now_seconds() - t0;
	printf("incremental time: 1 s left, maxtime 30 s -> %.3f s\n", el);
	CHECK(el < 1.0, "incremental clock ignored: %.3f s", el);
	start_position(s);
	generate(s, BLACK);
	CHECK(is_successor(b), "incremental: the returned board is not a legal successor");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s <library> [max plies] [seconds per move]\n", argv[0]);
		return 2;
	}
	int maxplies = argc > 2 ? atoi(argv[2]) : 300;
	double maxtime = argc > 3 ? atof(argv[3]) : 0.05;
#ifdef _WIN32
	HMODULE h = LoadLibraryA(argv[1]);
	if (!h) {
		fprintf(stderr, "LoadLibrary %s failed: error %lu\n", argv[1], GetLastError());
		return 2;
	}
	getmove = (getmove_fn)(void *)GetProcAddress(h, "getmove");
	enginecommand = (command_fn)(void *)GetProcAddress(h, "enginecommand");
#else
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 2;
	}
	getmove = (getmove_fn)dlsym(h, "getmove");
	enginecommand = (command_fn)dlsym(h, "enginecommand");
#endif
	if (!getmove || !enginecommand) {
		fprintf(stderr, "%s does not export getmove and enginecommand\n", argv[1]);
		return 2;
	}
	check_commands();
	play_game(maxplies, maxtime);
	check_playnow();
	check_incremental();
	if (failures) {
		printf("harness: %d check(s) FAILED\n", failures);
		return 1;
	}
	printf("harness: all checks passed\n");
	return 0;
}
