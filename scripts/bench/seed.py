#!/usr/bin/env python3
"""Seeds a running BuildLedger through its public API for `make bench`.

register -> login -> subscribe (local payments: create a checkout session, complete it) ->
one project per board size -> N tasks each (concurrent requests on keep-alive connections) ->
--bids-per-task bids on every task from the seeded contractors, a third of the tasks with an award
(issue 18: the board read is measured with bids on every task) -> --payments-per-task payments and
--change-orders-per-task change orders on every task of the boards up to 1,000 tasks, approved on
awarded tasks (issue 19: the board read and the summary are measured with a ledger) -> one more
project of --schedule-tasks tasks with durations and --schedule-links finish-to-start links (issue 33:
the schedule read, computed from one read of the project).
Prints one JSON object: {"access", "projects": {"200": id, ...}, "patch_tasks": [ids], "etag": {...},
"schedule": {"project", "tasks", "links"}}.
"""
import argparse
import http.client
import json
import sys
import threading
import time
import uuid

TITLES = ["Foundation", "Framing", "Roofing", "HVAC", "Plumbing Rough", "Electrical Rough", "Drywall",
          "Kitchen Cabinets", "Interior Painting", "Flooring", "Windows", "Insulation", "Landscaping",
          "Permit fees", "Site prep"]
STATUSES = ["To Do", "In Progress", "Paid"]
QUALITIES = ["basic", "standard", "premium"]


class Client:
    def __init__(self, host, port, token=None):
        self.host, self.port, self.token = host, port, token
        self.conn = http.client.HTTPConnection(host, port, timeout=60)

    def call(self, method, path, body=None, expect=(200, 201)):
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        data = json.dumps(body) if body is not None else None
        for attempt in range(3):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                res = self.conn.getresponse()
                raw = res.read()
                break
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
                if attempt == 2:
                    raise
        if res.status not in expect:
            raise SystemExit(f"{method} {path} -> {res.status}: {raw[:300]!r}")
        return json.loads(raw) if raw else None, res


def create_tasks(host, port, token, project_id, n, threads=8, durations=False):
    """Creates n tasks on `threads` keep-alive connections; returns their ids in creation order.
    With `durations`, each task has 1 to 10 working days (the schedule's scenario)."""
    ids = [None] * n
    errors = []

    def work(start):
        c = Client(host, port, token)
        try:
            for i in range(start, n, threads):
                body = {"project": project_id, "title": TITLES[i % len(TITLES)], "description": f"Bench task {i}",
                        "status": STATUSES[i % 3], "material_quality": QUALITIES[i % 3]}
                if i % 3 == 2:
                    body["actual_cost"] = 1000 + i
                if i % 4 == 0:
                    body["due_date"] = "2026-06-%02d" % (1 + i % 28)
                if durations:
                    body["duration_days"] = 1 + i % 10
                t, _ = c.call("POST", "/api/tasks/", body, expect=(201,))
                ids[i] = t["id"]
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if errors:
        raise SystemExit(f"seeding failed: {errors[0]}")
    return ids


def create_bids(host, port, token, task_ids, contractors, per_task, threads=8):
    """`per_task` bids on every task, round-robin over `contractors`; every third task's middle bid awarded."""
    errors = []

    def work(start):
        c = Client(host, port, token)
        try:
            for i in range(start, len(task_ids), threads):
                bid_ids = []
                for k in range(per_task):
                    body = {"task": task_ids[i], "contractor": contractors[k % len(contractors)],
                            "amount": 10000 + 1000 * k + i, "notes": "Bench bid"}
                    b, _ = c.call("POST", "/api/bids/", body, expect=(201,))
                    bid_ids.append(b["id"])
                if i % 3 == 0 and bid_ids:
                    c.call("POST", f"/api/bids/{bid_ids[len(bid_ids) // 2]}/award/", None, expect=(200,))
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if errors:
        raise SystemExit(f"seeding bids failed: {errors[0]}")


