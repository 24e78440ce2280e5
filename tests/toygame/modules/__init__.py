"""Pairs' modules: `bonus`."""
