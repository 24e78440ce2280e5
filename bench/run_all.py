"""Run every benchmark in bench/ (each module exposes `main(argv)`) and print their tables.

    .venv/bin/python bench/run_all.py [--games N] [--json] [--only NAME ...]

`--games` and `--json` are passed on to each benchmark; with `--json` each benchmark
prints one JSON object on its own line (JSON Lines).
"""
from __future__ import annotations

import argparse
import importlib.util
import sys
import time
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
    ran: list[tuple[str, float, int]] = []
    for path in benchmarks():
        if args.only is not None and path.stem not in args.only:
            continue
        module = load(path)
        if not hasattr(module, "main"):
            continue
        if not args.json:
            print(f"\n== bench/{path.name} ==", flush=True)
        start = time.perf_counter()
        code = module.main(passed) or 0
        ran.append((path.name, time.perf_counter() - start, code))
        status |= code
    if not args.json and ran:
        from rich.console import Console
        from rich.table import Table

        table = Table(title="bench/run_all.py")
        for col in ("benchmark", "seconds", "status"):
            table.add_column(col, justify="left" if col == "benchmark" else "right")
        for name, seconds, code in ran:
            table.add_row(name, f"{seconds:.1f}", "ok" if code == 0 else f"exit {code}")
        print()
        Console().print(table)
    return status


if __name__ == "__main__":
    sys.exit(main())
