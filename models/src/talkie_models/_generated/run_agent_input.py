# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/run-agent-input.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType

from . import thread_summary


class ActivityMessage(TalkieModel):
    """
    A structured activity record.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Message id chosen by the sender; a Talkie server stores each id once per thread.
    """
    role: Literal["activity"] = "activity"
    """
    Author role (union tag).
    """
    activity_type: str
    """
    Kind of activity.
    """
    content: dict[str, Any]
    """
    Activity payload.
    """
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


class AssistantMessage(TalkieModel):
    """
    An earlier answer of the agent (Talkie servers keep history themselves and ignore these).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Message id chosen by the sender; a Talkie server stores each id once per thread.
    """
    role: Literal["assistant"] = "assistant"
    """
    Author role (union tag).
    """
    name: str | None = None
    """
    Display name of the author.
    """
    encrypted_value: str | None = None
    """
    Opaque provider artefact a consumer hands back on a later turn.
    """
    content: str | None = None
    """
    Answer text.
    """
    tool_calls: list[ToolCall] | None = None
    """
    Calls the agent made.
    """
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


class AudioPart(TalkieModel):
    """
    An audio part.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["audio"] = "audio"
    """
    Part type tag.
    """
    id: str | None = None
    """
    Optional id of the part.
    """
    source: PartSource
    metadata: Any | None = None
    """
    Free-form extra data about the part; any JSON value.
    """


class Context(TalkieModel):
    """
    A piece of ambient information for the run.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    description: str
    """
    What the value is.
    """
    value: str
    """
    The information.
    """


class DataSource(TalkieModel):
    """
    Bytes carried inline (base64).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["data"] = "data"
    """
    Source type tag.
    """
    value: str
    """
    The data, URL or provider handle, depending on `type`.
    """
    mime_type: str
    """
    Media type of the bytes.
    """


class DeveloperMessage(TalkieModel):
    """
    A developer instruction.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Message id chosen by the sender; a Talkie server stores each id once per thread.
    """
    role: Literal["developer"] = "developer"
    """
    Author role (union tag).
    """
    name: str | None = None
    """
    Display name.
    """
    encrypted_value: str | None = None
    """
    Opaque provider artefact a consumer hands back on a later turn.
    """
    content: str
    """
    Instruction text.
    """
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


class DocumentPart(TalkieModel):
    """
    A document part.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["document"] = "document"
    """
    Part type tag.
    """
    id: str | None = None
    """
    Optional id of the part.
    """
    source: PartSource
    metadata: Any | None = None
    """
    Free-form extra data about the part; any JSON value.
    """


class FileSource(TalkieModel):
    """
    Bytes already held by the provider under a handle.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["file"] = "file"
    """
    Source type tag.
    """
    value: str
    """
    The data, URL or provider handle, depending on `type`.
    """
    mime_type: str | None = None
    """
    Media type of the bytes.
    """
    provider: str | None = None
    """
    Which provider issued the handle.
    """


class FunctionCall(TalkieModel):
    """
    Name and JSON-encoded arguments of a call.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    name: str
    """
    Function name.
    """
    arguments: str
    """
    Arguments as a JSON text.
    """


class ImagePart(TalkieModel):
    """
    An image part.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["image"] = "image"
    """
    Part type tag.
    """
    id: str | None = None
    """
    Optional id of the part.
    """
    source: PartSource
    metadata: Any | None = None
    """
    Free-form extra data about the part; any JSON value.
    """


class ReasoningMessage(TalkieModel):
    """
    Reasoning text of a model.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Message id chosen by the sender; a Talkie server stores each id once per thread.
    """
    role: Literal["reasoning"] = "reasoning"
    """
    Author role (union tag).
    """
    content: str
    """
    Reasoning text.
    """
    encrypted_value: str | None = None
    """
    Opaque provider artefact a consumer hands back on a later turn.
    """
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


class ResumeEntry(TalkieModel):
    """
    An answer to an interrupt of an earlier run (AG-UI 1.0; Talkie uses actions instead).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    interrupt_id: str
    """
    The interrupt answered.
    """
    status: ResumeStatus
    payload: Any | None = None
    """
    The answer; any JSON value.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


ResumeStatus = TypeAliasType(
    "ResumeStatus",
    Annotated[Literal["resolved", "cancelled"], Field(title="ResumeStatus")],
)
"""
How an interrupt was answered.
"""


class RunAgentInput(TalkieModel):
    """
    Body of `POST run` (§5): an AG-UI 1.0 RunAgentInput. A Talkie client sends only the new user message(s); the server keeps the thread history itself. Every object here is open, since the server is the receiver and must ignore fields it does not know.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    thread_id: Annotated[str, Field(min_length=1)]
    """
    Thread id; a client makes one up for a new thread, the server may replace it (see RUN_STARTED).
    """
    run_id: Annotated[str, Field(min_length=1)]
    """
    Run id generated by the client; used to cancel the run.
    """
    protocol_version: str | None = None
    """
    AG-UI version the client speaks, e.g. `1.0`.
    """
    parent_run_id: str | None = None
    """
    Run that spawned this one (AG-UI); Talkie servers may ignore it.
    """
    state: Any | None = None
    """
    AG-UI agent state; any JSON value, `null` included. Talkie servers ignore it.
    """
    messages: list[Message]
    """
    New messages of this turn.
    """
    tools: list[Tool] | None = None
    """
    Client tools (usually empty).
    """
    context: list[Context] | None = None
    """
    Ambient context (usually empty).
    """
    forwarded_props: TalkieForwardedProps | list[Any] | str | float | bool | None = None
    """
    AG-UI forwarded properties; any JSON value, `null` included. When it is an object, Talkie reads its `talkie` key.
    """
    resume: list[ResumeEntry] | None = None
    """
    Interrupt answers (AG-UI).
    """


