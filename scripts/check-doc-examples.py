#!/usr/bin/env python3
"""Checks that the Swift code in the DocC articles compiles: each ```swift block of every
article under Sources/*/*.docc must appear, line for line (leading and trailing white space
ignored, blank lines skipped), in a Swift file under Tests/, where the compiler builds it and
a test runs it. An article whose example drifts from its test fails here.

Usage: scripts/check-doc-examples.py [--self-test]
Prints one line per block not found (`article:line`) and exits 1 when there is one.
`--self-test` checks that a block with an invented line is reported.
"""

import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK = re.compile(r"^```swift\n(.*?)^```", re.M | re.S)


def normalized(text):
    return [line.strip() for line in text.split("\n") if line.strip()]


def test_sources(root):
    sources = []
    for path in glob.glob(os.path.join(root, "Tests", "**", "*.swift"), recursive=True):
        with open(path) as file:
            sources.append(normalized(file.read()))
    return sources


def contains(haystack, needle):
    if not needle:
        return True
    first = needle[0]
    for index, line in enumerate(haystack):
        if line == first and haystack[index:index + len(needle)] == needle:
            return True
    return False


def missing_blocks(root, extra_articles=()):
    sources = test_sources(root)
    articles = glob.glob(os.path.join(root, "Sources", "*", "*.docc", "**", "*.md"), recursive=True)
    missing, checked = [], 0
    for article in list(articles) + list(extra_articles):
        with open(article) as file:
            text = file.read()
        for match in BLOCK.finditer(text):
            checked += 1
            block = normalized(match.group(1))
            if not any(contains(source, block) for source in sources):
                line = text[:match.start()].count("\n") + 1
                missing.append(f"{os.path.relpath(article, root)}:{line}: this Swift block is not in any test under Tests/")
    return missing, checked


def main():
    if "--self-test" in sys.argv:
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as article:
            article.write("# T\n\n```swift\nlet invented = NoSuchThing()\n```\n")
        missing, _ = missing_blocks(ROOT, [article.name])
        os.unlink(article.name)
        if not any("invented" in line or article.name.split(os.sep)[-1] in line for line in missing):
            sys.exit("self-test: an invented block was not reported")
        print("self-test: an invented block is reported")
        return
    missing, checked = missing_blocks(ROOT)
    for line in missing:
        print(line)
    print(f"{checked} Swift blocks in the DocC articles, {len(missing)} not found in the tests")
    if missing:
        sys.exit(1)


if __name__ == "__main__":
    main()
