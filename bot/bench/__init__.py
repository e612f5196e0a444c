"""Keeps the documented ``python -m bot.bench.trees`` working: the benches are in ``bench``."""
