"""Keeps the documented command ``python -m bot.bench.trees OLD,NEW`` working.

The benchmarks moved to the top-level package ``bench`` (``python -m bench.trees``); this
module only forwards to :func:`bench.trees.main`.
"""

from __future__ import annotations

import sys

from bench.trees import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
