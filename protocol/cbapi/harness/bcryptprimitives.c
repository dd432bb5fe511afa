/* bcryptprimitives.c is a TEST-ONLY stand-in for the bcryptprimitives.dll
 * of Windows 10 and later, which Go's Windows runtime requires (it calls
 * ProcessPrng for random numbers) and which Debian's wine 8.0 does not ship.
 * scripts/build-cbapi.sh puts it in the private wine prefix used to run the
 * harness; it is never shipped with the engine, as real Windows has the DLL.
 * ProcessPrng fills the buffer from BCryptGenRandom, which wine provides. */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (BCryptGenRandom(NULL, data, n, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0)
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
