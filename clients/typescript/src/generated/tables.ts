// Generated from schemas/ — do not edit; regenerate with `python3 dev.py codegen`.

/** The property that tags every event, and the tag of CUSTOM events. */
export const EVENT_TAG = "type";
export const CUSTOM_TYPE = "CUSTOM";
export const CUSTOM_NAME_TAG = "name";

/** Every event type talkie/1 defines (CUSTOM aside), with the `$id` of its schema. */
export const EVENT_SCHEMAS = {
  "RUN_STARTED": "https://talkie-protocol.org/schemas/1/run-started-event.json",
  "RUN_FINISHED": "https://talkie-protocol.org/schemas/1/run-finished-event.json",
  "RUN_ERROR": "https://talkie-protocol.org/schemas/1/run-error-event.json",
  "TEXT_MESSAGE_START": "https://talkie-protocol.org/schemas/1/text-message-start-event.json",
  "TEXT_MESSAGE_CONTENT": "https://talkie-protocol.org/schemas/1/text-message-content-event.json",
  "TEXT_MESSAGE_END": "https://talkie-protocol.org/schemas/1/text-message-end-event.json",
  "TOOL_CALL_START": "https://talkie-protocol.org/schemas/1/tool-call-start-event.json",
  "TOOL_CALL_END": "https://talkie-protocol.org/schemas/1/tool-call-end-event.json",
  "TOOL_CALL_RESULT": "https://talkie-protocol.org/schemas/1/tool-call-result-event.json"
} as const;

/** Every `talkie.*` CUSTOM name, with the `$id` of its schema. */
export const CUSTOM_SCHEMAS = {
  "talkie.card": "https://talkie-protocol.org/schemas/1/card-event.json",
  "talkie.action": "https://talkie-protocol.org/schemas/1/action-event.json",
  "talkie.open": "https://talkie-protocol.org/schemas/1/open-event.json",
  "talkie.usage": "https://talkie-protocol.org/schemas/1/usage-event.json"
} as const;

/** The schema of the stream item as a whole and of the generic CUSTOM event. */
export const STREAM_EVENT_SCHEMA = "https://talkie-protocol.org/schemas/1/stream-event.json";
export const CUSTOM_EVENT_SCHEMA = "https://talkie-protocol.org/schemas/1/custom-event.json";

/** Every event type talkie/1 defines, CUSTOM included, by name: `EventType.RUN_STARTED`. */
export const EventType = {
  RUN_STARTED: "RUN_STARTED",
  RUN_FINISHED: "RUN_FINISHED",
  RUN_ERROR: "RUN_ERROR",
  TEXT_MESSAGE_START: "TEXT_MESSAGE_START",
  TEXT_MESSAGE_CONTENT: "TEXT_MESSAGE_CONTENT",
  TEXT_MESSAGE_END: "TEXT_MESSAGE_END",
  TOOL_CALL_START: "TOOL_CALL_START",
  TOOL_CALL_END: "TOOL_CALL_END",
  TOOL_CALL_RESULT: "TOOL_CALL_RESULT",
  CUSTOM: "CUSTOM",
} as const;
/** One of the event types talkie/1 defines. */
export type EventType = (typeof EventType)[keyof typeof EventType];

