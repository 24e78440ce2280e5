"""Content and messages are parsed by libyaml's C parser when PyYAML has it: it must read every data
file of the package exactly as the pure-Python safe loader does."""
from pathlib import Path

import pytest
import yaml

import boardlab
from boardlab.core.yamltext import load_yaml

FILES = sorted(Path(boardlab.__file__).parent.rglob("*.yaml"))


def test_the_package_has_data_files():
    assert len(FILES) > 50


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(Path(boardlab.__file__).parent)))
def test_same_data_as_the_safe_loader(path):
    text = path.read_text(encoding="utf-8")
    assert load_yaml(text) == yaml.safe_load(text)


def test_only_plain_data():
    with pytest.raises(yaml.YAMLError):
        load_yaml("!!python/object/apply:os.system ['true']")
