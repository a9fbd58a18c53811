#!/usr/bin/env python3
"""Source files over 600 lines, unless they say why they must be longer.

Checked: crates/*/src/**/*.rs (not files named tests.rs, nor anything under a tests/ directory)
and frontend/src/**/*.{ts,tsx,css} (not *.test.*, src/testing/, nor the generated
src/lib/api/schema.d.ts). A file over the limit passes when one of its first 5 lines is a
comment holding the phrase `longer than 600 lines:` followed by the reason, e.g.

    // longer than 600 lines: one table of the catalogue's rates, read top to bottom

Exit 1 listing the files over the limit with their line counts; a short OK line otherwise.

Usage: python3 scripts/lint/long_files.py [REPO_ROOT]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

LIMIT = 600
PHRASE = f"longer than {LIMIT} lines:"
# A comment (//, /*, *, {/* in TSX) holding the phrase and some reason after it.
REASON = re.compile(r"^\s*(?://+|/\*+|\*|\{/\*)\s*.*" + re.escape(PHRASE) + r"\s*\S")
FRONTEND_EXTS = {".ts", ".tsx", ".css"}
GENERATED = {Path("frontend/src/lib/api/schema.d.ts")}


def rust_files(repo: Path) -> list[Path]:
    found = []
    for src in sorted((repo / "crates").glob("*/src")):
        for file in src.rglob("*.rs"):
            rel = file.relative_to(src)
            if file.name == "tests.rs" or "tests" in rel.parts[:-1]:
                continue
            found.append(file)
    return found


def frontend_files(repo: Path) -> list[Path]:
    src = repo / "frontend" / "src"
    if not src.is_dir():
        return []
    found = []
    for file in src.rglob("*"):
        if not file.is_file() or file.suffix not in FRONTEND_EXTS:
            continue
        rel = file.relative_to(src)
        if ".test." in file.name or rel.parts[0] == "testing" or file.relative_to(repo) in GENERATED:
            continue
        found.append(file)
    return found


def line_count(text: str) -> int:
    return len(text.splitlines())


def explained(text: str) -> bool:
    return any(REASON.search(line) for line in text.splitlines()[:5])


def main() -> int:
    repo = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])
    files = sorted(rust_files(repo) + frontend_files(repo))
    too_long = []
    for file in files:
        text = file.read_text(encoding="utf-8", errors="replace")
        lines = line_count(text)
        if lines > LIMIT and not explained(text):
            too_long.append((file.relative_to(repo).as_posix(), lines))
    if too_long:
        print(f"long_files: {len(too_long)} file(s) over {LIMIT} lines without a `{PHRASE} <why>` comment in their first 5 lines:")
        for name, lines in sorted(too_long, key=lambda x: -x[1]):
            print(f"  {lines:6d}  {name}")
        return 1
    print(f"long_files: OK, {len(files)} files, none over {LIMIT} lines without a reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
