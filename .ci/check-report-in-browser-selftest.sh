#!/usr/bin/env bash
# Self-test of .ci/check-report-in-browser.py against the fixtures in
# .ci/browser-fixtures: the good report must pass and leave a PNG screenshot,
# each broken one must fail (exit 1) naming its problem, and a missing report
# must be refused (exit 2). Prints one PASS or FAIL line per expectation and
# exits non-zero if any failed. Screenshots go to OUT_DIR if given (to look at
# or keep as CI artifacts), else to a temporary folder removed at the end.
#
# Usage: .ci/check-report-in-browser-selftest.sh [OUT_DIR]
# The checker finds Chromium on PATH; set CHROMIUM=/path/to/chrome to choose.
set -uo pipefail
cd "$(dirname "$0")/.."
CHECKER=.ci/check-report-in-browser.py
FIXTURES=.ci/browser-fixtures

if [ $# -ge 1 ]; then
  OUT="$1"
  mkdir -p "$OUT"
else
  OUT="$(mktemp -d)"
  trap 'rm -rf "$OUT"' EXIT
fi

failures=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# run NAME: runs the checker on $FIXTURES/NAME.html, leaving its exit code in
# $rc and its standard output and error in $OUT/NAME.out and $OUT/NAME.err.
run() {
  python3 "$CHECKER" "$FIXTURES/$1.html" --screenshot "$OUT/$1.png" >"$OUT/$1.out" 2>"$OUT/$1.err"
  rc=$?
}

# expect_text NAME FILE TEXT: FILE (out or err) of NAME's run contains TEXT.
expect_text() {
  if grep -qF -- "$3" "$OUT/$1.$2"; then
    pass "$1: reports '$3'"
  else
    fail "$1: does not report '$3'; it printed:"
    sed 's/^/    /' "$OUT/$1.out" "$OUT/$1.err"
  fi
}

# expect_exit NAME CODE
expect_exit() {
  if [ "$rc" -eq "$2" ]; then
    pass "$1: exit code $rc"
  else
    fail "$1: exit code $rc, expected $2; it printed:"
    sed 's/^/    /' "$OUT/$1.out" "$OUT/$1.err"
  fi
}

# expect_png NAME: a non-empty PNG screenshot was written.
expect_png() {
  if [ -s "$OUT/$1.png" ] && [ "$(head -c 8 "$OUT/$1.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
    pass "$1: screenshot $OUT/$1.png ($(wc -c <"$OUT/$1.png") bytes)"
  else
    fail "$1: no PNG screenshot at $OUT/$1.png"
  fi
}

run good
expect_exit good 0
expect_png good
expect_text good out '2 figure(s) (2 rendered), 1 table(s)'

run console-error
expect_exit console-error 1
expect_png console-error
expect_text console-error err 'console.error: fixture: something went wrong while drawing'

# example.invalid never resolves, so the requests fail; they must be reported
# as external requests all the same.
run external-request
expect_exit external-request 1
expect_text external-request err 'external request: http://example.invalid/style.css'
expect_text external-request err 'external request: https://example.invalid/x.png'

run missing-figure
expect_exit missing-figure 1
expect_text missing-figure err 'figure 2 of 3 "Figure 2. An empty plot.": its <svg> is 0x0 px'
expect_text missing-figure err 'figure 3 of 3 #fig-lost: contains no <svg>'

# Not a fixture: a report that does not exist.
run does-not-exist
expect_exit does-not-exist 2
expect_text does-not-exist err 'no such report'

if [ "$failures" -ne 0 ]; then
  echo "check-report-in-browser self-test: $failures expectation(s) failed"
  exit 1
fi
echo "check-report-in-browser self-test: all expectations met"