def create_ledger(host, port, token, task_ids, awarded, payments, change_orders, threads=8):
    """`payments` payments and `change_orders` change orders on every task (approved where awarded)."""
    errors = []
    methods = ["check", "card", "transfer", "cash", "loan_draw", "other"]

    def work(start):
        c = Client(host, port, token)
        try:
            for i in range(start, len(task_ids), threads):
                for k in range(payments):
                    body = {"task": task_ids[i], "amount": 500 + 10 * k + i, "paid_on": "2026-%02d-%02d" % (1 + k % 12, 1 + i % 28),
                            "payee": "Bench payee", "method": methods[k % len(methods)], "note": "Bench payment"}
                    c.call("POST", "/api/task-payments/", body, expect=(201,))
                for k in range(change_orders):
                    body = {"task": task_ids[i], "description": "Bench change order", "amount": 250 - 100 * (i % 3),
                            "status": "approved" if i in awarded else "proposed"}
                    c.call("POST", "/api/change-orders/", body, expect=(201,))
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if errors:
        raise SystemExit(f"seeding the ledger failed: {errors[0]}")


def create_links(host, port, token, task_ids, count, threads=8):
    """Links `count` pairs of tasks finish to start, always from an earlier task to a later one (no
    loop): each task after the one before it, then after the one three before it, ..."""
    pairs = []
    for gap in range(1, len(task_ids)):
        for k in range(gap, len(task_ids)):
            if len(pairs) == count:
                break
            pairs.append((task_ids[k - gap], task_ids[k]))
        if len(pairs) == count:
            break
    errors = []

    def work(start):
        c = Client(host, port, token)
        try:
            for i in range(start, len(pairs), threads):
                c.call("POST", "/api/dependencies/", {"predecessor": pairs[i][0], "successor": pairs[i][1]}, expect=(201,))
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    if errors:
        raise SystemExit(f"seeding links failed: {errors[0]}")
    return len(pairs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--sizes", default="200,1000,10000")
    ap.add_argument("--password", default="bench-password-1")
    ap.add_argument("--bids-per-task", type=int, default=3)
    ap.add_argument("--payments-per-task", type=int, default=5)
    ap.add_argument("--change-orders-per-task", type=int, default=1)
    ap.add_argument("--schedule-tasks", type=int, default=1000)
    ap.add_argument("--schedule-links", type=int, default=1500)
    ap.add_argument("--outbox", help="DATA_DIR/outbox: a partner joins every board through the invitation mail")
    a = ap.parse_args()

    user = "bench_" + uuid.uuid4().hex[:10]
    c = Client(a.host, a.port)
    c.call("POST", "/api/register/", {"username": user, "email": f"{user}@example.com", "password": a.password}, expect=(201,))
    tokens, _ = c.call("POST", "/api/token/", {"username": user, "password": a.password})
    c.token = tokens["access"]
    config, _ = c.call("GET", "/api/config/")
    session, _ = c.call("POST", "/payments/create-checkout-session/", {"priceId": config["stripe_price_id"]})
    c.call("POST", f"/payments/local-checkout/{session['sessionId']}/complete/", {}, expect=(200, 201, 204, 303))
    sub, _ = c.call("GET", "/payments/check-subscription/")
    if not sub.get("is_subscribed"):
        raise SystemExit(f"subscription not active after local checkout: {sub}")

    out = {"username": user, "password": a.password, "access": c.token, "projects": {}, "seed_seconds": {},
           "bids_per_task": a.bids_per_task, "payments_per_task": a.payments_per_task,
           "change_orders_per_task": a.change_orders_per_task}
    contractors = []
    for name in ["Acme Framing", "Lone Star Builders", "Hill Country Crews"][:max(a.bids_per_task, 0)]:
        ct, _ = c.call("POST", "/api/contractors/", {"name": name}, expect=(201,))
        contractors.append(ct["id"])
    for n in [int(x) for x in a.sizes.split(",")]:
        project, _ = c.call("POST", "/api/projects/", {
            "name": f"Bench {n}", "zip_code": "78701", "project_type": "new_home_build", "property_type": "single_family",
            "square_footage": 2400, "start_date": "2026-01-05", "end_date": "2026-12-20", "budget": 450000,
            "owner_builder": "yes_owner_builder"}, expect=(201,))
        t0 = time.monotonic()
        ids = create_tasks(a.host, a.port, c.token, project["id"], n)
        if a.bids_per_task > 0:
            create_bids(a.host, a.port, c.token, ids, contractors, a.bids_per_task)
        if n <= 1000 and (a.payments_per_task > 0 or a.change_orders_per_task > 0):
            awarded = {i for i in range(len(ids)) if i % 3 == 0} if a.bids_per_task > 0 else set()
            create_ledger(a.host, a.port, c.token, ids, awarded, a.payments_per_task, a.change_orders_per_task)
        out["seed_seconds"][str(n)] = round(time.monotonic() - t0, 2)
        out["projects"][str(n)] = project["id"]
        if n == min(int(x) for x in a.sizes.split(",")):
            out["patch_tasks"] = ids
        board, res = c.call("GET", f"/api/projects/{project['id']}/tasks/")
        if len(board) != n:
            raise SystemExit(f"board {n}: {len(board)} tasks")
        out.setdefault("board_bytes", {})[str(n)] = int(res.getheader("Content-Length") or 0)
    if a.schedule_tasks > 0:
        project, _ = c.call("POST", "/api/projects/", {
            "name": "Bench schedule", "zip_code": "78701", "project_type": "new_home_build",
            "property_type": "single_family", "square_footage": 2400, "start_date": "2026-01-05",
            "end_date": "2026-12-20", "budget": 450000, "owner_builder": "yes_owner_builder",
            "monthly_carrying_cost": 3000}, expect=(201,))
        t0 = time.monotonic()
        ids = create_tasks(a.host, a.port, c.token, project["id"], a.schedule_tasks, durations=True)
        links = create_links(a.host, a.port, c.token, ids, a.schedule_links)
        c.call("POST", f"/api/projects/{project['id']}/baseline/", None, expect=(201,))
        out["seed_seconds"]["schedule"] = round(time.monotonic() - t0, 2)
        out["schedule"] = {"project": project["id"], "tasks": len(ids), "links": links}
    if a.outbox:
        out["member_access"] = join_as_partner(a, c, user, list(out["projects"].values()))
    json.dump(out, sys.stdout)


def join_as_partner(a, owner, owner_name, project_ids):
    """A partner without a subscription of their own joins every board (issue 35: a member's
    read goes through the project's authorization check); their access token."""
    import email, glob, os, re
    partner = owner_name + "_p"
    p = Client(a.host, a.port)
    p.call("POST", "/api/register/", {"username": partner, "email": f"{partner}@example.com", "password": a.password},
           expect=(201,))
    tokens, _ = p.call("POST", "/api/token/", {"username": partner, "password": a.password})
    p.token = tokens["access"]
    used = set()
    for pid in project_ids:
        owner.call("POST", f"/api/projects/{pid}/members/", {"email": f"{partner}@example.com", "role": "partner"},
                   expect=(201,))
        token = None
        for _ in range(100):
            for path in sorted(glob.glob(os.path.join(a.outbox, "*.eml")), key=os.path.getmtime, reverse=True):
                msg = email.message_from_binary_file(open(path, "rb"))
                if partner not in msg.get("To", ""):
                    continue
                text = "".join(part.get_payload(decode=True).decode() for part in msg.walk()
                               if part.get_content_type() == "text/plain")
                found = re.search(r"/join\?token=([A-Za-z0-9_-]+)", text)
                if found and found.group(1) not in used:
                    token = found.group(1)
                    break
            if token:
                break
            time.sleep(0.05)
        if not token:
            raise SystemExit(f"no invitation mail for project {pid} in {a.outbox}")
        used.add(token)
        p.call("POST", "/api/invitations/accept/", {"token": token})
    return p.token


if __name__ == "__main__":
    main()
