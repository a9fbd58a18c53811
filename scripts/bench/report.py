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
    "board_member": "board read by a partner of the project (issue 35)",
    "summary": "money summary `GET /api/projects/{id}/summary/`",
    "patch": "task PATCH, moves between columns",
    "login": "login `POST /api/token/`",
    "estimate": "public estimate `GET /api/estimate/`",
    "summary_single": "money summary, one connection",
    "board_br": "board read, browser's `Accept-Encoding`",
    "board_br_single": "board read, browser's `Accept-Encoding`, one connection",
    "summary_br": "money summary, browser's `Accept-Encoding`",
    "summary_br_single": "money summary, browser's `Accept-Encoding`, one connection",
    "schedule": "schedule `GET /api/projects/{id}/schedule/` (durations, links, a baseline)",
    "schedule_304": "schedule revalidated (`If-None-Match`, 304)",
}

BROWSER_AE = "gzip, deflate, br, zstd"
# Issue 31: (compressed scenario, its plain twin, what it is, connections). The compressed one is
# the request a browser sends (`Accept-Encoding: gzip, deflate, br, zstd`), the twin the same
# request without the header.
BROWSER_PAIRS = [
    ("board_br", "board", "board read", "32"),
    ("board_br_single", "board_single", "board read", "1"),
    ("summary_br", "summary", "money summary", "32"),
    ("summary_br_single", "summary_single", "money summary", "1"),
    ("entry_br", "entry", "entry chunk", "32"),
    ("entry_br_single", "entry_single", "entry chunk", "1"),
    ("largest_br", "largest", "largest chunk", "32"),
    ("largest_br_single", "largest_single", "largest chunk", "1"),
    ("favicon_br_single", "favicon_single", "`/favicon.svg`", "1"),
]


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


def ms(r, key):
    """A latency of a result in ms, or a dash for results recorded before it was measured."""
    return f"{r[key]/1000:.2f}" if key in r else "–"


def per_response(r):
    return r["bytes"] / max(r["requests"], 1)


def errs(r):
    return r["errors_status"] + r["errors_connect"] + r["errors_read"] + r["errors_write"] + r["errors_timeout"]


PAGE_LOAD_SECTION = "## Page loads in Chromium"


