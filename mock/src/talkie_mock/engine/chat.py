"""Submitting a chat run (§5): one call from a validated `RunAgentInput` to the stream to send.

The rules of `POST run` live here, so they hold without HTTP: the message limit (notes N-08), a retried
`runId` re-streams its run (N-05), a run cancelled before it arrived ends cancelled at once (N-04), a
thread id of another user or of a deleted thread gets a server-assigned id (§5: the `threadId` of
`RUN_STARTED` is authoritative), a known message id is not stored again, and a request with nothing new
ends at once (N-05).
The api layer only reads the body, authenticates and renders the returned :class:`Submitted`.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from talkie_models import RunAgentInput, TalkieForwardedProps, TextPart, UserMessage
from talkie_models.sse import encode_event

from talkie_mock.engine.agent import Agent
from talkie_mock.engine.clock import Clock
from talkie_mock.engine.ids import SAFE_ID
from talkie_mock.engine.plans import Request as AgentRequest
from talkie_mock.engine.refusals import MessageTooLongError
from talkie_mock.engine.runs import RunManager, Subscription
from talkie_mock.engine.store import MessageRow, Store
from talkie_mock.engine.variations import Variations

TITLE_CHARS = 60
"""A new thread's title: the first message, whitespace collapsed, cut to this many characters."""


def message_text(message: UserMessage) -> str:
    """The text of a user message: the string itself, or its text parts joined."""
    content = message.content
    if isinstance(content, str):
        return content
    return "\n".join(part.text for part in content if isinstance(part, TextPart))


def channel_of(body: RunAgentInput) -> str:
    """`forwardedProps.talkie.channel`, `chat` when absent."""
    props = body.forwarded_props
    talkie = props.talkie if isinstance(props, TalkieForwardedProps) else None
    return (talkie.channel if talkie is not None else None) or "chat"


@dataclass
class Submitted:
    """What a run request is answered with: the stream to send, and what the inspector should know."""

    feed: Subscription
    thread_id: str | None
    """The thread the answered run belongs to (None for a run that ended at once, N-04/N-05)."""
    unstored: list[str] = field(default_factory=list)
    """Ids of user messages the request carried but the mock did not store, because it replayed the run its
    `runId` names (N-05)."""


class Chat:
    """The chat runs of one mock: threads, messages and runs of `POST run`."""

    def __init__(
        self,
        store: Store,
        runs: RunManager,
        agent: Agent,
        clock: Clock,
        max_message_chars: int,
        variations: Variations | None = None,
    ) -> None:
        self.store = store
        self.runs = runs
        self.agent = agent
        self.clock = clock
        self.max_message_chars = max_message_chars
        self.vary = variations or Variations(None)

    def submit(self, user_id: str, body: RunAgentInput, locale: str) -> Submitted:
        """Start (or replay) the run `body` asks for; everything is stored before the first frame can leave.

        Raises :class:`MessageTooLongError` before anything is stored. Nothing here awaits: the thread, the
        user messages and the run row share one commit.
        """
        user_messages = [m for m in body.messages if isinstance(m, UserMessage)]
        texts = [message_text(m) for m in user_messages]
        limit = self.max_message_chars
        if any(len(text) > limit for text in texts):  # notes N-08: code points, per message
            raise MessageTooLongError(limit)
        with self.store.batch():
            submitted = self._start(user_id, body, user_messages, texts, locale)
            if submitted.thread_id is not None and submitted.unstored:
                known = self.store.threads.known_message_ids(submitted.thread_id, submitted.unstored)
                submitted.unstored = [i for i in submitted.unstored if i not in known]
        return submitted

    def _start(
        self,
        user_id: str,
        body: RunAgentInput,
        user_messages: list[UserMessage],
        texts: list[str],
        locale: str,
    ) -> Submitted:
        run_id = body.run_id
        ids = [m.id for m in user_messages]
        live = self.runs.get_live(user_id, run_id)
        if live is not None:  # notes N-05: a retried runId re-streams the run
            return Submitted(Subscription(live), live.thread_id, ids)
        known = self.store.runs.get_run(user_id, run_id)
        if known is not None:
            if known.thread_id is None:  # cancelled before it arrived (notes N-04)
                frames = self.runs.finished_immediately(
                    user_id, run_id, body.thread_id, cancelled=True, record=False
                )
                return Submitted(Subscription(None, frames), None)
            replay = Subscription(None, [encode_event(e) for e in known.events])
            return Submitted(replay, known.thread_id, ids)

        now = self.clock.now_ms()
        thread_id, channel = self._thread(user_id, body, texts, now)
        rows = [
            MessageRow(
                id=m.id,
                thread_id=thread_id,
                role="user",
                content=text,
                created_at=now,
                channel=channel,
                cards=[],
            )
            for m, text in zip(user_messages, texts, strict=True)
        ]
        # one statement each: stored unless known
        fresh = self.store.threads.add_messages(thread_id, rows, now)
        if not fresh:  # notes N-05: nothing new, nothing to answer
            frames = self.runs.finished_immediately(user_id, run_id, thread_id, cancelled=False)
            return Submitted(Subscription(None, frames), None)
        plan = self.agent.plan(
            AgentRequest(text=fresh[-1].content, run_id=run_id, thread_id=thread_id, locale=locale)
        )
        live = self.runs.start(user_id, run_id, thread_id, plan, locale, variant=fresh[-1].content)
        return Submitted(Subscription(live), None)

    def _thread(self, user_id: str, body: RunAgentInput, texts: list[str], now: int) -> tuple[str, str]:
        """The run's thread (its id and channel): the client's, or a new one under the client's id or the
        server's own."""
        thread_id = body.thread_id
        valid = SAFE_ID.match(thread_id) is not None
        owner = self.store.threads.thread_owner(thread_id) if valid else None
        # another user's id, or one whose thread was deleted (gone for good): a new thread with a new id
        taken = owner[0] != user_id if owner else not valid or self.store.threads.thread_id_taken(thread_id)
        if taken:
            thread_id, owner = "t_" + secrets.token_hex(8), None  # §5: the server may assign its own id
        elif owner is None and self.vary.active:  # `--vary` (N-51): the server's own id for a new thread
            thread_id = self.vary.thread_id(user_id, thread_id)
            owner = self.store.threads.thread_owner(thread_id)
        if owner is not None:
            return thread_id, owner[1]
        first = texts[0] if texts else ""
        title = " ".join(first.split())[:TITLE_CHARS] or thread_id
        created = self.store.threads.create_thread(thread_id, user_id, title, channel_of(body), now)
        return created.id, created.channel
