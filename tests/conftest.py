import pytest
from boardlab.core import registry

# Pairs (tests/toygame): a tiny card game that exercises the whole core contract. Registered for
# every test, so the conformance kit and the generic server and CLI tests run on it as well.
registry.register("pairs", "toygame")


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): catalogue clauses the test covers")


# the web server tests' app on an SQLite file of their own (modules defining their own win)
@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'boardlab.sqlite'}"


@pytest.fixture
def client(db_url):
    """A test client of a fresh app on an SQLite file (the web extra is needed: see `need_web`)."""
    from fastapi.testclient import TestClient

    from boardlab.server.app import create_app
    with TestClient(create_app(db_url)) as c:
        yield c
