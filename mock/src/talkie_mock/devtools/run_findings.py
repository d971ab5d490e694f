"""Two run requests that do not do what their sender meant: a mistyped test command and a reused runId.

Both are answered without an error — the mistyped command as ordinary text, the reused runId with the run it
named (notes N-05) — so a developer learns of them only here: each is a `warning` the inspector shows and
`talkie-mock report` counts (notes N-93).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from talkie_models.findings import Finding

from talkie_mock.devtools.verdicts import Seen, verdict
from talkie_mock.engine.agent import TEST_COMMANDS, TEST_PREFIX, is_test_command

SHOWN_CHARS = 60


def last_user_text(body: Any) -> str | None:
    """The text of the run's last user message, as the agent answers it (string content or text parts)."""
    messages = body.get("messages") if isinstance(body, dict) else None
    if not isinstance(messages, list):
        return None
    for message in reversed(messages):
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, str):
                return content
            if isinstance(content, list):
                parts = [p.get("text") for p in content if isinstance(p, dict) and p.get("type") == "text"]
                return "\n".join(t for t in parts if isinstance(t, str))
            return None
    return None


def mistyped_test_command(body: Any) -> Finding | None:
    """A warning for a message that starts like a §11 test command but is none (answered as ordinary text)."""
    text = last_user_text(body)
    if text is None or not text.strip().lower().startswith(TEST_PREFIX) or is_test_command(text):
        return None
    shown = " ".join(text.split())
    shown = shown if len(shown) <= SHOWN_CHARS else shown[: SHOWN_CHARS - 1] + "…"
    return verdict(
        None,
        "warning",
        f"“{shown}” is no test command (§11), so the mock answered it as ordinary text. The test commands "
        f"are {', '.join(TEST_COMMANDS)} (lower case, nothing after the name but echo's text).",
    )


def replayed(replay: Mapping[str, Any]) -> Finding:
    """RUN-009 for a reused runId carrying new messages (maybe in another thread) the replay did not take."""
    problems = [f"did not take the new message {', '.join(replay.get('unstored') or [])}"]
    if replay.get("sentThread") != replay.get("thread"):
        problems.append(
            f"streamed that run's RUN_STARTED with its thread {replay.get('thread')}, not "
            f"{replay.get('sentThread')}, which a client adopts (§5)"
        )
    return verdict(
        "RUN-009",
        "warning",
        "This runId was used before: the mock replayed that run (notes N-05) and "
        + " and ".join(problems)
        + ". Make a new runId for every new message.",
    )


def judge(seen: Seen) -> list[Finding]:
    """Both findings of one exchange: only a run request the mock answered with a stream has them."""
    if seen.endpoint != "run" or seen.status != 200:
        return []
    found = [mistyped_test_command(seen.json_body())]
    if seen.replayed is not None:
        found.append(replayed(seen.replayed))
    return [f for f in found if f is not None]
