#!/usr/bin/env python3
"""Turns the results of scripts/bench.sh (JSON lines) into docs/benchmarks.md and prints the
tables and the verdict on each target of the performance issue."""
import argparse
import datetime
import json
import os
import platform
import subprocess

LABELS = {
    "plain": "plain actix handler (baseline)",
    "board": "board read `GET /api/projects/{id}/tasks/`",
    "board_single": "board read, one connection (`wrk -t1 -c1`)",
    "board_304": "board revalidated (`If-None-Match`, 304)",
    "summary": "money summary `GET /api/projects/{id}/summary/`",
    "patch": "task PATCH, moves between columns",
    "login": "login `POST /api/token/`",
    "estimate": "public estimate `GET /api/estimate/`",
}


def machine():
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "unknown"
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = "%.1f GiB" % (int(line.split()[1]) / 1024 / 1024)
                break
    except OSError:
        pass
    def cmd(*a):
        try:
            return subprocess.run(a, capture_output=True, text=True, check=False).stdout.strip()
        except OSError:
            return "?"
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "memory": mem,
        "kernel": platform.release(),
        "rustc": cmd("rustc", "--version"),
        "wrk": (cmd("sh", "-c", "wrk -v 2>&1 | head -1") or "wrk").split(" Copyright")[0],
        "postgres": cmd("sh", "-c", "psql -V 2>/dev/null"),
        "commit": cmd("git", "rev-parse", "--short", "HEAD"),
    }


