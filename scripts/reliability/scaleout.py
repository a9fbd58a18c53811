#!/usr/bin/env python3
"""Scale-out on existing infrastructure (`make scaleout`; figures in docs/reliability.md):

- one PostgreSQL (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres): the script
  creates its own database and drops it at the end;
- one S3-compatible store: `moto_server` from PyPI on a free port (or S3_TEST_ENDPOINT), with a
  bucket of the script's own;
- TWO `buildledger serve` instances started at the same moment on that database (migrations run
  under the advisory lock: both must come up, each migration recorded once), DOCUMENT_STORE=s3,
  the same JWT_SECRET, separate DATA_DIRs (nothing shared on local disk);
- a round-robin client of this script's own: requests alternate between the two instances
  (task creates, PATCHes, document uploads, board reads, document lists and downloads through
  the OTHER instance's signed link);
- one instance is SIGKILLed mid-load: the other keeps serving (zero errors from it), the client
  routes around the dead one; the dead one is restarted and rejoins;
- at the end every acknowledged write (tasks, PATCHes, documents byte for byte) is read back
  through BOTH instances, which must give the same boards and the same documents.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (Server, call, expect, fail, free_port, log, login, multipart, pdf_bytes, project,  # noqa: E402
                    subscribed_user, write_results)


def psql(admin_url: str, sql: str):
    subprocess.run(["psql", admin_url, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], check=True, capture_output=True)


def start_moto() -> tuple[subprocess.Popen | None, str]:
    if os.environ.get("S3_TEST_ENDPOINT"):
        return None, os.environ["S3_TEST_ENDPOINT"].rstrip("/")
    exe = shutil.which("moto_server")
    if not exe:
        fail("moto_server not found: pip install 'moto[server]' (or set S3_TEST_ENDPOINT)")
    port = free_port()
    proc = subprocess.Popen([exe, "-H", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            c.request("GET", "/")
            c.getresponse().read()
            return proc, endpoint
        except OSError:
            time.sleep(0.2)
    proc.kill()
    fail("moto_server did not start")


def create_bucket(endpoint: str, bucket: str):
    host = endpoint.split("://", 1)[1]
    c = http.client.HTTPConnection(host, timeout=10)
    c.request("PUT", f"/{bucket}", body=b"")
    r = c.getresponse()
    r.read()
    if r.status != 200:
        fail(f"cannot create bucket {bucket}: {r.status}")


class RoundRobin:
    """The test's own balancer: alternates instances; a connection failure marks one down."""

    def __init__(self, servers: list[Server]):
        self.servers = servers
        self.up = [True] * len(servers)
        self.lock = threading.Lock()
        self.n = 0

    def pick(self) -> int:
        with self.lock:
            for _ in range(len(self.servers)):
                i = self.n % len(self.servers)
                self.n += 1
                if self.up[i]:
                    return i
            raise RuntimeError("no instance up")

    def down(self, i: int):
        with self.lock:
            self.up[i] = False

    def back(self, i: int):
        with self.lock:
            self.up[i] = True


class Ledger:
    def __init__(self):
        self.lock = threading.Lock()
        self.tasks: dict[int, str] = {}
        self.patched: dict[int, int] = {}
        self.documents: dict[int, tuple] = {}   # id -> (task, sha256)
        self.sent = [0, 0]
        self.acked = [0, 0]
        self.by_op: dict[str, int] = {}
        self.failed_on_killed = 0
        self.errors: list[str] = []             # from an instance that was up: must stay empty
        self.cross_downloads = 0


def transport_failure(rr: RoundRobin, ledger: Ledger, killed_idx: list, idx: int, what: str, e: Exception):
    """A request to instance `idx` got no answer: expected if it is the one being killed (it is
    marked down), an error otherwise."""
    if idx in killed_idx:
        rr.down(idx)
        with ledger.lock:
            ledger.failed_on_killed += 1
    else:
        with ledger.lock:
            ledger.errors.append(f"instance {idx} {what}: {e!r}")


