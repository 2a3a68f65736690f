"""One real Synapse for the online tests of a test process (tests/net/synapse.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.net.synapse import Synapse


@pytest.fixture(scope="session")
def synapse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Synapse]:
    server = Synapse(tmp_path_factory.mktemp("synapse"))
    server.start()
    try:
        yield server
    finally:
        server.stop()
