"""Carcassonne's modules (the core module contract): each file defines `MODULE`.

- `wonders`: The Wonders of Humanity (CW-*, rulings C-1..C-12).
"""
from ....core.module import ModuleRegistry

REGISTRY = ModuleRegistry(__name__, ("wonders",))
