"""Write docs/rule-table.md: every rule of the catalogue, where it is implemented, which tests name it.

    python docs/make_rule_table.py            # write the table
    python docs/make_rule_table.py --check    # exit 1 if the table is stale or an implemented rule has no test
    python docs/make_rule_table.py --rules PATH/RULES.md

The rules are the IDs of sections 2-6 of the catalogue (``shared/RULES.md`` of the steering
folder, found beside the repository as ``../shared/RULES.md``). A rule is implemented where
a file under ``rules/`` or ``game/`` names it; ranges such as ``PIT-B-1..8`` or
``OPT-CAR-1/2`` name every rule they span. A test names a rule when the rule's ID is in the
test function's name (``-`` written as ``_``, as in ``test_CORE_SLIP_1_...``) or, exactly
as written in the catalogue, in the function itself: its decorators, docstring or body.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CATALOGUE = REPO.parent / "shared" / "RULES.md"
TABLE = REPO / "docs" / "rule-table.md"
CODE_DIRS = ("rules", "game")
TESTS_DIR = "tests"

# "- **CORE-DICE-1** — ..." or "- **MASTERS-GEAR-1 (6-1-1)** — ...": one rule of sections 2-6
RULE_LINE = re.compile(r"^- \*\*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+)\b")
SECTION = re.compile(r"^## (\d+)\. ")
SUBSECTION = re.compile(r"^### (\d+\.\d+) (.*)")
RULE_SECTIONS = {2, 3, 4, 5, 6}
# an ID as written in text, with an optional range after it: "-1..8" or "-1/2/3"
MENTION = re.compile(r"(?<![A-Za-z0-9_-])([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-)(\d+)((?:\.\.\d+)|(?:/\d+)+)?(?![A-Za-z0-9])")


@dataclass
class Rule:
    id: str
    section: str
    code: set[str] = field(default_factory=set)
    tests: set[str] = field(default_factory=set)


def read_catalogue(path: Path) -> list[Rule]:
    """The rules of sections 2-6, in catalogue order, each with its subsection."""
    rules: list[Rule] = []
    section, sub = 0, ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := SECTION.match(line):
            section = int(m.group(1))
        elif m := SUBSECTION.match(line):
            sub = f"{m.group(1)} {m.group(2)}"
        elif (m := RULE_LINE.match(line)) and section in RULE_SECTIONS:
            rules.append(Rule(id=m.group(1), section=sub))
    return rules


def mentions(text: str, known: set[str], ranges: bool) -> set[str]:
    """The known IDs ``text`` names; with ``ranges`` also every ID inside "X-1..4" and "X-1/2"."""
    found: set[str] = set()
    for prefix, first, tail in MENTION.findall(text):
        numbers = [int(first)]
        if ranges and tail.startswith(".."):
            numbers = list(range(int(first), int(tail[2:]) + 1))
        elif ranges and tail:
            numbers += [int(n) for n in tail.split("/")[1:]]
        found |= {f"{prefix}{n}" for n in numbers} & known
    return found


def named_in(name: str, snake: dict[str, str]) -> set[str]:
    """The IDs a test function's name carries, longest first: ``test_CORE_SLIP_4_SLIP_7_x``
    names CORE-SLIP-4 and SLIP-7, ``test_MASTERS_LEVER_1_2_3`` only MASTERS-LEVER-1."""
    parts = name.split("_")
    found: set[str] = set()
    i = 0
    while i < len(parts):
        for j in range(min(len(parts), i + 5), i, -1):
            rule = snake.get("_".join(parts[i:j]))
            if rule is not None:
                found.add(rule)
                i = j
                break
        else:
            i += 1
    return found


def scan_code(repo: Path, rules: dict[str, Rule]) -> None:
    known = set(rules)
    for top in CODE_DIRS:
        for path in sorted((repo / top).rglob("*.py")):
            rel = path.relative_to(repo).as_posix()
            for rule in mentions(path.read_text(encoding="utf-8"), known, ranges=True):
                rules[rule].code.add(rel)


def scan_tests(repo: Path, rules: dict[str, Rule]) -> None:
    known = set(rules)
    snake = {r.replace("-", "_"): r for r in rules}
    for path in sorted((repo / TESTS_DIR).rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        rel = path.relative_to(repo).as_posix()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not node.name.startswith("test"):
                continue
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            body = "\n".join(lines[first - 1 : node.end_lineno])
            for rule in named_in(node.name, snake) | mentions(body, known, ranges=False):
                rules[rule].tests.add(f"{rel}::{node.name}")


def collect(repo: Path, catalogue: Path) -> list[Rule]:
    rules = read_catalogue(catalogue)
    by_id = {r.id: r for r in rules}
    scan_code(repo, by_id)
    scan_tests(repo, by_id)
    return rules


def table(rules: list[Rule]) -> str:
    implemented = [r for r in rules if r.code]
    tested = [r for r in implemented if r.tests]
    out = [
        "# Rules, code and tests",
        "",
        "Generated by `python docs/make_rule_table.py` from `shared/RULES.md`, the code and the",
        "tests; do not edit by hand (`--check` fails when it is stale). A rule is implemented",
        "where a file under `rules/` or `game/` names its ID; a test names it in its name or its",
        "body. Back to [how the game reads the rules](rules.md).",
        "",
        f"{len(rules)} rules; {len(implemented)} implemented, {len(tested)} of them named by a test.",
        "",
        "| rule | section | implemented in | tests |",
        "|---|---|---|---|",
    ]
    for r in rules:
        code = ", ".join(f"`{p}`" for p in sorted(r.code)) or "-"
        tests = ", ".join(f"`{t.split('::')[1]}` ({Path(t.split('::')[0]).name})" for t in sorted(r.tests)) or "-"
        out.append(f"| {r.id} | {r.section} | {code} | {tests} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the table is stale or an implemented rule has no test")
    parser.add_argument("--rules", type=Path, default=CATALOGUE, help=f"the rule catalogue (default: {CATALOGUE})")
    args = parser.parse_args(argv)
    if not args.rules.is_file():
        print(f"no rule catalogue at {args.rules}", file=sys.stderr)
        return 2
    rules = collect(REPO, args.rules)
    text = table(rules)
    if not args.check:
        TABLE.write_text(text, encoding="utf-8")
        print(f"wrote {TABLE.relative_to(REPO)}")
        return 0
    untested = [r.id for r in rules if r.code and not r.tests]
    stale = not TABLE.is_file() or TABLE.read_text(encoding="utf-8") != text
    if untested:
        print(f"implemented but named by no test: {', '.join(untested)}", file=sys.stderr)
    if stale:
        print(f"{TABLE.relative_to(REPO)} is stale: run python docs/make_rule_table.py", file=sys.stderr)
    return 1 if untested or stale else 0


if __name__ == "__main__":
    sys.exit(main())
