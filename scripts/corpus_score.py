#!/usr/bin/env python3
"""The corpus score: how engarde reads real players' sheets (tests/corpus/) against a GM.

    .venv/bin/python scripts/corpus_score.py [--detail] [--record]

Prints the sheets understood, the expected errors flagged at the right FILE:LINE and the silent
misreadings, beside the figures recorded in tests/corpus/score.json (which tests/test_corpus.py
holds engarde to).  --detail shows each sheet not understood: what the GM reads, what engarde
read, and the errors it reported.  --record writes today's figures to tests/corpus/score.json
(do it when the reading has improved; the test fails when they fall).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import corpus_score  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--detail", action="store_true", help="each sheet not understood, expected and read")
    parser.add_argument("--record", action="store_true", help="write today's figures to tests/corpus/score.json")
    args = parser.parse_args()
    result = corpus_score.score()
    if args.detail:
        print(result.detail())
        print()
    print(result.summary())
    recorded = corpus_score.recorded() if corpus_score.SCORE_FILE.exists() else None
    if recorded is not None:
        print(f"recorded:           {recorded['understood']} understood, "
              f"{recorded['silent_misreadings']} silent misreadings (tests/corpus/score.json)")
    if args.record:
        corpus_score.record(result)
        print(f"recorded in {corpus_score.SCORE_FILE.relative_to(ROOT)}")
    return 1 if result.crashed else 0


if __name__ == "__main__":
    sys.exit(main())
