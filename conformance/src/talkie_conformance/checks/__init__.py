"""The checks, one module per section of talkie/1 (§2 has two), and `isolation` (what one user owns, another
cannot reach; §3 with §2.1 and §10.2). Importing the package registers them all."""

from talkie_conformance.checks import (
    actions,
    auth,
    auth_oauth,
    cards,
    errors,
    isolation,
    manifest,
    runs,
    status,
    testmode,
    text,
    threads,
    voice,
)

SECTIONS = (
    "manifest",
    "auth",
    "errors",
    "status",
    "runs",
    "cards",
    "text",
    "actions",
    "threads",
    "voice",
    "testmode",
)
SECTION_NUMBERS = {
    "manifest": "1",
    "auth": "2",
    "errors": "3",
    "status": "4",
    "runs": "5",
    "cards": "6",
    "text": "7",
    "actions": "8",
    "threads": "9",
    "voice": "10",
    "testmode": "11",
}

__all__ = [
    "SECTIONS",
    "SECTION_NUMBERS",
    "actions",
    "auth",
    "auth_oauth",
    "cards",
    "errors",
    "isolation",
    "manifest",
    "runs",
    "status",
    "testmode",
    "text",
    "threads",
    "voice",
]