/** Every schema title with the `$id` (and pointer) of its schema, for `validate(title, value)`. */
export const SCHEMA_TITLES = {
  "Action": "https://talkie-protocol.org/schemas/1/action.json",
  "ActionCapabilities": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/ActionCapabilities",
  "ActionConfirm": "https://talkie-protocol.org/schemas/1/action.json#/$defs/ActionConfirm",
  "ActionEvent": "https://talkie-protocol.org/schemas/1/action-event.json",
  "ActionStatus": "https://talkie-protocol.org/schemas/1/action.json#/$defs/ActionStatus",
  "ActivityMessage": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/ActivityMessage",
  "AssistantMessage": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/AssistantMessage",
  "AudioPart": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/AudioPart",
  "Auth": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/Auth",
  "BadgeBlock": "https://talkie-protocol.org/schemas/1/badge-block.json",
  "BadgeTone": "https://talkie-protocol.org/schemas/1/badge-block.json#/$defs/BadgeTone",
  "Brand": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/Brand",
  "Capabilities": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/Capabilities",
  "Card": "https://talkie-protocol.org/schemas/1/card.json",
  "CardBlock": "https://talkie-protocol.org/schemas/1/card-block.json",
  "CardCapabilities": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/CardCapabilities",
  "CardEvent": "https://talkie-protocol.org/schemas/1/card-event.json",
  "CardField": "https://talkie-protocol.org/schemas/1/fields-block.json#/$defs/CardField",
  "Channel": "https://talkie-protocol.org/schemas/1/thread-summary.json#/$defs/Channel",
  "ClientMetadata": "https://talkie-protocol.org/schemas/1/client-metadata.json",
  "ConfirmMethod": "https://talkie-protocol.org/schemas/1/action.json#/$defs/ConfirmMethod",
  "Consent": "https://talkie-protocol.org/schemas/1/voice-session.json#/$defs/Consent",
  "ContentPart": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/ContentPart",
  "Context": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/Context",
  "CustomEvent": "https://talkie-protocol.org/schemas/1/custom-event.json",
  "DataSource": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/DataSource",
  "Decision": "https://talkie-protocol.org/schemas/1/decision-request.json#/$defs/Decision",
  "DecisionRequest": "https://talkie-protocol.org/schemas/1/decision-request.json",
  "DecisionResponse": "https://talkie-protocol.org/schemas/1/decision-response.json",
  "DeveloperMessage": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/DeveloperMessage",
  "DocumentPart": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/DocumentPart",
  "EndpointTemplate": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/EndpointTemplate",
  "Endpoints": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/Endpoints",
  "ErrorBody": "https://talkie-protocol.org/schemas/1/error-response.json#/$defs/ErrorBody",
  "ErrorCode": "https://talkie-protocol.org/schemas/1/error-code.json",
  "ErrorResponse": "https://talkie-protocol.org/schemas/1/error-response.json",
  "Event": "https://talkie-protocol.org/schemas/1/event.json",
  "EventMetadata": "https://talkie-protocol.org/schemas/1/event-metadata.json",
  "FieldsBlock": "https://talkie-protocol.org/schemas/1/fields-block.json",
  "FileBlock": "https://talkie-protocol.org/schemas/1/file-block.json",
  "FileSource": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/FileSource",
  "FunctionCall": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/FunctionCall",
  "HeadingBlock": "https://talkie-protocol.org/schemas/1/heading-block.json",
  "ImagePart": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/ImagePart",
  "Interrupt": "https://talkie-protocol.org/schemas/1/run-finished-event.json#/$defs/Interrupt",
  "KnownErrorCode": "https://talkie-protocol.org/schemas/1/error-code.json#/$defs/KnownErrorCode",
  "KnownEventType": "https://talkie-protocol.org/schemas/1/stream-event.json#/$defs/KnownEventType",
  "Limits": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/Limits",
  "LinkBlock": "https://talkie-protocol.org/schemas/1/link-block.json",
  "LinkTarget": "https://talkie-protocol.org/schemas/1/link-target.json",
  "ListBlock": "https://talkie-protocol.org/schemas/1/list-block.json",
  "ListItem": "https://talkie-protocol.org/schemas/1/list-block.json#/$defs/ListItem",
  "Manifest": "https://talkie-protocol.org/schemas/1/manifest.json",
  "Message": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/Message",
  "MessageRole": "https://talkie-protocol.org/schemas/1/thread-message.json#/$defs/MessageRole",
  "OAuthAuth": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/OAuthAuth",
  "OkResponse": "https://talkie-protocol.org/schemas/1/ok-response.json",
  "OpenEvent": "https://talkie-protocol.org/schemas/1/open-event.json",
  "OpenLink": "https://talkie-protocol.org/schemas/1/open-link.json",
  "PartSource": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/PartSource",
  "ReasoningMessage": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/ReasoningMessage",
  "ResumeEntry": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/ResumeEntry",
  "ResumeStatus": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/ResumeStatus",
  "RiskLevel": "https://talkie-protocol.org/schemas/1/action.json#/$defs/RiskLevel",
  "RunAgentInput": "https://talkie-protocol.org/schemas/1/run-agent-input.json",
  "RunErrorEvent": "https://talkie-protocol.org/schemas/1/run-error-event.json",
  "RunErrorMetadata": "https://talkie-protocol.org/schemas/1/run-error-event.json#/$defs/RunErrorMetadata",
  "RunFinishedCancelledOutcome": "https://talkie-protocol.org/schemas/1/run-finished-event.json#/$defs/RunFinishedCancelledOutcome",
  "RunFinishedEvent": "https://talkie-protocol.org/schemas/1/run-finished-event.json",
  "RunFinishedInterruptOutcome": "https://talkie-protocol.org/schemas/1/run-finished-event.json#/$defs/RunFinishedInterruptOutcome",
  "RunFinishedOutcome": "https://talkie-protocol.org/schemas/1/run-finished-event.json#/$defs/RunFinishedOutcome",
  "RunFinishedSuccessOutcome": "https://talkie-protocol.org/schemas/1/run-finished-event.json#/$defs/RunFinishedSuccessOutcome",
  "RunStartedEvent": "https://talkie-protocol.org/schemas/1/run-started-event.json",
  "Signaling": "https://talkie-protocol.org/schemas/1/voice-session.json#/$defs/Signaling",
  "Status": "https://talkie-protocol.org/schemas/1/status.json",
  "StatusUser": "https://talkie-protocol.org/schemas/1/status.json#/$defs/StatusUser",
  "StreamEvent": "https://talkie-protocol.org/schemas/1/stream-event.json",
  "SystemMessage": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/SystemMessage",
  "TalkieCustomEvent": "https://talkie-protocol.org/schemas/1/talkie-custom-event.json",
  "TalkieCustomName": "https://talkie-protocol.org/schemas/1/stream-event.json#/$defs/TalkieCustomName",
  "TalkieForwardedProps": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/TalkieForwardedProps",
  "TalkieProps": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/TalkieProps",
  "TextBlock": "https://talkie-protocol.org/schemas/1/text-block.json",
  "TextMessageContentEvent": "https://talkie-protocol.org/schemas/1/text-message-content-event.json",
  "TextMessageEndEvent": "https://talkie-protocol.org/schemas/1/text-message-end-event.json",
  "TextMessageRole": "https://talkie-protocol.org/schemas/1/text-message-start-event.json#/$defs/TextMessageRole",
  "TextMessageStartEvent": "https://talkie-protocol.org/schemas/1/text-message-start-event.json",
  "TextPart": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/TextPart",
  "ThreadDetail": "https://talkie-protocol.org/schemas/1/thread-detail.json",
  "ThreadList": "https://talkie-protocol.org/schemas/1/thread-list.json",
  "ThreadMessage": "https://talkie-protocol.org/schemas/1/thread-message.json",
  "ThreadSummary": "https://talkie-protocol.org/schemas/1/thread-summary.json",
  "TokenAuth": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/TokenAuth",
  "TokenUsage": "https://talkie-protocol.org/schemas/1/run-finished-event.json#/$defs/TokenUsage",
  "Tool": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/Tool",
  "ToolCall": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/ToolCall",
  "ToolCallEndEvent": "https://talkie-protocol.org/schemas/1/tool-call-end-event.json",
  "ToolCallEndMetadata": "https://talkie-protocol.org/schemas/1/tool-call-end-event.json#/$defs/ToolCallEndMetadata",
  "ToolCallResultEvent": "https://talkie-protocol.org/schemas/1/tool-call-result-event.json",
  "ToolCallStartEvent": "https://talkie-protocol.org/schemas/1/tool-call-start-event.json",
  "ToolMessage": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/ToolMessage",
  "UnknownCustomEvent": "https://talkie-protocol.org/schemas/1/stream-event.json#/$defs/UnknownCustomEvent",
  "UnknownEvent": "https://talkie-protocol.org/schemas/1/stream-event.json#/$defs/UnknownEvent",
  "UrlSource": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/UrlSource",
  "UsageEvent": "https://talkie-protocol.org/schemas/1/usage-event.json",
  "UsageMeter": "https://talkie-protocol.org/schemas/1/usage-meter.json",
  "UsageReport": "https://talkie-protocol.org/schemas/1/usage-report.json",
  "UserMessage": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/UserMessage",
  "VideoPart": "https://talkie-protocol.org/schemas/1/run-agent-input.json#/$defs/VideoPart",
  "VoiceCapabilities": "https://talkie-protocol.org/schemas/1/manifest.json#/$defs/VoiceCapabilities",
  "VoiceConfirm": "https://talkie-protocol.org/schemas/1/action.json#/$defs/VoiceConfirm",
  "VoiceSession": "https://talkie-protocol.org/schemas/1/voice-session.json",
  "VoiceSessionRequest": "https://talkie-protocol.org/schemas/1/voice-session-request.json",
  "VoiceToolRequest": "https://talkie-protocol.org/schemas/1/voice-tool-request.json",
  "VoiceToolResponse": "https://talkie-protocol.org/schemas/1/voice-tool-response.json",
  "VoiceTranscriptRequest": "https://talkie-protocol.org/schemas/1/voice-transcript-request.json",
  "VoiceUsageRequest": "https://talkie-protocol.org/schemas/1/voice-usage-request.json",
  "VoiceUsageResponse": "https://talkie-protocol.org/schemas/1/voice-usage-response.json"
} as const;
/** A schema title. */
export type SchemaTitle = keyof typeof SCHEMA_TITLES;

/** The tag the tolerant parser gives a nested union member it cannot read (`UnknownBlock`, …). */
export const UNKNOWN_TAG = "unknown";
/** The tag property of each nested union with an `Unknown…` fallback member, by union title. */
export const FALLBACK_UNIONS = {
  "CardBlock": "type",
  "RunFinishedOutcome": "type"
} as const;
/** The tag property of every tagged union, by title (`TalkieCustomEvent` is tagged by `name`). */
export const UNION_TAGS = {
  "CardBlock": "type",
  "ContentPart": "type",
  "Event": "type",
  "Message": "role",
  "PartSource": "type",
  "RunFinishedOutcome": "type",
  "TalkieCustomEvent": "name"
} as const;
