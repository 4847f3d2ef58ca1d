#!/usr/bin/env python3
"""Checks that RestKit's module graph is one-way.

Every target of Package.swift sits in a declared layer (LAYERS, bottom first). A target may
depend on, and import, only targets in layers strictly below its own: so codecs never depend
on each other, RestKitMapping depends on RestKitCore only, and nothing imports the umbrella.
Checked both in Package.swift's `dependencies:` lists and in the `import` lines of every Swift
file of every target (an import of a module that is only reachable transitively counts too).
Also checked:

- a local module imported by a file is declared in its target's dependencies;
- a C module (CJansson, CYAJL, CLibXML2, CByteScan) is imported only by its owner (or a tool), and by a
  library module only with `internal import`, so no C type is public;
- GRDB is imported by RestKitStore only (of the library modules), with `internal import`;
- support modules (RestKitResidentMemory) are used by tools and tests only;
- the umbrella (Sources/RestKit) holds no code: only comments and `@_exported import` lines;
- RestKitTestSupport depends on nothing above RestKitCore, so a module's tests cannot reach
  the modules above it through it.

Usage: scripts/check-module-graph.py [--root DIR] [--self-test]
Exits 1 and prints one line per violation (`path:line: ...`) when the graph is broken.
`--self-test` copies the package to a temporary directory, injects one violation of each kind
and fails unless every one is reported (so the check itself can fail).
"""

import os
import re
import shutil
import sys
import tempfile

# Bottom first. A target may use targets of lower layers only.
LAYERS = [
    ("system libraries", ["CJansson", "CYAJL", "CLibXML2", "CByteScan", "SimdjsonShim"]),
    ("support", ["RestKitResidentMemory"]),
    ("core", ["RestKitCore"]),
    ("codecs and mapping", ["RestKitJSON", "RestKitXML", "RestKitForms", "RestKitMapping"]),
    ("defaults", ["RestKitDefaults"]),
    ("http and store", ["RestKitHTTP", "RestKitStore"]),  # beside each other, never each other
    ("store over http", ["RestKitStoreHTTP"]),
    ("umbrella", ["RestKit"]),
    ("tools", ["rk", "rkbench"]),
    ("test support", ["RestKitTestSupport", "store-import-child", "CByteScanFallbacks"]),
    ("tests", None),  # every test target
]
C_MODULE_OWNERS = {"CByteScan": "RestKitCore", "CByteScanFallbacks": "RestKitCoreTests", "CJansson": "RestKitJSON", "CYAJL": "RestKitJSON", "CLibXML2": "RestKitXML", "SimdjsonShim": "rkbench"}
# External packages behind one library module: imported by library code only there, and only
# with `internal import`, so none of their types is public (tests may import them freely).
PACKAGE_OWNERS = {"GRDB": "RestKitStore", "GRDBSQLite": "RestKitStore", "PostgresNIO": "RestKitStore"}
# Test-only C targets that compile a C module another way for its owner's tests, and may use it.
C_TEST_SHIMS = {"CByteScanFallbacks": "CByteScan"}
SUPPORT_MODULES = {"RestKitResidentMemory"}
TOOLS = {"rk", "rkbench"}
UMBRELLA = "RestKit"
TEST_SUPPORT = "RestKitTestSupport"
TEST_SUPPORT_MAY_USE = {"RestKitCore", "RestKitResidentMemory"}

TARGET_KINDS = ("target", "executableTarget", "testTarget", "systemLibrary")
IMPORT = re.compile(
    r"^\s*((?:@\w+\s+)*)(?:(public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)"
)


def balanced(text, start):
    """The text between the bracket at `start` and its match (strings skipped)."""
    pairs = {"(": ")", "[": "]"}
    stack = [pairs[text[start]]]
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == '"':
            index = text.index('"', index + 1)
        elif char in pairs:
            stack.append(pairs[char])
        elif char in ")]":
            if char != stack.pop():
                raise ValueError(f"unbalanced {char} at offset {index}")
            if not stack:
                return text[start + 1:index]
        index += 1
    raise ValueError(f"no match for {text[start]} at offset {start}")


def top_level_items(text):
    """Splits a bracket's contents at top-level commas."""
    items, depth, current, in_string = [], 0, "", False
    for char in text:
        if char == '"':
            in_string = not in_string
        if not in_string:
            if char in "([":
                depth += 1
            elif char in ")]":
                depth -= 1
            elif char == "," and depth == 0:
                items.append(current.strip())
                current = ""
                continue
        current += char
    if current.strip():
        items.append(current.strip())
    return items


