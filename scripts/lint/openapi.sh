#!/usr/bin/env bash
# The server's OpenAPI document against the official OpenAPI 3.0 schema (openapi-spec-validator)
# and Redocly's recommended rules (redocly.yaml). It checks the frontend's copy,
# frontend/src/lib/api/openapi.json, which `make lint` has just proved current (the openapi test);
# `make api-types` rewrites it.
set -euo pipefail
cd "$(dirname "$0")/../.."

doc=frontend/src/lib/api/openapi.json

python3 -c 'import openapi_spec_validator' 2>/dev/null \
  || python3 -m pip install --quiet 'openapi-spec-validator>=0.7,<0.10'
python3 -m openapi_spec_validator --schema 3.0 --validation-errors all "$doc"

# Redocly's config and known exceptions: redocly.yaml, .redocly.lint-ignore.yaml (here, at the
# root). No usage data sent, no update check against the registry.
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
  frontend/node_modules/.bin/redocly lint --config redocly.yaml "$doc"
