#!/usr/bin/env bash
# See scripts/reliability/load.py and docs/reliability.md. Uses target/release/buildledger (built if
# missing; BUILDLEDGER_BIN=... picks another binary). Extra arguments go to load.py (--help).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 -c 'import aiohttp' 2>/dev/null || { echo "load.sh needs aiohttp: pip install aiohttp" >&2; exit 2; }
exec python3 scripts/reliability/load.py "$@"
