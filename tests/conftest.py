import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(*ids): catalogue clauses the test covers")
