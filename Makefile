# BuildLedger: `make run` serves the product at http://127.0.0.1:8080 (embedded SQLite, local
# payments); `make test` runs every suite. See README.md.

SHELL := /bin/bash
CARGO ?= cargo
NPM ?= npm
BIN := target/debug/buildledger

.PHONY: run serve build backend frontend test test-rust fuzz test-frontend e2e fmt lint api-types bench clean

run: build
	$(BIN) serve

serve:
	$(BIN) serve

build: backend frontend

backend:
	$(CARGO) build -p buildledger

# npm ci only when the lock file changed since the last install.
frontend/node_modules/.installed: frontend/package-lock.json
	cd frontend && $(NPM) ci --no-audit --no-fund
	touch $@

frontend: frontend/node_modules/.installed
	cd frontend && $(NPM) run build

test: test-rust fuzz test-frontend

# PostgreSQL suites run when TEST_POSTGRES_URL is set (.ci/run sets it). The mail test sends to a
# real SMTP server, Python's aiosmtpd (installed here when missing).
test-rust:
	python3 -c 'import aiosmtpd' 2>/dev/null || python3 -m pip install --quiet 'aiosmtpd>=1.4,<2'
	$(CARGO) test --workspace --no-fail-fast

# schemathesis against /api/openapi.json with every check, a bounded number of examples.
fuzz: backend
	bash scripts/schemathesis.sh

test-frontend: backend frontend
	cd frontend && $(NPM) test
	cd frontend && $(NPM) run check:bundle
	cd frontend && $(NPM) run e2e

e2e: backend frontend
	cd frontend && $(NPM) run e2e

fmt:
	$(CARGO) fmt --all

# Enforced conventions (CI runs this before `make test`): rustfmt, clippy with warnings as
# errors, ESLint (boundaries, hooks, a11y, file names), Prettier, TypeScript, the frontend's API
# types current with the server's OpenAPI document, and that document valid OpenAPI 3.0 and clean
# under Redocly's recommended rules (scripts/lint/openapi.sh).
lint: frontend/node_modules/.installed
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	python3 scripts/lint/module_cycles.py
	python3 scripts/lint/long_files.py
	$(CARGO) test -p buildledger-http --test api -- openapi::the_frontends_copy_of_the_document_is_current
	bash scripts/lint/openapi.sh
	cd frontend && $(NPM) run lint
	cd frontend && $(NPM) run format:check
	cd frontend && $(NPM) run typecheck
	cd frontend && $(NPM) run check:api

# Regenerates frontend/src/lib/api/{openapi.json,schema.d.ts} from the server's handlers.
api-types: frontend/node_modules/.installed
	UPDATE_OPENAPI=1 $(CARGO) test -p buildledger-http --test api -- openapi::the_frontends_copy_of_the_document_is_current
	UPDATE_FIXTURES=1 $(CARGO) test -p buildledger-http --test api -- summary_cases::
	cd frontend && $(NPM) run gen:api

bench:
	bash scripts/bench.sh

# Page loads in Chromium (laptop; phone on slow 4G): needs a release build and `npm run build`.
bench-pageload:
	node scripts/bench/pageload.mjs --json target/pageload.json --out docs/benchmarks.md

clean:
	$(CARGO) clean
	rm -rf frontend/dist frontend/node_modules

# ---- Reliability proofs (docs/reliability.md). The bounded durability check (SIGKILL mid-load,
# ---- SIGTERM with a request in flight) runs in `make test` as crates/buildledger/tests/durability.rs.
.PHONY: durability kill load scaleout test-s3

durability:
	$(CARGO) test -p buildledger --test durability -- --nocapture

# Long versions against the release binary; figures go to target/reliability/*.json.
kill:
	$(CARGO) build --release -p buildledger
	bash scripts/reliability/kill.sh

load:
	$(CARGO) build --release -p buildledger
	bash scripts/reliability/load.sh

# Needs PostgreSQL on 127.0.0.1:5432 (trust) and moto (pip install 'moto[server]').
scaleout:
	$(CARGO) build --release -p buildledger
	bash scripts/reliability/scaleout.sh

# The S3 adapter against a throwaway moto server (skipped by plain `cargo test`).
test-s3:
	bash scripts/reliability/test-s3.sh
