#!/usr/bin/env bash
# `make mutation`: mutation testing of the lead domain (marketing_site/leads/) with mutmut, against the
# fast lead and form-state tests on SQLite (configuration: [tool.mutmut] in pyproject.toml). Not part
# of `make test`: it takes about an hour on 2 cores. Results stay in mutants/ (`.venv/bin/mutmut browse`
# to read the survivors); a second run retests only the functions that changed.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
cd "$PROJECT_ROOT"
MUTMUT_VERSION="3.8.1"  # a tool of this command only, so it stays out of requirements.txt
if [ "$(python -m mutmut --version 2>/dev/null | awk '{print $NF}')" != "$MUTMUT_VERSION" ]; then
    step "Installing mutmut $MUTMUT_VERSION into .venv"
    python -m pip install -qq --disable-pip-version-check "mutmut==$MUTMUT_VERSION"
fi

step "Mutation testing with mutmut (${MUTATION_CHILDREN:-2} workers; tens of minutes)"
python -m mutmut run --max-children "${MUTATION_CHILDREN:-2}" > mutants.log 2>&1 || { tail -40 mutants.log; exit 1; }
python -m mutmut export-cicd-stats > /dev/null
python - <<'PY'
import json
stats = json.load(open("mutants/mutmut-cicd-stats.json"))
tested = stats["killed"] + stats["survived"] + stats["timeout"] + stats["suspicious"]
killed = stats["killed"] + stats["timeout"]  # a mutant that hangs the tests is caught too
print(f"==> Mutation score: {killed}/{tested} killed ({100 * killed / tested:.1f} %); "
      f"survived {stats['survived']}, no tests {stats['no_tests']}, skipped {stats['skipped']}")
PY
python -m mutmut results | sed 's/^/    survived: /'
