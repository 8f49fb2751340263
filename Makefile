# Two commands on a fresh machine: `make run` (serve the site) and `make test` (the whole suite).
.PHONY: run test bench bench-load a11y export mutation

run:
	@bash scripts/run.sh

test:
	@bash scripts/test.sh $(PYTEST_ARGS)

bench:
	@bash scripts/bench.sh

bench-load:
	@bash scripts/bench_load.sh $(BENCH_ARGS)

a11y:
	@bash scripts/a11y.sh

export:
	@bash scripts/export.sh

mutation:
	@bash scripts/mutation.sh
