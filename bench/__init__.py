"""Benchmarks (``croupier bench``): numbers for docs/PERFORMANCE.md, never timed tests."""