def parse_manifest(root):
    """{name: {"kind", "dependencies": [(name, line)], "path", "line"}} of the local targets."""
    path = os.path.join(root, "Package.swift")
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    # Drop line comments, keeping offsets (and line numbers) intact.
    text = re.sub(r"//[^\n]*", lambda match: " " * len(match.group(0)), text)
    targets = {}
    for match in re.finditer(r"\.(" + "|".join(TARGET_KINDS) + r")\(", text):
        body = balanced(text, match.end() - 1)
        line = text.count("\n", 0, match.start()) + 1
        name = re.match(r'\s*name:\s*"([^"]+)"', body)
        if not name:
            raise ValueError(f"Package.swift:{line}: a .{match.group(1)} without a leading name:")
        dependencies = []
        found = re.search(r"\bdependencies:\s*\[", body)
        if found:
            offset = match.end() + found.end() - 1
            for item in top_level_items(balanced(text, offset)):
                local = re.fullmatch(r'"([^"]+)"', item) or re.fullmatch(r'\.(?:target|byName)\(\s*name:\s*"([^"]+)"[^)]*\)', item)
                if local:
                    item_line = text.count("\n", 0, text.index(item, offset)) + 1
                    dependencies.append((local.group(1), item_line))
                elif not item.startswith(".product("):
                    raise ValueError(f"Package.swift:{line}: cannot read dependency {item!r} of {name.group(1)}")
        custom = re.search(r'\bpath:\s*"([^"]+)"', body)
        kind = match.group(1)
        default = os.path.join("Tests" if kind == "testTarget" else "Sources", name.group(1))
        targets[name.group(1)] = {
            "kind": kind, "dependencies": dependencies, "line": line,
            "path": custom.group(1) if custom else default,
        }
    if not targets:
        raise ValueError("Package.swift: no targets found")
    return targets


def layer_of(name, targets):
    for index, (_, members) in enumerate(LAYERS):
        if members is None and targets[name]["kind"] == "testTarget":
            return index
        if members is not None and name in members:
            return index
    return None


def swift_files(root, directory):
    base = os.path.join(root, directory)
    for folder, _, names in sorted(os.walk(base)):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def check(root):
    targets = parse_manifest(root)
    problems = []

    def report(where, message):
        problems.append(f"{where}: {message}")

    for name, target in sorted(targets.items()):
        if layer_of(name, targets) is None:
            report(f"Package.swift:{target['line']}", f"target {name} is in no layer; add it to LAYERS in {sys.argv[0]}")
    if problems:
        return problems

    def describe(name):
        return f"{name} ({LAYERS[layer_of(name, targets)][0]})"

    def check_use(user, used, where, how):
        if used == user:
            return
        user_layer, used_layer = layer_of(user, targets), layer_of(used, targets)
        if used_layer >= user_layer:
            side = "above" if used_layer > user_layer else "beside"
            report(where, f"{describe(user)} {how} {describe(used)}, which is {side} it")
        if used in C_MODULE_OWNERS and user != C_MODULE_OWNERS[used] and user not in TOOLS and C_TEST_SHIMS.get(user) != used:
            report(where, f"{user} {how} {used}; only {C_MODULE_OWNERS[used]} (its owner) and tools may")
        if used in SUPPORT_MODULES and user not in TOOLS and user != TEST_SUPPORT and targets[user]["kind"] != "testTarget":
            report(where, f"{user} {how} the support module {used}, which is for tools and tests only")
        if user == TEST_SUPPORT and used not in TEST_SUPPORT_MAY_USE:
            report(where, f"{TEST_SUPPORT} {how} {used}; it may use only {', '.join(sorted(TEST_SUPPORT_MAY_USE))}")

    for name, target in sorted(targets.items()):
        for dependency, line in target["dependencies"]:
            if dependency not in targets:
                report(f"Package.swift:{line}", f"{name} depends on {dependency}, which is not a target")
                continue
            check_use(name, dependency, f"Package.swift:{line}", "depends on")
        if target["kind"] == "systemLibrary":
            continue
        declared = {dependency for dependency, _ in target["dependencies"]}
        for path in swift_files(root, target["path"]):
            shown = os.path.relpath(path, root)
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().split("\n")
            code = []  # lines of the umbrella that are neither comments nor imports
            for number, text in enumerate(lines, 1):
                match = IMPORT.match(text)
                if match and match.group(3) in PACKAGE_OWNERS and target["kind"] == "target":
                    package, owner = match.group(3), PACKAGE_OWNERS[match.group(3)]
                    if name != owner:
                        report(f"{shown}:{number}", f"{name} imports {package}; only {owner} (its owner) may")
                    elif match.group(2) != "internal":
                        report(f"{shown}:{number}", f"{name} imports {package} without `internal import`")
                if not match or match.group(3) not in targets:
                    if name == UMBRELLA and text.strip() and not text.strip().startswith("//"):
                        code.append(number)
                    continue
                attributes, access, module = match.group(1), match.group(2), match.group(3)
                where = f"{shown}:{number}"
                check_use(name, module, where, "imports")
                if module not in declared and module != name:
                    report(where, f"{name} imports {module}, which is not in its dependencies in Package.swift")
                if module in C_MODULE_OWNERS and name not in TOOLS and access != "internal":
                    report(where, f"{name} imports the C module {module} without `internal import`")
                if name == UMBRELLA and "@_exported" not in attributes:
                    report(where, "the umbrella only re-exports: use `@_exported import`")
            if code:
                report(f"{shown}:{code[0]}", f"the umbrella holds no code, but this file has {len(code)} line(s) of it;"
                       " move it into the module it belongs to")
    return problems


