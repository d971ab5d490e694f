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
