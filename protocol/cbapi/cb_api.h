/* cb_api.h declares the CheckerBoard engine API as crown's library
 * implements it: the CBmove structure, the calling convention and the two
 * exported functions. Written from the API's documented signatures; see
 * README ("CheckerBoard engine library"). */
#ifndef CROWN_CB_API_H
#define CROWN_CB_API_H

#ifdef _WIN32
#define CB_CALL __stdcall
#define CB_EXPORT __declspec(dllexport)
#else
#define CB_CALL
#define CB_EXPORT __attribute__((visibility("default")))
#endif

struct coor {
	int x;
	int y;
};

struct CBmove {
	int jumps;          /* pieces captured */
	int newpiece;       /* piece code arriving on 'to' */
	int oldpiece;       /* piece code leaving 'from' */
	struct coor from;
	struct coor to;
	struct coor path[12]; /* path[1..jumps-1]: intermediate landing squares */
	struct coor del[12];  /* captured squares */
	int delpiece[12];     /* captured piece codes */
};

CB_EXPORT int CB_CALL getmove(int board[8][8], int color, double maxtime, char str[1024],
                              int *playnow, int info, int moreinfo, struct CBmove *move);
CB_EXPORT int CB_CALL enginecommand(const char *command, char reply[1024]);

#endif