def page_load_section(path):
    """The "Page loads in Chromium" section of an existing report, up to the next "## " heading."""
    try:
        text = open(path).read()
    except OSError:
        return ""
    start = text.find(PAGE_LOAD_SECTION + "\n")
    if start == -1:
        return ""
    end = text.find("\n## ", start + len(PAGE_LOAD_SECTION))
    return text[start:end if end != -1 else len(text)].rstrip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--threads", default="2")
    ap.add_argument("--connections", default="32")
    ap.add_argument("--duration", default="10")
    ap.add_argument("--binary", default="", help="the server binary measured (a debug build is flagged)")
    a = ap.parse_args()
    rows = [json.loads(l) for l in open(a.results) if l.strip()]
    backends = []
    for r in rows:
        if r["backend"] not in backends:
            backends.append(r["backend"])
    m = machine()
    build = "release (`cargo build --release`)"
    if a.binary and "/release/" not in a.binary:
        build = f"**not a release build** (`{a.binary}`): these figures only check the script"
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")

    md = ["# Benchmarks", "",
          "Produced by `make bench` (scripts/bench.sh); do not edit by hand, run it again.", "",
          f"- Date: {now}; commit {m['commit']}",
          f"- Machine: {m['nproc']} CPUs (`nproc`), {m['cpu']}, {m['memory']} RAM, Linux {m['kernel']}",
          f"- Build: {build}, {m['rustc']}; load generator {m['wrk']}; {m['postgres'] or 'PostgreSQL: n/a'}",
          f"- Load: wrk -t{a.threads} -c{a.connections}, {a.duration} s per scenario after a 2 s warm-up, loopback; "
          "server and wrk share the same cores, so every target is a ratio to the plain actix-web handler "
          "(crates/bench-plain, same worker count) measured in the same run right before each backend. "
          "The one-connection board read (`wrk -t1 -c1`) measures how long one read takes with no queue in front of it.",
          f"- As a browser meets it (issue 31): scenarios marked *browser's `Accept-Encoding`* send `Accept-Encoding: {BROWSER_AE}` "
          "as every browser does; each is shown beside the same request without the header. The static files are those of the "
          "built frontend (`npm run build`, precompressed `.br`/`.gz`), measured once with the first backend.",
          "- Data seeded through the API: one subscribed user, one project per board size; every task with 3 bids (a third awarded) and, on boards up to 1,000 tasks, 5 payments and 1 change order (approved where awarded). The board read sends "
          "no `Accept-Encoding` (uncompressed JSON). PATCH runs on the smallest board, 32 connections, "
          "each request moves one task to another column (every other one to a given position).",
          ""]
    verdicts = []
    for b in backends:
        res = {(r["scenario"], r["n"]): r["result"] for r in rows if r["backend"] == b}
        plain = res.get(("plain", 0))
        md += [f"## {'SQLite' if b == 'sqlite' else 'PostgreSQL'}", "",
               "| scenario | tasks | req/s | p50 ms | p90 ms | p99 ms | req/s vs plain | errors |",
               "|---|---:|---:|---:|---:|---:|---:|---:|"]
        order = ["plain", "board", "board_member", "board_single", "board_304", "summary", "schedule", "schedule_304", "patch", "login",
                 "estimate"]
        keys = sorted((k for k in res if k[0] in order), key=lambda k: (order.index(k[0]), k[1]))
        print(f"\n== {b} ==")
        for k in keys:
            r = res[k]
            ratio = r["rps"] / plain["rps"] if plain else float("nan")
            md.append(f"| {LABELS[k[0]]} | {k[1] or ''} | {r['rps']:,.0f} | {r['p50_us']/1000:.2f} | {ms(r, 'p90_us')} | {r['p99_us']/1000:.2f} | {ratio:.1%} | {errs(r)} |")
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

        # As a browser meets it (issue 31): each compressed scenario beside its plain twin.
        browser_keys = [(br, plain, what, conns, n) for br, plain, what, conns in BROWSER_PAIRS
                        for (s, n) in sorted(res) if s == br]
        if browser_keys:
            files = res.get(("static_files", 0), {})
            md += ["### As a browser meets it", "",
                   f"Compressed: the request with `Accept-Encoding: {BROWSER_AE}`; plain: the same request without it. "
                   "Bytes per response are wrk's bytes read over its requests (headers included); the encoding is what one such "
                   "request got (curl).", ""]
            if files:
                md.append(f"Static files: entry chunk `{files.get('entry')}` ({files.get('entry_bytes', 0)/1024:,.1f} KiB), "
                          f"largest chunk `{files.get('largest')}` ({files.get('largest_bytes', 0)/1024:,.1f} KiB), "
                          f"`/favicon.svg` ({files.get('favicon_bytes', 0):,} B).")
                md.append("")
            md += ["| request | tasks | conns | encoding | compressed req/s | p50 ms | p90 ms | p99 ms | plain req/s | p50 ms | p90 ms | p99 ms | compressed / plain | bytes per response (compressed / plain) | errors |",
                   "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
            print(f"\n-- {b}: as a browser meets it (compressed | plain) --")
            for br, plain_s, what, conns, n in browser_keys:
                c, p = res[(br, n)], res.get((plain_s, n))
                enc = res.get((f"encoding:{br}", n), {}).get("content_encoding", "?")
                if p:
                    ratio = c["rps"] / p["rps"] if p["rps"] else float("nan")
                    pcols = f"{p['rps']:,.0f} | {ms(p, 'p50_us')} | {ms(p, 'p90_us')} | {ms(p, 'p99_us')} | {ratio:.1%}"
                    bcol = f"{per_response(c):,.0f} / {per_response(p):,.0f}"
                    e = errs(c) + errs(p)
                else:
                    ratio = float("nan")
                    pcols = "– | – | – | – | –"
                    bcol = f"{per_response(c):,.0f} / –"
                    e = errs(c)
                md.append(f"| {what} | {n or ''} | {conns} | {enc} | {c['rps']:,.0f} | {ms(c, 'p50_us')} | {ms(c, 'p90_us')} | {ms(c, 'p99_us')} | {pcols} | {bcol} | {e} |")
                print(f"{br:18} {n:>6} c={conns:>2} {enc:8} {c['rps']:>9.0f} req/s p90 {ms(c, 'p90_us'):>7} ms | "
                      f"{(p or {}).get('rps', float('nan')):>9.0f} req/s p90 {ms(p or {}, 'p90_us'):>7} ms | {ratio:6.1%}  {bcol} B")
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
        # Issue 31, "Done when": as a browser meets it.
        for s_br, what in (("board_br_single", "board read"), ("summary_br_single", "money summary"),
                           ("entry_br_single", "entry chunk"), ("favicon_br_single", "`/favicon.svg`")):
            for (s, n) in sorted(res):
                if s != s_br:
                    continue
                r = res[(s, n)]
                p90 = r.get("p90_us")
                label = f"{what}{f' ({n} tasks)' if n else ''}, browser's header, one kept-alive connection: p90 <= 5 ms"
                checks.append((label, p90 is not None and p90 <= 5000 and errs(r) == 0,
                               f"p90 {ms(r, 'p90_us')} ms (p50 {ms(r, 'p50_us')}, p99 {ms(r, 'p99_us')}), {errs(r)} errors"))
        for s_br, s_plain, what in (("board_br", "board", "compressed board read"),
                                    ("largest_br", "largest", "largest chunk served compressed")):
            for (s, n) in sorted(res):
                if s != s_br or (s_plain, n) not in res:
                    continue
                c, p = res[(s, n)], res[(s_plain, n)]
                ratio = c["rps"] / p["rps"] if p["rps"] else 0
                checks.append((f"{what}{f' ({n} tasks)' if n else ''} >= 50% of its plain req/s ({a.connections} connections)",
                               ratio >= 0.50, f"{c['rps']:,.0f} vs {p['rps']:,.0f} req/s = {ratio:.1%}"))
        for s_br, what in (("board_br", "board read"), ("summary_br", "money summary"),
                           ("entry_br", "entry chunk"), ("largest_br", "largest chunk")):
            got = [res[k] for k in sorted(res) if k[0] == f"encoding:{s_br}"]
            if got:
                # Bodies under 1 KB are sent as they are, by design (crates/http/src/compression.rs).
                ok = all(g["content_encoding"] in ("br", "gzip", "zstd", "deflate") or g.get("body_bytes", 1 << 30) < 1024
                         for g in got)
                fig = ", ".join(f"{g['content_encoding']} ({g.get('body_bytes', 0):,} B)" for g in got)
                checks.append((f"{what} with the browser's header is sent compressed (or under 1 KB)", ok, "Content-Encoding: " + fig))
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
    # The Chromium page-load figures (scripts/bench/pageload.mjs, `make bench-pageload`) live in the
    # same file: kept as they are when the wrk figures are written again.
    kept = page_load_section(a.out)
    if kept:
        md += ["", kept]
    md.append("")
    with open(a.out, "w") as f:
        f.write("\n".join(md))
    print("\nTargets:")
    for b, name, ok, fig in verdicts:
        print(f"  [{'met' if ok else 'NOT MET'}] {b}: {name}: {fig}")


if __name__ == "__main__":
    main()