def errs(r):
    return r["errors_status"] + r["errors_connect"] + r["errors_read"] + r["errors_write"] + r["errors_timeout"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--threads", default="2")
    ap.add_argument("--connections", default="32")
    ap.add_argument("--duration", default="10")
    a = ap.parse_args()
    rows = [json.loads(l) for l in open(a.results) if l.strip()]
    backends = []
    for r in rows:
        if r["backend"] not in backends:
            backends.append(r["backend"])
    m = machine()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")

    md = ["# Benchmarks", "",
          "Produced by `make bench` (scripts/bench.sh); do not edit by hand, run it again.", "",
          f"- Date: {now}; commit {m['commit']}",
          f"- Machine: {m['nproc']} CPUs (`nproc`), {m['cpu']}, {m['memory']} RAM, Linux {m['kernel']}",
          f"- Build: release (`cargo build --release`), {m['rustc']}; load generator {m['wrk']}; {m['postgres'] or 'PostgreSQL: n/a'}",
          f"- Load: wrk -t{a.threads} -c{a.connections}, {a.duration} s per scenario after a 2 s warm-up, loopback; "
          "server and wrk share the same cores, so every target is a ratio to the plain actix-web handler "
          "(crates/bench-plain, same worker count) measured in the same run right before each backend. "
          "The one-connection board read (`wrk -t1 -c1`) measures how long one read takes with no queue in front of it.",
          "- Data seeded through the API: one subscribed user, one project per board size; every task with 3 bids (a third awarded) and, on boards up to 1,000 tasks, 5 payments and 1 change order (approved where awarded). The board read sends "
          "no `Accept-Encoding` (uncompressed JSON). PATCH runs on the smallest board, 32 connections, "
          "each request moves one task to another column (every other one to a given position).",
          ""]
    verdicts = []
    for b in backends:
        res = {(r["scenario"], r["n"]): r["result"] for r in rows if r["backend"] == b}
        plain = res.get(("plain", 0))
        md += [f"## {'SQLite' if b == 'sqlite' else 'PostgreSQL'}", "",
               "| scenario | tasks | req/s | p50 ms | p99 ms | req/s vs plain | errors |",
               "|---|---:|---:|---:|---:|---:|---:|"]
        order = ["plain", "board", "board_single", "board_304", "summary", "patch", "login", "estimate"]
        keys = sorted((k for k in res if k[0] in order), key=lambda k: (order.index(k[0]), k[1]))
        print(f"\n== {b} ==")
        for k in keys:
            r = res[k]
            ratio = r["rps"] / plain["rps"] if plain else float("nan")
            md.append(f"| {LABELS[k[0]]} | {k[1] or ''} | {r['rps']:,.0f} | {r['p50_us']/1000:.2f} | {r['p99_us']/1000:.2f} | {ratio:.1%} | {errs(r)} |")
            print(f"{k[0]:10} {k[1]:>6} {r['rps']:>10.0f} req/s  p50 {r['p50_us']/1000:7.2f} ms  p99 {r['p99_us']/1000:7.2f} ms  {ratio:7.1%} of plain  errors {errs(r)}")
        log = res.get(("server_log", 0), {})
        seed = res.get(("seed", 0), {})
        md.append("")
        if seed:
            parts = [f"{n} tasks in {s} s" for n, s in seed.get("seed_seconds", {}).items()]
            sizes = [f"{n} tasks: {int(v)/1024:,.0f} KiB" for n, v in seed.get("board_bytes", {}).items() if v]
            md.append(f"Seeding through the API (8 concurrent connections): {', '.join(parts)}. Board JSON size: {', '.join(sizes)}.")
        md.append(f"Server log: {log.get('database_is_locked', '?')} \"database is locked\", {log.get('status_5xx', '?')} responses 5xx.")
        md.append("")

        # Targets.
        def get(s, n):
            return res.get((s, n))
        sizes = sorted(n for (s, n) in res if s == "board")
        small = sizes[0] if sizes else None
        checks = []
        if plain and small is not None:
            r = get("board", small)
            checks.append((f"{small}-task board read >= 20% of plain req/s", r["rps"] / plain["rps"] >= 0.20,
                           f"{r['rps']:,.0f} req/s = {r['rps']/plain['rps']:.1%} of {plain['rps']:,.0f}"))
            r = get("board_304", small)
            checks.append((f"unchanged board revalidated (304) >= 50% of plain req/s", r["rps"] / plain["rps"] >= 0.50,
                           f"{r['rps']:,.0f} req/s = {r['rps']/plain['rps']:.1%} of {plain['rps']:,.0f}"))
        p = get("patch", small) if small is not None else None
        if p:
            goal = 3000 if b == "sqlite" else 5000
            locked = log.get("database_is_locked", 0)
            ok = p["rps"] >= goal and errs(p) == 0 and (b != "sqlite" or locked == 0)
            extra = f", {locked} \"database is locked\"" if b == "sqlite" else ""
            checks.append((f"task PATCH >= {goal:,}/s, 32 concurrent writers, no errors", ok,
                           f"{p['rps']:,.0f}/s, {errs(p)} errors{extra}"))
        if 1000 in sizes and 10000 in sizes:
            k1, k10 = get("board", 1000), get("board", 10000)
            ratio = k10["p50_us"] / max(k1["p50_us"], 1)
            checks.append((f"10,000-task read p50 <= 12x the 1,000-task read ({a.connections} connections)", ratio <= 12,
                           f"{k10['p50_us']/1000:.2f} ms vs {k1['p50_us']/1000:.2f} ms = {ratio:.1f}x"))
            s1, s10 = get("board_single", 1000), get("board_single", 10000)
            if s1 and s10:
                ratio = s10["p50_us"] / max(s1["p50_us"], 1)
                checks.append(("10,000-task read p50 <= 12x the 1,000-task read (one connection)", ratio <= 12,
                               f"{s10['p50_us']/1000:.2f} ms vs {s1['p50_us']/1000:.2f} ms = {ratio:.1f}x"))
        md += ["| target | met | measured |", "|---|---|---|"]
        for name, ok, fig in checks:
            md.append(f"| {name} | {'yes' if ok else '**no**'} | {fig} |")
            verdicts.append((b, name, ok, fig))
        md.append("")

    md += ["## Targets", ""]
    missed = [v for v in verdicts if not v[2]]
    if not missed:
        md.append("Every target is met on every backend measured in this run.")
    else:
        md.append("Not met in this run:")
        md += [f"- {b}: {name}: {fig}" for b, name, ok, fig in missed]
    notes = os.environ.get("BENCH_NOTES_FILE") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "notes.md")
    if os.path.exists(notes):
        md += ["", open(notes).read().rstrip()]
    md.append("")
    with open(a.out, "w") as f:
        f.write("\n".join(md))
    print("\nTargets:")
    for b, name, ok, fig in verdicts:
        print(f"  [{'met' if ok else 'NOT MET'}] {b}: {name}: {fig}")


if __name__ == "__main__":
    main()
