"""The module-scoped mock of the hostile corpus: a real `talkie-mock serve` (tests/support/hostile.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hostile import Served, serving


@pytest.fixture(scope="module")
def mock(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The module's mock: short read deadline and a 1 MB body cap, so the corpus runs in seconds."""
    workdir = tmp_path_factory.mktemp("hostile")
    with serving(workdir, "--read-timeout", "1", "--max-body-bytes", "1000000") as served:
        yield served
    assert "Traceback" not in served.log(), served.log()[-4000:]
