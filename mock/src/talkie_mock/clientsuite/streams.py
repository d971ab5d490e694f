"""Scenarios of the run stream (§5, §6, §7): what the client makes of what a run sends it."""

from __future__ import annotations

from urllib.parse import unquote

from talkie_mock.clientsuite.base import Asked, Check, Scenario
from talkie_mock.clientsuite.judges import (
    adopted,
    asked_once,
    did_not_cancel,
    hid_tool_output,
    loaded_thread,
    no_decision,
    nothing_opened,
    one_segment,
    showed_fallback,
    showed_reply,
)
from talkie_mock.clientsuite.observe import Record
from talkie_mock.clientsuite.situations import (
    Answer,
    Origins,
    RunRequest,
    card,
    error,
    json_answer,
    open_link,
    pending_action,
    stream,
    text_events,
    thread_detail,
    tool_call_with_output,
)


class UnknownEvent(Scenario):
    name = "unknown-event"
    summary = "The run stream carries an event type AG-UI does not define: the client must pass over it."
    checks = (Check("RUN-026", "reads on past an unknown event type", showed_reply),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        future = {"type": "FUTURE_EVENT", "threadId": run.thread_id, "payload": {"shape": "unknown"}}
        return stream(text_events(run, {1: (future,)}))


class UnknownCustom(Scenario):
    name = "unknown-custom"
    summary = "The run stream carries a CUSTOM event of an unknown name: the client must pass over it."
    checks = (Check("RUN-027", "passes over an unknown CUSTOM name", showed_reply),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        future = {"type": "CUSTOM", "name": "talkie.future", "value": {"shape": ["unknown"]}}
        return stream(text_events(run, {2: (future,)}))


class DroppedStream(Scenario):
    name = "dropped-stream"
    summary = (
        "The run stream ends after the first words, the run goes on at the server: recover from the thread."
    )
    checks = (
        Check("RUN-029", "loads the thread after a dropped stream", loaded_thread),
        Check("RUN-029", "does not treat the drop as a cancellation", did_not_cancel),
    )

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        frames = text_events(run)
        return stream(frames[:3])  # RUN_STARTED, TEXT_MESSAGE_START, the first delta: then the end


SERVER_THREAD = "thr_server/1 x"
"""The thread id the server assigns in `server-thread-id`: a slash and a space, which must stay in one
percent-encoded path segment."""


class ServerThreadId(Scenario):
    name = "server-thread-id"
    summary = "RUN_STARTED names a thread id of the server's (with a slash), then the stream drops."
    checks = (
        Check("RUN-008", "switches to the threadId RUN_STARTED reports", adopted(SERVER_THREAD)),
        Check(
            "MAN-012",
            "puts a placeholder's value into one percent-encoded segment",
            one_segment(SERVER_THREAD),
        ),
    )

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return stream(text_events(run, thread_id=SERVER_THREAD)[:3])

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if (
            asked.endpoint == "thread"
            and asked.authorized
            and unquote(asked.rest.split("/")[-1]) == SERVER_THREAD
        ):
            runs = record.seen("scenario", "run")
            if runs:
                return json_answer(thread_detail(RunRequest.of(runs[-1].body), SERVER_THREAD))
        return super().answer(asked, record, origins)


class OpenLink(Scenario):
    name = "open-link"
    summary = "The run suggests a link (talkie.open) on another origin: shown, never opened without a tap."
    checks = (
        Check("RUN-022", "does not open a talkie.open link by itself", nothing_opened),
        Check("SEC-002", "opens no link of the agent without a tap", nothing_opened),
    )

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        link = open_link(f"{origins.links}{origins.base(self.name)}opened")
        return stream(text_events(run, {3: (link,)}))


class CardLinks(Scenario):
    name = "card-links"
    summary = (
        "A card whose url, link block and file block point to another https origin: none opens by itself."
    )
    checks = (Check("SEC-002", "opens no link of a card without a tap", nothing_opened),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        away = f"{origins.links}{origins.base(self.name)}"
        blocks = [
            {"type": "link", "label": "Elsewhere", "url": f"{away}link"},
            {"type": "file", "name": "elsewhere.pdf", "mime": "application/pdf", "url": f"{away}file.pdf"},
        ]
        return stream(text_events(run, {3: (card("card_links", blocks, f"{away}card"),)}))


class Markup(Scenario):
    name = "markup"
    summary = (
        "A card's text holds HTML and a Markdown image, both pointing to another origin: neither is loaded."
    )
    checks = (
        Check("CARD-008", "interprets no HTML in a card", nothing_opened),
        Check("TEXT-004", "loads no image a text references", nothing_opened),
    )

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        away = f"{origins.decoy}{origins.base(self.name)}"
        text = f'<img src="{away}html.png"> <b>bold</b> and ![image]({away}markdown.png)'
        blocks = [{"type": "text", "text": text}]
        return stream(text_events(run, {3: (card("card_markup", blocks, f"{origins.base(self.name)}card"),)}))


class UnknownBlock(Scenario):
    name = "unknown-block"
    summary = "A card carries a block type talkie/1 does not define: the card shows as its fallbackText."
    checks = (Check("CARD-004", "shows fallbackText for a card it cannot render", showed_fallback),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        event = card(
            "card_future",
            [{"type": "text", "text": "A block it can render."}],
            f"{origins.base(self.name)}card",
        )
        event["value"]["blocks"].append({"type": "hologram", "frames": 3})  # unknown by design
        return stream(text_events(run, {3: (event,)}))


class NotRetryable(Scenario):
    name = "not-retryable"
    summary = "The run answers 500 internal with retryable false: the client does not repeat it by itself."
    checks = (Check("ERR-011", "repeats a request only when its error is retryable", asked_once),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return error(500, "internal", "Something failed in this scenario.")


class PendingAction(Scenario):
    name = "pending-action"
    summary = "The run proposes an action that waits for a person's confirmation: no decision goes by itself."
    checks = (Check("ACT-014", "sends a decision only on the person's tap or answer", no_decision),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return stream(text_events(run, {3: pending_action(run.thread_id)}))


class ToolOutput(Scenario):
    name = "tool-output"
    summary = (
        "A tool call brings raw output (TOOL_CALL_RESULT): the client may show its status, never the output."
    )
    checks = (Check("RUN-020", "does not show raw tool output", hid_tool_output),)

    def run(self, run: RunRequest, origins: Origins) -> Answer:
        return stream(text_events(run, {3: tool_call_with_output()}))
