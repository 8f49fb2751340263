#!/usr/bin/env bash
# `make mutation`: mutation testing of the lead and booking domains and the database layer under them
# (marketing_site/leads/, booking/, core/) with mutmut, against the fast lead, booking and form-state tests
# on SQLite (configuration: [tool.mutmut] in pyproject.toml). Not part of `make test`: its 5,990 mutants take
# about 2.5 hours on 2 quiet cores. Results stay in mutants/ (`.venv/bin/mutmut browse` to read the survivors);
# a second run retests only the functions that changed.
set -euo pipefail
. "$(dirname "$0")/setup.sh"
cd "$PROJECT_ROOT"
MUTMUT_VERSION="3.8.1"  # a tool of this command only, so it stays out of requirements.txt
if [ "$(python -m mutmut --version 2>/dev/null | awk '{print $NF}')" != "$MUTMUT_VERSION" ]; then
    step "Installing mutmut $MUTMUT_VERSION into .venv"
    python -m pip install -qq --disable-pip-version-check "mutmut==$MUTMUT_VERSION"
fi

children="${MUTATION_CHILDREN:-2}"
postgres_server="${TEST_DATABASE_URL:-postgresql+psycopg://postgres@${TEST_POSTGRES_ADDRESS:-127.0.0.1:5432}/test}"

step "Mutation testing with mutmut on SQLite ($children workers; about 2.5 hours on 2 quiet cores)"
rm -f mutants/mutmut-stats.json  # which tests reach which function is measured afresh for each database
env -u TEST_DATABASE_URL python -m mutmut run --max-children "$children" > mutants.log 2>&1 \
    || { tail -40 mutants.log; exit 1; }

# db.py, deadline.py and routing.py hold PostgreSQL-only code (server-side timeouts, the connection watchdog,
# the rotation's sequence) that the SQLite pass cannot reach; `make test` runs the lead tests on PostgreSQL too,
# so what those mutants left standing is tried again there. A mutant counts as killed when either pass kills it,
# as in `make test`.
retry="$(python - <<'PY'
import json
for module in ("core/db", "core/deadline", "leads/owners/routing"):
    codes = json.load(open(f"mutants/marketing_site/{module}.py.meta"))["exit_code_by_key"]
    print(" ".join(name for name, code in codes.items() if code in (0, 33)))
PY
)"
if [ -n "${retry// /}" ] && python -c 'import sys; from sqlalchemy import create_engine; create_engine(sys.argv[1]).connect().close()' "$postgres_server" 2> /dev/null; then
    step "Trying db.py's, deadline.py's and routing.py's survivors again on PostgreSQL ($(wc -w <<< "$retry") mutants)"
    rm -f mutants/mutmut-stats.json
    # shellcheck disable=SC2086 # one argument per mutant name
    TEST_DATABASE_URL="$postgres_server" python -m mutmut run --max-children "$children" $retry >> mutants.log 2>&1 \
        || { tail -40 mutants.log; exit 1; }
    rm -f mutants/mutmut-stats.json
else
    step "No PostgreSQL at $postgres_server: the PostgreSQL-only code of db.py, deadline.py and routing.py stays untested"
fi

python -m mutmut export-cicd-stats > /dev/null
python - <<'PY'
import json
stats = json.load(open("mutants/mutmut-cicd-stats.json"))
tested = stats["killed"] + stats["survived"] + stats["timeout"] + stats["suspicious"]
killed = stats["killed"] + stats["timeout"]  # a mutant that hangs the tests is caught too
print(f"==> Mutation score: {killed}/{tested} killed ({100 * killed / tested:.1f} %); "
      f"survived {stats['survived']}, no tests {stats['no_tests']}, skipped {stats['skipped']}; "
      f"of all {stats['total']} mutants {100 * killed / stats['total']:.1f} % killed")
PY
python - <<'PY'
# The score of each package (leads/ must stay at or above 90 %), from mutmut's results per source file.
import collections, json, pathlib
from mutmut.stats import status_by_exit_code
by_package = collections.defaultdict(collections.Counter)
root = pathlib.Path("mutants/marketing_site")
for meta in root.glob("*/**/*.py.meta"):  # sub-packages (leads/owners/, leads/tallies/) count in their package
    for code in json.loads(meta.read_text())["exit_code_by_key"].values():
        by_package[meta.relative_to(root).parts[0]][status_by_exit_code[code]] += 1
for package, counts in sorted(by_package.items()):
    killed = counts["killed"] + counts["timeout"]
    tested = killed + counts["survived"] + counts["suspicious"]
    print(f"    {package}/: {killed}/{tested} killed ({100 * killed / max(tested, 1):.1f} %), "
          f"survived {counts['survived']}, no tests {counts['no tests']}")
PY
python -m mutmut results | sed 's/^/    /'
