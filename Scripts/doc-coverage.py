#!/usr/bin/env python3
"""Doc-comment coverage of public declarations, per module.

Counts public and open declarations (types, funcs, inits, vars, lets, subscripts,
typealiases, associated types, and enum cases of public enums; members of public
protocols and of `public extension` blocks, which are public without the keyword)
and whether each is preceded by a `///` or `/** */` comment (attributes such as
`@inlinable` may sit between). Line-based, no build needed; it does not see
symbols the compiler synthesises.

Usage: Scripts/doc-coverage.py [--list] [MODULE ...]
       (default modules: CareModel FHIRCore FHIRR4 FHIRDSTU2; --list prints the
       undocumented declarations as file:line)
       Scripts/doc-coverage.py --symbol-graphs [--list] [MODULE ...]
       counts from the compiler's symbol graphs instead, after `swift build` (debug): public
       symbols declared in the module's sources (synthesized ones left out) with a doc
       comment. The graphs are extracted with swift-symbolgraph-extract into a temporary
       folder; `--symbol-graphs-dir DIR` reads `DIR/MODULE.symbols.json` instead.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DEFAULT = ["CareModel", "FHIRCore", "FHIRR4", "FHIRDSTU2"]

DECL_KW = r"(?:struct|class|enum|protocol|actor|func|init\??|init!|var|let|case|typealias|subscript|associatedtype|deinit)"
MODS = r"(?:(?:public|open|package|internal|fileprivate|private)(?:\(set\))?|static|class|final|override|mutating|nonmutating|nonisolated|indirect|convenience|required|lazy|weak|unowned|dynamic|consuming|borrowing|@\w+(?:\([^)]*\))?)"
DECL_RE = re.compile(r"^\s*(?:" + MODS + r"\s+)*" + DECL_KW + r"\b")
ATTR_RE = re.compile(r"^\s*@\w+(?:\([^)]*\))?\s*$")
NONPUBLIC_RE = re.compile(r"\b(?:private|fileprivate|internal|package)\b(?!\(set\))")


def strip_code(line, state):
    """The line without string literals and comments, for brace counting."""
    out, i, n = [], 0, len(line)
    while i < n:
        if state["block"]:
            j = line.find("*/", i)
            if j < 0:
                return "".join(out)
            state["block"] = False
            i = j + 2
            continue
        if state["multi"]:
            j = line.find('"""', i)
            if j < 0:
                return "".join(out)
            state["multi"] = False
            i = j + 3
            continue
        c = line[i]
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["block"] = True
            i += 2
            continue
        if line.startswith('"""', i):
            state["multi"] = True
            i += 3
            continue
        if c == '"':
            i += 1
            while i < n and line[i] != '"':
                i += 2 if line[i] == "\\" else 1
            i += 1
            out.append('""')
            continue
        out.append(c)
        i += 1
    return "".join(out)


def documented(lines, idx):
    j = idx - 1
    while j >= 0 and ATTR_RE.match(lines[j]):
        j -= 1
    if j < 0:
        return False
    prev = lines[j].strip()
    return prev.startswith("///") or prev.endswith("*/")


