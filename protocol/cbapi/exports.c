/* exports.c holds the two functions CheckerBoard calls, with its calling
 * convention (__stdcall on Windows); they forward to the Go functions
 * exported from cbapi.go. Kept in C because cgo's //export cannot choose a
 * calling convention. */
#include "cb_api.h"
#include "_cgo_export.h"

CB_EXPORT int CB_CALL getmove(int board[8][8], int color, double maxtime, char str[1024],
                              int *playnow, int info, int moreinfo, struct CBmove *move)
{
	return crownGetmove(&board[0][0], color, maxtime, str, playnow, info, moreinfo, move);
}

CB_EXPORT int CB_CALL enginecommand(const char *command, char reply[1024])
{
	return crownEnginecommand((char *)command, reply);
}
