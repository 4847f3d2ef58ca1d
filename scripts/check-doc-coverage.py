#!/usr/bin/env python3
"""Fails on a public symbol of a library module that has no documentation comment.

Reads the symbol graphs `swift package dump-symbol-graph --minimum-access-level public` writes
(under .build/<triple>/symbolgraph) and lists, per module, every public or open symbol declared
in this package's Sources/ without a `///` comment: types, members, enum cases, associated
types, extension members on other modules' types. Symbols the compiler synthesizes (their
declaration is not in Sources/) are not counted.

Usage: scripts/check-doc-coverage.py [SYMBOLGRAPH_DIR]
Prints `module: N public symbols, M undocumented` per module and one line per undocumented
symbol (`path:line: kind name`); exits 1 when any is undocumented, or when a library module
has no symbol graph (`dump-symbol-graph` fails on this package's C modules, see the Makefile,
so its exit status cannot tell whether the Swift modules' graphs were written).
"""

import glob
import json
import os
import sys

LIBRARY_MODULES = [
    "RestKit", "RestKitCore", "RestKitJSON", "RestKitXML", "RestKitForms", "RestKitMapping",
    "RestKitDefaults", "RestKitHTTP", "RestKitStore", "RestKitStoreHTTP",
]


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sources = os.path.join(root, "Sources") + os.sep
    if len(sys.argv) > 1:
        directory = sys.argv[1]
    else:
        found = glob.glob(os.path.join(root, ".build", "*", "symbolgraph"))
        if not found:
            sys.exit("no symbol graphs: run `swift package dump-symbol-graph --minimum-access-level public` first")
        directory = found[0]
    totals = {module: 0 for module in LIBRARY_MODULES}
    graphed = set()
    missing = []
    for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
        module = os.path.basename(path).split(".symbols.json")[0].split("@")[0]
        if module not in totals:
            continue
        graphed.add(module)
        with open(path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            uri = symbol.get("location", {}).get("uri", "")
            file_path = uri[len("file://"):] if uri.startswith("file://") else uri
            if not file_path.startswith(sources):
                continue
            totals[module] += 1
            if symbol.get("docComment") is None:
                line = symbol.get("location", {}).get("position", {}).get("line", 0) + 1
                name = ".".join(symbol["pathComponents"])
                kind = symbol["kind"]["identifier"].replace("swift.", "")
                missing.append((module, f"{os.path.relpath(file_path, root)}:{line}: {kind} {name}"))
    absent = [module for module in LIBRARY_MODULES if module not in graphed]
    if absent:
        sys.exit(f"no symbol graph for {', '.join(absent)} in {directory}")
    for module in LIBRARY_MODULES:
        count = sum(1 for owner, _ in missing if owner == module)
        print(f"{module}: {totals[module]} public symbols, {count} undocumented")
    for _, line in missing:
        print(line)
    if missing:
        print(f"{len(missing)} public symbols have no documentation comment")
        sys.exit(1)


if __name__ == "__main__":
    main()
