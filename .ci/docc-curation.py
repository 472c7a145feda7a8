"""Checks a DocC archive: every public symbol is placed in a topic group by
hand (on the module's landing page or in its type's extension file), and
every public symbol in the symbol graph has a documentation comment.

DocC files a symbol nobody curated under a group it generates ("Instance
Methods", "Structures"); this lists each such symbol with the link to add.
Usage: docc-curation.py ARCHIVE SYMBOL_GRAPH CATALOG"""
import json
import os
import sys

archive, graph_path, catalog = sys.argv[1:4]
problems = []

for root, _, files in os.walk(os.path.join(archive, "data", "documentation")):
    for name in files:
        if not name.endswith(".json"):
            continue
        page = json.load(open(os.path.join(root, name)))
        if page.get("kind") != "symbol" and page.get("metadata", {}).get("role") != "collection":
            continue
        owner = page["identifier"]["url"].split("/documentation/", 1)[1]
        for section in page.get("topicSections", []):
            if not section.get("generated"):
                continue
            for identifier in section["identifiers"]:
                # Conformances' default implementations ("Equatable
                # Implementations") are the standard library's, not ours.
                if identifier.endswith("-Implementations"):
                    continue
                link = identifier.split("/documentation/", 1)[1].split("/", 1)[1]
                problems.append(
                    f"{owner}: ``{link}`` is in no topic group ('{section['title']}' was generated): "
                    f"list it under a '### ' group of '## Topics' in {catalog}")

graph = json.load(open(graph_path))
for symbol in graph["symbols"]:
    path = "/".join(symbol["pathComponents"])
    if symbol.get("docComment") is None and not path.endswith("init(rawValue:)"):
        problems.append(f"{path}: public declaration without a documentation comment")

for problem in sorted(set(problems)):
    print(f"error: {problem}", file=sys.stderr)
if problems:
    print(f"{len(set(problems))} documentation problem(s)", file=sys.stderr)
    sys.exit(1)
