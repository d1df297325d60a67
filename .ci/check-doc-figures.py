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
        check(doc, "26 people at risk under the primary label and 600 warned phones", (26, 600), at_risk)
    check(FIRST, "puts 24.2 expected phones at risk", "24.2", expected[1])
    check(
        FIRST, "narrows the recall interval from 0.875–1.000 to 0.854–0.933",
        ("0.875", "1.000", "0.854", "0.933"), (detectable[4], detectable[5], expected[4], expected[5]))

    rows = list(csv.DictReader((outputs / "town-sweep/metrics.csv").open()))
    distinct = (len({r["recall"] for r in rows}), len({r["detectable_recall"] for r in rows}))
    check(FIRST, "its recall takes 903 distinct values against 2 for `detectable`", (903, 2), distinct)

    enc = line(
        r"(\d+) units, TP \d+ FP \d+ FN \d+ TN \d+; TPR ([\d.]+) \[([\d.]+), ([\d.]+)\], FPR ([\d.]+) \[[\d.]+, [\d.]+\], "
        r"precision ([\d.]+) \[([\d.]+), ([\d.]+)\]", "encounter line")
    r3 = lambda x: f"{float(x):.3f}"
    actual = (f"{int(enc[1]):,}", r3(enc[2]), r3(enc[3]), r3(enc[4]), f"{float(enc[5]):.4f}", r3(enc[6]), r3(enc[7]), r3(enc[8]))
    check(
        FIRST, "1,265,271 units, TPR 0.887 [0.858, 0.911], FPR 0.0010, precision 0.284 [0.264, 0.306]",
        ("1,265,271", "0.887", "0.858", "0.911", "0.0010", "0.284", "0.264", "0.306"), actual)

    sources = {m[1]: (int(m[2]), int(m[3]), int(m[4]))
               for m in re.finditer(r"^\s+(\w+)\s+(\d+)\s+[\d.]+\s+\d+ \([\d.]+\)\s+(\d+)/(\d+)$", stdout, re.MULTILINE)}
    if not sources:
        raise SystemExit("check-doc-figures: evaluate printed no warning sources")
    warned = sum(v[0] for v in sources.values())
    # Whole percent of the warned phones, rounded half up.
    shares = tuple(int(100 * sources[s][0] / warned + 0.5) for s in ["club", "school", "transport", "visit"])
    tests = (sum(v[1] for v in sources.values()), sum(v[2] for v in sources.values()))
    check(FIRST, "26 % of the warnings come from clubs, 23 % from schools, 8 % from bus rides", (26, 23, 8), shares[:3])
    check(FIRST, "and 7 % from gatherings", 7, shares[3])
    check(FIRST, "and 13 of the warned's 170 tests were positive", (13, 170), tests)

    field = line(
        r"field outcomes: (\d+) phones warned, (\d+) uploaders, ([\d.]+) warnings per uploader; .*?([\d.]+) days \(median\).*?"
        r"warned and later positive ([\d.]+)", "field outcomes line")
    real = ROOT / "Sources/warnsim/WarnSim.docc/RealWorldMatch.md"
    check(
        real, "gives 14.6 warnings per uploader (600 warned, 41 uploaders; 8 % of them from buses;",
        ("14.6", 600, 41, 8), (f"{float(field[3]):.1f}", int(field[1]), int(field[2]), shares[2]))
    check(
        real, "2.2 % of the warned later positive, and 4.19 days (median) from exposure to warning",
        ("2.2", "4.19"), (f"{100 * float(field[5]):.1f}", f"{float(field[4]):.2f}"))

    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)
    print("documentation figures agree with the commands (11 checks)")


if __name__ == "__main__":
    main()