def worker(wid, rr: RoundRobin, token: str, project_id: int, ledger: Ledger, stop: threading.Event, killed_idx: list):
    rnd = random.Random(wid)
    mine: list[int] = []
    version = 0
    n = 0
    while not stop.is_set():
        n += 1
        i = rr.pick()
        port = rr.servers[i].port
        r = rnd.random()
        op = "create" if not mine or r < 0.30 else "patch" if r < 0.50 else "upload" if r < 0.65 else "board" if r < 0.85 else "documents"
        with ledger.lock:
            ledger.sent[i] += 1
        try:
            if op == "create":
                title = f"w{wid}-{n}"
                status, body = call(port, "POST", "/api/tasks/", token, {"project": project_id, "title": title, "description": "v0"}, timeout=40)
                if status == 201:
                    mine.append(body["id"])
                    with ledger.lock:
                        ledger.tasks[body["id"]] = title
            elif op == "patch":
                version += 1
                tid = rnd.choice(mine)
                status, body = call(port, "PATCH", f"/api/tasks/{tid}/", token, {"description": f"v{version}"}, timeout=40)
                if status == 200:
                    with ledger.lock:
                        ledger.patched[tid] = max(ledger.patched.get(tid, 0), version)
            elif op == "upload":
                tid = rnd.choice(mine)
                content = pdf_bytes(f"scaleout-{wid}-{n}") + secrets.token_bytes(rnd.randint(0, 64 * 1024))
                ctype, raw = multipart({"task": tid}, {"file": (f"s-{wid}-{n}.pdf", content, "application/pdf")})
                status, body = call(port, "POST", "/api/documents/", token, raw=raw, content_type=ctype, timeout=40)
                if status == 201:
                    with ledger.lock:
                        ledger.documents[body["id"]] = (tid, hashlib.sha256(content).hexdigest())
                    # The signed link made by one instance, downloaded through the other. A failure
                    # there is the other instance's (it may be the one being killed), not this upload's.
                    j = rr.pick()
                    if j != i:
                        try:
                            st, got = call(rr.servers[j].port, "GET", body["file"], timeout=40)
                        except (OSError, http.client.HTTPException) as e:
                            transport_failure(rr, ledger, killed_idx, j, "cross-instance download", e)
                            st, got = None, b""
                        if st is not None and (st != 200 or hashlib.sha256(got).hexdigest() != hashlib.sha256(content).hexdigest()):
                            raise AssertionError(f"cross-instance download of {body['id']} via {j}: {st}")
                        if st is not None:
                            with ledger.lock:
                                ledger.cross_downloads += 1
            elif op == "board":
                status, body = call(port, "GET", f"/api/projects/{project_id}/tasks/", token, timeout=40)
            else:
                status, body = call(port, "GET", f"/api/documents/?task={rnd.choice(mine)}", token, timeout=40)
            with ledger.lock:
                if 200 <= status < 300:
                    ledger.acked[i] += 1
                    ledger.by_op[op] = ledger.by_op.get(op, 0) + 1
                else:
                    ledger.errors.append(f"instance {i} {op} -> {status} {str(body)[:200]}")
        except (OSError, http.client.HTTPException) as e:
            transport_failure(rr, ledger, killed_idx, i, op, e)
        except AssertionError as e:
            with ledger.lock:
                ledger.errors.append(str(e))


def verify(servers: list[Server], username: str, project_id: int, ledger: Ledger) -> dict:
    boards, docs = [], []
    lost = []
    for s in servers:
        token = login(s.port, username)
        board = expect(call(s.port, "GET", f"/api/projects/{project_id}/tasks/", token), 200, "board")
        boards.append({t["id"]: (t["title"], t["description"], t["status"], t["position"]) for t in board})
        listed = {}
        for tid in {task for task, _ in ledger.documents.values()}:
            for row in expect(call(s.port, "GET", f"/api/documents/?task={tid}", token), 200, "documents"):
                listed[row["id"]] = row
        docs.append(listed)
        for tid, title in ledger.tasks.items():
            if boards[-1].get(tid, (None,))[0] != title:
                lost.append(f"{s.name}: task {tid}")
        for tid, v in ledger.patched.items():
            stored = int(boards[-1].get(tid, ("", "v-1"))[1][1:])
            if stored < v:
                lost.append(f"{s.name}: task {tid} PATCH v{v}, stored v{stored}")
        for did, (_, digest) in ledger.documents.items():
            row = listed.get(did)
            if row is None:
                lost.append(f"{s.name}: document {did} not listed")
                continue
            st, content = call(s.port, "GET", row["file"])
            if st != 200 or hashlib.sha256(content).hexdigest() != digest:
                lost.append(f"{s.name}: document {did} download {st} / bytes differ")
    same_board = boards[0] == boards[1]
    same_docs = {k: (v["name"], v["size"]) for k, v in docs[0].items()} == {k: (v["name"], v["size"]) for k, v in docs[1].items()}
    return {"lost": lost, "same_board": same_board, "same_documents": same_docs, "tasks_on_board": len(boards[0]),
            "documents_listed": len(docs[0])}


