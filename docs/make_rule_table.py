"""Write docs/rule-table.md: every rule of the catalogue, where it is implemented, which tests prove it.

    python docs/make_rule_table.py            # write the table
    python docs/make_rule_table.py --check    # exit 1 if the table is stale, a rule lacks a test or a mark is unknown
    python docs/make_rule_table.py --rules PATH/RULES.md

The rules are the IDs of sections 2-6 of the rule catalogue, found beside the repository as
``../shared/RULES.md``. A rule is implemented where
a file under ``rules/``, ``game/`` or ``trackgen/`` names it; ranges such as ``PIT-B-1..8`` or
``OPT-CAR-1/2`` name every rule they span. A test proves a rule when it carries the rule's
exact ID in a ``@pytest.mark.rules("CORE-SLIP-1", ...)`` mark, on the test function or on its
class. The marks are read from the test files' syntax trees, so the table needs no pytest run.
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
CODE_DIRS = ("rules", "game", "trackgen")
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


def mentions(text: str, known: set[str]) -> set[str]:
    """The known IDs ``text`` names, with every ID inside "X-1..4" and "X-1/2"."""
    found: set[str] = set()
    for prefix, first, tail in MENTION.findall(text):
        numbers = [int(first)]
        if tail.startswith(".."):
            numbers = list(range(int(first), int(tail[2:]) + 1))
        elif tail:
            numbers += [int(n) for n in tail.split("/")[1:]]
        found |= {f"{prefix}{n}" for n in numbers} & known
    return found


def scan_code(repo: Path, rules: dict[str, Rule]) -> None:
    known = set(rules)
    for top in CODE_DIRS:
        for path in sorted((repo / top).rglob("*.py")):
            rel = path.relative_to(repo).as_posix()
            for rule in mentions(path.read_text(encoding="utf-8"), known):
                rules[rule].code.add(rel)


def marked(decorators: list[ast.expr]) -> list[ast.expr] | None:
    """The arguments of a ``pytest.mark.rules(...)`` among ``decorators``, or None without one."""
    for d in decorators:
        if (
            isinstance(d, ast.Call)
            and isinstance(d.func, ast.Attribute)
            and d.func.attr == "rules"
            and isinstance(d.func.value, ast.Attribute)
            and d.func.value.attr == "mark"
            and isinstance(d.func.value.value, ast.Name)
            and d.func.value.value.id == "pytest"
        ):
            return d.args
    return None


def marks_in(repo: Path) -> dict[str, list[str]]:
    """Every test under tests/ with a rules mark, as "path::name", and the IDs its mark gives.

    A mark on a test class counts for each test method in it. An argument that is not a plain
    string is kept as its source text, so the check reports it like an unknown ID.
    """
    marks: dict[str, list[str]] = {}

    def ids(args: list[ast.expr]) -> list[str]:
        return [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else ast.unparse(a) for a in args]

    def visit(body: list[ast.stmt], rel: str, inherited: list[str]) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, rel, inherited + ids(marked(node.decorator_list) or []))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                own = marked(node.decorator_list)
                if own is not None or inherited:
                    marks[f"{rel}::{node.name}"] = inherited + ids(own or [])

    for path in sorted((repo / TESTS_DIR).rglob("*.py")):
        visit(ast.parse(path.read_text(encoding="utf-8")).body, path.relative_to(repo).as_posix(), [])
    return marks


def unknown_marks(marks: dict[str, list[str]], rules: list[Rule]) -> list[str]:
    """A "test: ID" line for every marked ID that is not a rule of the catalogue, written exactly."""
    known = {r.id for r in rules}
    return [f"{test}: {rule}" for test, ids in marks.items() for rule in ids if rule not in known]


def scan_tests(marks: dict[str, list[str]], rules: dict[str, Rule]) -> None:
    for test, ids in marks.items():
        for rule in ids:
            if rule in rules:
                rules[rule].tests.add(test)


def collect(repo: Path, catalogue: Path) -> list[Rule]:
    rules = read_catalogue(catalogue)
    by_id = {r.id: r for r in rules}
    scan_code(repo, by_id)
    scan_tests(marks_in(repo), by_id)
    return rules


def table(rules: list[Rule]) -> str:
    implemented = [r for r in rules if r.code]
    tested = [r for r in implemented if r.tests]
    out = [
        "# Rules, code and tests",
        "",
        "Generated by `python docs/make_rule_table.py` from `shared/RULES.md`, the code and the",
        "tests; do not edit by hand (`--check` fails when it is stale). A rule is implemented",
        "where a file under `rules/` or `game/` names its ID; a test proves it when the test's",
        "`@pytest.mark.rules(...)` mark names the ID. Back to [how the game reads the rules](rules.md).",
        "",
        f"{len(rules)} rules; {len(implemented)} implemented, {len(tested)} of them marked by a test.",
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
    parser.add_argument(
        "--check",
        action="store_true",
        help="fail if the table is stale, an implemented rule has no test or a mark names no rule",
    )
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
    unknown = unknown_marks(marks_in(REPO), rules)
    stale = not TABLE.is_file() or TABLE.read_text(encoding="utf-8") != text
    if untested:
        print(f"implemented but marked by no test: {', '.join(untested)}", file=sys.stderr)
    if unknown:
        print("marks that name no rule of the catalogue:\n  " + "\n  ".join(unknown), file=sys.stderr)
    if stale:
        print(f"{TABLE.relative_to(REPO)} is stale: run python docs/make_rule_table.py", file=sys.stderr)
    return 1 if untested or unknown or stale else 0


if __name__ == "__main__":
    sys.exit(main())
