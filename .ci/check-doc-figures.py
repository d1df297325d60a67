#!/usr/bin/env python3
"""The figures the documentation states about the quick start, checked against
what the commands print today (CI runs the README's first analysis and hands
its standard output and the Outputs folder to this script). A figure that a
command no longer gives fails CI, naming the file, the sentence and the value
the command gave, so no hand-typed result goes stale.

Usage: check-doc-figures.py FIRST_ANALYSIS_STDOUT OUTPUTS_DIR
"""
import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FIRST = ROOT / "Sources/warnsim/WarnSim.docc/FirstAnalysis.md"


def normalized(text):
    return re.sub(r"\s+", " ", text)


def main():
    stdout = Path(sys.argv[1]).read_text()
    outputs = Path(sys.argv[2])
    failures = []

    def line(pattern, what):
        match = re.search(pattern, stdout, re.MULTILINE)
        if not match:
            raise SystemExit(f"check-doc-figures: evaluate printed no {what} (pattern {pattern!r})")
        return match

    def check(doc, sentence, stated, actual):
        text = normalized(doc.read_text())
        if normalized(sentence) not in text:
            failures.append(f"{doc.relative_to(ROOT)}: the sentence {sentence!r} is gone; update this check with it")
        elif stated != actual:
            failures.append(f"{doc.relative_to(ROOT)}: {sentence!r} states {stated}, the command gives {actual}")

    detectable = line(r"^detectable\*\s+(\d+)\s+(\d+)\s+\S+ \S+\s+(\S+) \(([\d.]+)–([\d.]+)\)", "detectable row")
    expected = line(r"^expected\s+([\d.]+)\s+(\d+)\s+\S+ \S+\s+(\S+) \(([\d.]+)–([\d.]+)\)", "expected row")
    at_risk = (int(detectable[1]), int(detectable[2]))
    for doc in [README, FIRST]:
        check(doc, "24 people at risk under the primary label and 925 warned phones", (24, 925), at_risk)
    check(FIRST, "puts 25.3 expected phones at risk", "25.3", expected[1])
    check(
        FIRST, "narrows the recall interval from 0.857–1.000 to 0.861–0.932",
        ("0.857", "1.000", "0.861", "0.932"), (detectable[4], detectable[5], expected[4], expected[5]))

    rows = list(csv.DictReader((outputs / "town-sweep/metrics.csv").open()))
    distinct = (len({r["recall"] for r in rows}), len({r["detectable_recall"] for r in rows}))
    check(FIRST, "its recall takes 952 distinct values against 1 for `detectable`", (952, 1), distinct)

    enc = line(
        r"(\d+) units, TP \d+ FP \d+ FN \d+ TN \d+; TPR ([\d.]+) \[([\d.]+), ([\d.]+)\], FPR ([\d.]+) \[[\d.]+, [\d.]+\], "
        r"precision ([\d.]+) \[([\d.]+), ([\d.]+)\]", "encounter line")
    r3 = lambda x: f"{float(x):.3f}"
    actual = (f"{int(enc[1]):,}", r3(enc[2]), r3(enc[3]), r3(enc[4]), f"{float(enc[5]):.4f}", r3(enc[6]), r3(enc[7]), r3(enc[8]))
    check(
        FIRST, "1,516,474 units, TPR 0.897 [0.874, 0.917], FPR 0.0010, precision 0.325 [0.306, 0.345]",
        ("1,516,474", "0.897", "0.874", "0.917", "0.0010", "0.325", "0.306", "0.345"), actual)

    sources = {m[1]: (int(m[2]), int(m[3]), int(m[4]))
               for m in re.finditer(r"^\s+(\w+)\s+(\d+)\s+[\d.]+\s+\d+ \([\d.]+\)\s+(\d+)/(\d+)$", stdout, re.MULTILINE)}
    if not sources:
        raise SystemExit("check-doc-figures: evaluate printed no warning sources")
    warned = sum(v[0] for v in sources.values())
    # Whole percent of the warned phones, rounded half up.
    shares = tuple(int(100 * sources[s][0] / warned + 0.5) for s in ["club", "school", "transport", "visit", "meeting"])
    tests = (sum(v[1] for v in sources.values()), sum(v[2] for v in sources.values()))
    check(FIRST, "27 % of the warnings come from clubs, 14 % from schools, 11 % from bus rides", (27, 14, 11), shares[:3])
    check(FIRST, "8 % from gatherings and 11 % from meetings between workers", (8, 11), shares[3:])
    check(FIRST, "and 16 of the warned's 248 tests were positive", (16, 248), tests)

    field = line(
        r"field outcomes: (\d+) phones warned, (\d+) uploaders, ([\d.]+) warnings per uploader; .*?([\d.]+) days \(median\).*?"
        r"warned and later positive ([\d.]+)", "field outcomes line")
    real = ROOT / "Sources/warnsim/WarnSim.docc/RealWorldMatch.md"
    check(
        real, "gives 18.9 warnings per uploader (925 warned, 49 uploaders; 11 % of them from buses;",
        ("18.9", 925, 49, 11), (f"{float(field[3]):.1f}", int(field[1]), int(field[2]), shares[2]))
    check(
        real, "1.7 % of the warned later positive, and 4.45 days (median) from exposure to warning",
        ("1.7", "4.45"), (f"{100 * float(field[5]):.1f}", f"{float(field[4]):.2f}"))

    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)
    print("documentation figures agree with the commands (11 checks)")


if __name__ == "__main__":
    main()
