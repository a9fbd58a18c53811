"""Shared helpers for the reliability scripts (kill.py, load.py, scaleout.py): start and stop the
real `buildledger` binary, speak plain HTTP to it, seed a subscribed user and a project.

Standard library only (load.py adds aiohttp for its client).
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse battery staple"

# A small but well-formed PDF: uploads are checked by their bytes.
PDF = (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n"
       b"trailer<</Root 1 0 R>>\n%%EOF\n")

PROJECT = {
    "name": "Reliability", "zip_code": "78701", "project_type": "new_home_build",
    "property_type": "single_family", "units": None, "renovation_options": None,
    "addition_options": None, "conversion_option": None, "square_footage": 2400,
    "start_date": "2026-01-05", "end_date": "2026-12-20", "budget": 450000,
    "owner_builder": "yes_owner_builder",
}


def log(*parts):
    print(time.strftime("%H:%M:%S"), *parts, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def binary() -> Path:
    """`BUILDLEDGER_BIN`, or target/release/buildledger (built when missing)."""
    if os.environ.get("BUILDLEDGER_BIN"):
        return Path(os.environ["BUILDLEDGER_BIN"]).resolve()
    path = ROOT / "target" / "release" / "buildledger"
    if not path.exists() or os.environ.get("BUILDLEDGER_BUILD") == "1":
        log("building", path, "(cargo build --release -p buildledger)")
        subprocess.run(["cargo", "build", "--release", "-p", "buildledger"], cwd=ROOT, check=True)
    return path


def pdf_bytes(tag: str) -> bytes:
    """A distinct valid PDF per upload (the tag goes into a comment)."""
    return PDF.replace(b"%%EOF", f"% {tag}\n%%EOF".encode())


class Server:
    """One `buildledger serve` process."""

    def __init__(self, data_dir: Path, port: int | None = None, env: dict | None = None, name: str = "server"):
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.extra_env = dict(env or {})
        self.name = name
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def spawn(self):
        self.data_dir.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "DOCUMENT_STORE", "S3_", "STRIPE_"))}
        env.update({
            "DATA_DIR": str(self.data_dir),
            "BIND_ADDR": f"127.0.0.1:{self.port}",
            "FRONTEND_DIST": str(self.data_dir / "no-frontend"),
            "RUST_LOG": os.environ.get("RUST_LOG", "warn"),
        })
        env.update(self.extra_env)
        self.starts += 1
        logf = open(self.data_dir / f"{self.name}-{self.starts}.log", "wb")
        self.proc = subprocess.Popen([str(binary()), "serve"], env=env, cwd=self.data_dir,
                                     stdin=subprocess.DEVNULL, stdout=logf, stderr=subprocess.STDOUT)
        self.log_path = logf.name
        return self

    def wait_ready(self, timeout: float = 60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited at start ({self.proc.returncode}):\n{self.log_text()}")
            try:
                if call(self.port, "GET", "/healthz", timeout=2)[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"{self.name} not ready after {timeout}s:\n{self.log_text()}")

    def start(self):
        return self.spawn().wait_ready()

    def log_text(self) -> str:
        try:
            return Path(self.log_path).read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def sigkill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def sigterm(self):
        self.proc.send_signal(signal.SIGTERM)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def rss_kib(self) -> int | None:
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None


def call(port: int, method: str, path: str, token: str | None = None, body=None, *, raw: bytes | None = None,
         content_type: str = "application/json", timeout: float = 30, conn: http.client.HTTPConnection | None = None):
    """One request: (status, parsed JSON or bytes). A new connection unless `conn` is given."""
    headers = {"Content-Type": content_type}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
    own = conn is None
    c = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        c.request(method, path, body=data, headers=headers)
        r = c.getresponse()
        payload = r.read()
    finally:
        if own:
            c.close()
    ctype = r.getheader("Content-Type", "")
    if payload and ctype.startswith("application/json"):
        return r.status, json.loads(payload)
    return r.status, payload


def expect(result, status: int, what: str):
    if result[0] != status:
        raise AssertionError(f"{what}: expected {status}, got {result[0]} {result[1]!r}"[:800])
    return result[1]


def multipart(fields: dict, files: dict) -> tuple[str, bytes]:
    boundary = "----buildledger" + secrets.token_hex(8)
    out = bytearray()
    for name, value in fields.items():
        out += f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode()
    for name, (filename, content, ctype) in files.items():
        out += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n"
                f"Content-Type: {ctype}\r\n\r\n").encode()
        out += content + b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return f"multipart/form-data; boundary={boundary}", bytes(out)


def upload(port: int, token: str, task: int, name: str, content: bytes, conn=None, timeout: float = 30):
    ctype, body = multipart({"task": task}, {"file": (name, content, "application/pdf")})
    return call(port, "POST", "/api/documents/", token, raw=body, content_type=ctype, conn=conn, timeout=timeout)


def login(port: int, username: str) -> str:
    return expect(call(port, "POST", "/api/token/", body={"username": username, "password": PASSWORD}), 200, "login")["access"]


def subscribed_user(port: int, username: str) -> str:
    """Registers, logs in and subscribes (local payments mode): the access token."""
    expect(call(port, "POST", "/api/register/", body={"username": username, "email": f"{username}@example.com", "password": PASSWORD}), 201, "register")
    token = login(port, username)
    price = expect(call(port, "GET", "/api/config/"), 200, "config")["stripe_price_id"]
    session = expect(call(port, "POST", "/payments/create-checkout-session/", token, {"priceId": price}), 200, "checkout")["sessionId"]
    status, body = call(port, "POST", f"/payments/local-checkout/{session}/complete/", token, {})
    if not 200 <= status < 400:  # 303 to the success page
        raise AssertionError(f"checkout completion: {status} {body!r}")
    return token


def project(port: int, token: str, name: str = "Reliability") -> int:
    return expect(call(port, "POST", "/api/projects/", token, dict(PROJECT, name=name)), 201, "project")["id"]


def sqlite_integrity(path: Path) -> str:
    import sqlite3
    con = sqlite3.connect(str(path))
    try:
        return "; ".join(r[0] for r in con.execute("PRAGMA integrity_check").fetchall())
    finally:
        con.close()


def write_results(name: str, results: dict):
    """Figures go to target/reliability/<name>.json (docs/reliability.md quotes them)."""
    out = ROOT / "target" / "reliability"
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.json"
    path.write_text(json.dumps(results, indent=2, sort_keys=True))
    log("figures written to", path)


def fail(msg: str):
    print("FAILED:", msg, file=sys.stderr, flush=True)
    sys.exit(1)
