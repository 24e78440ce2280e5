"""The collector policy of the processes boardlab owns (heap.py), tried in a fresh interpreter: it changes
process-wide settings that the test process must keep."""
import subprocess
import sys

SCRIPT = """
import gc, weakref
from boardlab import heap
import boardlab.server.app  # a server's modules, loaded before it settles
heap.settle()
class Node: pass
a, b = Node(), Node()
a.other, b.other = b, a  # a cycle made while serving
gone = weakref.ref(a)
del a, b
gc.collect()
print(gc.get_freeze_count(), *gc.get_threshold(), gone() is None)
"""


def test_settling_sets_the_loaded_process_aside_and_still_collects_new_cycles():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True).stdout.split()
    frozen, young, older, oldest, collected = int(out[0]), int(out[1]), int(out[2]), int(out[3]), out[4]
    assert frozen > 10_000  # the modules a server loads, no longer walked by every full collection
    assert (young, older, oldest) == (50_000, 20, 20)
    assert collected == "True"


ENTRY = """
import gc, sys
from boardlab import cli
sys.argv = ["boardlab", "sim", "carcassonne", "-n", "2", "-w", "1", "--out", sys.argv[1]]
try:
    cli.main()
except SystemExit:
    pass
print(gc.get_freeze_count(), *gc.get_threshold())
"""


def test_the_commands_own_process_settles_and_a_program_invoking_the_cli_is_left_alone(tmp_path):
    import gc

    from typer.testing import CliRunner

    from boardlab.cli import app
    out = subprocess.run([sys.executable, "-c", ENTRY, str(tmp_path / "own.jsonl")], capture_output=True, text=True,
                         check=True).stdout.split()
    assert int(out[-4]) > 10_000 and out[-3:] == ["50000", "20", "20"]  # `boardlab sim` as its own process
    before = gc.get_freeze_count(), gc.get_threshold()
    result = CliRunner().invoke(app, ["sim", "carcassonne", "-n", "2", "-w", "1", "--out", str(tmp_path / "in.jsonl")])
    assert result.exit_code == 0, result.output
    assert (gc.get_freeze_count(), gc.get_threshold()) == before  # the same command inside a test process
