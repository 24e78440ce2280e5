"""The serving process's collector policy (server/heap.py), tried in a fresh interpreter: it changes
process-wide settings that the test process must keep."""
import subprocess
import sys

SCRIPT = """
import gc, weakref
from boardlab.server import heap
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


def test_settling_sets_the_loaded_server_aside_and_still_collects_new_cycles():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True).stdout.split()
    frozen, young, older, oldest, collected = int(out[0]), int(out[1]), int(out[2]), int(out[3]), out[4]
    assert frozen > 10_000  # the modules a server loads, no longer walked by every full collection
    assert (young, older, oldest) == (50_000, 20, 20)
    assert collected == "True"
