#!/usr/bin/env bash
# Measures the whole test suite (npm run test:time): the wall time of one
# `vitest run` of every project, the number of tests, and the number of
# assertions actually made (every expect() call, counted at run time by
# test/helpers/count-assertions.ts and summed here from vitest's JSON report).
# Also prints the load averages before and after, since a shared machine's
# load moves the wall time. Extra arguments go to vitest (e.g. --project unit).
set -euo pipefail
cd "$(dirname "$0")/.."
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
start=$(date +%s.%N)
status=0
npx vitest run --reporter=dot --reporter=json --outputFile.json="$report" "$@" || status=$?
end=$(date +%s.%N)
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  let assertions = 0, missing = 0;
  for (const file of r.testResults) for (const t of file.assertionResults) {
    if (t.status === "skipped" || t.status === "pending" || t.status === "todo") continue;
    if (typeof t.meta?.assertions === "number") assertions += t.meta.assertions; else missing++;
  }
  const wall = (Number(process.argv[3]) - Number(process.argv[2])).toFixed(1);
  console.log(`wall ${wall} s; ${r.numTotalTests} tests (${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped) in ${r.numTotalTestSuites} suites; ${assertions} assertions` + (missing ? ` (+${missing} tests not counted)` : ""));
' "$report" "$start" "$end"
exit "$status"
