#!/usr/bin/env bash
# See scripts/reliability/kill.py and docs/reliability.md. Uses target/release/buildledger (built if
# missing; BUILDLEDGER_BIN=... picks another binary). Extra arguments go to kill.py (--help).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec python3 scripts/reliability/kill.py "$@"