class SystemMessage(TalkieModel):
    """
    A system instruction.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Message id chosen by the sender; a Talkie server stores each id once per thread.
    """
    role: Literal["system"] = "system"
    """
    Author role (union tag).
    """
    name: str | None = None
    """
    Display name.
    """
    encrypted_value: str | None = None
    """
    Opaque provider artefact a consumer hands back on a later turn.
    """
    content: str
    """
    Instruction text.
    """
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


class TalkieForwardedProps(TalkieModel):
    """
    The `forwardedProps` object of a Talkie run. Talkie reads only the `talkie` key; other keys belong to the application and are passed through.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    talkie: TalkieProps | None = None


class TalkieProps(TalkieModel):
    """
    Talkie's own run options.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    channel: thread_summary.Channel | None = None


class TextPart(TalkieModel):
    """
    A text part.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["text"] = "text"
    """
    Part type tag.
    """
    id: str | None = None
    """
    Optional id of the part.
    """
    text: str
    """
    The text.
    """
    metadata: Any | None = None
    """
    Free-form extra data about the part; any JSON value.
    """


class Tool(TalkieModel):
    """
    A client-side tool offered to the agent. Talkie servers own their tools and may ignore these.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    name: str
    """
    Tool name.
    """
    description: str
    """
    What the tool does.
    """
    parameters: Any | None = None
    """
    JSON Schema of the arguments, carried as is.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


class ToolCall(TalkieModel):
    """
    A function call inside an assistant message.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: str
    """
    Call id.
    """
    type: Literal["function"] = "function"
    """
    Always `function`.
    """
    function: FunctionCall
    encrypted_value: str | None = None
    """
    Opaque provider artefact a consumer hands back on a later turn.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


class ToolMessage(TalkieModel):
    """
    What a tool returned for one call.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Message id chosen by the sender; a Talkie server stores each id once per thread.
    """
    role: Literal["tool"] = "tool"
    """
    Author role (union tag).
    """
    content: str | list[ContentPart]
    """
    Message content: plain text or an ordered list of parts.
    """
    tool_call_id: str
    """
    The call this answers.
    """
    error: str | None = None
    """
    Failure text when the tool failed.
    """
    encrypted_value: str | None = None
    """
    Opaque provider artefact a consumer hands back on a later turn.
    """
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


class UrlSource(TalkieModel):
    """
    Bytes behind a URL.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["url"] = "url"
    """
    Source type tag.
    """
    value: str
    """
    The data, URL or provider handle, depending on `type`.
    """
    mime_type: str | None = None
    """
    Media type of the bytes.
    """


PartSource = TypeAliasType(
    "PartSource",
    Annotated[
        DataSource | UrlSource | FileSource,
        Field(discriminator="type", title="PartSource"),
    ],
)
"""
Where a media part's bytes are, tagged by `type`.
"""


class UserMessage(TalkieModel):
    """
    What the person wrote.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Message id chosen by the sender; a Talkie server stores each id once per thread.
    """
    role: Literal["user"] = "user"
    """
    Author role (union tag).
    """
    name: str | None = None
    """
    Display name of the author.
    """
    encrypted_value: str | None = None
    """
    Opaque provider artefact a consumer hands back on a later turn.
    """
    content: str | list[ContentPart]
    """
    Message content: plain text or an ordered list of parts.
    """
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data about the message.
    """


Message = TypeAliasType(
    "Message",
    Annotated[
        UserMessage
        | AssistantMessage
        | SystemMessage
        | DeveloperMessage
        | ToolMessage
        | ActivityMessage
        | ReasoningMessage,
        Field(discriminator="role", title="Message"),
    ],
)
"""
One AG-UI message, tagged by `role`. Talkie clients send `user` messages with string content; the other roles are accepted because AG-UI clients may send them.
"""


class VideoPart(TalkieModel):
    """
    A video part.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["video"] = "video"
    """
    Part type tag.
    """
    id: str | None = None
    """
    Optional id of the part.
    """
    source: PartSource
    metadata: Any | None = None
    """
    Free-form extra data about the part; any JSON value.
    """


ContentPart = TypeAliasType(
    "ContentPart",
    Annotated[
        TextPart | ImagePart | AudioPart | VideoPart | DocumentPart,
        Field(discriminator="type", title="ContentPart"),
    ],
)
"""
One part of a multi-part message body, tagged by `type`.
"""
