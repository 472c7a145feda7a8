"""Reduces a symbol graph to the public API as text: one line per public
declaration (its path, then its declaration) and one per conformance, sorted,
so that a diff of two digests is the API change. Underscored declarations
are left out: they are not API (README, "Source stability")."""
import json
import sys

# Conformances every type has unless it opts out: noise in a review.
IMPLICIT = {"Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype"}


def declaration(symbol):
    text = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def main(path):
    graph = json.load(open(path))
    symbols = {s["identifier"]["precise"]: s for s in graph["symbols"]}
    lines = []
    for s in symbols.values():
        components = s["pathComponents"]
        if any(c.startswith("_") for c in components):
            continue
        lines.append(f"{'.'.join(components)}: {declaration(s)}")
    for r in graph.get("relationships", []):
        if r["kind"] != "conformsTo" or r["source"] not in symbols:
            continue
        source = symbols[r["source"]]["pathComponents"]
        if any(c.startswith("_") for c in source):
            continue
        target = symbols.get(r["target"])
        name = ".".join(target["pathComponents"]) if target else r.get("targetFallback", r["target"])
        constraints = r.get("swiftConstraints")
        where = ""
        if constraints:
            where = " where " + ", ".join(f"{c['lhs']} {c['kind']} {c['rhs']}" for c in constraints)
        if name in IMPLICIT:
            continue
        lines.append(f"{'.'.join(source)}: conforms to {name}{where}")
    for line in sorted(set(lines)):
        print(line)


main(sys.argv[1])
