"""The e2e world (the real bot on the loopback Discord) for the operations' tests."""

from tests.e2e.conftest import pictures_off_the_loop, table

__all__ = ["pictures_off_the_loop", "table"]
