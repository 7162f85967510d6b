#!/usr/bin/env bash
# Short dieharder battery over the provably fair stream (docs/fairness/dieharder.md).
# Bounded to about a minute: four quick tests on a fixed seed, so results are reproducible.
# Exits 1 if any assessment is FAILED (WEAK is reported, not fatal: at p < 0.005 or > 0.995 it
# is expected about once in a hundred test statistics); exits 0 with a message when dieharder
# is not installed (apt-get install -y dieharder).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v dieharder >/dev/null 2>&1; then
  echo "dieharder-short: SKIPPED - dieharder is not installed (apt-get install -y dieharder)"
  exit 0
fi

TESTS=(0 15 100 101) # birthdays, runs, STS monobit, STS runs
report=$(mktemp)
trap 'rm -f "$report"' EXIT

for test in "${TESTS[@]}"; do
  # The generator is endless; dieharder stops reading when done and the writer exits on EPIPE.
  timeout 120 bash -c "node --import tsx scripts/dieharder-stream.ts 2>/dev/null | dieharder -g 200 -d $test" \
    | grep -E 'PASSED|WEAK|FAILED' | tee -a "$report" || {
    echo "dieharder-short: test $test did not finish in time"
    exit 1
  }
done

if grep -q 'FAILED' "$report"; then
  echo "dieharder-short: FAILED assessment(s) above"
  exit 1
fi
echo "dieharder-short: $(grep -c 'PASSED' "$report") passed, $(grep -c 'WEAK' "$report") weak, 0 failed"
