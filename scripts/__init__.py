"""Project tooling (setup, test harness, benchmarks), importable as ``scripts.*`` from the project root."""
