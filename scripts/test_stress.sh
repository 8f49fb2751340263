#!/usr/bin/env bash
# `make test-stress`: `make test` with every core kept busy beside it (scripts/harness/cpu_hog.py, one busy
# process per core at the tests' priority), as a loaded CI machine would run it. A test whose verdict
# depends on the machine's speed shows here. STRESS_WORKERS (default: the cores) and STRESS_NICE (default 0)
# set the hog; RUNS (default 1) repeats the whole run, stopping at the first red one.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
cd "$PROJECT_ROOT"
python -m scripts.harness.cpu_hog --workers "${STRESS_WORKERS:-$(nproc)}" --nice "${STRESS_NICE:-0}" &
hog=$!
trap 'kill "$hog" 2> /dev/null || true' EXIT
for run in $(seq "${RUNS:-1}"); do
    step "Stress run $run of ${RUNS:-1}: $(nproc) cores, ${STRESS_WORKERS:-$(nproc)} busy processes beside the suite; $(uptime)"
    started=$SECONDS
    bash scripts/test.sh "$@"
    step "Stress run $run green in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s; $(uptime)"
done
