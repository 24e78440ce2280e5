"""YAML content and messages, parsed by libyaml's C parser where PyYAML was built with it: the same
data as `yaml.safe_load` (checked over every data file by tests/test_yamltext.py) in about a tenth
of the time, which is most of a process's start-up."""
from __future__ import annotations

from typing import Any

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The data of one YAML document (safe: plain data types only)."""
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
