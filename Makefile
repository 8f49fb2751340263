# Two commands on a fresh machine: `make run` (serve the site) and `make test` (the whole suite).
.PHONY: run serve test test-stress prod backup restore-drill rolling-restart bench bench-readers bench-load bench-scale bench-inbox bench-slots bench-speed mail-catcher a11y export mutation

run:
	@bash scripts/run.sh

serve:
	@bash scripts/serve.sh $(SERVE_ARGS)

test:
	@bash scripts/test.sh $(PYTEST_ARGS)

test-stress:
	@bash scripts/test_stress.sh $(PYTEST_ARGS)

prod:
	@bash scripts/prod.sh $(PROD_ARGS)

backup:
	@bash -c '. scripts/setup.sh && python -m scripts.backup $(BACKUP_ARGS)'

restore-drill:
	@bash -c '. scripts/setup.sh && python -m scripts.restore_drill $(BACKUP_ARGS)'

rolling-restart:
	@bash -c '. scripts/setup.sh && python -m scripts.rolling_restart'

bench:
	@bash scripts/bench.sh $(BENCH_ARGS)

bench-readers:
	@bash -c '. scripts/setup.sh && bash scripts/ensure_nginx.sh && python -m scripts.bench_readers $(BENCH_ARGS)'

bench-load:
	@bash scripts/bench_load.sh $(BENCH_ARGS)

bench-scale:
	@bash scripts/bench_scale.sh $(BENCH_ARGS)

bench-inbox:
	@bash scripts/bench_inbox.sh $(BENCH_ARGS)

bench-slots:
	@bash -c '. scripts/setup.sh && python -m scripts.bench_slots $(BENCH_ARGS)'

bench-speed:
	@bash -c '. scripts/setup.sh && python -m scripts.bench_speed $(BENCH_ARGS)'

mail-catcher:
	@bash -c '. scripts/setup.sh && python -m marketing_site.mail.catcher --port 1025'

a11y:
	@bash scripts/a11y.sh

export:
	@bash scripts/export.sh

mutation:
	@bash scripts/mutation.sh
