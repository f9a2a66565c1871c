"""The test suite, a package so its shared helpers import as ``tests.helpers`` (the benchmarks use them too)."""
