from boardlab.core import registry

# Pairs (tests/toygame): a tiny card game that exercises the whole core contract. Registered for
# every test, so the conformance kit and the generic server and CLI tests run on it as well.
registry.register("pairs", "toygame")


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): catalogue clauses the test covers")