# --self-test: (description, file, text to find or None to append, replacement)
INJECTIONS = [
    ("a codec imports another codec",
     "Sources/RestKitJSON/JSONParser.swift", None, "import RestKitXML\n"),
    ("mapping imports a codec",
     "Sources/RestKitMapping/ObjectMapping.swift", None, "import RestKitJSON\n"),
    ("HTTP imports the umbrella",
     "Sources/RestKitHTTP/HTTPTransport.swift", None, "import RestKit\n"),
    ("the core imports mapping",
     "Sources/RestKitCore/MediaType.swift", None, "import RestKitMapping\n"),
    ("a manifest dependency upwards",
     "Package.swift", '.target(name: "RestKitMapping", dependencies: ["RestKitCore"])',
     '.target(name: "RestKitMapping", dependencies: ["RestKitCore", "RestKitHTTP"])'),
    ("a C module outside its owner",
     "Sources/RestKitForms/Body.swift", None, "internal import CYAJL\n"),
    ("code in the umbrella",
     "Sources/RestKit/Exports.swift", None, "public let version = 1\n"),
    ("the store imports HTTP, beside it",
     "Sources/RestKitStore/SQLiteStore.swift", None, "import RestKitHTTP\n"),
    ("GRDB imported publicly by the store",
     "Sources/RestKitStore/SQLiteStore.swift", "internal import GRDB", "public import GRDB"),
    ("GRDB imported outside the store",
     "Sources/RestKitMapping/Mapper.swift", None, "internal import GRDB\n"),
    ("test support reaching above the core",
     "Tests/RestKitTestSupport/SharedCorpus.swift", None, "import RestKitJSON\n"),
]


def self_test(root):
    failures = 0
    baseline = check(root)
    if baseline:
        print("self-test: the package itself has violations; fix those first", file=sys.stderr)
        return 1
    for description, relative, find, replacement in INJECTIONS:
        with tempfile.TemporaryDirectory() as scratch:
            copy = os.path.join(scratch, "package")
            os.makedirs(copy)
            shutil.copy(os.path.join(root, "Package.swift"), copy)
            for folder in ("Sources", "Tests", "Benchmarks"):
                if os.path.isdir(os.path.join(root, folder)):
                    shutil.copytree(os.path.join(root, folder), os.path.join(copy, folder))
            path = os.path.join(copy, relative)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            if find is None:
                text = text + replacement
            elif find in text:
                text = text.replace(find, replacement, 1)
            else:
                print(f"self-test: cannot inject '{description}': text not found in {relative}", file=sys.stderr)
                failures += 1
                continue
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            problems = check(copy)
            if problems:
                print(f"self-test: caught {description}: {problems[0]}")
            else:
                print(f"self-test: MISSED {description}", file=sys.stderr)
                failures += 1
    return 1 if failures else 0


def main(arguments):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--root" in arguments:
        root = arguments[arguments.index("--root") + 1]
    try:
        if "--self-test" in arguments:
            return self_test(root)
        problems = check(root)
    except (OSError, ValueError) as error:
        print(f"check-module-graph: {error}", file=sys.stderr)
        return 1
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        print(f"check-module-graph: {len(problems)} violation(s) of the one-way module graph", file=sys.stderr)
        return 1
    print("check-module-graph: the module graph is one-way ("
          + " < ".join(layer for layer, _ in LAYERS) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
