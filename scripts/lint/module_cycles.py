#!/usr/bin/env python3
"""Import cycles between the module files of each crate (crates/*/src).

An edge goes from a file to the module file a path in it names: `use crate::a::b::X`,
`crate::a::f()`, `use super::x`, `use self::child::Y`, groups such as
`use crate::{a::X, b::{Y, Z}}`. A path resolves to the longest prefix that is a module file
(src/a.rs or src/a/mod.rs, nested modules to theirs; inline `mod m { }` blocks belong to their
file). When the next name is not defined there but re-exported (`pub use`, `pub(crate) use`,
also a crate root's `pub use db::Db`), the edge goes to the file that defines it, so
`crate::Db` counts as a use of db.rs, not of lib.rs.

Left out: code inside `#[cfg(test)]` items (the `mod tests { }` blocks, `#[cfg(test)] mod x;`
files), files named tests.rs, files under tests/ (never under src/ anyway), self-edges, and
`mod x;` declarations themselves (a parent declaring a child is not a use of it), and a
`pub use` whose name the file's own code never uses (a facade re-export: who names the item
through it gets the edge to the defining file instead). A child's
`super::X` is an ordinary edge: it is a cycle only if the parent also names the child by path.

Strongly connected components (Tarjan) with more than one file are cycles: each is printed with
one loop through it and every edge inside it with the names that tie it. Exit 1 if any.

Usage: python3 scripts/lint/module_cycles.py [REPO_ROOT]
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
DEFINES = re.compile(
    r"\b(?:fn|struct|enum|union|trait|type|const|static|mod|macro_rules!)\s+r?#?([A-Za-z_][A-Za-z0-9_]*)"
)


# --- lexing -----------------------------------------------------------------------------------


def strip_code(text: str) -> str:
    """The source without comments, string and char literals (replaced by spaces or "")."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if c == "/" and nxt == "/":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "/" and nxt == "*":
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if text[i] == "\n":
                        out.append("\n")
                    i += 1
            out.append(" ")
            continue
        # raw strings: r"..", r#".."#, br#".."#
        m = re.match(r'b?r(#*)"', text[i : i + 260]) if c in "rb" and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")) else None
        if m:
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
            continue
        if c == '"' or (c == "b" and nxt == '"' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_"))):
            j = i + (2 if c == "b" else 1)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
            continue
        if c == "'":
            # char literal ('a', '\n', '\u{1F600}') or lifetime ('a)
            m = re.match(r"'(?:\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i : i + 12])
            if m:
                out.append("' '")
                i += m.end()
                continue
        out.append(c)
        i += 1
    return "".join(out)


TOKEN = re.compile(r"\$?[A-Za-z_][A-Za-z0-9_]*|::|[{}\[\]();,#*=!<>]|\S")


def tokens(code: str) -> list[str]:
    return TOKEN.findall(code)


# --- use trees --------------------------------------------------------------------------------


def parse_use_tree(toks: list[str], i: int, prefix: list[str], out: list[tuple[list[str], str | None]]) -> int:
    """Parses one use tree at toks[i]; appends (path, alias) pairs; returns the index after it."""
    path = list(prefix)
    while i < len(toks):
        t = toks[i]
        if t == "{":
            i += 1
            while i < len(toks) and toks[i] != "}":
                i = parse_use_tree(toks, i, path, out)
                if i < len(toks) and toks[i] == ",":
                    i += 1
            return i + 1
        if t == "*":
            out.append((path + ["*"], None))
            return i + 1
        if t == "::":
            i += 1
            continue
        if IDENT.fullmatch(t.lstrip("$")):
            path.append(t)
            i += 1
            if i + 1 < len(toks) and toks[i] == "as":
                out.append((path, toks[i + 1]))
                return i + 2
            if i < len(toks) and toks[i] == "::":
                continue
            out.append((path, None))
            return i
        return i  # unexpected token: stop this tree
    return i


# --- one file ---------------------------------------------------------------------------------


class FileInfo:
    def __init__(self, path: Path, modpath: tuple[str, ...], root: str):
        self.path = path
        self.modpath = modpath
        self.root = root  # "lib" or "main": which crate root `crate::` means
        # (inline module path inside the file, path segments as written)
        self.refs: list[tuple[tuple[str, ...], list[str]]] = []
        # re-exports whose name the file's own code never uses: not edges of this file
        self.facade: list[tuple[tuple[str, ...], list[str]]] = []
        # name -> absolute path it re-exports; globs: absolute module paths
        self.reexports: dict[str, list[str]] = {}
        self.globs: list[list[str]] = []
        self.defined: set[str] = set()
        self.test_mods: set[str] = set()  # `#[cfg(test)] mod x;`
        self.child_mods: set[str] = set()


def skip_item(toks: list[str], i: int) -> int:
    """Skips the item starting at toks[i] (after its attributes): to its `;` or its block."""
    depth = 0
    while i < len(toks):
        t = toks[i]
        if t in "([":
            depth += 1
        elif t in ")]":
            depth -= 1
        elif t == ";" and depth == 0:
            return i + 1
        elif t == "{" and depth == 0:
            level = 0
            while i < len(toks):
                if toks[i] == "{":
                    level += 1
                elif toks[i] == "}":
                    level -= 1
                    if level == 0:
                        return i + 1
                i += 1
            return i
        i += 1
    return i


def skip_attr(toks: list[str], i: int) -> int:
    """toks[i] is `#`: returns the index after the attribute."""
    j = i + 1
    if j < len(toks) and toks[j] == "!":
        j += 1
    if j >= len(toks) or toks[j] != "[":
        return i + 1
    level = 0
    while j < len(toks):
        if toks[j] == "[":
            level += 1
        elif toks[j] == "]":
            level -= 1
            if level == 0:
                return j + 1
        j += 1
    return j


def is_cfg_test(toks: list[str], i: int) -> bool:
    return toks[i : i + 7] == ["#", "[", "cfg", "(", "test", ")", "]"]


def scan_file(info: FileInfo) -> None:
    code = strip_code(info.path.read_text(encoding="utf-8"))
    toks = tokens(code)
    scope: list[tuple[str, int]] = []  # inline modules: (name, brace depth at their `{`)
    pending: list[tuple[tuple[str, ...], list[str], str | None, bool]] = []
    used: dict[str, int] = defaultdict(int)  # identifiers outside use statements
    depth = 0
    i = 0
    while i < len(toks):
        t = toks[i]
        if t == "#":
            if is_cfg_test(toks, i):
                j = skip_attr(toks, i)
                while j < len(toks) and toks[j] == "#":
                    j = skip_attr(toks, j)
                # `#[cfg(test)] mod x;` names a test-only file
                k = j
                while k < len(toks) and toks[k] in ("pub", "(", "crate", "super", ")"):
                    k += 1
                if k + 2 < len(toks) and toks[k] == "mod" and toks[k + 2] == ";":
                    info.test_mods.add(toks[k + 1])
                i = skip_item(toks, j)
                continue
            i = skip_attr(toks, i)
            continue
        if t == "{":
            depth += 1
        elif t == "}":
            if scope and scope[-1][1] == depth:
                scope.pop()
            depth -= 1
        elif t == "mod" and i + 2 < len(toks) and IDENT.fullmatch(toks[i + 1]):
            if toks[i + 2] == "{":
                scope.append((toks[i + 1], depth + 1))
            elif toks[i + 2] == ";" and not scope:
                info.child_mods.add(toks[i + 1])
        elif t == "use":
            public = i > 0 and (toks[i - 1] == "pub" or (toks[i - 1] == ")" and "pub" in toks[max(0, i - 6) : i]))
            trees: list[tuple[list[str], str | None]] = []
            j = parse_use_tree(toks, i + 1, [], trees)
            while j < len(toks) and toks[j] != ";":
                j += 1
            inner = tuple(name for name, _ in scope)
            for path, alias in trees:
                if path and path[-1] == "self":
                    path = path[:-1]
                if not path:
                    continue
                pending.append((inner, path, alias, public))
                if public and not scope:
                    if path[-1] == "*":
                        info.globs.append(path[:-1])
                    else:
                        info.reexports[alias or path[-1]] = path
            i = j + 1
            continue
        elif t in ("crate", "super", "self") and i + 2 < len(toks) and toks[i + 1] == "::" and IDENT.fullmatch(toks[i + 2]):
            prev = toks[i - 1] if i else ""
            if prev != "::" and not prev.startswith("$"):
                path = [t]
                j = i + 1
                while j + 1 < len(toks) and toks[j] == "::" and IDENT.fullmatch(toks[j + 1]):
                    path.append(toks[j + 1])
                    j += 2
                info.refs.append((tuple(name for name, _ in scope), path))
                i = j
                continue
        if IDENT.fullmatch(t):
            used[t] += 1
        i += 1
    for inner, path, alias, public in pending:
        name = alias or path[-1]
        # `pub use child::X;` alone is a facade: whoever names X through it gets an edge to the
        # file defining X, and this file's code does not depend on X.
        if public and name != "*" and not used.get(name):
            info.facade.append((inner, path))
        else:
            info.refs.append((inner, path))
    info.defined = set(DEFINES.findall(code))


# --- resolution -------------------------------------------------------------------------------


def module_path(src: Path, file: Path) -> tuple[str, ...]:
    rel = file.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts == ["lib"] or parts == ["main"]:
        return ()
    if parts[-1] == "mod":
        parts = parts[:-1]
    return tuple(parts)


class Crate:
    def __init__(self, src: Path):
        self.src = src
        self.files: dict[tuple[str, ...], FileInfo] = {}
        self.main: FileInfo | None = None

    def absolute(self, info: FileInfo, inner: tuple[str, ...], path: list[str]) -> list[str] | None:
        """The path from the crate root, or None for an outside crate."""
        here = list(info.modpath) + list(inner)
        head = path[0]
        if head == "crate":
            return path[1:]
        if head in ("self", "super"):
            base = here
            rest = path
            if rest[0] == "self":
                rest = rest[1:]
            while rest and rest[0] == "super":
                base = base[:-1]
                rest = rest[1:]
            return base + rest
        # a bare path in a use tree: a child module of this file (2018 edition), else a crate
        if not inner and head in info.child_mods:
            return here + path
        return None

    def resolve(self, root: FileInfo, path: list[str], seen: int = 0) -> tuple[FileInfo, str] | None:
        """The file that defines what `path` (absolute) names, and the name used there."""
        for k in range(len(path), -1, -1):
            target = self.files.get(tuple(path[:k])) if k or root is not self.main else self.main
            if k == 0:
                target = root
            if target is None:
                continue
            rest = path[k:]
            if not rest:
                return target, path[-1] if path else "crate"
            name = rest[0]
            if seen < 8 and name not in target.defined:
                if name in target.reexports:
                    via = self.absolute(target, (), target.reexports[name])
                    if via is not None:
                        found = self.resolve(root, via + rest[1:], seen + 1)
                        if found:
                            return found
                for glob in target.globs:
                    via = self.absolute(target, (), glob)
                    if via is None:
                        continue
                    found = self.resolve(root, via + rest, seen + 1)
                    if found and (name in found[0].defined or found[0].modpath == tuple(via + rest)[: len(found[0].modpath)]):
                        return found
            return target, name
        return None


def load_crate(src: Path) -> Crate:
    crate = Crate(src)
    for file in sorted(src.rglob("*.rs")):
        if file.name == "tests.rs" or "tests" in file.relative_to(src).parts[:-1]:
            continue
        if file.parent.name == "bin" and file.parent.parent == src:
            continue  # separate binaries
        rel = file.relative_to(src)
        if rel.parts == ("main.rs",):
            info = FileInfo(file, (), "main")
            crate.main = info
        else:
            info = FileInfo(file, module_path(src, file), "lib")
            crate.files[info.modpath] = info
        scan_file(info)
    if crate.main is not None and () not in crate.files:
        crate.files[()] = crate.main
    # drop files declared `#[cfg(test)] mod x;` and their children
    test_only: set[tuple[str, ...]] = set()
    for info in list(crate.files.values()) + ([crate.main] if crate.main else []):
        for name in info.test_mods:
            test_only.add(info.modpath + (name,))
    for modpath in list(crate.files):
        if any(modpath[: len(t)] == t for t in test_only):
            del crate.files[modpath]
    return crate


def edges_of(crate: Crate) -> dict[Path, dict[Path, set[str]]]:
    graph: dict[Path, dict[Path, set[str]]] = defaultdict(lambda: defaultdict(set))
    infos = list(crate.files.values())
    if crate.main is not None and crate.main not in infos:
        infos.append(crate.main)
    for info in infos:
        graph[info.path]
        root = crate.main if info is crate.main else crate.files.get((), info)
        for inner, path in info.refs:
            absolute = crate.absolute(info, inner, path)
            if absolute is None or absolute == ["*"]:
                continue
            if absolute and absolute[-1] == "*":
                absolute = absolute[:-1]
            found = crate.resolve(root, absolute)
            if found is None:
                continue
            target, name = found
            if target.path == info.path:
                continue
            graph[info.path][target.path].add(name)
    return graph


def tarjan(graph: dict[Path, dict[Path, set[str]]]) -> list[list[Path]]:
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    on_stack: set[Path] = set()
    stack: list[Path] = []
    result: list[list[Path]] = []
    counter = [0]

    def visit(v: Path) -> None:
        # iterative, so deep graphs do not hit the recursion limit
        work = [(v, iter(sorted(graph.get(v, {}))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, children = work[-1]
            advanced = False
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, {})))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                result.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return result


def one_loop(graph: dict[Path, dict[Path, set[str]]], component: list[Path]) -> list[Path]:
    """A shortest loop through the component's first file (breadth-first)."""
    members = set(component)
    start = min(component)
    previous: dict[Path, Path] = {}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for w in sorted(graph[node]):
            if w not in members:
                continue
            if w == start:
                loop = [node]
                while loop[-1] != start:
                    loop.append(previous[loop[-1]])
                return list(reversed(loop)) + [start]
            if w not in previous:
                previous[w] = node
                queue.append(w)
    return [start]


def main() -> int:
    repo = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])
    crates = sorted(p for p in (repo / "crates").glob("*/src") if p.is_dir())
    cycles = 0
    for src in crates:
        crate = load_crate(src)
        graph = edges_of(crate)
        for component in tarjan(graph):
            if len(component) < 2:
                continue
            cycles += 1
            rel = lambda p: str(p.relative_to(repo))  # noqa: E731
            members = sorted(component)
            print(f"cycle in {rel(src.parent)}: {len(members)} files")
            print("  loop: " + " -> ".join(p.relative_to(src).as_posix() for p in one_loop(graph, members)))
            for a in members:
                for b in sorted(graph[a]):
                    if b in component:
                        names = ", ".join(sorted(graph[a][b]))
                        print(f"  {a.relative_to(src).as_posix()} -> {b.relative_to(src).as_posix()} ({names})")
    if cycles:
        print(f"module_cycles: {cycles} cycle(s) among module files")
        return 1
    print(f"module_cycles: OK, no cycle among the module files of {len(crates)} crates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
