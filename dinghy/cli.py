"""Command line: ``dinghy play``, ``dinghy replay FILE``, ``dinghy course check FILE``."""
from __future__ import annotations

import argparse
import sys

from dinghy.errors import DinghyError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dinghy", description="Race sailing dinghies on a virtual table.")
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("play", help="open the table and play a race (default)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command in (None, "play"):
            print("dinghy: the table is not built yet")
            return 0
    except DinghyError as exc:
        print(f"dinghy: {exc}", file=sys.stderr)
        return 2
    return 0
