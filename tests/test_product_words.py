"""The product speaks of itself: no tracker numbers, work sessions or review rounds in what a reader sees.

Code, tests, notes, the site and CLI text say what is true and why. A reader has none of the trackers that
numbered our work, and `§` already means a section of the protocol. The protocol text is "the talkie/1
specification"; "seed" is only a random seed (`--vary SEED`, the invented content's `--seed`, Hypothesis,
Faker). Each pattern below is narrow on purpose: "stop the server", "interleaved rounds" and
"upstream issue #22049" are ordinary words and stay allowed.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIPPED = (
    re.compile(r"^tools/node/"),  # third-party code and its lock file
    re.compile(r"(^|/)package-lock\.json$"),
    re.compile(r"^spec/[^/]+/talkie-\d+\.txt$"),  # the specification itself, kept byte for byte
    re.compile(r"^tests/test_product_words\.py$"),  # these patterns
)

WORK_PROCESS = {
    "a tracker's issue number (upstream issues are written `#N`)": re.compile(
        r"(?<!#)\b[Ii]ssues? \d+|\b[Tt]he issue's\b|\b(?:a|the) (?:later|earlier|previous|next) issue\b"
    ),
    "a task's acceptance list": re.compile(r"\bDone when\b|\"[Dd]one when\""),
    "a stop of the work": re.compile(
        r"\b(?:[Tt]his|[Tt]hat|[Pp]revious|[Ee]arlier|[Ll]ast) stop\b|\bstops? \d+\b"
    ),
    "a review round": re.compile(
        r"\bred[- ]team|\breview rounds?\b"
        r"|\b(?:[Ff]irst|[Ss]econd|[Tt]hird|[Ff]ourth|[Pp]revious|[Ee]arlier|[Tt]his) (?:review )?round\b"
    ),
    "a work session": re.compile(r"\bwork sessions?\b|\bthis session's runs\b|\b[Ee]arlier sessions\b"),
}

SEED = re.compile(r"seed", re.IGNORECASE)
RANDOM_SEED = re.compile(
    "|".join(
        [
            r"[Vv]ary|VARY|[Rr]andom|\brng\b|[Hh]ypothesis|[Ff]aker|seed_instance|--seed|\bseed=",
            r"\bseeds?\b\)?:? *(?:int|str)\b|\bseeds\b|\bSEEDS?\b|\b[Ss]eeded|[Ss]ame[ _]seed|server seed",
            r"\b[Aa] seed\b|\b(?:every|per|some|one|fixed|no|chat|its|this|each) seed\b|\bseed \d",
            r"\bseed(?:_text)? = f\"|seed_text|\{(?:self\.|config\.)?seed\}|\bconfig\.seed|\bself\.seed",
            r"\bseed(?:,| and\b|'s evidence)|\"seed\": \d|\[\"?seed\"?\]|\(seed\b|/ \"seeds\" /",
            r"\bseed\.encode\b|_seed_point_|seed in range|\bSeed of the invented|\bseed\)|, seed\b|\bSeeds\b",
            r"_some_seed\b|_a_seed_",
        ]
    )
)
"""A line with one of these speaks of a random seed; the specification patterns below still apply to it."""
SPECIFICATION_AS_SEED = re.compile(
    "|".join(
        [
            r"\b[Tt]he (?:talkie/1 )?seed(?:'s|''s)",
            r"\b[Tt]he seed (?:says|shows|leaves|defines|marks|states|fixes|names|asks|allows|makes)\b",
            r"\b[Tt]he seed (?:itself|does not|never|only|is the|text|copy|section|line|example|table)\b",
            r"\b(?:of|in) the seed\b(?! and\b)",
            r"\bseed (?:text|line|lines|section|sections|copy|table|sentence|statement|example|examples|§)",
            r"\bseed[-_](?:typed|client|lines|based|conforming|copy|section|table)|\bSeedDecodeError\b",
            r"spec/seed/|\"spec\" / \"seed\"|talkie-(?:basis--)?seed|basis: seed|\"basis\": \"seed\"",
            r"\bSEED_(?!SEEDS)|\bbasis:? seed\b|\bseed (?:MUST|SHOULD|MAY)\b",
        ]
    )
)
""""seed" meaning the protocol text, wherever it stands."""


def tracked_files() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout.decode()
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    return [name for name in listed.split("\0") if name and not any(p.search(name) for p in SKIPPED)]


def text_lines() -> list[tuple[str, int, str]]:
    found = []
    for name in tracked_files():
        path = ROOT / name
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):  # binary, or deleted in the work tree
            continue
        found += [(name, number, line) for number, line in enumerate(text.splitlines(), start=1)]
    return found


def hits(lines: list[tuple[str, int, str]]) -> list[str]:
    found = []
    for name, number, line in lines:
        for why, pattern in WORK_PROCESS.items():
            if pattern.search(line):
                found.append(f"{name}:{number}: {why}: {line.strip()[:160]}")
        if SEED.search(line) and (SPECIFICATION_AS_SEED.search(line) or not RANDOM_SEED.search(line)):
            found.append(f"{name}:{number}: 'seed' for the specification: {line.strip()[:160]}")
    return found


def test_the_patterns_catch_the_words_and_spare_ordinary_ones() -> None:
    caught = [
        "See issue 12 for the limits.",
        "Faults on demand (issue 5 §2)",
        "Until this stop it was optional",
        "see the closing note of stop 18",
        "Second red-team round",
        "(one rule each, as in the issue's list)",
        "The OAuth authorization server of a later issue adds another",
        "the seed's examples",
        "wherever the seed leaves a choice open (`--vary SEED`)",
        "tests/support/seed_client.py",
        "Line numbers refer to spec/seed/talkie-1.txt",
        "a client typed from the seed cannot decode",
        "basis: seed",
        "the talkie/1 seed states literally",
        "Each choice follows from the seed's examples (`--vary SEED`)",
    ]
    spared = [
        "upstream issue #22049 is open",
        "stop the server; the run stops at once",
        "3 interleaved rounds; each round measures every row",
        "the next round tries again; figures of that round",
        "bring the action to status done when it is confirmed",
        "`talkie-mock serve --vary SEED`: the same seed gives the same choices",
        "--seed 7 (Hypothesis)",
        "fake.seed_instance(seed)",
        "the same seed and the same message always give the same content",
        "Seconds used in this session so far.",
        "Each choice follows from the seed and the answer: note the seed, try a handful of seeds",
        "for seed in range(6): the content of every seed",
        'metavar="SEED", help="picked from SEED"',
    ]
    lines = [(f"case{i}", 1, text) for i, text in enumerate(caught + spared)]
    flagged = {hit.split(":")[0] for hit in hits(lines)}
    assert flagged == {f"case{i}" for i in range(len(caught))}


def test_no_tracker_numbers_work_stops_review_rounds_or_seed_for_the_specification() -> None:
    found = hits(text_lines())
    assert found == [], (
        f"{len(found)} line(s) speak of our work or call the specification the seed:\n"
        + "\n".join(found[:80])
    )
