"""Run every benchmark in bench/ (each module exposes `main(argv)`) and print their tables.

    .venv/bin/python bench/run_all.py [--games N] [--json] [--only NAME ...]

`--games` and `--json` are passed on to each benchmark; with `--json` each benchmark
prints one JSON object on its own line (JSON Lines).
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def benchmarks() -> list[Path]:
    return sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name and not p.name.startswith("_"))


def load(path: Path):
    spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/run_all.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per configuration, passed to each benchmark")
    parser.add_argument("--json", action="store_true", help="JSON Lines: one object per benchmark")
    parser.add_argument("--only", nargs="*", default=None, help="run only these benchmarks (file stems)")
    args = parser.parse_args(argv)
    passed = (["--games", str(args.games)] if args.games else []) + (["--json"] if args.json else [])
    status = 0
    for path in benchmarks():
        if args.only is not None and path.stem not in args.only:
            continue
        module = load(path)
        if not hasattr(module, "main"):
            continue
        if not args.json:
            print(f"\n== bench/{path.name} ==", flush=True)
        status |= module.main(passed) or 0
    return status


if __name__ == "__main__":
    sys.exit(main())
