#!/usr/bin/env bash
# build-cbapi.sh builds crown as a CheckerBoard engine library and tests each
# build with the C harness (protocol/cbapi/harness/harness.c), which loads the
# library and plays a full game against the engine's own moves:
#
#   linux-amd64/crown.so      gcc (cgo), tested natively with dlopen
#   windows-amd64/crown.dll   mingw-w64 x86_64, tested under wine
#   windows-386/crown.dll     mingw-w64 i686 (__stdcall, undecorated names), tested under wine32
#
# usage: scripts/build-cbapi.sh [--install] [--no-test] [--strict] [--out DIR]
#   --install   apt-get install the Debian packages it needs first
#   --no-test   build only
#   --strict    fail when a compiler or wine is missing instead of skipping
#   --out DIR   output directory (default dist/cbapi)
#
# Wine note: Go's Windows runtime needs bcryptprimitives.dll (Windows 10+),
# which Debian's wine 8.0 lacks; the script builds a small test-only stand-in
# (harness/bcryptprimitives.c) into its private wine prefix. It is not shipped.
set -euo pipefail
cd "$(dirname "$0")/.."

out=dist/cbapi install=0 test=1 strict=0
while [ $# -gt 0 ]; do
	case "$1" in
	--install) install=1 ;;
	--no-test) test=0 ;;
	--strict) strict=1 ;;
	--out) out=$2; shift ;;
	*) echo "unknown option $1" >&2; exit 2 ;;
	esac
	shift
done

if [ "$install" = 1 ]; then
	apt-get update -q
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		gcc libc6-dev gcc-mingw-w64-x86-64 gcc-mingw-w64-i686 wine wine64
	# 32-bit wine needs the i386 architecture; when its packages cannot be
	# installed (for example a mirror whose i386 index lags the amd64 one,
	# which makes the versions disagree) the architecture is removed again
	# and the 32-bit DLL is built but not run.
	if ! dpkg --print-foreign-architectures | grep -qx i386; then
		dpkg --add-architecture i386
		if ! { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends wine32:i386; }; then
			echo "wine32:i386 could not be installed; the 32-bit DLL will not be run" >&2
			dpkg --remove-architecture i386 || true
			apt-get update -q || true
		fi
	fi
fi

src=protocol/cbapi
harness=$src/harness
status=0
skipped=()

skip() { # skip <what> <why>
	if [ "$strict" = 1 ]; then echo "FAILED: $1: $2" >&2; exit 1; fi
	echo "skipped: $1: $2"
	skipped+=("$1")
}

have() { command -v "$1" >/dev/null 2>&1; }

build() { # build <dir> <goos> <goarch> <cc> <lib name> [ldflags]; fails softly
	local dir=$out/$1
	mkdir -p "$dir"
	echo "== building $dir/$5"
	if ! CGO_ENABLED=1 GOOS=$2 GOARCH=$3 CC=$4 CGO_LDFLAGS="${6:-}" \
		go build -trimpath -buildmode=c-shared -o "$dir/$5" ./$src; then
		skip "$1" "go build failed (see above)"
		return 1
	fi
	rm -f "$dir/${5%.*}.h" # Go's generated header; cb_api.h is the real interface
	cp $src/cb_api.h $src/crownhelp.htm "$dir/"
}

run() { # run <label> <command...>
	echo "== testing $1"
	if "${@:2}"; then echo "== $1: passed"; else echo "== $1: FAILED"; status=1; fi
}

# Linux .so
if have gcc; then
	build linux-amd64 linux amd64 gcc crown.so || exit 1
	gcc -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -Wall -o "$out/linux-amd64/harness" $harness/harness.c -ldl -lpthread
	[ "$test" = 1 ] && run "linux-amd64 crown.so" "$out/linux-amd64/harness" "$out/linux-amd64/crown.so"
else
	skip linux-amd64 "gcc not found"
fi

# Windows DLLs and their wine runs.
wineprefix=$(realpath -m "$out/wineprefix")
wine_ready=0
prepare_wine() {
	[ "$wine_ready" = 1 ] && return 0
	have wine || return 1
	export WINEPREFIX=$wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
	if [ ! -d "$wineprefix/drive_c/windows" ]; then
		echo "== creating wine prefix $wineprefix"
		wineboot -i >/dev/null 2>&1 || true
	fi
	wine_ready=1
}

windows() { # windows <dir> <goarch> <cc> <system dir in the prefix> [ldflags]
	local dir=$out/$1
	if ! have "$3"; then skip "$1" "$3 not found (apt-get install gcc-mingw-w64-*)"; return; fi
	build "$1" windows "$2" "$3" crown.dll "${5:-}" || return 0
	"$3" -std=c11 -O2 -Wall -o "$dir/harness.exe" $harness/harness.c
	"$3" -shared -O2 -Wl,--kill-at -o "$dir/bcryptprimitives.dll" $harness/bcryptprimitives.c -lbcrypt
	[ "$test" = 1 ] || return 0
	if ! prepare_wine; then skip "$1 (wine run)" "wine not found"; return; fi
	if [ ! -d "$wineprefix/drive_c/windows/$4" ]; then skip "$1 (wine run)" "the wine prefix has no $4 (install wine32:i386 for 32-bit)"; return; fi
	cp "$dir/bcryptprimitives.dll" "$wineprefix/drive_c/windows/$4/"
	# harness.exe without arguments prints its usage and exits 2 when wine can run it.
	local rc=0
	wine "$dir/harness.exe" >/dev/null 2>&1 || rc=$?
	if [ "$rc" -ne 2 ]; then
		skip "$1 (wine run)" "wine cannot start $2 programs (exit $rc; for 32-bit install wine32:i386)"
		return
	fi
	run "$1 crown.dll under wine" wine "$dir/harness.exe" "$dir/crown.dll"
}

windows windows-amd64 amd64 x86_64-w64-mingw32-gcc system32
windows windows-386 386 i686-w64-mingw32-gcc syswow64 "-Wl,--kill-at"

if [ ${#skipped[@]} -gt 0 ]; then echo "skipped: ${skipped[*]}"; fi
exit $status
