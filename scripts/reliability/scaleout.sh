#!/usr/bin/env bash
# See scripts/reliability/scaleout.py and docs/reliability.md. Uses target/release/buildledger (built if
# missing; BUILDLEDGER_BIN=... picks another binary). Extra arguments go to scaleout.py (--help).
set -euo pipefail
cd "$(dirname "$0")/../.."
# Needs PostgreSQL (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres) and moto:
# pip install 'moto[server]' (or S3_TEST_ENDPOINT=http://host:port of another S3-compatible server).
command -v psql >/dev/null || { echo "scaleout.sh needs psql" >&2; exit 2; }
[ -n "${S3_TEST_ENDPOINT:-}" ] || command -v moto_server >/dev/null || { echo "scaleout.sh needs moto_server: pip install 'moto[server]'" >&2; exit 2; }
exec python3 scripts/reliability/scaleout.py "$@"
