"""What the tests share besides fixtures, imported by name (``from tests.helpers.fake_time
import FakeTime``); conftest.py files hold fixtures only."""
