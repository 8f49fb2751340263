"""Build the production export once and serve it like a real host: shared by browser tests and benchmarks."""
