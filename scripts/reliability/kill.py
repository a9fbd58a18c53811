#!/usr/bin/env python3
"""Durability under SIGKILL and graceful shutdown under SIGTERM, against the release binary on
SQLite in a temporary DATA_DIR (`make kill`; figures in docs/reliability.md).

Kill cycles: a concurrent write load (task creates, PATCHes and document uploads) records every
ACKNOWLEDGED write (2xx answer); the server is SIGKILLed at a random moment in the middle of it,
`PRAGMA integrity_check` must answer `ok` on the file the kill left, the server restarts on the
same DATA_DIR, and every write acknowledged so far (all cycles) must be there: tasks with their
titles, PATCHed descriptions at least at the acknowledged version, documents byte for byte.

Graceful phase: uploads and task creates whose bodies are still being sent when SIGTERM arrives
must all be answered 2xx, the process must exit 0, and those writes must be there after a restart.
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import random
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (Server, call, expect, fail, log, login, multipart, pdf_bytes, project,  # noqa: E402
                    sqlite_integrity, subscribed_user, write_results)


class Ledger:
    """Everything acknowledged, across cycles."""

    def __init__(self):
        self.lock = threading.Lock()
        self.tasks: dict[int, str] = {}          # id -> title
        self.patched: dict[int, int] = {}        # id -> highest acknowledged version
        self.documents: dict[int, tuple] = {}    # document id -> (task id, sha256 of the bytes)
        self.sent = 0
        self.acked = 0
        self.unanswered = 0                      # transport errors (expected only around the kill)
        self.bad: list[str] = []                 # answered, but not 2xx: always a failure


def worker(port, token, project_id, ledger: Ledger, stop: threading.Event, killed: threading.Event, wid: int, cycle: int):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    mine: list[int] = []
    version = 0
    i = 0
    rnd = random.Random(wid * 1000 + cycle)
    while not stop.is_set():
        i += 1
        op = "create" if not mine or rnd.random() < 0.45 else ("upload" if rnd.random() < 0.2 else "patch")
        with ledger.lock:
            ledger.sent += 1
        try:
            if op == "create":
                title = f"c{cycle}-w{wid}-{i}"
                status, body = call(port, "POST", "/api/tasks/", token, {"project": project_id, "title": title, "description": "v0"}, conn=conn)
                if status == 201:
                    mine.append(body["id"])
                    with ledger.lock:
                        ledger.tasks[body["id"]] = title
            elif op == "patch":
                version += 1
                tid = rnd.choice(mine)
                status, body = call(port, "PATCH", f"/api/tasks/{tid}/", token, {"description": f"v{cycle * 1_000_000 + version}"}, conn=conn)
                if status == 200:
                    with ledger.lock:
                        ledger.patched[tid] = max(ledger.patched.get(tid, 0), cycle * 1_000_000 + version)
            else:
                content = pdf_bytes(f"c{cycle}-w{wid}-{i}") + bytes(rnd.getrandbits(8) for _ in range(rnd.randint(0, 4096)))
                tid = rnd.choice(mine)
                ctype, raw = multipart({"task": tid}, {"file": (f"c{cycle}-w{wid}-{i}.pdf", content, "application/pdf")})
                status, body = call(port, "POST", "/api/documents/", token, raw=raw, content_type=ctype, conn=conn)
                if status == 201:
                    with ledger.lock:
                        ledger.documents[body["id"]] = (tid, hashlib.sha256(content).hexdigest())
            with ledger.lock:
                if 200 <= status < 300:
                    ledger.acked += 1
                else:
                    ledger.bad.append(f"{op} -> {status} {str(body)[:200]}")
        except (OSError, http.client.HTTPException) as e:
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            if killed.is_set():
                with ledger.lock:
                    ledger.unanswered += 1
                time.sleep(0.01)
            else:
                with ledger.lock:
                    ledger.bad.append(f"{op}: transport error before the kill: {e!r}")
                time.sleep(0.01)
    conn.close()


def verify(port: int, username: str, project_id: int, ledger: Ledger) -> dict:
    token = login(port, username)
    board = expect(call(port, "GET", f"/api/projects/{project_id}/tasks/", token), 200, "board")
    found = {t["id"]: t for t in board}
    lost = []
    for tid, title in ledger.tasks.items():
        if tid not in found or found[tid]["title"] != title:
            lost.append(f"task {tid} {title}")
    for tid, version in ledger.patched.items():
        stored = int(found.get(tid, {}).get("description", "v-1")[1:])
        if stored < version:
            lost.append(f"task {tid}: PATCH v{version} acknowledged, v{stored} stored")
    # Documents: list each task that has acknowledged ones, then download and compare the bytes.
    doc_rows = {}
    for tid in {task for task, _ in ledger.documents.values()}:
        status, rows = call(port, "GET", f"/api/documents/?task={tid}", token)
        if status == 200:
            for row in rows:
                doc_rows[row["id"]] = row
    for doc_id, (_, digest) in ledger.documents.items():
        row = doc_rows.get(doc_id)
        if row is None:
            lost.append(f"document {doc_id} not listed")
            continue
        status, content = call(port, "GET", row["file"])
        if status != 200 or hashlib.sha256(content).hexdigest() != digest:
            lost.append(f"document {doc_id}: download {status}, bytes differ")
    return {"tasks_on_board": len(found), "documents_listed": len(doc_rows), "lost": lost}


def kill_cycles(args, data_dir: Path, results: dict):
    server = Server(data_dir, name="kill").start()
    username = "durability"
    token = subscribed_user(server.port, username)
    project_id = project(server.port, token)
    ledger = Ledger()
    cycles = []
    for cycle in range(1, args.cycles + 1):
        stop, killed = threading.Event(), threading.Event()
        threads = [threading.Thread(target=worker, args=(server.port, token, project_id, ledger, stop, killed, w, cycle)) for w in range(args.workers)]
        acked_before = ledger.acked
        for t in threads:
            t.start()
        delay = random.uniform(args.min_load, args.max_load)
        time.sleep(delay)
        killed.set()
        server.sigkill()
        stop.set()
        for t in threads:
            t.join()
        integrity = sqlite_integrity(data_dir / "buildledger.sqlite3")
        t0 = time.time()
        server.start()
        restart_s = time.time() - t0
        check = verify(server.port, username, project_id, ledger)
        token = login(server.port, username)
        row = {"cycle": cycle, "killed_after_s": round(delay, 2), "acked_this_cycle": ledger.acked - acked_before,
               "integrity_check": integrity, "restart_s": round(restart_s, 2), **{k: v for k, v in check.items() if k != "lost"},
               "lost": len(check["lost"])}
        cycles.append(row)
        log("cycle", json.dumps(row))
        if integrity != "ok":
            fail(f"integrity_check after SIGKILL: {integrity}")
        if check["lost"]:
            fail(f"acknowledged writes lost: {check['lost'][:10]}")
        if ledger.bad:
            fail(f"{len(ledger.bad)} non-2xx answers or errors before the kill, first: {ledger.bad[:3]}")
    server.stop()
    results["sigkill"] = {
        "cycles": cycles, "workers": args.workers, "requests_sent": ledger.sent, "writes_acknowledged": ledger.acked,
        "tasks_acknowledged": len(ledger.tasks), "patched_tasks_acknowledged": len(ledger.patched),
        "documents_acknowledged": len(ledger.documents), "acknowledged_writes_lost": 0,
        "transport_errors_after_kill": ledger.unanswered, "non_2xx_answers": len(ledger.bad),
    }


def slow_request(port: int, method: str, path: str, token: str, content_type: str, body: bytes, pieces: int, pause: float, out: list, idx: int):
    """Sends `body` in `pieces`, `pause` seconds apart, then reads the answer."""
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=40)
        head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
        s.sendall(head)
        step = max(1, len(body) // pieces)
        for off in range(0, len(body), step):
            s.sendall(body[off:off + step])
            time.sleep(pause)
        resp = http.client.HTTPResponse(s)
        resp.begin()
        payload = resp.read()
        out[idx] = (resp.status, json.loads(payload) if payload else None)
        s.close()
    except Exception as e:  # noqa: BLE001 - recorded and reported
        out[idx] = (None, repr(e))


def graceful(args, data_dir: Path, results: dict):
    server = Server(data_dir, name="graceful").start()
    username = "graceful"
    token = subscribed_user(server.port, username)
    project_id = project(server.port, token)
    task_id = expect(call(server.port, "POST", "/api/tasks/", token, {"project": project_id, "title": "holder"}), 201, "task")["id"]
    n = args.inflight
    out: list = [None] * n
    threads = []
    digests = {}
    for i in range(n):
        if i % 2 == 0:
            content = pdf_bytes(f"graceful-{i}") + bytes(random.getrandbits(8) for _ in range(256 * 1024))
            digests[i] = hashlib.sha256(content).hexdigest()
            ctype, raw = multipart({"task": task_id}, {"file": (f"graceful-{i}.pdf", content, "application/pdf")})
            a = (server.port, "POST", "/api/documents/", token, ctype, raw, 10, 0.15, out, i)
        else:
            raw = json.dumps({"project": project_id, "title": f"graceful-{i}", "description": "x" * 4000}).encode()
            a = (server.port, "POST", "/api/tasks/", token, "application/json", raw, 10, 0.15, out, i)
        threads.append(threading.Thread(target=slow_request, args=a))
    for t in threads:
        t.start()
    time.sleep(0.5)  # every request is connected and part-way through its body
    t_term = time.time()
    server.sigterm()
    for t in threads:
        t.join()
    answered_s = time.time() - t_term
    code = server.proc.wait(timeout=40)
    exit_s = time.time() - t_term
    statuses = [o[0] for o in out]
    ok = sum(1 for s in statuses if s is not None and 200 <= s < 300)
    # Refused after SIGTERM: a new connection must not be served.
    try:
        call(server.port, "GET", "/healthz", timeout=2)
        refused_after = False
    except OSError:
        refused_after = True
    server.start()
    token = login(server.port, username)
    board = expect(call(server.port, "GET", f"/api/projects/{project_id}/tasks/", token), 200, "board")
    titles = {t["title"] for t in board}
    docs = {d["id"]: d for d in expect(call(server.port, "GET", f"/api/documents/?task={task_id}", token), 200, "docs")}
    missing = []
    for i, (status, body) in enumerate(out):
        if status is None or not 200 <= status < 300:
            continue
        if i % 2 == 0:
            d = docs.get(body["id"])
            st, content = call(server.port, "GET", d["file"]) if d else (None, b"")
            if not d or hashlib.sha256(content).hexdigest() != digests[i]:
                missing.append(f"document {body['id']}")
        elif f"graceful-{i}" not in titles:
            missing.append(f"task graceful-{i}")
    integrity = sqlite_integrity(data_dir / "buildledger.sqlite3")
    server.stop()
    row = {"in_flight_at_sigterm": n, "answered_2xx": ok, "statuses": sorted(set(map(str, statuses))),
           "all_answered_s_after_sigterm": round(answered_s, 2), "exit_code": code, "exit_s_after_sigterm": round(exit_s, 2),
           "new_connections_refused_after_exit": refused_after, "found_after_restart": ok - len(missing), "integrity_check": integrity}
    results["sigterm"] = row
    log("graceful", json.dumps(row))
    if ok != n:
        fail(f"in-flight requests not completed across SIGTERM: {out}")
    if code != 0:
        fail(f"exit code {code} after SIGTERM")
    if missing:
        fail(f"writes answered during shutdown are missing: {missing}")
    if integrity != "ok":
        fail(f"integrity_check: {integrity}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cycles", type=int, default=5, help="SIGKILL/restart cycles")
    p.add_argument("--workers", type=int, default=16, help="concurrent writers")
    p.add_argument("--min-load", type=float, default=2.0, help="seconds of load before a kill, at least")
    p.add_argument("--max-load", type=float, default=6.0, help="seconds of load before a kill, at most")
    p.add_argument("--inflight", type=int, default=32, help="requests in flight at SIGTERM")
    args = p.parse_args()
    results: dict = {"args": vars(args)}
    with tempfile.TemporaryDirectory(prefix="buildledger-kill-") as tmp:
        kill_cycles(args, Path(tmp) / "kill", results)
        graceful(args, Path(tmp) / "graceful", results)
    write_results("kill", results)
    log("PASS", json.dumps({k: v for k, v in results["sigkill"].items() if k != "cycles"}))


if __name__ == "__main__":
    main()
