#!/usr/bin/env bash
# Runs the S3 document store's tests against a throwaway moto server (pip install 'moto[server]'),
# or against TEST_S3_ENDPOINT when it is already set.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "${TEST_S3_ENDPOINT:-}" ]; then
  exec cargo test -p buildledger-storage-s3
fi
command -v moto_server >/dev/null || { echo "test-s3 needs moto_server: pip install 'moto[server]'" >&2; exit 2; }
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
moto_server -H 127.0.0.1 -p "$port" >/dev/null 2>&1 &
moto_pid=$!
trap 'kill "$moto_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -s -o /dev/null "http://127.0.0.1:$port/" && break
  sleep 0.2
done
TEST_S3_ENDPOINT="http://127.0.0.1:$port" cargo test -p buildledger-storage-s3
