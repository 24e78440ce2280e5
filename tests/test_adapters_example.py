"""examples/train_carcassonne.py runs end to end on a tiny budget (it learns for minutes only when
run by hand; needs the `train` extra: sb3-contrib and torch, which `make test` does not install)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_carcassonne.py"


@pytest.mark.slow
def test_training_example_runs_end_to_end(tmp_path):
    spec = importlib.util.spec_from_file_location("train_carcassonne", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    assert example.main(["--steps", "64", "--eval-every", "64", "--eval-games", "1", "--out", str(tmp_path)]) == 0
    result = json.loads((tmp_path / "carcassonne_win_rate.json").read_text())
    assert [p["steps"] for p in result["points"]] == [0, 64]
    assert all(0.0 <= p["interval"][0] <= p["win_rate"] <= p["interval"][1] <= 1.0 for p in result["points"])
    assert (tmp_path / "carcassonne_win_rate.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