def scan(path):
    """Yields (line number, text, documented) for each public declaration."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    state = {"block": False, "multi": False}
    # Stack of (kind, public) for each open brace: kind is the declaration that opened it.
    stack = []
    pending = None  # (kind, public) of a declaration whose `{` is still to come
    for idx, raw in enumerate(lines):
        in_comment = state["block"] or state["multi"]
        code = strip_code(raw, state)
        s = code.strip()
        if not in_comment and DECL_RE.match(code):
            explicit = re.search(r"\b(?:public|open)\b", s.split("{")[0]) is not None
            kind = re.search(r"\b(struct|class|enum|protocol|actor|extension|func|init|var|let|case|typealias|subscript|associatedtype|deinit)\b", s).group(1)
            parent = stack[-1] if stack else ("file", False)
            implicit = (
                (parent[0] == "protocol" and parent[1])
                or (parent[0] == "extension" and parent[1] and not NONPUBLIC_RE.search(s.split("{")[0]))
                or (parent[0] == "enum" and parent[1] and kind == "case")
            )
            is_public = explicit or implicit
            if kind == "case" and parent[0] != "enum":
                is_public = False  # a `case` of a switch
            if is_public and kind != "deinit":
                yield idx + 1, raw.strip(), documented(lines, idx)
            pending = (kind, is_public)
        elif not in_comment and re.match(r"^\s*(?:public\s+|open\s+)?extension\b", code):
            pending = ("extension", re.match(r"^\s*(?:public|open)\b", code) is not None)
        for ch in code:
            if ch == "{":
                if pending is not None:
                    kind, pub = pending
                    # Only type-like bodies pass publicity on to their members.
                    stack.append((kind if kind in ("struct", "class", "enum", "protocol", "actor", "extension") else "body", pub))
                    pending = None
                else:
                    stack.append(("body", False))
            elif ch == "}":
                if stack:
                    stack.pop()
        if s.endswith("}") or (pending and pending[0] not in ("struct", "class", "enum", "protocol", "actor", "extension") and "{" not in s):
            # A stored property or requirement with no body: nothing opens.
            if pending and pending[0] not in ("struct", "class", "enum", "protocol", "actor", "extension"):
                if not s.rstrip().endswith((",", "(", "->", "=")):
                    pending = None


def extract_symbol_graphs(modules, directory):
    """Runs swift-symbolgraph-extract for `modules` on the debug build, into `directory`."""
    info = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True)
    triple = json.loads(info.stdout)["target"]["triple"]
    build = os.path.join(ROOT, ".build", "debug", "Modules")
    if not os.path.isdir(build):
        sys.exit("doc-coverage: no .build/debug/Modules (run `swift build` first)")
    includes = ["-I", build, "-I", os.path.join(ROOT, "Sources", "CYAJL"), "-I", os.path.join(ROOT, "Sources", "CZlib")]
    for modulemap in glob.glob(os.path.join(ROOT, ".build", "checkouts", "**", "module.modulemap"), recursive=True):
        includes += ["-I", os.path.dirname(modulemap)]
    for module in modules:
        subprocess.run(
            ["swift-symbolgraph-extract", "-module-name", module, "-target", triple, *includes,
             "-minimum-access-level", "public", "-output-dir", directory],
            check=True)


def symbol_graph_coverage(directory, module):
    """(documented, total, missing) from `DIR/MODULE.symbols.json`."""
    path = os.path.join(directory, module + ".symbols.json")
    if not os.path.exists(path):
        sys.exit(f"doc-coverage: no {path} (run swift-symbolgraph-extract for {module} first)")
    with open(path, encoding="utf-8") as f:
        graph = json.load(f)
    total = doc = 0
    missing = []
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if symbol.get("accessLevel") not in ("public", "open") or not location:
            continue
        if "/Sources/" + module + "/" not in location["uri"]:
            continue
        total += 1
        if symbol.get("docComment"):
            doc += 1
        else:
            path = location["uri"].split("/Sources/", 1)[1]
            missing.append(f"Sources/{path}:{location['position']['line'] + 1}: {'.'.join(symbol['pathComponents'])}")
    return doc, total, missing


def main(argv):
    listing = "--list" in argv
    graphs = None
    if "--symbol-graphs-dir" in argv:
        i = argv.index("--symbol-graphs-dir")
        graphs = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    modules = [a for a in argv if not a.startswith("--")] or DEFAULT
    if "--symbol-graphs" in argv and graphs is None:
        graphs = tempfile.mkdtemp(prefix="doc-coverage-")
        try:
            extract_symbol_graphs(modules, graphs)
            report(modules, graphs, listing)
        finally:
            shutil.rmtree(graphs, ignore_errors=True)
        return
    report(modules, graphs, listing)


def report(modules, graphs, listing):
    total_all = doc_all = 0
    for module in modules:
        base = os.path.join(ROOT, "Sources", module)
        total = doc = 0
        missing = []
        if graphs:
            doc, total, missing = symbol_graph_coverage(graphs, module)
        for dirpath, _, files in ([] if graphs else os.walk(base)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(dirpath, name)
                for line, text, ok in scan(path):
                    total += 1
                    doc += ok
                    if not ok:
                        missing.append(f"{os.path.relpath(path, ROOT)}:{line}: {text}")
        total_all += total
        doc_all += doc
        pct = 100.0 * doc / total if total else 100.0
        print(f"{module:12} {doc:5} / {total:5} documented  {pct:5.1f} %")
        if listing:
            for m in missing:
                print("  " + m)
    if len(modules) > 1:
        pct = 100.0 * doc_all / total_all if total_all else 100.0
        print(f"{'total':12} {doc_all:5} / {total_all:5} documented  {pct:5.1f} %")


if __name__ == "__main__":
    main(sys.argv[1:])
