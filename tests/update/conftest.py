"""The fixtures the update tests share (their helpers live in update_support.py)."""

from collections.abc import Iterator

import pytest
import responses
from update_support import FakeSite


@pytest.fixture
def site() -> Iterator[FakeSite]:
    """The fake official site at ``SOURCE``, every request routed to it; scripts answers by route."""
    fake = FakeSite()
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mocker:
        fake.mock(mocker)
        yield fake
