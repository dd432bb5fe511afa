#!/usr/bin/env bash
# pydraughts-games.sh: the real pydraughts client (../shared/clients, or
# $CROWN_PYDRAUGHTS) plays whole games against crown with no parameter set
# but the variant, as a new user would: crown as each colour, half the
# games from the start and half from pydraughts' own ballots, against a
# seeded random mover (--opponent random) or crown itself (--opponent crown). It prints one
# JSON line per game and a summary; it fails on any exception pydraughts
# raises (a KeyError on a reply it cannot look up among them), any illegal
# move and any line HubEngine logs as unexpected.
#
#   scripts/pydraughts-games.sh [GAMES] [VARIANT] [drive.py options...]
#   e.g. scripts/pydraughts-games.sh 20 --movetime 0.1
#        scripts/pydraughts-games.sh 20 russian --movetime 0.1
#
# VARIANT is english (the default), russian or brazilian: pydraughts plays
# that variant and tells crown with set-param name=variant, as lidraughts-bot
# does; the ballots are then pydraughts' three-move Russian or Brazilian ones.
#
# CROWN names the binary (default: crown on PATH).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
games=${1:-20}
shift || true
variant=english
case "${1:-}" in
english | russian | brazilian) variant=$1; shift ;;
esac
crown=$(command -v "${CROWN:-crown}")
py=${CROWN_PYDRAUGHTS:-$here/../../shared/clients/pydraughts}
[ -f "$py/draughts/engines/hub.py" ] || { echo "no pydraughts snapshot at $py (set CROWN_PYDRAUGHTS)" >&2; exit 2; }
export PYTHONPATH="$py/../stub:$py"
exec python3 -W ignore "$here/../cmd/crown/testdata/pydraughts/drive.py" "$crown" games --games "$games" --ballots --variant "$variant" "$@"