MIGRATIONS_IN_TREE = len([d for d in (Path(__file__).resolve().parents[2] / "migrations" / "postgres").iterdir() if d.is_dir()])


def migrations_recorded(db_url: str) -> dict:
    out = subprocess.run(["psql", db_url, "-At", "-c", "SELECT count(*), count(DISTINCT version) FROM __diesel_schema_migrations"],
                         check=True, capture_output=True, text=True).stdout.strip()
    total, distinct = map(int, out.split("|"))
    return {"recorded": total, "distinct": distinct, "in_tree": MIGRATIONS_IN_TREE,
            "ok": total == distinct == MIGRATIONS_IN_TREE}


def start_together(servers: list[Server]) -> float:
    """Spawns every instance before waiting for any: they migrate an empty database at once."""
    t0 = time.time()
    for s in servers:
        s.spawn()
    for s in servers:
        s.wait_ready()
    return time.time() - t0


def migration_race(args, base: str, env: dict, tmp: str) -> list:
    """Rounds of two instances started at the same moment on a fresh, empty database."""
    rounds = []
    for r in range(args.migration_rounds):
        name = f"buildledger_migrace_{os.getpid()}_{r}"
        psql(args.pg_admin_url, f"DROP DATABASE IF EXISTS {name}")
        psql(args.pg_admin_url, f"CREATE DATABASE {name}")
        pair = [Server(Path(tmp) / f"race{r}{n}", env=dict(env, DATABASE_URL=f"{base}/{name}"), name=n) for n in ("a", "b")]
        try:
            took = start_together(pair)
            row = dict(migrations_recorded(f"{base}/{name}"), round=r + 1, both_ready_s=round(took, 2))
        finally:
            for s in pair:
                s.stop()
            psql(args.pg_admin_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        rounds.append(row)
        if not row["ok"]:
            fail(f"migration race round {r + 1}: {row}")
    log("migration race:", json.dumps(rounds))
    return rounds


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pg-admin-url", default=os.environ.get("PG_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres"))
    p.add_argument("--workers", type=int, default=8)
    p.add_argument("--before-kill", type=float, default=10, help="seconds of load on both instances")
    p.add_argument("--after-kill", type=float, default=10, help="seconds of load with one instance dead")
    p.add_argument("--after-restart", type=float, default=5, help="seconds of load once it is back")
    p.add_argument("--migration-rounds", type=int, default=5, help="simultaneous starts on fresh databases")
    args = p.parse_args()

    dbname = f"buildledger_scaleout_{os.getpid()}"
    base = args.pg_admin_url.rsplit("/", 1)[0]
    db_url = f"{base}/{dbname}"
    psql(args.pg_admin_url, f"DROP DATABASE IF EXISTS {dbname}")
    psql(args.pg_admin_url, f"CREATE DATABASE {dbname}")
    moto, endpoint = start_moto()
    bucket = f"buildledger-scaleout-{os.getpid()}"
    create_bucket(endpoint, bucket)
    results: dict = {"args": vars(args), "database": dbname, "s3_endpoint": endpoint, "bucket": bucket}
    servers: list[Server] = []
    tmp = tempfile.mkdtemp(prefix="buildledger-scaleout-")
    try:
        env = {"DATABASE_URL": db_url, "JWT_SECRET": secrets.token_hex(32), "DOCUMENT_STORE": "s3", "S3_BUCKET": bucket,
               "S3_ENDPOINT": endpoint, "S3_REGION": "us-east-1", "S3_ACCESS_KEY_ID": "scaleout", "S3_SECRET_ACCESS_KEY": "scaleout-secret",
               "S3_ALLOW_HTTP": "true", "DB_POOL_SIZE": "8"}
        results["migration_race"] = migration_race(args, base, env, tmp)
        servers = [Server(Path(tmp) / n, env=env, name=n) for n in ("a", "b")]
        # Both at the same moment on an empty database: the advisory lock serialises the migrations.
        results["both_started_s"] = round(start_together(servers), 2)
        results["migrations"] = migrations_recorded(db_url)
        log("both instances up", json.dumps(results["migrations"]))
        if not results["migrations"]["ok"]:
            fail(f"migrations: {results['migrations']}")

        username = "scaleout"
        token = subscribed_user(servers[0].port, username)
        project_id = project(servers[0].port, token)
        # The other instance accepts the same token and sees the same project.
        expect(call(servers[1].port, "GET", f"/api/projects/{project_id}/", token), 200, "project via b")

        rr = RoundRobin(servers)
        ledger = Ledger()
        stop = threading.Event()
        killed_idx: list[int] = []
        threads = [threading.Thread(target=worker, args=(w, rr, token, project_id, ledger, stop, killed_idx)) for w in range(args.workers)]
        for t in threads:
            t.start()
        time.sleep(args.before_kill)
        before = list(ledger.acked)
        killed_idx.append(0)
        servers[0].sigkill()
        log("SIGKILLed instance a; acknowledged so far", before)
        time.sleep(args.after_kill)
        acked_b_alone = ledger.acked[1] - before[1]
        servers[0].start()
        rr.back(0)
        killed_idx.clear()
        log("instance a restarted")
        time.sleep(args.after_restart)
        stop.set()
        for t in threads:
            t.join()
        # Each instance trusts what it remembers of a board's version for 1 s on PostgreSQL
        # (persistence/src/db.rs, memo_ttl): another instance's last writes are seen after that.
        time.sleep(1.5)
        check = verify(servers, username, project_id, ledger)
        results["load"] = {
            "workers": args.workers, "requests_sent_per_instance": ledger.sent, "acknowledged_per_instance": ledger.acked,
            "acknowledged_by_operation": ledger.by_op, "acknowledged_by_b_while_a_dead": acked_b_alone,
            "failed_on_the_killed_instance": ledger.failed_on_killed, "errors_from_live_instances": len(ledger.errors),
            "error_examples": ledger.errors[:5], "cross_instance_downloads": ledger.cross_downloads,
            "tasks_acknowledged": len(ledger.tasks), "patched_tasks_acknowledged": len(ledger.patched),
            "documents_acknowledged": len(ledger.documents),
        }
        results["verify"] = {k: (len(v) if k == "lost" else v) for k, v in check.items()}
        log("load", json.dumps(results["load"]))
        log("verify", json.dumps(results["verify"]))
        write_results("scaleout", results)
        problems = []
        if ledger.errors:
            problems.append(f"{len(ledger.errors)} errors from live instances: {ledger.errors[:3]}")
        if check["lost"]:
            problems.append(f"acknowledged writes lost: {check['lost'][:5]}")
        if not check["same_board"] or not check["same_documents"]:
            problems.append("the two instances disagree")
        if acked_b_alone == 0:
            problems.append("b served nothing while a was dead")
        if problems:
            fail("; ".join(problems))
        log("PASS")
    finally:
        for s in servers:
            if s.proc:
                s.stop()
        if moto:
            moto.send_signal(signal.SIGTERM)
            try:
                moto.wait(timeout=10)
            except subprocess.TimeoutExpired:
                moto.kill()
        try:
            psql(args.pg_admin_url, f"DROP DATABASE IF EXISTS {dbname} WITH (FORCE)")
        except subprocess.CalledProcessError as e:
            log("could not drop", dbname, e.stderr)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
