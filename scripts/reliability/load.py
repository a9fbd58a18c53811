#!/usr/bin/env python3
"""Load: mixed reads and writes at 64 connections for 60 s against the release binary on SQLite in
a temporary DATA_DIR (`make load`; figures in docs/reliability.md).

Pass: zero transport errors, zero 5xx, zero unexpected statuses, and a flat memory curve (RSS of
the server read from /proc every 2 s; the median of the last 20 s may not exceed the median of
the 10-25 s window, after warm-up, by more than 10% + 4 MiB).

The data set is held steady (each worker keeps at most --max-tasks tasks: past that, its creates
become deletes), so a growing RSS would be a leak, not more data.

Each of the 64 workers owns its tasks (it PATCHes and DELETEs only what it created), so every
answer has one right status; reads go to the shared projects of the same user.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

import aiohttp

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import Server, call, expect, log, pdf_bytes, project, subscribed_user, write_results  # noqa: E402

# (operation, weight): about 55% reads, 45% writes.
MIX = [
    ("board", 25), ("project", 8), ("projects", 7), ("me", 5), ("documents", 5), ("estimate", 5),
    ("create", 15), ("patch", 20), ("delete", 6), ("upload", 4),
]
EXPECTED = {"board": 200, "project": 200, "projects": 200, "me": 200, "documents": 200, "estimate": 200,
            "create": 201, "patch": 200, "delete": 204, "upload": 201}
STATUSES = ["To Do", "In Progress", "Paid"]


class Stats:
    def __init__(self):
        self.count = Counter()
        self.status = Counter()
        self.unexpected = Counter()
        self.errors = Counter()
        self.latency = defaultdict(list)
        self.examples: list[str] = []


async def worker(wid: int, session: aiohttp.ClientSession, base: str, token: str, projects: list[int], deadline: float, stats: Stats, args):
    rnd = random.Random(wid)
    headers = {"Authorization": f"Bearer {token}"}
    pid = projects[wid % len(projects)]
    mine: list[int] = []
    ops, weights = zip(*MIX)
    n = 0
    while time.monotonic() < deadline:
        n += 1
        op = rnd.choices(ops, weights)[0]
        if op in ("patch", "delete", "upload", "documents") and not mine:
            op = "create"
        elif op == "create" and len(mine) >= args.max_tasks:
            op = "delete"  # steady state: the data set stays the same size, so memory should too
        kw: dict = {}
        if op == "board":
            method, path = "GET", f"/api/projects/{pid}/tasks/"
        elif op == "project":
            method, path = "GET", f"/api/projects/{rnd.choice(projects)}/"
        elif op == "projects":
            method, path = "GET", "/api/projects/"
        elif op == "me":
            method, path = "GET", "/api/me/"
        elif op == "documents":
            method, path = "GET", f"/api/documents/?task={rnd.choice(mine)}"
        elif op == "estimate":
            method, path = "GET", f"/api/estimate/?zip_code=7870{rnd.randint(0, 9)}&square_footage={rnd.randint(800, 5000)}&quality=standard&project_type=new_home_build"
        elif op == "create":
            method, path = "POST", "/api/tasks/"
            kw["json"] = {"project": pid, "title": rnd.choice(["Framing", "Roofing", "Plumbing", "Drywall", "Paint"]) + f" {wid}-{n}",
                          "material_quality": rnd.choice(["basic", "standard", "premium"]), "actual_cost": round(rnd.uniform(100, 9000), 2)}
        elif op == "patch":
            method, path = "PATCH", f"/api/tasks/{rnd.choice(mine)}/"
            kw["json"] = rnd.choice([{"status": rnd.choice(STATUSES)}, {"description": f"note {n}"},
                                     {"actual_cost": round(rnd.uniform(100, 9000), 2)}, {"position": 0}])
        elif op == "delete":
            tid = mine.pop(rnd.randrange(len(mine)))
            method, path = "DELETE", f"/api/tasks/{tid}/"
        else:  # upload
            data = aiohttp.FormData()
            data.add_field("task", str(rnd.choice(mine)))
            data.add_field("file", pdf_bytes(f"load-{wid}-{n}") + b"%" * rnd.randint(0, 20000), filename=f"quote-{wid}-{n}.pdf", content_type="application/pdf")
            method, path = "POST", "/api/documents/"
            kw["data"] = data
        t0 = time.monotonic()
        try:
            async with session.request(method, base + path, headers=headers, **kw) as r:
                body = await r.read()
                status = r.status
        except Exception as e:  # noqa: BLE001 - every transport failure is counted
            stats.errors[f"{op}: {type(e).__name__}"] += 1
            if len(stats.examples) < 10:
                stats.examples.append(f"{op} {path}: {e!r}")
            continue
        stats.latency[op].append(time.monotonic() - t0)
        stats.count[op] += 1
        stats.status[status // 100 * 100] += 1
        if status != EXPECTED[op]:
            stats.unexpected[f"{op} {status}"] += 1
            if len(stats.examples) < 10:
                stats.examples.append(f"{op} {path} -> {status} {body[:200]!r}")
        elif op == "create":
            mine.append(json.loads(body)["id"])


async def sample_rss(server: Server, deadline: float, samples: list):
    t0 = time.monotonic()
    while time.monotonic() < deadline:
        samples.append((round(time.monotonic() - t0, 1), server.rss_kib()))
        await asyncio.sleep(2)
    samples.append((round(time.monotonic() - t0, 1), server.rss_kib()))


async def run(args, server: Server, token: str, projects: list[int]) -> dict:
    stats = Stats()
    samples: list = []
    # Idle connections are dropped by the client before the server's keep-alive (actix: 5 s) can
    # close them under a request (a load balancer's idle timeout is set the same way).
    connector = aiohttp.TCPConnector(limit=args.connections, force_close=False, keepalive_timeout=2)
    timeout = aiohttp.ClientTimeout(total=60)
    start = time.monotonic()
    deadline = start + args.duration
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        await asyncio.gather(sample_rss(server, deadline, samples),
                             *(worker(w, session, server.url, token, projects, deadline, stats, args) for w in range(args.connections)))
    elapsed = time.monotonic() - start
    total = sum(stats.count.values())
    lat = {op: {"n": len(v), "p50_ms": round(statistics.median(v) * 1000, 1),
                "p99_ms": round(sorted(v)[int(len(v) * 0.99) - 1] * 1000, 1) if len(v) > 1 else None}
           for op, v in sorted(stats.latency.items())}
    rss = [kib for _, kib in samples if kib]
    warm = [kib for t, kib in samples if kib and 10 <= t <= 25] or rss[: max(1, len(rss) // 3)]
    last = [kib for t, kib in samples if kib and t >= args.duration - 20] or rss[-max(1, len(rss) // 3):]
    warm_med, last_med = statistics.median(warm), statistics.median(last)
    flat = last_med <= warm_med * 1.10 + 4 * 1024
    # Least-squares slopes of RSS (KiB per minute): after the warm-up, and over the second half.
    def slope(since: float):
        pts = [(t, kib) for t, kib in samples if kib and t >= since]
        if len(pts) < 3:
            return None
        mt, mk = statistics.mean(t for t, _ in pts), statistics.mean(k for _, k in pts)
        return round(sum((t - mt) * (k - mk) for t, k in pts) / sum((t - mt) ** 2 for t, _ in pts) * 60, 1)
    return {
        "connections": args.connections, "duration_s": round(elapsed, 1), "requests_answered": total,
        "requests_per_s": round(total / elapsed, 1), "transport_errors": sum(stats.errors.values()),
        "errors_by_kind": dict(stats.errors), "status_classes": {str(k): v for k, v in sorted(stats.status.items())},
        "five_xx": stats.status.get(500, 0), "unexpected": dict(stats.unexpected), "examples": stats.examples,
        "by_operation": dict(stats.count), "latency": lat,
        "rss_kib_samples": samples, "rss_warm_median_kib": warm_med, "rss_last_median_kib": last_med,
        "rss_min_kib": min(rss), "rss_max_kib": max(rss), "memory_flat": flat, "rss_slope_kib_per_min_after_10s": slope(10), "rss_slope_kib_per_min_second_half": slope(args.duration / 2),
        "writes": sum(stats.count[o] for o in ("create", "patch", "delete", "upload")),
        "reads": sum(stats.count[o] for o in ("board", "project", "projects", "me", "documents", "estimate")),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--duration", type=float, default=60)
    p.add_argument("--connections", type=int, default=64)
    p.add_argument("--projects", type=int, default=8)
    p.add_argument("--seed-tasks", type=int, default=25, help="tasks per project before the load")
    p.add_argument("--max-tasks", type=int, default=10, help="tasks a worker keeps at most (then creates become deletes)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="buildledger-load-") as tmp:
        server = Server(Path(tmp), name="load").start()
        try:
            token = subscribed_user(server.port, "loaduser")
            projects = [project(server.port, token, f"Load {i}") for i in range(args.projects)]
            for pid in projects:
                for i in range(args.seed_tasks):
                    expect(call(server.port, "POST", "/api/tasks/", token, {"project": pid, "title": f"Seed {i}"}), 201, "seed task")
            log(f"seeded {len(projects)} projects x {args.seed_tasks} tasks; {args.connections} connections for {args.duration:.0f}s; RSS {server.rss_kib()} KiB")
            results = asyncio.run(run(args, server, token, projects))
            results["server_alive_after"] = server.proc.poll() is None
        finally:
            server.stop()
    results["args"] = vars(args)
    write_results("load", results)
    summary = {k: results[k] for k in ("requests_answered", "requests_per_s", "reads", "writes", "transport_errors", "five_xx",
                                       "unexpected", "rss_warm_median_kib", "rss_last_median_kib", "rss_max_kib", "rss_slope_kib_per_min_after_10s", "rss_slope_kib_per_min_second_half", "memory_flat")}
    log("summary", json.dumps(summary))
    log("RSS samples (s, KiB):", results["rss_kib_samples"])
    problems = []
    if results["transport_errors"]:
        problems.append(f"{results['transport_errors']} transport errors: {results['errors_by_kind']}")
    if results["five_xx"]:
        problems.append(f"{results['five_xx']} 5xx answers")
    if results["unexpected"]:
        problems.append(f"unexpected statuses {results['unexpected']}: {results['examples'][:3]}")
    if not results["memory_flat"]:
        problems.append(f"RSS grew from {results['rss_warm_median_kib']} to {results['rss_last_median_kib']} KiB")
    if not results["server_alive_after"]:
        problems.append("the server died")
    if problems:
        print("FAILED: " + "; ".join(problems), file=sys.stderr)
        sys.exit(1)
    log("PASS")


if __name__ == "__main__":
    main()
