// Generated from clients/playground/ by clients/playground/build.py; do not edit.
"use strict";
(() => {
  // clients/typescript/src/generated/errors.ts
  var INTERNAL = "internal";
  var ERROR_CATALOGUE = {
    "invalid_request": {
      "httpStatus": [
        400
      ],
      "retryable": false,
      "meaning": "The request body or parameters could not be accepted."
    },
    "unauthorized": {
      "httpStatus": [
        401
      ],
      "retryable": false,
      "meaning": "No bearer token, or the token is no longer valid."
    },
    "forbidden": {
      "httpStatus": [
        403
      ],
      "retryable": false,
      "meaning": "The signed-in user may not do this."
    },
    "not_found": {
      "httpStatus": [
        404
      ],
      "retryable": false,
      "meaning": "No such thread, action or voice session."
    },
    "conflict": {
      "httpStatus": [
        409
      ],
      "retryable": false,
      "meaning": "The request clashes with an earlier one (opposite decision, reused voice callId)."
    },
    "stale": {
      "httpStatus": [
        409
      ],
      "retryable": false,
      "meaning": "The action changed since the client saw it: `paramsHash` differs."
    },
    "expired": {
      "httpStatus": [
        410
      ],
      "retryable": false,
      "meaning": "The action or voice session is past its lifetime."
    },
    "too_large": {
      "httpStatus": [
        413
      ],
      "retryable": false,
      "meaning": "A user message is longer than `limits.maxMessageChars`."
    },
    "rate_limited": {
      "httpStatus": [
        429
      ],
      "retryable": true,
      "meaning": "Too many requests right now; retry after a pause."
    },
    "quota_exceeded": {
      "httpStatus": [
        429
      ],
      "retryable": false,
      "meaning": "The user's allowance (for example for the day) is used up."
    },
    "upstream_unavailable": {
      "httpStatus": [
        502,
        503
      ],
      "retryable": true,
      "meaning": "The model or speech provider cannot be reached."
    },
    "internal": {
      "httpStatus": [
        500
      ],
      "retryable": false,
      "meaning": "Any other server failure."
    }
  };

  // clients/typescript/src/generated/tables.ts
  var EVENT_TAG = "type";
  var CUSTOM_TYPE = "CUSTOM";
  var CUSTOM_NAME_TAG = "name";
  var EVENT_SCHEMAS = {
    "RUN_STARTED": "https://talkie-protocol.org/schemas/1/run-started-event.json",
    "RUN_FINISHED": "https://talkie-protocol.org/schemas/1/run-finished-event.json",
    "RUN_ERROR": "https://talkie-protocol.org/schemas/1/run-error-event.json",
    "TEXT_MESSAGE_START": "https://talkie-protocol.org/schemas/1/text-message-start-event.json",
    "TEXT_MESSAGE_CONTENT": "https://talkie-protocol.org/schemas/1/text-message-content-event.json",
    "TEXT_MESSAGE_END": "https://talkie-protocol.org/schemas/1/text-message-end-event.json",
    "TOOL_CALL_START": "https://talkie-protocol.org/schemas/1/tool-call-start-event.json",
    "TOOL_CALL_END": "https://talkie-protocol.org/schemas/1/tool-call-end-event.json",
    "TOOL_CALL_RESULT": "https://talkie-protocol.org/schemas/1/tool-call-result-event.json"
  };
  var CUSTOM_SCHEMAS = {
    "talkie.card": "https://talkie-protocol.org/schemas/1/card-event.json",
    "talkie.action": "https://talkie-protocol.org/schemas/1/action-event.json",
    "talkie.open": "https://talkie-protocol.org/schemas/1/open-event.json",
    "talkie.usage": "https://talkie-protocol.org/schemas/1/usage-event.json"
  };
  var SCHEMA_TITLES = {
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
  };
  var UNKNOWN_TAG = "unknown";

  // clients/typescript/src/generated/rules.ts
  var RULES = {
    "MAN-004": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST refuse a manifest whose spec declares a major version other than 1."
    },
    "MAN-005": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST ignore manifest members it does not know and carry on as though they were absent."
    },
    "MAN-008": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT follow a redirect that leads to a different origin while it loads a manifest; it stops instead."
    },
    "MAN-009": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST resolve endpoint templates against the issuer origin, never against the URL the manifest came from."
    },
    "MAN-011": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT call an endpoint on a foreign origin unless it displayed that address while the server was being added and the person approved it."
    },
    "MAN-012": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST replace each {placeholder} of a template by a single percent-encoded path segment, so a value can never add or change path segments."
    },
    "MAN-021": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST keep its manifest document within 64 kB."
    },
    "MAN-025": {
      "level": "MUST",
      "side": "both",
      "statement": "Both sides MUST use https for all talkie/1 traffic; plain http is acceptable only in development builds, and there only for localhost, 127.0.0.1 or private and link-local network addresses."
    },
    "MAN-026": {
      "level": "MUST",
      "side": "client",
      "statement": "A production build of a client MUST refuse plain-http servers, local addresses included."
    },
    "MAN-027": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST check that the issuer of a manifest is the origin it actually fetched the manifest from, and refuse the manifest otherwise, before resolving any endpoint against it."
    },
    "AUTH-018": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST answer a 401 with a single token refresh and, if that fails or the retry is refused again, ask the person to sign in anew instead of looping."
    },
    "AUTH-019": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT let a bearer token leave the origin it was issued for, including when a response redirects elsewhere."
    },
    "RUN-008": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST switch to the threadId reported in RUN_STARTED when it differs from the one it sent."
    },
    "RUN-010": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer a run that starts streaming with 200 and content type text/event-stream, each event sent as one data line of AG-UI JSON followed by a blank line."
    },
    "RUN-014": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST open every stream with RUN_STARTED carrying the threadId and the runId of the request."
    },
    "RUN-015": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST send assistant text as TEXT_MESSAGE_START, any number of TEXT_MESSAGE_CONTENT and TEXT_MESSAGE_END sharing one messageId, in that order; a message without text may have no content event at all."
    },
    "RUN-016": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give TOOL_CALL_START a toolCallId and a toolCallName."
    },
    "RUN-018": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST report on TOOL_CALL_END, sent when the tool has finished, whether it succeeded as the boolean metadata.ok, and may add a string metadata.error on failure."
    },
    "RUN-024": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST end a stream with exactly one terminal event, RUN_FINISHED after success or RUN_ERROR after failure, and send nothing after it."
    },
    "RUN-025": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give RUN_ERROR a message, a code taken from §3 and metadata.retryable."
    },
    "RUN-029": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST recover from a lost connection by loading the thread, without treating the drop as a cancellation."
    },
    "RUN-032": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST stop a run by calling cancelRun rather than only closing the connection."
    },
    "ACT-007": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST include in a decision the paramsHash of the action version the person saw."
    },
    "CARD-007": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST open every card url except a same-origin file download in the system browser, and send it no token; same-origin links and other blocks' urls included."
    },
    "VOICE-003": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST post its SDP offer to signaling.url with the clientSecret as bearer credential and content type application/sdp, and use the SDP it gets back."
    },
    "VOICE-006": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST refuse a voice session whose signalling address is not https or whose host is missing from signalingHosts."
    }
  };

  // clients/typescript/src/sse.ts
  var DEFAULT_MAX_LINE = 1 << 20;
  var DEFAULT_MAX_EVENT = 4 << 20;
  var SseLimitError = class extends Error {
    constructor(limit, max) {
      super(`the event stream has ${limit === "line" ? "a line" : "an event"} longer than ${max} characters`);
      this.limit = limit;
      this.max = max;
    }
    limit;
    max;
    name = "SseLimitError";
  };
  var SseParser = class {
    constructor(onMessage, onComment = () => {
    }, limits = {}) {
      this.onMessage = onMessage;
      this.onComment = onComment;
      this.maxLine = limits.maxLine ?? DEFAULT_MAX_LINE;
      this.maxEvent = limits.maxEvent ?? DEFAULT_MAX_EVENT;
    }
    onMessage;
    onComment;
    buffer = "";
    pendingCR = false;
    started = false;
    data = [];
    eventType = "";
    lastEventId = "";
    retry;
    dataSize = 0;
    maxLine;
    maxEvent;
    /** Feed decoded text; any split point is fine (inside a line, between CR and LF, inside a field). */
    feed(text2) {
      if (text2.length === 0) return;
      if (!this.started) {
        this.started = true;
        if (text2.charCodeAt(0) === 65279) text2 = text2.slice(1);
      }
      let start2 = 0;
      if (this.pendingCR && text2.startsWith("\n")) start2 = 1;
      this.pendingCR = false;
      for (let i = start2; i < text2.length; i++) {
        const ch = text2.charCodeAt(i);
        if (ch !== 10 && ch !== 13) continue;
        this.line(this.buffer + text2.slice(start2, i));
        this.buffer = "";
        if (ch === 13) {
          if (i + 1 === text2.length) this.pendingCR = true;
          else if (text2.charCodeAt(i + 1) === 10) i++;
        }
        start2 = i + 1;
      }
      this.buffer += text2.slice(start2);
      if (this.buffer.length > this.maxLine) throw new SseLimitError("line", this.maxLine);
    }
    /** The stream ended: an event not yet terminated by a blank line is discarded, as the standard says. */
    end() {
      this.buffer = "";
      this.data = [];
      this.dataSize = 0;
      this.eventType = "";
      this.retry = void 0;
    }
    line(line) {
      if (line.length > this.maxLine) throw new SseLimitError("line", this.maxLine);
      if (line === "") return this.dispatch();
      if (line.startsWith(":")) return this.onComment(line.slice(1).replace(/^ /, ""));
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      switch (field) {
        case "data":
          this.dataSize += value.length + 1;
          if (this.dataSize > this.maxEvent) throw new SseLimitError("event", this.maxEvent);
          this.data.push(value);
          break;
        case "event":
          this.eventType = value;
          break;
        case "id":
          if (!value.includes("\0")) this.lastEventId = value;
          break;
        case "retry":
          if (/^[0-9]+$/.test(value)) this.retry = Number(value);
          break;
        default:
      }
    }
    dispatch() {
      const retry = this.retry;
      this.retry = void 0;
      if (this.data.length === 0) {
        this.eventType = "";
        this.dataSize = 0;
        return;
      }
      const message = {
        data: this.data.join("\n"),
        event: this.eventType || "message",
        lastEventId: this.lastEventId
      };
      if (retry !== void 0) message.retry = retry;
      this.data = [];
      this.dataSize = 0;
      this.eventType = "";
      this.onMessage(message);
    }
  };
  async function* chunksOf(source) {
    if ("getReader" in source) {
      const reader = source.getReader();
      let finished = false;
      try {
        for (; ; ) {
          const result = await reader.read();
          if (result.done) {
            finished = true;
            return;
          }
          yield result.value;
        }
      } finally {
        if (!finished) await reader.cancel?.().catch(() => void 0);
        reader.releaseLock?.();
      }
    }
    yield* source;
  }
  async function* readSse(source, onComment, limits = {}) {
    const ready = [];
    const parser = new SseParser((message) => ready.push(message), onComment, limits);
    const decoder = new TextDecoder("utf-8");
    for await (const chunk of chunksOf(source)) {
      parser.feed(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
      yield* ready.splice(0);
    }
    parser.feed(decoder.decode());
    parser.end();
    yield* ready.splice(0);
  }

  // clients/typescript/src/generated/schemas.ts
  var SCHEMAS = {
    "https://talkie-protocol.org/schemas/1/action-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/action-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "name": {
          "const": "talkie.action",
          "type": "string"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "CUSTOM",
          "type": "string"
        },
        "value": {
          "$ref": "action.json"
        }
      },
      "required": [
        "type",
        "name",
        "value"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/action.json": {
      "$defs": {
        "ActionConfirm": {
          "additionalProperties": false,
          "properties": {
            "methods": {
              "items": {
                "$ref": "#/$defs/ConfirmMethod"
              },
              "minItems": 1,
              "type": "array",
              "uniqueItems": true
            },
            "voice": {
              "$ref": "#/$defs/VoiceConfirm"
            }
          },
          "required": [
            "methods"
          ],
          "type": "object"
        },
        "ActionStatus": {
          "enum": [
            "pending",
            "running",
            "done",
            "failed",
            "cancelled",
            "expired"
          ]
        },
        "ConfirmMethod": {
          "enum": [
            "button",
            "voice"
          ],
          "x-talkie-open": true
        },
        "RiskLevel": {
          "minLength": 1,
          "type": "string"
        },
        "VoiceConfirm": {
          "additionalProperties": false,
          "properties": {
            "keyword": {
              "minLength": 1,
              "type": "string"
            }
          },
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/action.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "confirm": {
          "$ref": "#/$defs/ActionConfirm"
        },
        "createdAt": {
          "format": "date-time",
          "type": "string"
        },
        "expiresAt": {
          "format": "date-time",
          "type": "string"
        },
        "id": {
          "minLength": 1,
          "type": "string"
        },
        "paramsHash": {
          "minLength": 1,
          "type": "string"
        },
        "riskLevel": {
          "$ref": "#/$defs/RiskLevel"
        },
        "status": {
          "$ref": "#/$defs/ActionStatus"
        },
        "summary": {
          "minLength": 1,
          "type": "string"
        },
        "threadId": {
          "minLength": 1,
          "type": "string"
        },
        "toolCallId": {
          "type": "string"
        },
        "undoUntil": {
          "format": "date-time",
          "type": "string"
        },
        "version": {
          "minimum": 1,
          "type": "integer"
        }
      },
      "required": [
        "id",
        "version",
        "threadId",
        "toolCallId",
        "summary",
        "riskLevel",
        "status",
        "paramsHash",
        "createdAt",
        "expiresAt",
        "confirm"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/badge-block.json": {
      "$defs": {
        "BadgeTone": {
          "enum": [
            "neutral",
            "positive",
            "warning",
            "negative"
          ],
          "type": "string",
          "x-talkie-open": true
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/badge-block.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "text": {
          "minLength": 1,
          "type": "string"
        },
        "tone": {
          "$ref": "#/$defs/BadgeTone"
        },
        "type": {
          "const": "badge",
          "type": "string"
        }
      },
      "required": [
        "type",
        "text"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/card-block.json": {
      "$id": "https://talkie-protocol.org/schemas/1/card-block.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "discriminator": {
        "mapping": {
          "badge": "badge-block.json",
          "fields": "fields-block.json",
          "file": "file-block.json",
          "heading": "heading-block.json",
          "link": "link-block.json",
          "list": "list-block.json",
          "text": "text-block.json"
        },
        "propertyName": "type"
      },
      "oneOf": [
        {
          "$ref": "heading-block.json"
        },
        {
          "$ref": "text-block.json"
        },
        {
          "$ref": "fields-block.json"
        },
        {
          "$ref": "list-block.json"
        },
        {
          "$ref": "link-block.json"
        },
        {
          "$ref": "file-block.json"
        },
        {
          "$ref": "badge-block.json"
        }
      ]
    },
    "https://talkie-protocol.org/schemas/1/card-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/card-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "name": {
          "const": "talkie.card",
          "type": "string"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "CUSTOM",
          "type": "string"
        },
        "value": {
          "$ref": "card.json"
        }
      },
      "required": [
        "type",
        "name",
        "value"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/card.json": {
      "$id": "https://talkie-protocol.org/schemas/1/card.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "a11yLabel": {
          "type": "string"
        },
        "blocks": {
          "items": {
            "$ref": "card-block.json"
          },
          "type": "array"
        },
        "fallbackText": {
          "minLength": 1,
          "type": "string"
        },
        "id": {
          "minLength": 1,
          "type": "string"
        },
        "subtitle": {
          "type": "string"
        },
        "title": {
          "minLength": 1,
          "type": "string"
        },
        "url": {
          "$ref": "link-target.json"
        },
        "version": {
          "minimum": 1,
          "type": "integer"
        }
      },
      "required": [
        "id",
        "version",
        "title",
        "subtitle",
        "url",
        "blocks",
        "fallbackText",
        "a11yLabel"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/client-metadata.json": {
      "$id": "https://talkie-protocol.org/schemas/1/client-metadata.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "not": {
        "anyOf": [
          {
            "required": [
              "client_secret"
            ]
          },
          {
            "required": [
              "client_secret_expires_at"
            ]
          }
        ]
      },
      "properties": {
        "client_id": {
          "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?/[^\\s#?]*$",
          "type": "string"
        },
        "client_name": {
          "minLength": 1,
          "type": "string"
        },
        "client_uri": {
          "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
          "type": "string"
        },
        "grant_types": {
          "contains": {
            "const": "authorization_code",
            "type": "string"
          },
          "items": {
            "minLength": 1,
            "type": "string"
          },
          "type": "array",
          "uniqueItems": true
        },
        "logo_uri": {
          "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
          "type": "string"
        },
        "policy_uri": {
          "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
          "type": "string"
        },
        "redirect_uris": {
          "items": {
            "pattern": "^(?:[a-z][a-z0-9+-]*(?:\\.[a-z0-9+-]+)+:/(?:[^/\\s][^\\s#]*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:/[^\\s#]*)?|http://(?:127\\.0\\.0\\.1|\\[::1\\])(?::[0-9]{1,5})?(?:/[^\\s#]*)?)$",
            "type": "string"
          },
          "minItems": 1,
          "type": "array",
          "uniqueItems": true
        },
        "response_types": {
          "contains": {
            "const": "code",
            "type": "string"
          },
          "items": {
            "minLength": 1,
            "type": "string"
          },
          "type": "array",
          "uniqueItems": true
        },
        "scope": {
          "pattern": "^[\\x21\\x23-\\x5B\\x5D-\\x7E]+(?: [\\x21\\x23-\\x5B\\x5D-\\x7E]+)*$",
          "type": "string"
        },
        "token_endpoint_auth_method": {
          "const": "none",
          "type": "string"
        },
        "tos_uri": {
          "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
          "type": "string"
        }
      },
      "required": [
        "client_id",
        "client_name",
        "redirect_uris",
        "token_endpoint_auth_method"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/custom-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/custom-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "name": {
          "type": "string"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "CUSTOM",
          "type": "string"
        },
        "value": {}
      },
      "required": [
        "type",
        "name",
        "value"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/decision-request.json": {
      "$defs": {
        "Decision": {
          "enum": [
            "confirm",
            "cancel"
          ],
          "type": "string"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/decision-request.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "properties": {
        "decision": {
          "$ref": "#/$defs/Decision"
        },
        "method": {
          "$ref": "action.json#/$defs/ConfirmMethod"
        },
        "paramsHash": {
          "minLength": 1,
          "type": "string"
        }
      },
      "required": [
        "decision",
        "paramsHash",
        "method"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/decision-response.json": {
      "$id": "https://talkie-protocol.org/schemas/1/decision-response.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "action": {
          "$ref": "action.json"
        },
        "events": {
          "items": {
            "$ref": "stream-event.json"
          },
          "type": "array"
        }
      },
      "required": [
        "action",
        "events"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/error-code.json": {
      "$defs": {
        "KnownErrorCode": {
          "enum": [
            "invalid_request",
            "unauthorized",
            "forbidden",
            "not_found",
            "conflict",
            "stale",
            "expired",
            "too_large",
            "rate_limited",
            "quota_exceeded",
            "upstream_unavailable",
            "internal"
          ],
          "type": "string"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/error-code.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "pattern": "^[a-z][a-z0-9_]*$",
      "type": "string",
      "x-talkie-catalogue": [
        {
          "code": "invalid_request",
          "httpStatus": [
            400
          ],
          "meaning": "The request body or parameters could not be accepted.",
          "retryable": false
        },
        {
          "code": "unauthorized",
          "httpStatus": [
            401
          ],
          "meaning": "No bearer token, or the token is no longer valid.",
          "retryable": false
        },
        {
          "code": "forbidden",
          "httpStatus": [
            403
          ],
          "meaning": "The signed-in user may not do this.",
          "retryable": false
        },
        {
          "code": "not_found",
          "httpStatus": [
            404
          ],
          "meaning": "No such thread, action or voice session.",
          "retryable": false
        },
        {
          "code": "conflict",
          "httpStatus": [
            409
          ],
          "meaning": "The request clashes with an earlier one (opposite decision, reused voice callId).",
          "retryable": false
        },
        {
          "code": "stale",
          "httpStatus": [
            409
          ],
          "meaning": "The action changed since the client saw it: `paramsHash` differs.",
          "retryable": false
        },
        {
          "code": "expired",
          "httpStatus": [
            410
          ],
          "meaning": "The action or voice session is past its lifetime.",
          "retryable": false
        },
        {
          "code": "too_large",
          "httpStatus": [
            413
          ],
          "meaning": "A user message is longer than `limits.maxMessageChars`.",
          "retryable": false
        },
        {
          "code": "rate_limited",
          "httpStatus": [
            429
          ],
          "meaning": "Too many requests right now; retry after a pause.",
          "retryable": true
        },
        {
          "code": "quota_exceeded",
          "httpStatus": [
            429
          ],
          "meaning": "The user's allowance (for example for the day) is used up.",
          "retryable": false
        },
        {
          "code": "upstream_unavailable",
          "httpStatus": [
            502,
            503
          ],
          "meaning": "The model or speech provider cannot be reached.",
          "retryable": true
        },
        {
          "code": "internal",
          "httpStatus": [
            500
          ],
          "meaning": "Any other server failure.",
          "retryable": false
        }
      ]
    },
    "https://talkie-protocol.org/schemas/1/error-response.json": {
      "$defs": {
        "ErrorBody": {
          "additionalProperties": false,
          "if": {
            "additionalProperties": true,
            "properties": {
              "code": {
                "const": "upstream_unavailable",
                "type": "string"
              }
            },
            "required": [
              "code"
            ]
          },
          "properties": {
            "code": {
              "$ref": "error-code.json"
            },
            "message": {
              "minLength": 1,
              "type": "string"
            },
            "retryable": {
              "type": "boolean"
            }
          },
          "required": [
            "code",
            "message",
            "retryable"
          ],
          "then": {
            "additionalProperties": true,
            "properties": {
              "retryable": {
                "const": true,
                "type": "boolean"
              }
            }
          },
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/error-response.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "error": {
          "$ref": "#/$defs/ErrorBody"
        }
      },
      "required": [
        "error"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/event-metadata.json": {
      "$id": "https://talkie-protocol.org/schemas/1/event-metadata.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "properties": {
        "error": {
          "type": "string"
        },
        "label": {
          "type": "string"
        },
        "ok": {
          "type": "boolean"
        },
        "retryable": {
          "type": "boolean"
        }
      },
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "discriminator": {
        "mapping": {
          "CUSTOM": "talkie-custom-event.json",
          "RUN_ERROR": "run-error-event.json",
          "RUN_FINISHED": "run-finished-event.json",
          "RUN_STARTED": "run-started-event.json",
          "TEXT_MESSAGE_CONTENT": "text-message-content-event.json",
          "TEXT_MESSAGE_END": "text-message-end-event.json",
          "TEXT_MESSAGE_START": "text-message-start-event.json",
          "TOOL_CALL_END": "tool-call-end-event.json",
          "TOOL_CALL_RESULT": "tool-call-result-event.json",
          "TOOL_CALL_START": "tool-call-start-event.json"
        },
        "propertyName": "type"
      },
      "oneOf": [
        {
          "$ref": "run-started-event.json"
        },
        {
          "$ref": "run-finished-event.json"
        },
        {
          "$ref": "run-error-event.json"
        },
        {
          "$ref": "text-message-start-event.json"
        },
        {
          "$ref": "text-message-content-event.json"
        },
        {
          "$ref": "text-message-end-event.json"
        },
        {
          "$ref": "tool-call-start-event.json"
        },
        {
          "$ref": "tool-call-end-event.json"
        },
        {
          "$ref": "tool-call-result-event.json"
        },
        {
          "$ref": "talkie-custom-event.json"
        }
      ]
    },
    "https://talkie-protocol.org/schemas/1/fields-block.json": {
      "$defs": {
        "CardField": {
          "additionalProperties": false,
          "properties": {
            "label": {
              "minLength": 1,
              "type": "string"
            },
            "value": {
              "type": "string"
            }
          },
          "required": [
            "label",
            "value"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/fields-block.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "fields": {
          "items": {
            "$ref": "#/$defs/CardField"
          },
          "minItems": 1,
          "type": "array"
        },
        "type": {
          "const": "fields",
          "type": "string"
        }
      },
      "required": [
        "type",
        "fields"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/file-block.json": {
      "$id": "https://talkie-protocol.org/schemas/1/file-block.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "mime": {
          "pattern": "^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$",
          "type": "string"
        },
        "name": {
          "minLength": 1,
          "type": "string"
        },
        "size": {
          "format": "int64",
          "minimum": 0,
          "type": "integer"
        },
        "type": {
          "const": "file",
          "type": "string"
        },
        "url": {
          "$ref": "link-target.json"
        }
      },
      "required": [
        "type",
        "name",
        "url"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/heading-block.json": {
      "$id": "https://talkie-protocol.org/schemas/1/heading-block.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "text": {
          "minLength": 1,
          "type": "string"
        },
        "type": {
          "const": "heading",
          "type": "string"
        }
      },
      "required": [
        "type",
        "text"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/link-block.json": {
      "$id": "https://talkie-protocol.org/schemas/1/link-block.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "label": {
          "minLength": 1,
          "type": "string"
        },
        "type": {
          "const": "link",
          "type": "string"
        },
        "url": {
          "$ref": "link-target.json"
        }
      },
      "required": [
        "type",
        "label",
        "url"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/link-target.json": {
      "$id": "https://talkie-protocol.org/schemas/1/link-target.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "pattern": "^(?:/(?:[^/\\\\\\s][^\\s]*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?)$",
      "type": "string"
    },
    "https://talkie-protocol.org/schemas/1/list-block.json": {
      "$defs": {
        "ListItem": {
          "additionalProperties": false,
          "properties": {
            "subtitle": {
              "type": "string"
            },
            "title": {
              "minLength": 1,
              "type": "string"
            },
            "url": {
              "$ref": "link-target.json"
            }
          },
          "required": [
            "title"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/list-block.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "items": {
          "items": {
            "$ref": "#/$defs/ListItem"
          },
          "type": "array"
        },
        "more": {
          "format": "int64",
          "minimum": 0,
          "type": "integer"
        },
        "type": {
          "const": "list",
          "type": "string"
        }
      },
      "required": [
        "type",
        "items"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/manifest.json": {
      "$defs": {
        "ActionCapabilities": {
          "additionalProperties": true,
          "properties": {
            "voiceConfirm": {
              "type": "boolean"
            }
          },
          "required": [
            "voiceConfirm"
          ],
          "type": "object"
        },
        "Auth": {
          "additionalProperties": true,
          "properties": {
            "oauth": {
              "$ref": "#/$defs/OAuthAuth"
            },
            "token": {
              "$ref": "#/$defs/TokenAuth"
            }
          },
          "required": [
            "oauth"
          ],
          "type": "object"
        },
        "Brand": {
          "additionalProperties": true,
          "properties": {
            "accent": {
              "pattern": "^#[0-9a-fA-F]{6}$",
              "type": "string"
            },
            "logo": {
              "$ref": "link-target.json"
            }
          },
          "required": [
            "logo",
            "accent"
          ],
          "type": "object"
        },
        "Capabilities": {
          "additionalProperties": true,
          "properties": {
            "actions": {
              "$ref": "#/$defs/ActionCapabilities"
            },
            "cards": {
              "$ref": "#/$defs/CardCapabilities"
            },
            "voice": {
              "$ref": "#/$defs/VoiceCapabilities"
            }
          },
          "type": "object"
        },
        "CardCapabilities": {
          "additionalProperties": true,
          "properties": {
            "blocks": {
              "items": {
                "pattern": "^[a-z][a-zA-Z0-9_-]*$",
                "type": "string"
              },
              "type": "array",
              "uniqueItems": true
            }
          },
          "required": [
            "blocks"
          ],
          "type": "object"
        },
        "EndpointTemplate": {
          "pattern": "^(?:/(?:(?:[^/\\\\\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})(?:[^\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:/(?:[^\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})*)?)$",
          "type": "string"
        },
        "Endpoints": {
          "additionalProperties": true,
          "properties": {
            "action": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "cancelRun": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "decision": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "run": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "status": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "thread": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "threads": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "voiceSessions": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "voiceTool": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "voiceTranscript": {
              "$ref": "#/$defs/EndpointTemplate"
            },
            "voiceUsage": {
              "$ref": "#/$defs/EndpointTemplate"
            }
          },
          "type": "object"
        },
        "Limits": {
          "additionalProperties": true,
          "properties": {
            "maxMessageChars": {
              "minimum": 1,
              "type": "integer"
            }
          },
          "required": [
            "maxMessageChars"
          ],
          "type": "object"
        },
        "OAuthAuth": {
          "additionalProperties": true,
          "properties": {
            "issuer": {
              "pattern": "^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?(?:/[^\\s?#]*)?$",
              "type": "string"
            },
            "scopes": {
              "items": {
                "pattern": "^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$",
                "type": "string"
              },
              "minItems": 1,
              "type": "array",
              "uniqueItems": true
            }
          },
          "required": [
            "issuer",
            "scopes"
          ],
          "type": "object"
        },
        "TokenAuth": {
          "additionalProperties": true,
          "properties": {
            "hint": {
              "type": "string"
            }
          },
          "required": [
            "hint"
          ],
          "type": "object"
        },
        "VoiceCapabilities": {
          "additionalProperties": true,
          "properties": {
            "eventProtocols": {
              "items": {
                "minLength": 1,
                "type": "string"
              },
              "minItems": 1,
              "type": "array",
              "uniqueItems": true
            },
            "signalingHosts": {
              "items": {
                "pattern": "^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$",
                "type": "string"
              },
              "minItems": 1,
              "type": "array",
              "uniqueItems": true
            },
            "transports": {
              "items": {
                "minLength": 1,
                "type": "string"
              },
              "minItems": 1,
              "type": "array",
              "uniqueItems": true
            }
          },
          "required": [
            "transports",
            "eventProtocols",
            "signalingHosts"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/manifest.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "properties": {
        "auth": {
          "$ref": "#/$defs/Auth"
        },
        "brand": {
          "$ref": "#/$defs/Brand"
        },
        "capabilities": {
          "$ref": "#/$defs/Capabilities"
        },
        "description": {
          "type": "string"
        },
        "endpoints": {
          "$ref": "#/$defs/Endpoints"
        },
        "issuer": {
          "pattern": "^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?$",
          "type": "string"
        },
        "limits": {
          "$ref": "#/$defs/Limits"
        },
        "locale": {
          "pattern": "^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$",
          "type": "string"
        },
        "name": {
          "minLength": 1,
          "type": "string"
        },
        "serverId": {
          "maxLength": 255,
          "minLength": 1,
          "type": "string"
        },
        "spec": {
          "const": "talkie/1",
          "type": "string"
        },
        "testMode": {
          "type": "boolean"
        }
      },
      "required": [
        "spec",
        "issuer",
        "serverId",
        "name",
        "description",
        "locale",
        "brand",
        "auth",
        "endpoints",
        "capabilities",
        "limits",
        "testMode"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/ok-response.json": {
      "$id": "https://talkie-protocol.org/schemas/1/ok-response.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "ok": {
          "const": true,
          "type": "boolean"
        }
      },
      "required": [
        "ok"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/open-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/open-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "name": {
          "const": "talkie.open",
          "type": "string"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "CUSTOM",
          "type": "string"
        },
        "value": {
          "$ref": "open-link.json"
        }
      },
      "required": [
        "type",
        "name",
        "value"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/open-link.json": {
      "$id": "https://talkie-protocol.org/schemas/1/open-link.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "label": {
          "minLength": 1,
          "type": "string"
        },
        "url": {
          "$ref": "link-target.json"
        }
      },
      "required": [
        "url",
        "label"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/run-agent-input.json": {
      "$defs": {
        "ActivityMessage": {
          "additionalProperties": true,
          "properties": {
            "activityType": {
              "type": "string"
            },
            "content": {
              "additionalProperties": true,
              "type": "object"
            },
            "id": {
              "minLength": 1,
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "role": {
              "const": "activity",
              "type": "string"
            },
            "subagentRunId": {
              "type": "string"
            }
          },
          "required": [
            "id",
            "role",
            "activityType",
            "content"
          ],
          "type": "object"
        },
        "AssistantMessage": {
          "additionalProperties": true,
          "properties": {
            "content": {
              "type": "string"
            },
            "encryptedValue": {
              "type": "string"
            },
            "id": {
              "minLength": 1,
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "name": {
              "type": "string"
            },
            "role": {
              "const": "assistant",
              "type": "string"
            },
            "subagentRunId": {
              "type": "string"
            },
            "toolCalls": {
              "items": {
                "$ref": "#/$defs/ToolCall"
              },
              "type": "array"
            }
          },
          "required": [
            "id",
            "role"
          ],
          "type": "object"
        },
        "AudioPart": {
          "additionalProperties": true,
          "properties": {
            "id": {
              "type": "string"
            },
            "metadata": {},
            "source": {
              "$ref": "#/$defs/PartSource"
            },
            "type": {
              "const": "audio",
              "type": "string"
            }
          },
          "required": [
            "type",
            "source"
          ],
          "type": "object"
        },
        "ContentPart": {
          "discriminator": {
            "mapping": {
              "audio": "#/$defs/AudioPart",
              "document": "#/$defs/DocumentPart",
              "image": "#/$defs/ImagePart",
              "text": "#/$defs/TextPart",
              "video": "#/$defs/VideoPart"
            },
            "propertyName": "type"
          },
          "oneOf": [
            {
              "$ref": "#/$defs/TextPart"
            },
            {
              "$ref": "#/$defs/ImagePart"
            },
            {
              "$ref": "#/$defs/AudioPart"
            },
            {
              "$ref": "#/$defs/VideoPart"
            },
            {
              "$ref": "#/$defs/DocumentPart"
            }
          ]
        },
        "Context": {
          "additionalProperties": true,
          "properties": {
            "description": {
              "type": "string"
            },
            "value": {
              "type": "string"
            }
          },
          "required": [
            "description",
            "value"
          ],
          "type": "object"
        },
        "DataSource": {
          "additionalProperties": true,
          "properties": {
            "mimeType": {
              "type": "string"
            },
            "type": {
              "const": "data",
              "type": "string"
            },
            "value": {
              "type": "string"
            }
          },
          "required": [
            "type",
            "value",
            "mimeType"
          ],
          "type": "object"
        },
        "DeveloperMessage": {
          "additionalProperties": true,
          "properties": {
            "content": {
              "type": "string"
            },
            "encryptedValue": {
              "type": "string"
            },
            "id": {
              "minLength": 1,
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "name": {
              "type": "string"
            },
            "role": {
              "const": "developer",
              "type": "string"
            },
            "subagentRunId": {
              "type": "string"
            }
          },
          "required": [
            "id",
            "role",
            "content"
          ],
          "type": "object"
        },
        "DocumentPart": {
          "additionalProperties": true,
          "properties": {
            "id": {
              "type": "string"
            },
            "metadata": {},
            "source": {
              "$ref": "#/$defs/PartSource"
            },
            "type": {
              "const": "document",
              "type": "string"
            }
          },
          "required": [
            "type",
            "source"
          ],
          "type": "object"
        },
        "FileSource": {
          "additionalProperties": true,
          "properties": {
            "mimeType": {
              "type": "string"
            },
            "provider": {
              "type": "string"
            },
            "type": {
              "const": "file",
              "type": "string"
            },
            "value": {
              "type": "string"
            }
          },
          "required": [
            "type",
            "value"
          ],
          "type": "object"
        },
        "FunctionCall": {
          "additionalProperties": true,
          "properties": {
            "arguments": {
              "type": "string"
            },
            "name": {
              "type": "string"
            }
          },
          "required": [
            "name",
            "arguments"
          ],
          "type": "object"
        },
        "ImagePart": {
          "additionalProperties": true,
          "properties": {
            "id": {
              "type": "string"
            },
            "metadata": {},
            "source": {
              "$ref": "#/$defs/PartSource"
            },
            "type": {
              "const": "image",
              "type": "string"
            }
          },
          "required": [
            "type",
            "source"
          ],
          "type": "object"
        },
        "Message": {
          "discriminator": {
            "mapping": {
              "activity": "#/$defs/ActivityMessage",
              "assistant": "#/$defs/AssistantMessage",
              "developer": "#/$defs/DeveloperMessage",
              "reasoning": "#/$defs/ReasoningMessage",
              "system": "#/$defs/SystemMessage",
              "tool": "#/$defs/ToolMessage",
              "user": "#/$defs/UserMessage"
            },
            "propertyName": "role"
          },
          "oneOf": [
            {
              "$ref": "#/$defs/UserMessage"
            },
            {
              "$ref": "#/$defs/AssistantMessage"
            },
            {
              "$ref": "#/$defs/SystemMessage"
            },
            {
              "$ref": "#/$defs/DeveloperMessage"
            },
            {
              "$ref": "#/$defs/ToolMessage"
            },
            {
              "$ref": "#/$defs/ActivityMessage"
            },
            {
              "$ref": "#/$defs/ReasoningMessage"
            }
          ]
        },
        "PartSource": {
          "discriminator": {
            "mapping": {
              "data": "#/$defs/DataSource",
              "file": "#/$defs/FileSource",
              "url": "#/$defs/UrlSource"
            },
            "propertyName": "type"
          },
          "oneOf": [
            {
              "$ref": "#/$defs/DataSource"
            },
            {
              "$ref": "#/$defs/UrlSource"
            },
            {
              "$ref": "#/$defs/FileSource"
            }
          ]
        },
        "ReasoningMessage": {
          "additionalProperties": true,
          "properties": {
            "content": {
              "type": "string"
            },
            "encryptedValue": {
              "type": "string"
            },
            "id": {
              "minLength": 1,
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "role": {
              "const": "reasoning",
              "type": "string"
            },
            "subagentRunId": {
              "type": "string"
            }
          },
          "required": [
            "id",
            "role",
            "content"
          ],
          "type": "object"
        },
        "ResumeEntry": {
          "additionalProperties": true,
          "properties": {
            "interruptId": {
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "payload": {},
            "status": {
              "$ref": "#/$defs/ResumeStatus"
            }
          },
          "required": [
            "interruptId",
            "status"
          ],
          "type": "object"
        },
        "ResumeStatus": {
          "enum": [
            "resolved",
            "cancelled"
          ],
          "type": "string"
        },
        "SystemMessage": {
          "additionalProperties": true,
          "properties": {
            "content": {
              "type": "string"
            },
            "encryptedValue": {
              "type": "string"
            },
            "id": {
              "minLength": 1,
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "name": {
              "type": "string"
            },
            "role": {
              "const": "system",
              "type": "string"
            },
            "subagentRunId": {
              "type": "string"
            }
          },
          "required": [
            "id",
            "role",
            "content"
          ],
          "type": "object"
        },
        "TalkieForwardedProps": {
          "additionalProperties": true,
          "properties": {
            "talkie": {
              "$ref": "#/$defs/TalkieProps"
            }
          },
          "type": "object"
        },
        "TalkieProps": {
          "additionalProperties": true,
          "properties": {
            "channel": {
              "$ref": "thread-summary.json#/$defs/Channel"
            }
          },
          "type": "object"
        },
        "TextPart": {
          "additionalProperties": true,
          "properties": {
            "id": {
              "type": "string"
            },
            "metadata": {},
            "text": {
              "type": "string"
            },
            "type": {
              "const": "text",
              "type": "string"
            }
          },
          "required": [
            "type",
            "text"
          ],
          "type": "object"
        },
        "Tool": {
          "additionalProperties": true,
          "properties": {
            "description": {
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "name": {
              "type": "string"
            },
            "parameters": {}
          },
          "required": [
            "name",
            "description"
          ],
          "type": "object"
        },
        "ToolCall": {
          "additionalProperties": true,
          "properties": {
            "encryptedValue": {
              "type": "string"
            },
            "function": {
              "$ref": "#/$defs/FunctionCall"
            },
            "id": {
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "type": {
              "const": "function",
              "type": "string"
            }
          },
          "required": [
            "id",
            "type",
            "function"
          ],
          "type": "object"
        },
        "ToolMessage": {
          "additionalProperties": true,
          "properties": {
            "content": {
              "oneOf": [
                {
                  "type": "string"
                },
                {
                  "items": {
                    "$ref": "#/$defs/ContentPart"
                  },
                  "type": "array"
                }
              ]
            },
            "encryptedValue": {
              "type": "string"
            },
            "error": {
              "type": "string"
            },
            "id": {
              "minLength": 1,
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "role": {
              "const": "tool",
              "type": "string"
            },
            "subagentRunId": {
              "type": "string"
            },
            "toolCallId": {
              "type": "string"
            }
          },
          "required": [
            "id",
            "role",
            "content",
            "toolCallId"
          ],
          "type": "object"
        },
        "UrlSource": {
          "additionalProperties": true,
          "properties": {
            "mimeType": {
              "type": "string"
            },
            "type": {
              "const": "url",
              "type": "string"
            },
            "value": {
              "type": "string"
            }
          },
          "required": [
            "type",
            "value"
          ],
          "type": "object"
        },
        "UserMessage": {
          "additionalProperties": true,
          "properties": {
            "content": {
              "oneOf": [
                {
                  "type": "string"
                },
                {
                  "items": {
                    "$ref": "#/$defs/ContentPart"
                  },
                  "type": "array"
                }
              ]
            },
            "encryptedValue": {
              "type": "string"
            },
            "id": {
              "minLength": 1,
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "name": {
              "type": "string"
            },
            "role": {
              "const": "user",
              "type": "string"
            },
            "subagentRunId": {
              "type": "string"
            }
          },
          "required": [
            "id",
            "role",
            "content"
          ],
          "type": "object"
        },
        "VideoPart": {
          "additionalProperties": true,
          "properties": {
            "id": {
              "type": "string"
            },
            "metadata": {},
            "source": {
              "$ref": "#/$defs/PartSource"
            },
            "type": {
              "const": "video",
              "type": "string"
            }
          },
          "required": [
            "type",
            "source"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/run-agent-input.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "properties": {
        "context": {
          "items": {
            "$ref": "#/$defs/Context"
          },
          "type": "array"
        },
        "forwardedProps": {
          "oneOf": [
            {
              "$ref": "#/$defs/TalkieForwardedProps"
            },
            {
              "items": {},
              "type": "array"
            },
            {
              "type": "string"
            },
            {
              "type": "number"
            },
            {
              "type": "boolean"
            },
            {
              "type": "null"
            }
          ]
        },
        "messages": {
          "items": {
            "$ref": "#/$defs/Message"
          },
          "type": "array"
        },
        "parentRunId": {
          "type": "string"
        },
        "protocolVersion": {
          "type": "string"
        },
        "resume": {
          "items": {
            "$ref": "#/$defs/ResumeEntry"
          },
          "type": "array"
        },
        "runId": {
          "minLength": 1,
          "type": "string"
        },
        "state": {},
        "threadId": {
          "minLength": 1,
          "type": "string"
        },
        "tools": {
          "items": {
            "$ref": "#/$defs/Tool"
          },
          "type": "array"
        }
      },
      "required": [
        "threadId",
        "runId",
        "messages"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/run-error-event.json": {
      "$defs": {
        "RunErrorMetadata": {
          "additionalProperties": true,
          "allOf": [
            {
              "$ref": "event-metadata.json"
            }
          ],
          "required": [
            "retryable"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/run-error-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "if": {
        "additionalProperties": true,
        "properties": {
          "code": {
            "const": "upstream_unavailable",
            "type": "string"
          }
        },
        "required": [
          "code"
        ]
      },
      "properties": {
        "code": {
          "$ref": "error-code.json"
        },
        "message": {
          "type": "string"
        },
        "metadata": {
          "$ref": "#/$defs/RunErrorMetadata"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "RUN_ERROR",
          "type": "string"
        },
        "usage": {
          "items": {
            "$ref": "run-finished-event.json#/$defs/TokenUsage"
          },
          "type": "array"
        }
      },
      "required": [
        "type",
        "message",
        "code",
        "metadata"
      ],
      "then": {
        "additionalProperties": true,
        "properties": {
          "metadata": {
            "additionalProperties": true,
            "properties": {
              "retryable": {
                "const": true,
                "type": "boolean"
              }
            },
            "type": "object"
          }
        }
      },
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/run-finished-event.json": {
      "$defs": {
        "Interrupt": {
          "additionalProperties": false,
          "properties": {
            "expiresAt": {
              "type": "string"
            },
            "id": {
              "type": "string"
            },
            "message": {
              "type": "string"
            },
            "metadata": {
              "additionalProperties": true,
              "type": "object"
            },
            "reason": {
              "type": "string"
            },
            "responseSchema": {
              "additionalProperties": true,
              "type": "object"
            },
            "subagentRunId": {
              "type": "string"
            },
            "toolCallId": {
              "type": "string"
            }
          },
          "required": [
            "id",
            "reason"
          ],
          "type": "object"
        },
        "RunFinishedCancelledOutcome": {
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "cancelled",
              "type": "string"
            }
          },
          "required": [
            "type"
          ],
          "type": "object"
        },
        "RunFinishedInterruptOutcome": {
          "additionalProperties": false,
          "properties": {
            "interrupts": {
              "items": {
                "$ref": "#/$defs/Interrupt"
              },
              "minItems": 1,
              "type": "array"
            },
            "type": {
              "const": "interrupt",
              "type": "string"
            }
          },
          "required": [
            "type",
            "interrupts"
          ],
          "type": "object"
        },
        "RunFinishedOutcome": {
          "discriminator": {
            "mapping": {
              "cancelled": "#/$defs/RunFinishedCancelledOutcome",
              "interrupt": "#/$defs/RunFinishedInterruptOutcome",
              "success": "#/$defs/RunFinishedSuccessOutcome"
            },
            "propertyName": "type"
          },
          "oneOf": [
            {
              "$ref": "#/$defs/RunFinishedSuccessOutcome"
            },
            {
              "$ref": "#/$defs/RunFinishedInterruptOutcome"
            },
            {
              "$ref": "#/$defs/RunFinishedCancelledOutcome"
            }
          ]
        },
        "RunFinishedSuccessOutcome": {
          "additionalProperties": false,
          "properties": {
            "pendingToolCallIds": {
              "items": {
                "type": "string"
              },
              "type": "array"
            },
            "type": {
              "const": "success",
              "type": "string"
            }
          },
          "required": [
            "type"
          ],
          "type": "object"
        },
        "TokenUsage": {
          "additionalProperties": false,
          "properties": {
            "cacheWriteInputTokens": {
              "format": "int64",
              "maximum": 9007199254740991,
              "minimum": 0,
              "type": "integer"
            },
            "cachedInputTokens": {
              "format": "int64",
              "maximum": 9007199254740991,
              "minimum": 0,
              "type": "integer"
            },
            "inputTokens": {
              "format": "int64",
              "maximum": 9007199254740991,
              "minimum": 0,
              "type": "integer"
            },
            "model": {
              "type": "string"
            },
            "outputTokens": {
              "format": "int64",
              "maximum": 9007199254740991,
              "minimum": 0,
              "type": "integer"
            },
            "provider": {
              "type": "string"
            },
            "reasoningTokens": {
              "format": "int64",
              "maximum": 9007199254740991,
              "minimum": 0,
              "type": "integer"
            },
            "totalTokens": {
              "format": "int64",
              "maximum": 9007199254740991,
              "minimum": 0,
              "type": "integer"
            }
          },
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/run-finished-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "outcome": {
          "$ref": "#/$defs/RunFinishedOutcome"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "result": {
          "not": {
            "type": "null"
          }
        },
        "runId": {
          "type": "string"
        },
        "threadId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "RUN_FINISHED",
          "type": "string"
        },
        "usage": {
          "items": {
            "$ref": "#/$defs/TokenUsage"
          },
          "type": "array"
        }
      },
      "required": [
        "type",
        "threadId",
        "runId"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/run-started-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/run-started-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "input": {
          "$ref": "run-agent-input.json"
        },
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "parentRunId": {
          "type": "string"
        },
        "protocolVersion": {
          "type": "string"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "runId": {
          "type": "string"
        },
        "threadId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "RUN_STARTED",
          "type": "string"
        }
      },
      "required": [
        "type",
        "threadId",
        "runId"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/status.json": {
      "$defs": {
        "StatusUser": {
          "additionalProperties": false,
          "properties": {
            "email": {
              "pattern": "^[^@\\s]+@[^@\\s]+$",
              "type": "string"
            },
            "id": {
              "minLength": 1,
              "type": "string"
            },
            "name": {
              "minLength": 1,
              "type": "string"
            }
          },
          "required": [
            "id",
            "name",
            "email"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/status.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "chat": {
          "type": "boolean"
        },
        "usage": {
          "items": {
            "$ref": "usage-meter.json"
          },
          "type": "array"
        },
        "user": {
          "$ref": "#/$defs/StatusUser"
        },
        "voice": {
          "type": "boolean"
        }
      },
      "required": [
        "user",
        "chat",
        "voice",
        "usage"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/stream-event.json": {
      "$defs": {
        "KnownEventType": {
          "enum": [
            "RUN_STARTED",
            "RUN_FINISHED",
            "RUN_ERROR",
            "TEXT_MESSAGE_START",
            "TEXT_MESSAGE_CONTENT",
            "TEXT_MESSAGE_END",
            "TOOL_CALL_START",
            "TOOL_CALL_END",
            "TOOL_CALL_RESULT",
            "CUSTOM"
          ],
          "type": "string"
        },
        "TalkieCustomName": {
          "enum": [
            "talkie.card",
            "talkie.action",
            "talkie.open",
            "talkie.usage"
          ],
          "type": "string"
        },
        "UnknownCustomEvent": {
          "additionalProperties": true,
          "allOf": [
            {
              "$ref": "custom-event.json"
            },
            {
              "additionalProperties": true,
              "properties": {
                "name": {
                  "not": {
                    "$ref": "#/$defs/TalkieCustomName"
                  },
                  "type": "string"
                }
              }
            }
          ],
          "type": "object"
        },
        "UnknownEvent": {
          "additionalProperties": true,
          "properties": {
            "type": {
              "not": {
                "$ref": "#/$defs/KnownEventType"
              },
              "type": "string"
            }
          },
          "required": [
            "type"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/stream-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "oneOf": [
        {
          "$ref": "event.json"
        },
        {
          "$ref": "#/$defs/UnknownEvent"
        },
        {
          "$ref": "#/$defs/UnknownCustomEvent"
        }
      ]
    },
    "https://talkie-protocol.org/schemas/1/talkie-custom-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/talkie-custom-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "discriminator": {
        "mapping": {
          "talkie.action": "action-event.json",
          "talkie.card": "card-event.json",
          "talkie.open": "open-event.json",
          "talkie.usage": "usage-event.json"
        },
        "propertyName": "name"
      },
      "oneOf": [
        {
          "$ref": "card-event.json"
        },
        {
          "$ref": "action-event.json"
        },
        {
          "$ref": "open-event.json"
        },
        {
          "$ref": "usage-event.json"
        }
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/text-block.json": {
      "$id": "https://talkie-protocol.org/schemas/1/text-block.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "text": {
          "minLength": 1,
          "type": "string"
        },
        "type": {
          "const": "text",
          "type": "string"
        }
      },
      "required": [
        "type",
        "text"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/text-message-content-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/text-message-content-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "delta": {
          "type": "string"
        },
        "messageId": {
          "type": "string"
        },
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "TEXT_MESSAGE_CONTENT",
          "type": "string"
        }
      },
      "required": [
        "type",
        "messageId",
        "delta"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/text-message-end-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/text-message-end-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "messageId": {
          "type": "string"
        },
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "TEXT_MESSAGE_END",
          "type": "string"
        }
      },
      "required": [
        "type",
        "messageId"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/text-message-start-event.json": {
      "$defs": {
        "TextMessageRole": {
          "enum": [
            "developer",
            "system",
            "assistant",
            "user"
          ],
          "type": "string",
          "x-talkie-open": true
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/text-message-start-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "messageId": {
          "type": "string"
        },
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "name": {
          "type": "string"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "role": {
          "$ref": "#/$defs/TextMessageRole"
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "TEXT_MESSAGE_START",
          "type": "string"
        }
      },
      "required": [
        "type",
        "messageId"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/thread-detail.json": {
      "$id": "https://talkie-protocol.org/schemas/1/thread-detail.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "actions": {
          "items": {
            "$ref": "action.json"
          },
          "type": "array"
        },
        "messages": {
          "items": {
            "$ref": "thread-message.json"
          },
          "type": "array"
        },
        "thread": {
          "$ref": "thread-summary.json"
        }
      },
      "required": [
        "thread",
        "messages",
        "actions"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/thread-list.json": {
      "$id": "https://talkie-protocol.org/schemas/1/thread-list.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "threads": {
          "items": {
            "$ref": "thread-summary.json"
          },
          "maxItems": 50,
          "type": "array"
        }
      },
      "required": [
        "threads"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/thread-message.json": {
      "$defs": {
        "MessageRole": {
          "enum": [
            "user",
            "assistant"
          ],
          "type": "string",
          "x-talkie-open": true
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/thread-message.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "cards": {
          "items": {
            "$ref": "card.json"
          },
          "type": "array"
        },
        "channel": {
          "$ref": "thread-summary.json#/$defs/Channel"
        },
        "content": {
          "type": "string"
        },
        "createdAt": {
          "format": "date-time",
          "type": "string"
        },
        "id": {
          "minLength": 1,
          "type": "string"
        },
        "role": {
          "$ref": "#/$defs/MessageRole"
        }
      },
      "required": [
        "id",
        "role",
        "content",
        "createdAt",
        "cards"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/thread-summary.json": {
      "$defs": {
        "Channel": {
          "enum": [
            "chat",
            "voice"
          ],
          "type": "string",
          "x-talkie-open": true
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/thread-summary.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "channel": {
          "$ref": "#/$defs/Channel"
        },
        "createdAt": {
          "format": "date-time",
          "type": "string"
        },
        "id": {
          "minLength": 1,
          "type": "string"
        },
        "title": {
          "type": "string"
        },
        "updatedAt": {
          "format": "date-time",
          "type": "string"
        }
      },
      "required": [
        "id",
        "title",
        "channel",
        "createdAt",
        "updatedAt"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/tool-call-end-event.json": {
      "$defs": {
        "ToolCallEndMetadata": {
          "additionalProperties": true,
          "allOf": [
            {
              "$ref": "event-metadata.json"
            }
          ],
          "required": [
            "ok"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/tool-call-end-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "metadata": {
          "$ref": "#/$defs/ToolCallEndMetadata"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "toolCallId": {
          "type": "string"
        },
        "type": {
          "const": "TOOL_CALL_END",
          "type": "string"
        }
      },
      "required": [
        "type",
        "toolCallId",
        "metadata"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/tool-call-result-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/tool-call-result-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "content": {
          "oneOf": [
            {
              "type": "string"
            },
            {
              "items": {
                "$ref": "run-agent-input.json#/$defs/ContentPart"
              },
              "type": "array"
            }
          ]
        },
        "messageId": {
          "type": "string"
        },
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "role": {
          "const": "tool",
          "type": "string"
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "toolCallId": {
          "type": "string"
        },
        "type": {
          "const": "TOOL_CALL_RESULT",
          "type": "string"
        }
      },
      "required": [
        "type",
        "messageId",
        "toolCallId",
        "content"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/tool-call-start-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/tool-call-start-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "parentMessageId": {
          "type": "string"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "toolCallId": {
          "type": "string"
        },
        "toolCallName": {
          "type": "string"
        },
        "type": {
          "const": "TOOL_CALL_START",
          "type": "string"
        }
      },
      "required": [
        "type",
        "toolCallId",
        "toolCallName"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/usage-event.json": {
      "$id": "https://talkie-protocol.org/schemas/1/usage-event.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "metadata": {
          "$ref": "event-metadata.json"
        },
        "name": {
          "const": "talkie.usage",
          "type": "string"
        },
        "rawEvent": {
          "not": {
            "type": "null"
          }
        },
        "subagentRunId": {
          "type": "string"
        },
        "timestamp": {
          "format": "int64",
          "maximum": 9007199254740991,
          "minimum": -9007199254740991,
          "type": "integer"
        },
        "type": {
          "const": "CUSTOM",
          "type": "string"
        },
        "value": {
          "$ref": "usage-report.json"
        }
      },
      "required": [
        "type",
        "name",
        "value"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/usage-meter.json": {
      "$id": "https://talkie-protocol.org/schemas/1/usage-meter.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "label": {
          "minLength": 1,
          "type": "string"
        },
        "limit": {
          "format": "int64",
          "minimum": 0,
          "type": "integer"
        },
        "unit": {
          "minLength": 1,
          "type": "string"
        },
        "used": {
          "format": "int64",
          "minimum": 0,
          "type": "integer"
        }
      },
      "required": [
        "label",
        "used",
        "limit",
        "unit"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/usage-report.json": {
      "$id": "https://talkie-protocol.org/schemas/1/usage-report.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "usage": {
          "items": {
            "$ref": "usage-meter.json"
          },
          "type": "array"
        }
      },
      "required": [
        "usage"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/voice-session-request.json": {
      "$id": "https://talkie-protocol.org/schemas/1/voice-session-request.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "properties": {
        "locale": {
          "pattern": "^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$",
          "type": "string"
        },
        "threadId": {
          "minLength": 1,
          "type": "string"
        }
      },
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/voice-session.json": {
      "$defs": {
        "Consent": {
          "additionalProperties": false,
          "properties": {
            "confirm": {
              "items": {
                "minLength": 1,
                "type": "string"
              },
              "type": "array"
            },
            "refuse": {
              "items": {
                "minLength": 1,
                "type": "string"
              },
              "type": "array"
            }
          },
          "required": [
            "confirm",
            "refuse"
          ],
          "type": "object"
        },
        "Signaling": {
          "additionalProperties": false,
          "properties": {
            "type": {
              "const": "sdp-post",
              "type": "string"
            },
            "url": {
              "pattern": "^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?(?:[/?][^\\s#]*)?$",
              "type": "string"
            }
          },
          "required": [
            "type",
            "url"
          ],
          "type": "object"
        }
      },
      "$id": "https://talkie-protocol.org/schemas/1/voice-session.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "clientSecret": {
          "minLength": 1,
          "type": "string"
        },
        "consent": {
          "$ref": "#/$defs/Consent"
        },
        "eventProtocol": {
          "minLength": 1,
          "type": "string"
        },
        "expiresAt": {
          "format": "date-time",
          "type": "string"
        },
        "labels": {
          "additionalProperties": {
            "type": "string"
          },
          "type": "object"
        },
        "locale": {
          "pattern": "^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$",
          "type": "string"
        },
        "maxSeconds": {
          "minimum": 1,
          "type": "integer"
        },
        "signaling": {
          "$ref": "#/$defs/Signaling"
        },
        "threadId": {
          "minLength": 1,
          "type": "string"
        },
        "transport": {
          "minLength": 1,
          "type": "string"
        },
        "voiceSessionId": {
          "minLength": 1,
          "type": "string"
        },
        "warnSeconds": {
          "minimum": 0,
          "type": "integer"
        }
      },
      "required": [
        "voiceSessionId",
        "threadId",
        "transport",
        "eventProtocol",
        "signaling",
        "clientSecret",
        "expiresAt",
        "maxSeconds",
        "warnSeconds",
        "locale",
        "labels"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/voice-tool-request.json": {
      "$id": "https://talkie-protocol.org/schemas/1/voice-tool-request.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "properties": {
        "arguments": {
          "contentMediaType": "application/json",
          "type": "string"
        },
        "callId": {
          "minLength": 1,
          "type": "string"
        }
      },
      "required": [
        "callId",
        "arguments"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/voice-tool-response.json": {
      "$id": "https://talkie-protocol.org/schemas/1/voice-tool-response.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "events": {
          "items": {
            "$ref": "stream-event.json"
          },
          "type": "array"
        },
        "ok": {
          "type": "boolean"
        },
        "output": {
          "type": "string"
        }
      },
      "required": [
        "ok",
        "output",
        "events"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/voice-transcript-request.json": {
      "$id": "https://talkie-protocol.org/schemas/1/voice-transcript-request.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "properties": {
        "itemId": {
          "minLength": 1,
          "type": "string"
        },
        "role": {
          "$ref": "thread-message.json#/$defs/MessageRole"
        },
        "text": {
          "type": "string"
        }
      },
      "required": [
        "role",
        "text",
        "itemId"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/voice-usage-request.json": {
      "$id": "https://talkie-protocol.org/schemas/1/voice-usage-request.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": true,
      "properties": {
        "final": {
          "type": "boolean"
        },
        "seconds": {
          "minimum": 0,
          "type": "integer"
        }
      },
      "required": [
        "seconds",
        "final"
      ],
      "type": "object"
    },
    "https://talkie-protocol.org/schemas/1/voice-usage-response.json": {
      "$id": "https://talkie-protocol.org/schemas/1/voice-usage-response.json",
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "additionalProperties": false,
      "properties": {
        "ok": {
          "const": true,
          "type": "boolean"
        },
        "remainingSeconds": {
          "minimum": 0,
          "type": "integer"
        }
      },
      "required": [
        "ok",
        "remainingSeconds"
      ],
      "type": "object"
    }
  };

  // clients/typescript/src/validate.ts
  function formatPath(segments) {
    return "$" + segments.map((s) => typeof s === "number" ? `[${s}]` : `.${s}`).join("");
  }
  var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
  function resolve(ref, base) {
    const url = new URL(ref, base);
    const hash = decodeURIComponent(url.hash.slice(1));
    url.hash = "";
    let node = SCHEMAS[url.href];
    if (node === void 0) throw new Error(`unknown schema ${url.href}`);
    for (const token2 of hash.split("/").filter(Boolean)) {
      node = node[token2.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    return { schema: node, base: url.href };
  }
  function equal(a, b) {
    return stable(a) === stable(b);
  }
  function stable(v) {
    if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
    if (isObject(v)) {
      return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stable(v[k])}`).join(",")}}`;
    }
    return JSON.stringify(v);
  }
  function typeOk(name, v) {
    switch (name) {
      case "object":
        return isObject(v);
      case "array":
        return Array.isArray(v);
      case "string":
        return typeof v === "string";
      case "integer":
        return typeof v === "number" && Number.isInteger(v);
      case "number":
        return typeof v === "number" && Number.isFinite(v);
      case "boolean":
        return typeof v === "boolean";
      case "null":
        return v === null;
      default:
        return false;
    }
  }
  var DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
  var Checker = class _Checker {
    constructor(profile) {
      this.profile = profile;
    }
    profile;
    result = { errors: [], opaque: [], opaqueParts: [] };
    /** Whether `value` matches without recording anything (for `not`, `if`, untagged unions). */
    quietly(schema, value, base, path) {
      const probe = new _Checker(this.profile);
      probe.check(schema, value, base, path);
      if (probe.result.errors.length > 0) return false;
      this.result.opaque.push(...probe.result.opaque);
      this.result.opaqueParts.push(...probe.result.opaqueParts);
      return true;
    }
    fail(path, problem) {
      this.result.errors.push(`${formatPath(path)}: ${problem}`);
    }
    check(schema, value, base, path) {
      if (schema === true) return;
      if (schema === false) return this.fail(path, "no value is allowed here");
      const s = schema;
      if (typeof s.$ref === "string") {
        const target = resolve(s.$ref, base);
        this.check(target.schema, value, target.base, path);
      }
      for (const sub of s.allOf ?? []) this.check(sub, value, base, path);
      if (s.type !== void 0) {
        const names = Array.isArray(s.type) ? s.type : [s.type];
        if (!names.some((name) => typeOk(name, value))) {
          return this.fail(path, `expected ${names.join(" or ")}`);
        }
      }
      if ("const" in s && !equal(s.const, value)) this.fail(path, `must be ${JSON.stringify(s.const)}`);
      const open2 = this.profile === "tolerant" && s["x-talkie-open"] === true && typeof value === "string";
      if (Array.isArray(s.enum) && !open2 && !s.enum.some((item) => equal(item, value))) {
        this.fail(path, `must be one of ${JSON.stringify(s.enum)}`);
      }
      if (s.not !== void 0 && this.quietly(s.not, value, base, path)) {
        this.fail(path, "matches a schema it must not match");
      }
      if (s.if !== void 0 && s.then !== void 0 && this.quietly(s.if, value, base, path)) {
        this.check(s.then, value, base, path);
      }
      if (Array.isArray(s.oneOf)) this.union(s, s.oneOf, value, base, path, true);
      if (Array.isArray(s.anyOf)) this.union(s, s.anyOf, value, base, path, false);
      if (typeof value === "string") this.string(s, value, path);
      if (typeof value === "number") this.number(s, value, path);
      if (Array.isArray(value)) this.array(s, value, base, path);
      if (isObject(value)) this.object(s, value, base, path);
    }
    union(s, members, value, base, path, one) {
      const discriminator = s.discriminator;
      if (discriminator !== void 0 && isObject(value)) {
        const tag = value[discriminator.propertyName];
        const target = typeof tag === "string" ? discriminator.mapping[tag] : void 0;
        if (typeof target === "string") return this.check({ $ref: target }, value, base, path);
        if (typeof tag === "string" && this.profile === "tolerant") {
          this.result.opaque.push(formatPath(path));
          this.result.opaqueParts.push({ path: [...path], tagProperty: discriminator.propertyName });
          return;
        }
        return this.fail([...path, discriminator.propertyName], `unknown tag ${JSON.stringify(tag)}`);
      }
      const matches = members.filter((member) => this.quietly(member, value, base, path)).length;
      if (matches === 0) this.fail(path, "matches none of the allowed shapes");
      else if (one && matches > 1) this.fail(path, "matches more than one of the allowed shapes");
    }
    string(s, value, path) {
      const length = [...value].length;
      if (typeof s.minLength === "number" && length < s.minLength) this.fail(path, `shorter than ${s.minLength}`);
      if (typeof s.maxLength === "number" && length > s.maxLength) this.fail(path, `longer than ${s.maxLength}`);
      if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(value)) {
        this.fail(path, `does not match ${s.pattern}`);
      }
      if (s.format === "date-time" && !DATE_TIME.test(value)) this.fail(path, "not an RFC 3339 date-time");
    }
    number(s, value, path) {
      if (typeof s.minimum === "number" && value < s.minimum) this.fail(path, `below ${s.minimum}`);
      if (typeof s.maximum === "number" && value > s.maximum) this.fail(path, `above ${s.maximum}`);
    }
    array(s, value, base, path) {
      if (s.items !== void 0) {
        value.forEach((item, i) => this.check(s.items, item, base, [...path, i]));
      }
      if (typeof s.minItems === "number" && value.length < s.minItems) this.fail(path, `fewer than ${s.minItems} items`);
      if (typeof s.maxItems === "number" && value.length > s.maxItems) this.fail(path, `more than ${s.maxItems} items`);
      if (s.uniqueItems === true && new Set(value.map(stable)).size !== value.length) this.fail(path, "items repeat");
      if (s.contains !== void 0 && !value.some((item) => this.quietly(s.contains, item, base, path))) {
        this.fail(path, "no item matches `contains`");
      }
    }
    object(s, value, base, path) {
      for (const key of s.required ?? []) {
        if (!(key in value)) this.fail([...path, key], "required");
      }
      const properties = s.properties ?? {};
      for (const [key, sub] of Object.entries(properties)) {
        if (key in value) this.check(sub, value[key], base, [...path, key]);
      }
      const extra = s.additionalProperties;
      for (const key of Object.keys(value)) {
        if (key in properties) continue;
        if (isObject(extra)) this.check(extra, value[key], base, [...path, key]);
        else if (extra === false && this.profile === "strict") this.fail([...path, key], "unknown member");
      }
    }
  };
  var has = (table, key) => Object.prototype.hasOwnProperty.call(table, key);
  function schemaId(schema) {
    return has(SCHEMA_TITLES, schema) ? SCHEMA_TITLES[schema] : schema;
  }
  function check(schema, value, profile = "tolerant") {
    const id = schemaId(schema);
    const checker = new Checker(profile);
    const target = resolve(id, id);
    checker.check(target.schema, value, target.base, []);
    return checker.result;
  }

  // clients/typescript/src/parse.ts
  function replaceAt(value, path, replace) {
    if (path.length === 0) return replace(value);
    const [head, ...rest] = path;
    if (Array.isArray(value) && typeof head === "number") {
      const copy = [...value];
      copy[head] = replaceAt(value[head], rest, replace);
      return copy;
    }
    if (typeof value === "object" && value !== null && typeof head === "string") {
      return { ...value, [head]: replaceAt(value[head], rest, replace) };
    }
    return value;
  }
  function withFallbacks(value, parts) {
    let out = value;
    for (const part of parts) {
      out = replaceAt(out, part.path, (old) => {
        const raw = old;
        return { [part.tagProperty]: UNKNOWN_TAG, tag: String(raw[part.tagProperty]), raw };
      });
    }
    return out;
  }
  function decode(title, value, profile = "tolerant") {
    const result = check(title, value, profile);
    if (result.errors.length > 0) return { ok: false, errors: result.errors };
    return { ok: true, value: withFallbacks(value, result.opaqueParts), opaque: result.opaque };
  }
  var has2 = (table, key) => Object.prototype.hasOwnProperty.call(table, key);
  function schemaOf(value) {
    const type = value[EVENT_TAG];
    if (typeof type !== "string") return void 0;
    if (type === CUSTOM_TYPE) {
      const name = value[CUSTOM_NAME_TAG];
      return typeof name === "string" && has2(CUSTOM_SCHEMAS, name) ? CUSTOM_SCHEMAS[name] : void 0;
    }
    return has2(EVENT_SCHEMAS, type) ? EVENT_SCHEMAS[type] : void 0;
  }
  function parseEvent(data, profile = "tolerant") {
    let value = data;
    if (typeof data === "string") {
      try {
        value = JSON.parse(data);
      } catch (error) {
        return { kind: "error", message: "event is not JSON", errors: [`$: ${error.message}`] };
      }
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { kind: "error", message: "event is not a JSON object", errors: ["$: expected an object"] };
    }
    const object = value;
    const type = object[EVENT_TAG];
    if (typeof type !== "string") {
      return { kind: "error", message: "event has no type", errors: [`$.${EVENT_TAG}: a string is required`] };
    }
    if (type === CUSTOM_TYPE && typeof object[CUSTOM_NAME_TAG] !== "string") {
      return {
        kind: "error",
        type,
        message: `invalid ${type} event`,
        errors: [`$.${CUSTOM_NAME_TAG}: a string is required`]
      };
    }
    const schema = schemaOf(object);
    if (schema === void 0) return { kind: "unknown", event: object };
    const result = check(schema, object, profile);
    if (result.errors.length > 0) {
      const label = type === CUSTOM_TYPE ? `${type} ${String(object[CUSTOM_NAME_TAG])}` : type;
      return { kind: "error", type, message: `invalid ${label} event`, errors: result.errors };
    }
    return { kind: "event", event: withFallbacks(object, result.opaqueParts), opaque: result.opaque };
  }
  var ChunkError = class extends Error {
    constructor(type, errors) {
      super(`invalid ${type} event`);
      this.type = type;
      this.errors = errors;
    }
    type;
    errors;
  };
  var COMMON = ["timestamp", "metadata", "subagentRunId"];
  function carried(chunk, ...names) {
    const out = {};
    for (const name of [...COMMON, ...names]) if (chunk[name] !== void 0 && chunk[name] !== null) out[name] = chunk[name];
    return out;
  }
  function idOf(chunk, key, open2) {
    const value = chunk[key] ?? open2;
    if (value === void 0) throw new ChunkError(String(chunk.type), [`$.${key}: opens nothing without it`]);
    if (typeof value !== "string") throw new ChunkError(String(chunk.type), [`$.${key}: a string is required`]);
    return value;
  }
  var ChunkExpander = class {
    message;
    toolCall;
    /** The events that stand for `value` (itself, unless it is a chunk); throws `ChunkError` for a broken chunk. */
    push(value) {
      const event = typeof value === "object" && value !== null && !Array.isArray(value) ? value : void 0;
      if (event?.type === "TEXT_MESSAGE_CHUNK") return this.text(event);
      if (event?.type === "TOOL_CALL_CHUNK") return this.tool(event);
      return [...this.close(), value];
    }
    /** End of the chunked sequence (another event or the end of the stream): close an open message. */
    close() {
      this.toolCall = void 0;
      const message = this.message;
      this.message = void 0;
      return message === void 0 ? [] : [{ type: "TEXT_MESSAGE_END", messageId: message }];
    }
    text(chunk) {
      this.toolCall = void 0;
      const message = idOf(chunk, "messageId", this.message);
      const out = [];
      if (message !== this.message) {
        out.push(...this.close());
        const start2 = { type: "TEXT_MESSAGE_START", messageId: message, role: chunk.role || "assistant" };
        out.push({ ...start2, ...carried(chunk, "name") });
        this.message = message;
      }
      if (chunk.delta !== void 0 && chunk.delta !== null) {
        out.push({ type: "TEXT_MESSAGE_CONTENT", messageId: message, delta: chunk.delta });
      }
      return out;
    }
    tool(chunk) {
      const out = this.message !== void 0 ? this.close() : [];
      const call2 = idOf(chunk, "toolCallId", this.toolCall);
      if (call2 !== this.toolCall) {
        const start2 = { type: "TOOL_CALL_START", toolCallId: call2, toolCallName: chunk.toolCallName };
        out.push({ ...start2, ...carried(chunk, "parentMessageId") });
        this.toolCall = call2;
      }
      if (chunk.delta !== void 0 && chunk.delta !== null) {
        out.push({ type: "TOOL_CALL_ARGS", toolCallId: call2, delta: chunk.delta });
      }
      return out;
    }
  };
  async function* readEvents(source, profile = "tolerant") {
    const expander = new ChunkExpander();
    for await (const message of readSse(source)) {
      let value;
      try {
        value = JSON.parse(message.data);
      } catch {
        yield parseEvent(message.data, profile);
        continue;
      }
      let events;
      try {
        events = expander.push(value);
      } catch (error) {
        if (!(error instanceof ChunkError)) throw error;
        yield { kind: "error", type: error.type, message: error.message, errors: error.errors };
        continue;
      }
      for (const event of events) yield parseEvent(event, profile);
    }
    for (const event of expander.close()) yield parseEvent(event, profile);
  }

  // clients/typescript/src/errors.ts
  var has3 = (table, key) => Object.prototype.hasOwnProperty.call(table, key);
  function codeOfStatus(status) {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      if (entry.httpStatus.includes(status)) return code;
    }
    return INTERNAL;
  }
  function retryAfterSeconds(header, now = Date.now()) {
    if (header === null) return void 0;
    const text2 = header.trim();
    if (/^\d+$/.test(text2)) return Number(text2);
    const date = Date.parse(text2);
    return Number.isNaN(date) ? void 0 : Math.max(0, Math.ceil((date - now) / 1e3));
  }
  var TalkieError = class _TalkieError extends Error {
    constructor(message, kind, response, status, retryAfter, rule, options) {
      super(message, options);
      this.kind = kind;
      this.response = response;
      this.status = status;
      this.retryAfter = retryAfter;
      this.rule = rule;
    }
    kind;
    response;
    status;
    retryAfter;
    rule;
    name = "TalkieError";
    /** The §3 code (`stale`, `rate_limited`, …); open: a server may send one not catalogued. */
    get code() {
      return this.response.error.code;
    }
    /** Whether sending the same request again later may succeed. */
    get retryable() {
      return this.response.error.retryable;
    }
    /** A non-2xx answer; `body` is its decoded JSON (anything: a proxy may answer HTML). */
    static fromResponse(status, body, headers) {
      const decoded = decode("ErrorResponse", body);
      const fallbackCode = codeOfStatus(status);
      const catalogued = ERROR_CATALOGUE[fallbackCode].retryable;
      const response = decoded.ok ? decoded.value : {
        error: {
          code: fallbackCode,
          message: `HTTP ${status} without a talkie/1 error body`,
          retryable: catalogued ?? status >= 500
        }
      };
      const code = response.error.code;
      const known = has3(ERROR_CATALOGUE, code) ? code : "uncatalogued";
      return new _TalkieError(
        `${status} ${known === "uncatalogued" ? code : known}: ${response.error.message}`,
        "http",
        response,
        status,
        retryAfterSeconds(headers.get("retry-after")),
        void 0
      );
    }
    /** No answer came (connection refused, reset, aborted). Retryable unless the app aborted it. */
    static network(message, cause, aborted = false) {
      const response = { error: { code: "network", message, retryable: !aborted } };
      return new _TalkieError(message, "network", response, void 0, void 0, void 0, { cause });
    }
    /** A run stream went past one of the client's caps; the client closed it (not a rule of talkie/1: N-130). */
    static limit(message) {
      const response = { error: { code: "limit", message, retryable: false } };
      return new _TalkieError(message, "limit", response, void 0, void 0, void 0);
    }
    /** The client refuses: the server broke `rule`, or the app asked for what `rule` forbids. */
    static protocol(rule, message, cause) {
      const response = { error: { code: "protocol", message, retryable: false } };
      return new _TalkieError(`${rule}: ${message}`, "protocol", response, void 0, void 0, rule, { cause });
    }
  };

  // clients/typescript/src/checks.ts
  var TERMINAL = /* @__PURE__ */ new Set(["RUN_FINISHED", "RUN_ERROR"]);
  var StreamChecker = class {
    index = -1;
    started = false;
    terminal;
    openText = /* @__PURE__ */ new Set();
    closedText = /* @__PURE__ */ new Set();
    openTools = /* @__PURE__ */ new Set();
    startedTools = /* @__PURE__ */ new Set();
    warn(rule, message) {
      return { rule, statement: RULES[rule].statement, message, index: this.index };
    }
    /** The warnings one more event adds. */
    push(result) {
      this.index++;
      const out = [];
      const at = `event #${this.index}`;
      if (result.kind === "error") {
        out.push(this.warn("RUN-010", `${at}: ${result.message} (${result.errors.slice(0, 3).join("; ")})`));
        if (result.type === void 0) return out;
      }
      const type = result.kind === "error" ? result.type ?? "" : result.event.type;
      if (this.terminal !== void 0) {
        out.push(this.warn("RUN-024", `${at}: ${type} after ${this.terminal}`));
      }
      if (this.index === 0 && type !== "RUN_STARTED") {
        out.push(this.warn("RUN-014", `${at}: the stream opens with ${type}, not RUN_STARTED`));
      } else if (this.index > 0 && type === "RUN_STARTED") {
        out.push(this.warn("RUN-014", `${at}: RUN_STARTED again`));
      }
      this.started ||= type === "RUN_STARTED";
      if (result.kind === "event") out.push(...this.nesting(result, at));
      if (TERMINAL.has(type) && this.terminal === void 0) this.terminal = type;
      return out;
    }
    nesting(result, at) {
      const event = result.event;
      const out = [];
      switch (event.type) {
        case "TEXT_MESSAGE_START":
          if (this.openText.has(event.messageId) || this.closedText.has(event.messageId)) {
            out.push(this.warn("RUN-015", `${at}: text message ${event.messageId} started twice`));
          }
          this.openText.add(event.messageId);
          break;
        case "TEXT_MESSAGE_CONTENT":
          if (!this.openText.has(event.messageId)) {
            out.push(this.warn("RUN-015", `${at}: content for text message ${event.messageId}, which is not open`));
          }
          break;
        case "TEXT_MESSAGE_END":
          if (!this.openText.has(event.messageId)) {
            out.push(this.warn("RUN-015", `${at}: end of text message ${event.messageId}, which is not open`));
          }
          this.openText.delete(event.messageId);
          this.closedText.add(event.messageId);
          break;
        case "TOOL_CALL_START":
          if (this.startedTools.has(event.toolCallId)) {
            out.push(this.warn("RUN-016", `${at}: tool call ${event.toolCallId} started twice`));
          }
          this.openTools.add(event.toolCallId);
          this.startedTools.add(event.toolCallId);
          break;
        case "TOOL_CALL_END":
          if (!this.openTools.has(event.toolCallId)) {
            out.push(this.warn("RUN-018", `${at}: end of tool call ${event.toolCallId}, which is not open`));
          }
          this.openTools.delete(event.toolCallId);
          break;
        case "TOOL_CALL_RESULT":
          if (!this.startedTools.has(event.toolCallId)) {
            out.push(this.warn("RUN-016", `${at}: result for tool call ${event.toolCallId}, never started`));
          }
          break;
        case "RUN_FINISHED":
          if (this.openText.size > 0) {
            out.push(this.warn("RUN-015", `${at}: RUN_FINISHED with text still open: ${[...this.openText].join(", ")}`));
          }
          if (this.openTools.size > 0) {
            out.push(this.warn("RUN-018", `${at}: RUN_FINISHED with tool calls open: ${[...this.openTools].join(", ")}`));
          }
          break;
        default:
      }
      return out;
    }
    /**
     * The stream is over. `complete`: it ended as a stream does (not dropped or aborted), so a missing
     * terminal event is the server's fault; a dropped stream is only a reason to recover (RUN-029).
     */
    end(complete) {
      this.index++;
      if (this.index === 0 && complete) return [this.warn("RUN-014", "the stream carried no event at all")];
      if (complete && this.terminal === void 0) {
        return [this.warn("RUN-024", "the stream ended without RUN_FINISHED or RUN_ERROR")];
      }
      return [];
    }
  };

  // clients/typescript/src/state.ts
  var RunState = class {
    threadId;
    runId;
    texts = /* @__PURE__ */ new Map();
    cards = /* @__PURE__ */ new Map();
    actions = /* @__PURE__ */ new Map();
    toolCalls = /* @__PURE__ */ new Map();
    links = [];
    usage;
    end;
    /** Paths of nested parts this version could not read (their cards show `fallbackText`). */
    opaque = [];
    listeners = /* @__PURE__ */ new Set();
    /** Call `listener` after every change; returns the function that stops it. */
    subscribe(listener) {
      this.listeners.add(listener);
      return () => this.listeners.delete(listener);
    }
    /** The text of every message in the order they started, joined by blank lines. */
    get text() {
      return [...this.texts.values()].map((t) => t.text).join("\n\n");
    }
    /** Take in one parse result; returns whether anything changed. */
    apply(result) {
      if (result.kind !== "event") return false;
      const changed = this.event(result.event);
      this.opaque.push(...result.opaque);
      if (changed) for (const listener of this.listeners) listener();
      return changed;
    }
    /** Keep a card unless a later version of it is already here. */
    putCard(card) {
      const have = this.cards.get(card.id);
      if (have !== void 0 && have.version > card.version) return false;
      this.cards.set(card.id, card);
      return true;
    }
    /** Keep an action unless a later version is here; `authoritative` (GET action, a decision's answer) wins. */
    putAction(action, authoritative = false) {
      const have = this.actions.get(action.id);
      if (!authoritative && have !== void 0 && have.version > action.version) return false;
      this.actions.set(action.id, action);
      if (authoritative) for (const listener of this.listeners) listener();
      return true;
    }
    /** After a recovery: the stored thread's cards and actions are what the server holds (ACT-005). */
    adoptThread(detail) {
      for (const message of detail.messages) for (const card of message.cards) this.putCard(card);
      for (const action of detail.actions) this.actions.set(action.id, action);
      for (const listener of this.listeners) listener();
    }
    event(event) {
      switch (event.type) {
        case "RUN_STARTED":
          this.threadId = event.threadId;
          this.runId = event.runId;
          return true;
        case "TEXT_MESSAGE_START":
          this.texts.set(event.messageId, { id: event.messageId, role: event.role ?? "assistant", text: "", done: false });
          return true;
        case "TEXT_MESSAGE_CONTENT": {
          const text2 = this.texts.get(event.messageId);
          if (text2 === void 0) {
            this.texts.set(event.messageId, { id: event.messageId, role: "assistant", text: event.delta, done: false });
          } else text2.text += event.delta;
          return true;
        }
        case "TEXT_MESSAGE_END": {
          const text2 = this.texts.get(event.messageId);
          if (text2 !== void 0) text2.done = true;
          return text2 !== void 0;
        }
        case "TOOL_CALL_START":
          this.toolCalls.set(event.toolCallId, {
            id: event.toolCallId,
            name: event.toolCallName,
            label: event.metadata?.label,
            done: false,
            ok: void 0,
            error: void 0
          });
          return true;
        case "TOOL_CALL_END": {
          const call2 = this.toolCalls.get(event.toolCallId);
          if (call2 === void 0) return false;
          call2.done = true;
          call2.ok = event.metadata.ok;
          call2.error = event.metadata.error;
          return true;
        }
        case "TOOL_CALL_RESULT":
          return false;
        // raw tool output is never shown (RUN-020)
        case "RUN_FINISHED":
          this.end = { kind: "finished", outcome: event.outcome };
          return true;
        case "RUN_ERROR":
          this.end = {
            kind: "error",
            code: event.code,
            message: event.message,
            retryable: event.metadata.retryable === true
          };
          return true;
        case "CUSTOM":
          switch (event.name) {
            case "talkie.card":
              return this.putCard(event.value);
            case "talkie.action":
              return this.putAction(event.value);
            case "talkie.open":
              this.links.push(event.value);
              return true;
            case "talkie.usage":
              this.usage = event.value.usage;
              return true;
          }
      }
    }
  };

  // clients/typescript/src/client.ts
  var DEFAULT_MAX_RUN_BYTES = 64 * 1024 * 1024;
  var DEFAULT_MAX_RUN_EVENTS = 1e5;
  var MANIFEST_LIMIT = 64 * 1024;
  var BODY_LIMIT = 4 * 1024 * 1024;
  var REDIRECT_LIMIT = 5;
  var PRIVATE_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2})$/;
  function newId(prefix) {
    const bytes = new Uint8Array(12);
    globalThis.crypto.getRandomValues(bytes);
    return prefix + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  }
  function manifestUrl(address, development = false) {
    const text2 = address.trim();
    const typed = /^[a-z][a-z0-9+.-]*:\/\//i.test(text2);
    const url = new URL(typed ? text2 : `https://${text2}`);
    if (!typed && development && PRIVATE_HOST.test(url.hostname)) url.protocol = "http:";
    if (url.pathname === "/" && url.search === "") url.pathname = "/.well-known/talkie.json";
    checkTransport(url, development);
    return url;
  }
  function checkTransport(url, development) {
    if (url.protocol === "https:") return;
    if (url.protocol === "http:" && development && PRIVATE_HOST.test(url.hostname)) return;
    throw TalkieError.protocol(
      development ? "MAN-025" : "MAN-026",
      `${url.origin} is not https; plain http is only for local addresses in development builds`
    );
  }
  function fillTemplate(template, params) {
    return template.replace(/\{([^{}]+)\}/g, (_, name) => {
      const value = params[name];
      if (value === void 0) throw TalkieError.protocol("MAN-012", `no value for {${name}} in ${template}`);
      return encodeURIComponent(value).replace(/\./g, "%2E");
    });
  }
  async function readLimited(response, limit, rule) {
    const length = Number(response.headers.get("content-length") ?? "0");
    if (length > limit) {
      await response.body?.cancel().catch(() => void 0);
      throw TalkieError.protocol(rule, `the answer is ${length} bytes, over the limit of ${limit}`);
    }
    if (response.body === null) return "";
    const reader = response.body.getReader();
    const parts = [];
    let size2 = 0;
    try {
      for (; ; ) {
        const { done, value } = await reader.read();
        if (done) break;
        size2 += value.byteLength;
        if (size2 > limit) {
          await reader.cancel().catch(() => void 0);
          throw TalkieError.protocol(rule, `the answer is over the limit of ${limit} bytes`);
        }
        parts.push(value);
      }
    } finally {
      reader.releaseLock();
    }
    const all = new Uint8Array(size2);
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.byteLength;
    }
    return new TextDecoder().decode(all);
  }
  function parseJson(text2) {
    try {
      return JSON.parse(text2);
    } catch {
      return void 0;
    }
  }
  function readManifest(body, fetchedFrom) {
    const object = typeof body === "object" && body !== null && !Array.isArray(body) ? body : void 0;
    const spec = object?.spec;
    const version = typeof spec === "string" ? /^talkie\/(\d+)(\.\d+)?$/.exec(spec) : null;
    if (object === void 0 || version === null || version[1] !== "1") {
      throw TalkieError.protocol("MAN-004", `the manifest speaks ${JSON.stringify(spec)}, not talkie/1`);
    }
    const decoded = decode("Manifest", { ...object, spec: "talkie/1" });
    if (!decoded.ok) {
      throw TalkieError.protocol("MAN-005", `the manifest is not a talkie/1 manifest: ${decoded.errors.slice(0, 3).join("; ")}`);
    }
    let issuer;
    try {
      issuer = new URL(decoded.value.issuer);
    } catch (error) {
      throw TalkieError.protocol("MAN-027", `issuer ${decoded.value.issuer} is not a URL`, error);
    }
    if (issuer.origin !== fetchedFrom.origin) {
      throw TalkieError.protocol("MAN-027", `the manifest from ${fetchedFrom.origin} names issuer ${issuer.origin}`);
    }
    return decoded.value;
  }
  async function fetchManifest(url, doFetch, development) {
    let current = url;
    for (let hop = 0; hop <= REDIRECT_LIMIT; hop++) {
      let response;
      try {
        response = await doFetch(current.href, { redirect: "manual", headers: { accept: "application/json" } });
      } catch (error) {
        throw TalkieError.network(`no answer from ${current.origin}`, error);
      }
      if (response.type === "opaqueredirect") {
        throw TalkieError.protocol("MAN-008", `${current.href} redirects, and this runtime hides where: enter the final address`);
      }
      if (response.status >= 300 && response.status < 400) {
        const location2 = response.headers.get("location");
        await response.body?.cancel().catch(() => void 0);
        if (location2 === null) throw TalkieError.fromResponse(response.status, void 0, response.headers);
        const next = new URL(location2, current);
        if (next.origin !== current.origin) {
          throw TalkieError.protocol("MAN-008", `${current.href} redirects to another origin (${next.origin})`);
        }
        checkTransport(next, development);
        current = next;
        continue;
      }
      const text2 = await readLimited(response, MANIFEST_LIMIT, "MAN-021");
      if (!response.ok) throw TalkieError.fromResponse(response.status, parseJson(text2), response.headers);
      return { manifest: readManifest(parseJson(text2), current), url: current };
    }
    throw TalkieError.protocol("MAN-008", `more than ${REDIRECT_LIMIT} redirects`);
  }
  var Run = class {
    constructor(client, input, signal) {
      this.client = client;
      this.input = input;
      this.signal = signal;
      this.threadId = input.threadId;
    }
    client;
    input;
    signal;
    state = new RunState();
    /** The stream checks' warnings so far (also sent to `onWarning`). */
    warnings = [];
    /** The thread id: the one sent, until RUN_STARTED names the authoritative one (RUN-008). */
    threadId;
    /** Whether the stream ended without its terminal event (dropped or aborted): call `recover`. */
    dropped = false;
    consumed = false;
    get runId() {
      return this.input.runId;
    }
    /** The id of the user message this run sent. */
    get messageId() {
      const first = this.input.messages[0];
      return first === void 0 ? "" : first.id;
    }
    /** Ask the server to stop this run (RUN-032); keep reading to see its stream end. */
    cancel() {
      return this.client.cancel(this.runId);
    }
    /** Reload the thread after a drop: what the server stored for this run (RUN-029). */
    recover(options) {
      return this.client.recover(this.threadId, this.messageId, options);
    }
    /** Read the whole run; resolves with its state when the stream ended. */
    async complete() {
      for await (const result of this) void result;
      return this.state;
    }
    /**
     * The stream's parse results. Only the network read sits inside the drop handling: an error thrown by the
     * app's own code (its `onWarning`, its loop body) reaches the app as it was thrown (N-132).
     */
    async *[Symbol.asyncIterator]() {
      if (this.consumed) throw new Error("a run is read once");
      this.consumed = true;
      const signal = this.signal;
      const response = await this.client.send("run", {}, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(this.input),
        ...signal === void 0 ? {} : { signal }
      });
      if (response.body === null) throw TalkieError.protocol("RUN-010", "the run answered without a body");
      const { maxRunBytes, maxRunEvents } = this.client.runLimits;
      const reader = response.body.getReader();
      const onAbort = () => void reader.cancel(signal?.reason).catch(() => void 0);
      signal?.addEventListener("abort", onAbort, { once: true });
      let bytes = 0;
      const counted = {
        read: async () => {
          const chunk = await reader.read();
          if (!chunk.done) {
            bytes += chunk.value.byteLength;
            if (bytes > maxRunBytes) throw TalkieError.limit(`the run stream brought more than ${maxRunBytes} bytes (maxRunBytes)`);
          }
          return chunk;
        },
        cancel: (reason) => reader.cancel(reason),
        releaseLock: () => reader.releaseLock()
      };
      const results = readEvents({ getReader: () => counted });
      const checker = this.client.checksOn ? new StreamChecker() : void 0;
      const report = (warnings) => {
        for (const warning of warnings) {
          this.warnings.push(warning);
          this.client.warn(warning);
        }
      };
      const aborted = () => signal?.aborted === true;
      let complete = false;
      let count = 0;
      try {
        if (aborted()) return;
        for (; ; ) {
          let next;
          try {
            next = await results.next();
          } catch (error) {
            if (error instanceof TalkieError) throw error;
            if (error instanceof SseLimitError) throw TalkieError.protocol("RUN-010", `${error.message}: the server's stream is not a talkie/1 event stream`, error);
            if (!aborted() && !isDrop(error)) throw error;
            return;
          }
          if (aborted()) return;
          if (next.done === true) {
            complete = true;
            return;
          }
          if (++count > maxRunEvents) throw TalkieError.limit(`the run stream brought more than ${maxRunEvents} events (maxRunEvents)`);
          const result = next.value;
          if (checker !== void 0) report(checker.push(result));
          this.state.apply(result);
          if (result.kind === "event" && result.event.type === "RUN_STARTED") this.threadId = result.event.threadId;
          yield result;
        }
      } finally {
        signal?.removeEventListener("abort", onAbort);
        await results.return(void 0).catch(() => void 0);
        this.dropped = this.state.end === void 0;
        if (checker !== void 0) report(checker.end(complete));
      }
    }
  };
  function isDrop(error) {
    return error instanceof TypeError || error instanceof Error && /abort|terminated|network|socket|reset/i.test(`${error.name} ${error.message}`);
  }
  var TalkieClient = class _TalkieClient {
    constructor(manifest, manifestUrl2, options, foreign) {
      this.manifestUrl = manifestUrl2;
      this.options = options;
      this.current = manifest;
      this.doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
      this.origin = new URL(manifest.issuer).origin;
      this.foreign = foreign;
    }
    manifestUrl;
    options;
    doFetch;
    origin;
    /** Endpoint URLs on another origin the person approved (no bearer token goes there). */
    foreign;
    current;
    /** Endpoint URLs whose 401 or 404 already brought a fresh manifest that kept them (fetched once each). */
    refreshedFor = /* @__PURE__ */ new Set();
    /** The manifest as last fetched: kept for the client's life, fetched again after a 401 or 404 (MAN-023). */
    get manifest() {
      return this.current;
    }
    /**
     * Fetch the manifest again after an endpoint answered 401 or 404 (MAN-023), once per endpoint URL while
     * the endpoint stays where it was; a manifest of another issuer is not taken. Whether the URL moved.
     */
    async refreshed(name, params, url) {
      if (this.refreshedFor.has(url.href)) return void 0;
      const development = this.options.development === true;
      const fresh = await fetchManifest(this.manifestUrl, this.doFetch, development).catch(() => void 0);
      if (fresh === void 0 || new URL(fresh.manifest.issuer).origin !== this.origin) return void 0;
      this.current = fresh.manifest;
      let moved;
      try {
        moved = this.url(name, params);
      } catch {
        return void 0;
      }
      if (moved.href === url.href) {
        this.refreshedFor.add(url.href);
        return void 0;
      }
      return moved;
    }
    /** Discover a server from a bare host or a manifest URL (§1) and return its client. */
    static async connect(address, options = {}) {
      const development = options.development === true;
      const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
      const { manifest, url } = await fetchManifest(manifestUrl(address, development), doFetch, development);
      const origin = new URL(manifest.issuer).origin;
      const elsewhere = [];
      for (const [name, template] of Object.entries(manifest.endpoints)) {
        if (typeof template !== "string") continue;
        const target = new URL(template, origin);
        if (target.origin !== origin) elsewhere.push({ name, url: target.href });
      }
      let approved = /* @__PURE__ */ new Set();
      if (elsewhere.length > 0 && options.approveForeignEndpoints !== void 0) {
        if (await options.approveForeignEndpoints(elsewhere)) approved = new Set(elsewhere.map((e) => e.name));
      }
      return new _TalkieClient(manifest, url, options, approved);
    }
    /** What one run stream may bring at most (`ClientOptions.maxRunBytes`, `maxRunEvents`). */
    get runLimits() {
      return {
        maxRunBytes: this.options.maxRunBytes ?? DEFAULT_MAX_RUN_BYTES,
        maxRunEvents: this.options.maxRunEvents ?? DEFAULT_MAX_RUN_EVENTS
      };
    }
    /** Whether run streams are checked against the §5 grammar. */
    get checksOn() {
      return this.options.checks ?? this.options.development === true;
    }
    /** Report a stream warning to the app (or the console). */
    warn(warning) {
      if (this.options.onWarning !== void 0) this.options.onWarning(warning);
      else console.warn(`talkie/1 ${warning.rule}: ${warning.message} — ${warning.statement}`);
    }
    /** Whether the server offers an endpoint (a missing one is an unsupported feature, MAN-020). */
    supports(name) {
      const template = this.manifest.endpoints[name];
      if (template === void 0) return false;
      return new URL(template, this.origin).origin === this.origin || this.foreign.has(name);
    }
    /**
     * Where a url of a card goes when the person taps it (§6): a `file` block's url on the server's own origin
     * is downloaded with the bearer token (`download`, CARD-006); every other url opens in the system browser
     * without the token (CARD-007), same-origin links included. Resolved against the issuer.
     */
    target(url, block2) {
      const resolved = new URL(url, this.origin);
      return { how: block2 === "file" && resolved.origin === this.origin ? "download" : "browser", url: resolved };
    }
    /** Download a same-origin file block's url with the bearer token (CARD-006); any other url is refused. */
    async download(url, signal) {
      const resolved = new URL(url, this.origin);
      if (resolved.origin !== this.origin) {
        throw TalkieError.protocol("CARD-007", `${resolved.origin} is not the server's origin: open it in the browser, without the token`);
      }
      const token2 = await this.token();
      let response;
      try {
        response = await this.doFetch(resolved.href, {
          headers: token2 === void 0 ? {} : { authorization: `Bearer ${token2}` },
          redirect: "error",
          ...signal === void 0 ? {} : { signal }
        });
      } catch (error) {
        throw TalkieError.network(`no answer from ${resolved.origin} (file)`, error, signal?.aborted === true);
      }
      if (!response.ok) {
        const text2 = await readLimited(response, MANIFEST_LIMIT, "RUN-010").catch(() => "");
        throw TalkieError.fromResponse(response.status, parseJson(text2), response.headers);
      }
      return response;
    }
    /** The URL of an endpoint, its placeholders filled (resolved against the issuer, MAN-009). */
    url(name, params = {}) {
      const template = this.manifest.endpoints[name];
      if (template === void 0 || !this.supports(name)) {
        throw TalkieError.protocol("MAN-011", `the server offers no usable ${name} endpoint`);
      }
      return new URL(fillTemplate(template, params), this.origin);
    }
    async token() {
      const tokens = this.options.tokens;
      if (tokens === void 0) return void 0;
      return typeof tokens === "string" ? tokens : tokens.token();
    }
    /**
     * Call an endpoint: the bearer token only on the issuer origin (AUTH-019), no redirect followed (a
     * redirect could carry the request elsewhere), one refresh and retry after a 401 (AUTH-018), and a
     * non-2xx answer thrown as `TalkieError`.
     */
    async send(name, params, init) {
      let url = this.url(name, params);
      const attempt = async (token3) => {
        const headers = new Headers(init.headers);
        if (token3 !== void 0 && url.origin === this.origin) headers.set("authorization", `Bearer ${token3}`);
        try {
          return await this.doFetch(url.href, { ...init, headers, redirect: "error" });
        } catch (error) {
          const aborted = init.signal?.aborted === true;
          throw TalkieError.network(aborted ? `${name} was aborted` : `no answer from ${url.origin} (${name})`, error, aborted);
        }
      };
      let token2 = await this.token();
      let response = await attempt(token2);
      const tokens = this.options.tokens;
      if (response.status === 401 && typeof tokens === "object" && tokens.refresh !== void 0) {
        await response.body?.cancel().catch(() => void 0);
        const fresh = await tokens.refresh();
        if (fresh !== void 0) response = await attempt(token2 = fresh);
      }
      if (response.status === 401 || response.status === 404) {
        const moved = await this.refreshed(name, params, url);
        if (moved !== void 0) {
          await response.body?.cancel().catch(() => void 0);
          url = moved;
          response = await attempt(token2);
        }
      }
      if (!response.ok) {
        const text2 = await readLimited(response, MANIFEST_LIMIT, "RUN-010").catch(() => "");
        throw TalkieError.fromResponse(response.status, parseJson(text2), response.headers);
      }
      return response;
    }
    async json(title, name, params, init = {}) {
      const response = await this.send(name, params, { ...init, headers: { accept: "application/json", ...init.headers } });
      const body = parseJson(await readLimited(response, BODY_LIMIT, "RUN-010"));
      const decoded = decode(title, body);
      if (!decoded.ok) {
        throw TalkieError.protocol("RUN-010", `${name} answered something that is not a ${title}: ${decoded.errors.slice(0, 3).join("; ")}`);
      }
      return decoded.value;
    }
    post(title, name, params, body) {
      return this.json(title, name, params, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body)
      });
    }
    /** `GET status`: the user, what is available, usage (§4). */
    status() {
      return this.json("Status", "status", {});
    }
    /** `GET threads`: newest first (§9). */
    threads() {
      return this.json("ThreadList", "threads", {});
    }
    /** `GET thread`: the stored messages, cards and actions (§9). */
    thread(threadId) {
      return this.json("ThreadDetail", "thread", { threadId });
    }
    /** `DELETE thread` (its pending actions are cancelled). */
    deleteThread(threadId) {
      return this.json("OkResponse", "thread", { threadId }, { method: "DELETE" });
    }
    /** The body of a run request: only the new user message, `tools: []` and the chat channel (§5). */
    runInput(text2, options = {}) {
      return {
        threadId: options.threadId ?? newId("thr_"),
        runId: options.runId ?? newId("run_"),
        messages: [{ id: options.messageId ?? newId("msg_"), role: "user", content: text2 }],
        tools: [],
        context: [],
        state: {},
        forwardedProps: { talkie: { channel: options.channel ?? "chat" } }
      };
    }
    /** Start a run of one user message; iterate the result for its events (nothing is sent before that). */
    run(text2, options = {}) {
      return new Run(this, this.runInput(text2, options), options.signal);
    }
    /** `POST cancelRun`: stop a run (also fine after it ended). */
    cancel(runId) {
      return this.post("OkResponse", "cancelRun", { runId }, {});
    }
    /**
     * Recover after a dropped stream (RUN-029): the run went on at the server, so load the thread until a
     * reply to `messageId` is stored and stays the same between two loads (bounded by `attempts`).
     */
    async recover(threadId, messageId, options = {}) {
      const attempts = options.attempts ?? 40;
      const interval = options.interval ?? 500;
      let last;
      let recovery;
      for (let i = 0; i < attempts; i++) {
        const thread = await this.thread(threadId).catch((error) => {
          if (error instanceof TalkieError && error.status === 404) return void 0;
          throw error;
        });
        if (thread !== void 0) {
          const at = thread.messages.findIndex((m) => m.id === messageId);
          recovery = { thread, reply: at === -1 ? [] : thread.messages.slice(at + 1) };
          const seen = JSON.stringify(recovery.reply);
          if (recovery.reply.length > 0 && seen === last) return recovery;
          last = seen;
        }
        await new Promise((resolve2) => setTimeout(resolve2, interval));
      }
      if (recovery === void 0) throw TalkieError.protocol("RUN-029", `thread ${threadId} was not stored`);
      return recovery;
    }
    /** `GET action`: the action as it stands (authoritative, ACT-005). */
    action(actionId) {
      return this.json("Action", "action", { actionId });
    }
    /**
     * `POST decision` on a person's tap or answer (ACT-014): `paramsHash` of the version they saw (ACT-007)
     * and the `method` they used. The answer's events come back parsed, like a run's.
     */
    async decide(action, decision) {
      const answer = await this.post("DecisionResponse", "decision", { actionId: action.id }, decision);
      return { action: answer.action, events: answer.events.map((event) => parseEvent(event)) };
    }
    /**
     * `POST voiceSessions`: a voice session the server locked (§10.1). A session whose `signaling.url` is not
     * https (plain http only for local addresses in development) or whose host is not among
     * `capabilities.voice.signalingHosts` is refused (VOICE-006): the secret would go somewhere unvetted.
     */
    async voiceSession(request = {}) {
      const session2 = await this.post("VoiceSession", "voiceSessions", {}, request);
      let url;
      try {
        url = new URL(session2.signaling.url);
      } catch (error) {
        throw TalkieError.protocol("VOICE-006", `signaling.url ${JSON.stringify(session2.signaling.url)} is no URL`, error);
      }
      const development = this.options.development === true;
      if (!(url.protocol === "https:" || url.protocol === "http:" && development && PRIVATE_HOST.test(url.hostname))) {
        throw TalkieError.protocol("VOICE-006", `signaling.url ${url.origin} is not https`);
      }
      const hosts = this.manifest.capabilities.voice?.signalingHosts ?? [];
      const host = url.hostname;
      if (!hosts.includes(host)) {
        throw TalkieError.protocol("VOICE-006", `signaling.url host ${host} is not in signalingHosts (${hosts.join(", ")})`);
      }
      return session2;
    }
    /**
     * The SDP offer to `signaling.url` with the session's `clientSecret` as bearer and `application/sdp`
     * (VOICE-003); the answer's SDP. The secret goes there and nowhere else (VOICE-007); the app's own token
     * is never sent with it.
     */
    async voiceSignal(session2, offer, signal) {
      const url = session2.signaling.url;
      let response;
      try {
        response = await this.doFetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${session2.clientSecret}`, "content-type": "application/sdp", accept: "application/sdp" },
          body: offer,
          redirect: "error",
          ...signal === void 0 ? {} : { signal }
        });
      } catch (error) {
        throw TalkieError.network(`no answer from the signalling URL ${new URL(url).origin}`, error, signal?.aborted === true);
      }
      const text2 = await readLimited(response, BODY_LIMIT, "VOICE-003");
      if (!response.ok) throw TalkieError.fromResponse(response.status, parseJson(text2), response.headers);
      if (!/^v=0/.test(text2)) throw TalkieError.protocol("VOICE-003", "the signalling URL answered something that is not an SDP answer");
      return text2;
    }
    /** `POST voiceTool`: run a tool the speech model asked for (§10.2); its events come back parsed. */
    async voiceTool(voiceSessionId, name, request) {
      const answer = await this.post("VoiceToolResponse", "voiceTool", { voiceSessionId, name }, request);
      return { ok: answer.ok, output: answer.output, events: answer.events.map((event) => parseEvent(event)) };
    }
    /** `POST voiceTranscript`: store one transcript line in the thread (201). */
    async voiceTranscript(voiceSessionId, request) {
      const response = await this.send("voiceTranscript", { voiceSessionId }, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request)
      });
      await response.body?.cancel().catch(() => void 0);
    }
    /** `POST voiceUsage`: report the seconds used (every 30 s and at the end). */
    voiceUsage(voiceSessionId, request) {
      return this.post("VoiceUsageResponse", "voiceUsage", { voiceSessionId }, request);
    }
  };

  // clients/typescript/src/generated/consent.ts
  var CONSENT_WORDS = {
    "cs": {
      "confirm": [
        "ano",
        "jo",
        "jasně",
        "potvrzuji",
        "potvrzuju",
        "souhlasím",
        "určitě",
        "dobře",
        "ok",
        "okej"
      ],
      "refuse": [
        "ne",
        "nene",
        "zruš",
        "zrušit",
        "storno",
        "nechci",
        "nepotvrzuji",
        "nesouhlasím"
      ],
      "negation": [
        "ne",
        "nechci",
        "nikdy",
        "nikoli",
        "nikoliv",
        "nesouhlasím",
        "nedělej",
        "nedělat"
      ],
      "question": [
        "co",
        "proč",
        "jak",
        "kdy",
        "kde",
        "kdo",
        "který",
        "která",
        "které",
        "opravdu",
        "fakt"
      ],
      "hesitation": [
        "asi",
        "možná",
        "nevím",
        "počkej",
        "počkejte",
        "moment",
        "hmm",
        "ehm",
        "eh",
        "em",
        "vlastně",
        "spíš",
        "třeba",
        "uvidíme",
        "rozmyslím"
      ],
      "negationPrefix": "ne"
    },
    "en": {
      "confirm": [
        "yes",
        "yeah",
        "yep",
        "sure",
        "confirm",
        "confirmed",
        "ok",
        "okay",
        "correct",
        "go ahead"
      ],
      "refuse": [
        "no",
        "nope",
        "cancel",
        "stop",
        "abort",
        "don't",
        "do not"
      ],
      "negation": [
        "no",
        "not",
        "don't",
        "dont",
        "never",
        "nope"
      ],
      "question": [
        "what",
        "why",
        "how",
        "when",
        "where",
        "who",
        "which",
        "really",
        "is",
        "are",
        "do",
        "does",
        "did",
        "can",
        "could",
        "should",
        "would",
        "will",
        "shall"
      ],
      "hesitation": [
        "maybe",
        "perhaps",
        "um",
        "uh",
        "uhm",
        "hmm",
        "er",
        "erm",
        "wait",
        "hold on",
        "not sure",
        "i guess",
        "i think",
        "probably",
        "possibly",
        "later"
      ],
      "negationPrefix": ""
    }
  };
  var CONSENT_FALLBACK = "en";

  // clients/typescript/src/consent.ts
  var MAX_WORDS = 6;
  var STRIKES = 2;
  var CASEFOLD = { "ß": "ss", "ẞ": "ss", "ς": "σ" };
  function fold(text2) {
    const lowered = text2.toLowerCase().replace(/[ßẞς]/gu, (c) => CASEFOLD[c] ?? c);
    const plain = lowered.normalize("NFKD").replace(/\p{M}/gu, "").replace(/\u2019/gu, "'");
    return plain.replace(/[^\p{L}\p{N}_' ]+/gu, " ").split(" ").filter((word) => word !== "").join(" ");
  }
  function folded(words) {
    const out = /* @__PURE__ */ new Set();
    for (const word of words) {
      const f = fold(word);
      if (f !== "") out.add(f);
    }
    return out;
  }
  function fromWords(words) {
    return {
      confirm: folded(words.confirm),
      refuse: folded(words.refuse),
      negation: folded(words.negation),
      question: folded(words.question),
      hesitation: folded(words.hesitation),
      negationPrefix: fold(words.negationPrefix)
    };
  }
  function vocabulary(locale, consent) {
    const base = (locale.split("-")[0] ?? "").toLowerCase();
    const words = CONSENT_WORDS[base] ?? CONSENT_WORDS[CONSENT_FALLBACK];
    if (words === void 0) throw new Error(`no consent words for ${CONSENT_FALLBACK}`);
    const vocab = fromWords(words);
    return {
      ...vocab,
      confirm: /* @__PURE__ */ new Set([...vocab.confirm, ...folded(consent?.confirm ?? [])]),
      refuse: /* @__PURE__ */ new Set([...vocab.refuse, ...folded(consent?.refuse ?? [])])
    };
  }
  function has4(words, phrases) {
    const joined = ` ${words.join(" ")} `;
    for (const phrase of phrases) if (phrase !== "" && joined.includes(` ${phrase} `)) return true;
    return false;
  }
  function negated(words, vocab, keyword) {
    if (has4(words, vocab.negation) || words.some((w) => w.endsWith("n't"))) return true;
    const prefix = vocab.negationPrefix;
    if (prefix === "") return false;
    const stems = new Set([...vocab.confirm].filter((w) => !w.includes(" ")));
    if (keyword !== null) stems.add(keyword);
    return words.some((w) => w.startsWith(prefix) && stems.has(w.slice(prefix.length)));
  }
  function classify(text2, vocab, keyword) {
    const words = fold(text2).split(" ").filter((w) => w !== "");
    const first = words[0];
    if (first === void 0 || words.length > MAX_WORDS) return "other";
    if (text2.includes("?") || vocab.question.has(first) || has4(words, vocab.hesitation)) return "other";
    const foldedKeyword = keyword ? fold(keyword) || null : null;
    const confirms = has4(words, vocab.confirm);
    const refuses = has4(words, vocab.refuse);
    if (refuses && !confirms) return "cancel";
    if (refuses || !confirms || negated(words, vocab, foldedKeyword)) return "other";
    if (foldedKeyword !== null && !has4(words, [foldedKeyword])) return "other";
    return "confirm";
  }
  var str = (value) => typeof value === "string" ? value : String(value);
  var ConsentWindow = class _ConsentWindow {
    constructor(vocab) {
      this.vocab = vocab;
    }
    vocab;
    actionId = null;
    keyword = null;
    state = "idle";
    proposalResponse = null;
    strikes = 0;
    /** The last final transcript the open window classified, or ignored. */
    lastHeard = null;
    early = /* @__PURE__ */ new Set();
    heard = /* @__PURE__ */ new Set();
    /** Whether `action` may be confirmed by voice at all (voice among its `confirm.methods`, VOICE-023). */
    static offersVoice(action) {
      return (action.confirm?.methods ?? []).includes("voice");
    }
    /** Start a window for `action`; false when voice is not among its methods. */
    arm(action) {
      if (!_ConsentWindow.offersVoice(action)) return false;
      this.actionId = action.id;
      this.keyword = action.confirm?.voice?.keyword || null;
      this.state = "armed";
      this.proposalResponse = null;
      this.strikes = 0;
      this.lastHeard = null;
      this.early = /* @__PURE__ */ new Set();
      this.heard = /* @__PURE__ */ new Set();
      return true;
    }
    get isOpen() {
      return this.state === "open";
    }
    /** One provider event, in arrival order. */
    feed(event) {
      const kind = event.type;
      if (kind === "response.created" && this.state === "armed") {
        const response = event["response"];
        this.proposalResponse = str(response?.id);
        this.state = "reading";
      } else if (kind === "output_audio_buffer.stopped" && this.state === "reading") {
        if (event["response_id"] === this.proposalResponse) this.state = "open";
      } else if (kind === "input_audio_buffer.speech_started" && (this.state === "armed" || this.state === "reading")) {
        this.early.add(str(event["item_id"]));
      } else if (kind === "conversation.item.input_audio_transcription.completed" && this.isOpen) {
        const transcript = event["transcript"];
        return this.utterance(str(event["item_id"]), typeof transcript === "string" ? transcript : "");
      }
      return null;
    }
    utterance(itemId, text2) {
      if (this.early.has(itemId) || this.heard.has(itemId)) {
        this.lastHeard = { itemId, text: text2, verdict: "ignored" };
        return null;
      }
      this.heard.add(itemId);
      const verdict = classify(text2, this.vocab, this.keyword);
      this.lastHeard = { itemId, text: text2, verdict };
      if (verdict === "other") {
        this.strikes += 1;
        if (this.strikes >= STRIKES) this.state = "closed";
        return null;
      }
      this.state = "closed";
      if (this.actionId === null) throw new Error("an open consent window has an action");
      return { actionId: this.actionId, decision: verdict, itemId, method: "voice" };
    }
  };

  // clients/playground/src/markdown.ts
  function allowedLink(url, origin) {
    let target;
    try {
      target = new URL(url, origin);
    } catch {
      return void 0;
    }
    if (target.protocol === "https:" || target.origin === origin) return target;
    return void 0;
  }
  function linkNode(label, target) {
    const a = document.createElement("a");
    a.href = target.href;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    a.textContent = label;
    return a;
  }
  var INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/;
  function inline(text2, origin) {
    const out = [];
    let rest = text2;
    for (let guard = 0; rest.length > 0 && guard < 1e4; guard++) {
      const match = INLINE.exec(rest);
      if (match === null) {
        out.push(document.createTextNode(rest));
        break;
      }
      if (match.index > 0) out.push(document.createTextNode(rest.slice(0, match.index)));
      const [whole, code, bold, italic, label, url] = match;
      if (code !== void 0) {
        const el5 = document.createElement("code");
        el5.textContent = code;
        out.push(el5);
      } else if (bold !== void 0) {
        const el5 = document.createElement("strong");
        el5.append(...inline(bold, origin));
        out.push(el5);
      } else if (italic !== void 0) {
        const el5 = document.createElement("em");
        el5.append(...inline(italic, origin));
        out.push(el5);
      } else if (label !== void 0 && url !== void 0) {
        const target = allowedLink(url, origin);
        if (target !== void 0) out.push(linkNode(label, target));
        else {
          const span = document.createElement("span");
          span.className = "refused-link";
          span.title = "not opened: only https: links and links to the server itself are";
          span.textContent = `${label} (${url})`;
          out.push(span);
        }
      }
      rest = rest.slice(match.index + whole.length);
    }
    return out;
  }
  var BULLET = /^\s*[-*+]\s+(.*)$/;
  var NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
  function render(text2, origin) {
    const fragment = document.createDocumentFragment();
    let paragraph = [];
    let list;
    const flush = () => {
      if (paragraph.length > 0) {
        const p = document.createElement("p");
        p.append(...inline(paragraph.join("\n"), origin));
        fragment.append(p);
        paragraph = [];
      }
    };
    for (const line of text2.split(/\r?\n/)) {
      const bullet = BULLET.exec(line);
      const numbered = bullet === null ? NUMBERED.exec(line) : null;
      if (bullet !== null || numbered !== null) {
        flush();
        const kind = bullet !== null ? "UL" : "OL";
        if (list === void 0 || list.tagName !== kind) {
          list = document.createElement(kind === "UL" ? "ul" : "ol");
          if (numbered?.[1] !== void 0 && numbered[1] !== "1") list.setAttribute("start", numbered[1]);
          fragment.append(list);
        }
        const li = document.createElement("li");
        li.append(...inline(bullet?.[1] ?? numbered?.[2] ?? "", origin));
        list.append(li);
      } else if (line.trim() === "") {
        flush();
        list = void 0;
      } else {
        list = void 0;
        paragraph.push(line);
      }
    }
    flush();
    return fragment;
  }

  // clients/playground/src/cards.ts
  function el(tag, className, text2) {
    const node = document.createElement(tag);
    if (className !== void 0) node.className = className;
    if (text2 !== void 0) node.textContent = text2;
    return node;
  }
  function open(url, label, ctx) {
    let target;
    try {
      target = new URL(url, ctx.origin);
    } catch {
      return el("span", "refused-link", `${label} (${url})`);
    }
    if (target.protocol !== "https:" && target.origin !== ctx.origin) return el("span", "refused-link", `${label} (${url})`);
    return linkNode(label, target);
  }
  function size(bytes) {
    if (bytes === void 0) return "";
    return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  }
  function fileBlock(block2, ctx) {
    const wrap = el("div", "file");
    const meta = [block2.mime, size(block2.size)].filter((s) => s !== void 0 && s !== "").join(", ");
    let target;
    try {
      target = new URL(block2.url, ctx.origin);
    } catch {
      target = void 0;
    }
    if (target !== void 0 && target.origin === ctx.origin) {
      const button = el("button", "small", `Download ${block2.name}`);
      button.type = "button";
      button.dataset.url = target.href;
      button.addEventListener("click", () => void download(target, block2.name, ctx));
      wrap.append(button);
    } else wrap.append(open(block2.url, `Open ${block2.name}`, ctx));
    if (meta !== "") wrap.append(el("span", "muted", ` ${meta}`));
    return wrap;
  }
  async function download(url, name, ctx) {
    const turn = ctx.begin(`download ${name}`);
    const headers = new Headers();
    const token2 = ctx.token();
    if (token2 !== void 0) headers.set("authorization", `Bearer ${token2}`);
    try {
      const response = await ctx.fetch(url.href, { headers, redirect: "error" });
      if (!response.ok) {
        turn.add("error", `the download answered ${response.status}`);
        return;
      }
      const blob = await response.blob();
      const href = URL.createObjectURL(blob);
      const a = el("a");
      a.href = href;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1e4);
      turn.add("note", `downloaded ${name}: ${blob.size} bytes`);
    } catch (error) {
      turn.add("error", `download failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  function block(b, ctx) {
    switch (b.type) {
      case "heading":
        return el("h4", "card-heading", b.text);
      case "text": {
        const div = el("div", "card-text");
        div.append(render(b.text, ctx.origin));
        return div;
      }
      case "fields": {
        const dl = el("dl", "fields");
        for (const f of b.fields) dl.append(el("dt", void 0, f.label), el("dd", void 0, f.value));
        return dl;
      }
      case "list": {
        const ul = el("ul", "card-list");
        for (const item of b.items) {
          const li = el("li");
          li.append(item.url !== void 0 ? open(item.url, item.title, ctx) : el("span", "item-title", item.title));
          if (item.subtitle !== void 0) li.append(el("span", "muted", ` ${item.subtitle}`));
          ul.append(li);
        }
        if (b.more !== void 0 && b.more > 0) ul.append(el("li", "muted", `and ${b.more} more`));
        return ul;
      }
      case "link": {
        const p = el("p", "card-link");
        p.append(open(b.url, b.label, ctx));
        return p;
      }
      case "file":
        return fileBlock(b, ctx);
      case "badge":
        return el("span", `badge tone-${b.tone ?? "neutral"}`, b.text);
      case "unknown":
        return void 0;
    }
  }
  function cardView(card, ctx) {
    const section = el("section", "card");
    section.setAttribute("aria-label", card.a11yLabel !== "" ? card.a11yLabel : card.title);
    section.dataset.cardId = card.id;
    const rendered = card.blocks.map((b) => block(b, ctx));
    if (rendered.some((node) => node === void 0)) {
      section.classList.add("fallback");
      section.append(el("p", "fallback-text", card.fallbackText));
      return section;
    }
    const head = el("header", "card-head");
    const title = el("h3", "card-title");
    title.append(card.url !== "" ? open(card.url, card.title, ctx) : document.createTextNode(card.title));
    head.append(title);
    if (card.subtitle !== "") head.append(el("p", "card-subtitle", card.subtitle));
    section.append(head);
    for (const node of rendered) if (node !== void 0) section.append(node);
    return section;
  }
  var FINAL = /* @__PURE__ */ new Set(["done", "failed", "cancelled", "expired"]);
  var ActionView = class {
    constructor(action, ctx) {
      this.action = action;
      this.ctx = ctx;
      this.element.setAttribute("aria-label", `Action: ${action.summary}`);
      this.element.dataset.actionId = action.id;
      this.message.setAttribute("role", "status");
      this.element.append(el("h3", "action-summary", action.summary), this.status, this.buttons, this.message, this.results);
      this.render();
      if (ctx.supports("action")) {
        this.element.dataset.loading = "true";
        ctx.refresh(action.id).then((current) => this.update(current)).catch(() => void 0).finally(() => delete this.element.dataset.loading);
      }
    }
    action;
    ctx;
    element = el("section", "action");
    status = el("p", "action-status");
    buttons = el("div", "buttons");
    message = el("p", "action-message");
    results = el("div", "action-results");
    busy = false;
    /** A newer version from a stream or a thread load (the server's answer is authoritative). */
    update(action) {
      if (action.version < this.action.version) return;
      this.action = action;
      this.render();
    }
    render() {
      const a = this.action;
      this.element.dataset.status = a.status;
      const decides = this.ctx.supports("decision");
      this.element.dataset.methods = decides ? a.confirm.methods.join(" ") : "";
      const parts = [`Status: ${a.status}`, `risk: ${a.riskLevel}`];
      if (a.status === "pending") parts.push(`expires ${new Date(a.expiresAt).toLocaleTimeString()}`);
      if (a.status === "running" && a.undoUntil !== void 0) parts.push(`cancel possible until ${new Date(a.undoUntil).toLocaleTimeString()}`);
      parts.push(`confirm by ${a.confirm.methods.join(" or ")}`);
      if (a.confirm.voice?.keyword !== void 0) parts.push(`keyword “${a.confirm.voice.keyword}”`);
      if (!decides) parts.push("this server takes no decisions here");
      this.status.textContent = parts.join(" · ");
      this.buttons.replaceChildren();
      const undo = a.status === "running" && a.undoUntil !== void 0 && Date.parse(a.undoUntil) > Date.now();
      if (decides && a.status === "pending" && a.confirm.methods.includes("button")) this.buttons.append(this.button("Confirm", "confirm"));
      if (decides && (a.status === "pending" || undo)) this.buttons.append(this.button(undo ? "Undo (cancel)" : "Cancel", "cancel"));
      if (!FINAL.has(a.status) && this.ctx.supports("action")) this.buttons.append(this.reload());
    }
    button(label, decision) {
      const button = el("button", decision === "confirm" ? "primary" : "", label);
      button.type = "button";
      button.disabled = this.busy;
      button.addEventListener("click", () => void this.decide(decision));
      return button;
    }
    reload() {
      const button = el("button", "small", "Reload action");
      button.type = "button";
      button.addEventListener("click", () => {
        this.ctx.refresh(this.action.id).then((action) => this.update(action)).catch((error) => this.message.textContent = describe(error));
      });
      return button;
    }
    /** A person's decision, method `button` or `voice`; the server's refusal is shown as it says it. */
    async decide(decision, method = "button") {
      if (this.busy) return;
      this.busy = true;
      this.render();
      const turn = this.ctx.begin(`decision: ${decision} ${this.action.id} (${method})`);
      try {
        const answer = await this.ctx.decide(this.action, decision, method);
        this.action = answer.action;
        this.element.dataset.decided = decision;
        this.message.dataset.failed = "false";
        this.message.textContent = `The server says: ${answer.action.status}`;
        this.ctx.showEvents(answer.events, this.results, turn);
      } catch (error) {
        this.message.dataset.failed = "true";
        this.message.textContent = describe(error);
        turn.add("error", describe(error));
        if (error instanceof TalkieError && (error.code === "stale" || error.code === "expired" || error.code === "conflict")) {
          const rule = { stale: "ACT-010", expired: "ACT-011", conflict: "ACT-009" }[error.code];
          turn.add("note", `${error.status ?? ""} ${error.code}: the server refuses as ${rule} says; reloading the action`);
          await this.ctx.refresh(this.action.id).then((action) => this.action = action).catch(() => void 0);
        }
      } finally {
        this.busy = false;
        this.render();
      }
    }
  };
  function describe(error) {
    if (error instanceof TalkieError) {
      if (error.kind === "http") return `The server says (${error.status ?? ""} ${error.code}): ${error.response.error.message}`;
      if (error.kind === "protocol") return `Refused by the client: ${error.message}`;
      return `No answer: ${error.message}`;
    }
    return error instanceof Error ? error.message : String(error);
  }

  // clients/playground/src/net.ts
  function routed(url, forwarding) {
    if (forwarding === void 0) return url;
    if (url.origin !== forwarding.origin) return void 0;
    return new URL(forwarding.prefix + url.pathname + url.search, location.origin);
  }
  function masked(headers) {
    const out = {};
    headers.forEach((value, name) => {
      out[name] = name === "authorization" ? value.replace(/^(\w+)\s+(.{0,4}).*$/, "$1 $2…") : value;
    });
    return out;
  }
  var has5 = (table, key) => Object.prototype.hasOwnProperty.call(table, key);
  function checkErrorBody(status, text2, report) {
    let body;
    try {
      body = JSON.parse(text2);
    } catch {
      body = void 0;
    }
    const decoded = decode("ErrorResponse", body);
    if (!decoded.ok) {
      report("ERR-001", false, `HTTP ${status} answered without a §3 error body: ${text2.slice(0, 120)}`);
      return;
    }
    report("ERR-001", true, `HTTP ${status} with a §3 error body`);
    const code = decoded.value.error.code;
    if (has5(ERROR_CATALOGUE, code)) {
      const statuses = ERROR_CATALOGUE[code].httpStatus;
      report("ERR-003", statuses.includes(status), `code ${code} with HTTP ${status} (the table pairs it with ${statuses.join(", ")})`);
    }
  }
  function tracedFetch(trace2, forwarding, base = globalThis.fetch.bind(globalThis)) {
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const method = (init?.method ?? "GET").toUpperCase();
      const turn = trace2.here(`${method} ${url.pathname}`, url);
      const headers = new Headers(init?.headers);
      const target = routed(url, forwarding);
      if (target === void 0) {
        turn.add("error", `refused ${method} ${url.href}: the playground forwards only to ${forwarding?.origin ?? ""}`);
        throw new TypeError(`the playground forwards only to the target's origin, not to ${url.origin}`);
      }
      let sent = void 0;
      if (typeof init?.body === "string") {
        try {
          sent = JSON.parse(init.body);
        } catch {
          sent = init.body.slice(0, 2e3);
        }
      }
      turn.add("request", `${method} ${url.href}${target === url ? "" : " (forwarded)"}`, { headers: masked(headers), ...sent === void 0 ? {} : { body: sent } });
      if (forwarding !== void 0) headers.set("X-Talkie-Mock-Key", forwarding.key);
      let response;
      try {
        response = await base(target.href, { ...init, headers });
      } catch (error) {
        turn.add("error", `${method} ${url.pathname}: no answer (${error instanceof Error ? error.message : String(error)})`);
        throw error;
      }
      const type = response.headers.get("content-type") ?? "";
      turn.add("response", `${response.status} ${url.pathname} ${type}`);
      if (response.status >= 400) {
        const text2 = await response.clone().text().catch(() => "");
        const report = (rule, ok, message) => turn.check(rule, ok, message);
        checkErrorBody(response.status, text2, report);
        let body = text2;
        try {
          body = JSON.parse(text2);
        } catch {
        }
        turn.add("note", `error body of ${url.pathname}`, body);
      }
      return response;
    };
  }

  // clients/playground/src/oauth.ts
  var PENDING = "talkie-playground-oauth-pending";
  var TOKENS = "talkie-playground-tokens:";
  function base64url(bytes) {
    let text2 = "";
    for (const b of bytes) text2 += String.fromCharCode(b);
    return btoa(text2).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function random(bytes = 32) {
    const buffer = new Uint8Array(bytes);
    crypto.getRandomValues(buffer);
    return base64url(buffer);
  }
  async function challenge(verifier) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
    return base64url(new Uint8Array(digest));
  }
  function clientId() {
    return `${location.origin}/_mock/playground/client.json`;
  }
  function redirectUri() {
    return `${location.origin}/_mock/playground/callback`;
  }
  function isObject2(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value);
  }
  function readMetadata(body, issuer) {
    if (!isObject2(body)) return void 0;
    const { authorization_endpoint: auth, token_endpoint: token2, revocation_endpoint: revoke2, authorization_response_iss_parameter_supported: iss } = body;
    if (body.issuer !== issuer || typeof auth !== "string" || typeof token2 !== "string") return void 0;
    const metadata = { issuer, authorization_endpoint: auth, token_endpoint: token2 };
    if (typeof revoke2 === "string") metadata.revocation_endpoint = revoke2;
    if (typeof iss === "boolean") metadata.authorization_response_iss_parameter_supported = iss;
    return metadata;
  }
  async function discover(issuer, doFetch) {
    const url = new URL(issuer);
    const path = url.pathname.replace(/\/$/, "");
    const candidates = [
      `${url.origin}/.well-known/oauth-authorization-server${path}`,
      `${url.origin}${path}/.well-known/oauth-authorization-server`,
      `${url.origin}${path}/.well-known/openid-configuration`
    ];
    for (const candidate of [...new Set(candidates)]) {
      const response = await doFetch(candidate, { headers: { accept: "application/json" }, redirect: "error" }).catch(() => void 0);
      if (response === void 0 || !response.ok) continue;
      const metadata = readMetadata(await response.json().catch(() => void 0), issuer);
      if (metadata !== void 0) return metadata;
    }
    throw new Error(`no authorization server metadata for ${issuer} (tried ${candidates.join(", ")})`);
  }
  async function start(options) {
    const verifier = random();
    const pending = { state: random(16), verifier, serverId: options.serverId, issuer: options.issuer, target: options.target, metadata: options.metadata };
    sessionStorage.setItem(PENDING, JSON.stringify(pending));
    const url = new URL(options.metadata.authorization_endpoint);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", clientId());
    url.searchParams.set("redirect_uri", redirectUri());
    url.searchParams.set("scope", options.scopes.join(" "));
    url.searchParams.set("state", pending.state);
    url.searchParams.set("code_challenge", await challenge(verifier));
    url.searchParams.set("code_challenge_method", "S256");
    return url;
  }
  function readTokens(body, previousRefresh) {
    if (!isObject2(body) || typeof body.access_token !== "string") throw new Error("the token endpoint answered without an access_token");
    const refresh2 = typeof body.refresh_token === "string" ? body.refresh_token : previousRefresh;
    const expires = typeof body.expires_in === "number" ? Date.now() + body.expires_in * 1e3 : void 0;
    return { access: body.access_token, refresh: refresh2, expiresAt: expires };
  }
  async function tokenRequest(endpoint, form, doFetch, previousRefresh) {
    const response = await doFetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(form).toString(),
      redirect: "error"
    });
    const body = await response.json().catch(() => void 0);
    if (!response.ok) {
      const error = isObject2(body) ? `${String(body.error)}: ${String(body.error_description ?? "")}` : `HTTP ${response.status}`;
      throw new Error(`the token endpoint refused: ${error}`);
    }
    return readTokens(body, previousRefresh);
  }
  async function finish(params, doFetch) {
    const stored = sessionStorage.getItem(PENDING);
    sessionStorage.removeItem(PENDING);
    const pending = stored === null ? void 0 : JSON.parse(stored);
    if (pending === void 0 || params.get("state") !== pending.state) throw new Error("the sign-in answer carries a state this tab did not send: sign in again");
    const error = params.get("error");
    if (error !== null) throw new Error(`the authorization server says ${error}: ${params.get("error_description") ?? ""}`);
    const iss = params.get("iss");
    if (iss !== null && iss !== pending.metadata.issuer) throw new Error(`the answer's iss ${iss} is not the authorization server ${pending.metadata.issuer} (RFC 9207)`);
    if (iss === null && pending.metadata.authorization_response_iss_parameter_supported === true) throw new Error("the answer lacks the iss its server promised (RFC 9207)");
    const code = params.get("code");
    if (code === null) throw new Error("the sign-in answer has no code");
    const endpoint = pending.metadata.token_endpoint;
    const tokens = await tokenRequest(
      endpoint,
      { grant_type: "authorization_code", code, redirect_uri: redirectUri(), client_id: clientId(), code_verifier: pending.verifier },
      doFetch(endpoint)
    );
    return { tokens, pending };
  }
  function refresh(metadata, tokens, doFetch) {
    if (tokens.refresh === void 0) return Promise.reject(new Error("no refresh token: sign in again"));
    return tokenRequest(metadata.token_endpoint, { grant_type: "refresh_token", refresh_token: tokens.refresh, client_id: clientId() }, doFetch, tokens.refresh);
  }
  async function revoke(metadata, tokens, doFetch) {
    if (metadata.revocation_endpoint === void 0) return false;
    const token2 = tokens.refresh ?? tokens.access;
    const response = await doFetch(metadata.revocation_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: token2, token_type_hint: tokens.refresh === void 0 ? "access_token" : "refresh_token", client_id: clientId() }).toString(),
      redirect: "error"
    });
    return response.ok;
  }
  function saveTokens(serverId, value) {
    if (value === void 0) sessionStorage.removeItem(TOKENS + serverId);
    else sessionStorage.setItem(TOKENS + serverId, JSON.stringify(value));
  }
  function loadTokens(serverId) {
    const text2 = sessionStorage.getItem(TOKENS + serverId);
    if (text2 === null) return void 0;
    try {
      const value = JSON.parse(text2);
      if (isObject2(value) && isObject2(value.tokens) && isObject2(value.metadata) && typeof value.tokens.access === "string") {
        return value;
      }
    } catch {
    }
    return void 0;
  }

  // clients/playground/src/scenarios.ts
  var CLIENTS_API = "/_mock/api/clients";
  function isScenario(value) {
    if (typeof value !== "object" || value === null) return false;
    const v = value;
    return typeof v.name === "string" && typeof v.summary === "string" && typeof v.manifestUrl === "string" && Array.isArray(v.person);
  }
  async function listScenarios(key) {
    const headers = key === void 0 ? {} : { "X-Talkie-Mock-Key": key };
    try {
      const response = await fetch(CLIENTS_API, { headers });
      if (!response.ok) return [];
      const data = await response.json();
      const listed = typeof data === "object" && data !== null ? data.scenarios : void 0;
      return Array.isArray(listed) ? listed.filter(isScenario) : [];
    } catch {
      return [];
    }
  }
  function personOf(scenario) {
    const gestures = scenario.person.map((p) => `${p.gesture}: ${p.text}`);
    return `${scenario.summary} The person: ${gestures.length > 0 ? gestures.join("; ") : "sends one message"}.`;
  }
  function showPicker(picker, scenarios, pick) {
    if (scenarios.length === 0) return;
    const first = document.createElement("option");
    first.value = "";
    first.textContent = "Choose a scenario…";
    picker.select.replaceChildren(
      first,
      ...scenarios.map((scenario) => {
        const option = document.createElement("option");
        option.value = scenario.name;
        option.textContent = scenario.name;
        return option;
      })
    );
    picker.select.addEventListener("change", () => {
      const chosen = scenarios.find((s) => s.name === picker.select.value);
      picker.person.textContent = chosen === void 0 ? "" : personOf(chosen);
      if (chosen !== void 0) pick(chosen.manifestUrl);
    });
    picker.section.hidden = false;
  }

  // clients/playground/src/generated/rules.ts
  var SITE_RULES = {
    "MAN-001": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST accept the complete URL of a manifest as well as a bare host name, since the person adding a server is free to type either.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-001"
    },
    "MAN-002": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST serve its manifest to GET at /.well-known/talkie.json on its issuer origin.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-002"
    },
    "MAN-003": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST put exactly the string talkie/1 into the manifest's spec member.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-003"
    },
    "MAN-004": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST refuse a manifest whose spec declares a major version other than 1.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-004"
    },
    "MAN-005": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST ignore manifest members it does not know and carry on as though they were absent.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-005"
    },
    "MAN-006": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST serve the manifest from the very origin that its issuer member names.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-006"
    },
    "MAN-007": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give issuer as a bare origin (scheme, host and optional port) with no path, query or fragment.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-007"
    },
    "MAN-008": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT follow a redirect that leads to a different origin while it loads a manifest; it stops instead.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-008"
    },
    "MAN-009": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST resolve endpoint templates against the issuer origin, never against the URL the manifest came from.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-009"
    },
    "MAN-010": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST list only endpoints that live on its issuer origin.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-010"
    },
    "MAN-011": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT call an endpoint on a foreign origin unless it displayed that address while the server was being added and the person approved it.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-011"
    },
    "MAN-012": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST replace each {placeholder} of a template by a single percent-encoded path segment, so a value can never add or change path segments.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-012"
    },
    "MAN-013": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST keep its serverId unchanged for as long as the deployment exists.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-013"
    },
    "MAN-014": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST take from brand nothing but the logo and the accent colour, and ignore any other member of it like any unknown manifest member.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-014"
    },
    "MAN-015": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give the brand logo as a same-origin path or an https address of a PNG or JPEG image of at most 256 kB.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-015"
    },
    "MAN-016": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST write the brand accent as a hash sign followed by six hexadecimal digits.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-016"
    },
    "MAN-017": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST include the oauth sign-in method in auth, test-mode servers included.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-017"
    },
    "MAN-018": {
      "level": "MAY",
      "side": "server",
      "statement": "A server MAY leave out auth.token, the pasted-token sign-in that exists as a development aid.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-018"
    },
    "MAN-019": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST leave out of endpoints every endpoint it does not implement; without voice support, none of the voice endpoints appears.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-019"
    },
    "MAN-020": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST treat a feature whose endpoint is missing from the manifest as unsupported and not offer it.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-020"
    },
    "MAN-021": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST keep its manifest document within 64 kB.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-021"
    },
    "MAN-022": {
      "level": "SHOULD",
      "side": "client",
      "statement": "A client SHOULD keep a cached manifest, honouring Cache-Control and assuming one hour when the header is absent.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-022"
    },
    "MAN-023": {
      "level": "SHOULD",
      "side": "client",
      "statement": "A client SHOULD fetch the manifest again after an endpoint answers 401 or 404, before giving up.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-023"
    },
    "MAN-024": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST set testMode to true only when actions and decisions touch nothing but fixture data, so destructive conformance checks cause no harm.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-024"
    },
    "MAN-025": {
      "level": "MUST",
      "side": "both",
      "statement": "Both sides MUST use https for all talkie/1 traffic; plain http is acceptable only in development builds, and there only for localhost, 127.0.0.1 or private and link-local network addresses.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-025"
    },
    "MAN-026": {
      "level": "MUST",
      "side": "client",
      "statement": "A production build of a client MUST refuse plain-http servers, local addresses included.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-026"
    },
    "MAN-027": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST check that the issuer of a manifest is the origin it actually fetched the manifest from, and refuse the manifest otherwise, before resolving any endpoint against it.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-027"
    },
    "MAN-028": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST keep the tokens and settings of a server under its serverId, so they follow the deployment rather than the address that was typed in.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-028"
    },
    "MAN-029": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give its manifest the members the text of §1 names (spec, issuer, serverId, auth offering oauth, endpoints), each of the type the specification shows.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-029"
    },
    "MAN-030": {
      "level": "SHOULD",
      "side": "client",
      "statement": "A client SHOULD accept a manifest whose spec is a minor form of version 1 such as talkie/1.2, since the text has it refuse only other major versions.",
      "url": "https://talkie-protocol.org/spec/discovery/#MAN-030"
    },
    "AUTH-001": {
      "level": "MUST",
      "side": "server",
      "statement": "The authorization server named by auth.oauth.issuer MUST publish RFC 8414 metadata, under oauth-authorization-server or openid-configuration.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-001"
    },
    "AUTH-002": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST look for authorization server metadata at every location of N-01, in that order, before failing.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-002"
    },
    "AUTH-003": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST sign in as a public client without a secret, identified by the https address of its Client ID Metadata Document.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-003"
    },
    "AUTH-004": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST accept the app's client_id, either by retrieving and validating its metadata document or through a pre-registration of that exact client_id with its redirect URIs.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-004"
    },
    "AUTH-005": {
      "level": "MUST",
      "side": "server",
      "statement": "The authorization server MUST accept the app's private-use-scheme redirect URI registered for the Talkie client (RFC 8252).",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-005"
    },
    "AUTH-006": {
      "level": "MUST",
      "side": "server",
      "statement": "The authorization server MUST issue codes only with PKCE using the S256 method, and MUST turn down requests without a challenge or with the plain method.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-006"
    },
    "AUTH-007": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST run the authorization code flow with a fresh PKCE verifier and an S256 challenge on every sign-in.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-007"
    },
    "AUTH-008": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST put an unguessable state value into every authorization request.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-008"
    },
    "AUTH-009": {
      "level": "MUST",
      "side": "server",
      "statement": "The authorization server MUST hand the state value back unchanged in its redirect to the client.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-009"
    },
    "AUTH-010": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST tie each state value to the serverId and issuer that began the flow, and drop a callback whose state belongs to another server or to no flow.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-010"
    },
    "AUTH-011": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST continue after an authorization response that includes iss only if iss matches the issuer of the authorization server it started with.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-011"
    },
    "AUTH-012": {
      "level": "MUST",
      "side": "server",
      "statement": "The authorization server MUST set an iss it adds to the authorization response to the issuer of its metadata.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-012"
    },
    "AUTH-013": {
      "level": "MUST",
      "side": "server",
      "statement": "The authorization server MUST support the talkie scope for the Talkie endpoints and offline_access for a refresh token.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-013"
    },
    "AUTH-014": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD answer each use of a refresh token with a new refresh token and retire the old one.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-014"
    },
    "AUTH-015": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD invalidate every token descended from the same sign-in when a retired refresh token is presented a second time.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-015"
    },
    "AUTH-016": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST carry the access token in an Authorization Bearer header on each call to a Talkie endpoint.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-016"
    },
    "AUTH-017": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST serve nothing from a Talkie endpoint to a request that lacks a valid access token (the manifest itself stays public).",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-017"
    },
    "AUTH-018": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST answer a 401 with a single token refresh and, if that fails or the retry is refused again, ask the person to sign in anew instead of looping.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-018"
    },
    "AUTH-019": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT let a bearer token leave the origin it was issued for, including when a response redirects elsewhere.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-019"
    },
    "AUTH-020": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST, on sign-out, revoke the tokens at the RFC 7009 endpoint when the metadata advertises one, and then erase them from the device.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-020"
    },
    "AUTH-021": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST stop accepting a token that was revoked through its advertised revocation endpoint.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-021"
    },
    "AUTH-022": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD give people a list of the devices signed in to their account, with a way to revoke any one of them.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-022"
    },
    "AUTH-023": {
      "level": "MAY",
      "side": "client",
      "statement": "A client MAY let the person paste a bearer token instead of signing in through OAuth when the manifest offers auth.token.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-023"
    },
    "AUTH-024": {
      "level": "MUST",
      "side": "client",
      "statement": "A production build of a client MUST keep token pasting out of sight unless a developer switch is turned on.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-024"
    },
    "AUTH-025": {
      "level": "MUST",
      "side": "server",
      "statement": "The authorization server MUST turn down an authorization request whose redirect_uri is not one registered for that client_id, and never redirect to such an address.",
      "url": "https://talkie-protocol.org/spec/authentication/#AUTH-025"
    },
    "ERR-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give every response of a Talkie endpoint with a status outside 2xx a JSON body whose error object holds code, message and retryable.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-001"
    },
    "ERR-002": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST write error.message so a person can read it, in that person's language.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-002"
    },
    "ERR-003": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST send a listed error code only together with the HTTP status the error table pairs it with.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-003"
    },
    "ERR-004": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST cope with an error code it does not know by acting on the HTTP status alone.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-004"
    },
    "ERR-005": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer input that cannot be parsed or breaks the request shape with 400 invalid_request.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-005"
    },
    "ERR-006": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer a missing, invalid or expired access token with 401 unauthorized.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-006"
    },
    "ERR-007": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer an authenticated user asking for something beyond their permissions with 403 forbidden.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-007"
    },
    "ERR-008": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer an unknown thread, action or voice session id with 404 not_found.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-008"
    },
    "ERR-009": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST refuse a user message longer than limits.maxMessageChars with 413 too_large.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-009"
    },
    "ERR-010": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST set retryable to true for 429 rate_limited and to false for 429 quota_exceeded.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-010"
    },
    "ERR-011": {
      "level": "SHOULD",
      "side": "client",
      "statement": "A client SHOULD repeat a failed request by itself only when the error says retryable is true.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-011"
    },
    "ERR-012": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST report an unreachable model provider as 502 or 503 with code upstream_unavailable and retryable true.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-012"
    },
    "ERR-013": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST report any other failure as 500 internal and use no 5xx status besides 500, 502 and 503.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-013"
    },
    "ERR-014": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST keep the threads, messages, runs, actions and voice sessions of each user out of every other user's reach, answering a request to read, change, cancel or decide them with 403 forbidden or 404 not_found and leaving them out of that user's lists.",
      "url": "https://talkie-protocol.org/spec/errors/#ERR-014"
    },
    "STAT-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer GET status with an object containing user, chat, voice and usage.",
      "url": "https://talkie-protocol.org/spec/status/#STAT-001"
    },
    "STAT-002": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give the status user an id, a display name and an e-mail address, the three members of the specification's example.",
      "url": "https://talkie-protocol.org/spec/status/#STAT-002"
    },
    "STAT-003": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give chat and voice in the status as booleans saying whether this user can chat and talk right now.",
      "url": "https://talkie-protocol.org/spec/status/#STAT-003"
    },
    "STAT-004": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST name a label, the amount used, the limit and the unit on every usage line, used and limit as integers; the list may be empty.",
      "url": "https://talkie-protocol.org/spec/status/#STAT-004"
    },
    "RUN-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST take an AG-UI RunAgentInput JSON body on POST run and stream its answer as server-sent events.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-001"
    },
    "RUN-002": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST ask for the run stream with an Accept header of text/event-stream.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-002"
    },
    "RUN-003": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST put into a run request just the user messages the server has not seen yet, never the earlier history.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-003"
    },
    "RUN-004": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST ignore a repeated message: a run request carrying a message id it already holds stores nothing new.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-004"
    },
    "RUN-005": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST make up the threadId of a new thread itself.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-005"
    },
    "RUN-006": {
      "level": "MAY",
      "side": "server",
      "statement": "A server MAY put a new thread under a threadId of its own choosing instead of the client's.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-006"
    },
    "RUN-007": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST store the run and its messages under the threadId it announces in RUN_STARTED.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-007"
    },
    "RUN-008": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST switch to the threadId reported in RUN_STARTED when it differs from the one it sent.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-008"
    },
    "RUN-009": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST invent a fresh runId for each run and use that same id to cancel it.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-009"
    },
    "RUN-010": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer a run that starts streaming with 200 and content type text/event-stream, each event sent as one data line of AG-UI JSON followed by a blank line.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-010"
    },
    "RUN-011": {
      "level": "SHOULD",
      "side": "server",
      "statement": 'A server SHOULD write a comment line such as ": ping" at least every fifteen seconds during a run.',
      "url": "https://talkie-protocol.org/spec/runs/#RUN-011"
    },
    "RUN-012": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD turn off buffering by proxies so that events reach the client as soon as they are produced.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-012"
    },
    "RUN-013": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer a failure detected before any event was sent with a non-2xx status and the §3 error body, not with a stream.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-013"
    },
    "RUN-014": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST open every stream with RUN_STARTED carrying the threadId and the runId of the request.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-014"
    },
    "RUN-015": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST send assistant text as TEXT_MESSAGE_START, any number of TEXT_MESSAGE_CONTENT and TEXT_MESSAGE_END sharing one messageId, in that order; a message without text may have no content event at all.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-015"
    },
    "RUN-016": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give TOOL_CALL_START a toolCallId and a toolCallName.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-016"
    },
    "RUN-017": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD also give TOOL_CALL_START a metadata.label, a brief human-readable note of what the tool is doing.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-017"
    },
    "RUN-018": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST report on TOOL_CALL_END, sent when the tool has finished, whether it succeeded as the boolean metadata.ok, and may add a string metadata.error on failure.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-018"
    },
    "RUN-019": {
      "level": "MAY",
      "side": "server",
      "statement": "A server MAY send TOOL_CALL_RESULT events; nothing requires them.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-019"
    },
    "RUN-020": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT show raw tool output to the person.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-020"
    },
    "RUN-021": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give a talkie.open event a value holding a url (same-origin path or https) and a label.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-021"
    },
    "RUN-022": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT open a talkie.open link by itself; it shows the link, and only a tap of the person opens it.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-022"
    },
    "RUN-023": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give a talkie.usage event a value whose usage array has the same lines as the status usage.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-023"
    },
    "RUN-024": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST end a stream with exactly one terminal event, RUN_FINISHED after success or RUN_ERROR after failure, and send nothing after it.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-024"
    },
    "RUN-025": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give RUN_ERROR a message, a code taken from §3 and metadata.retryable.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-025"
    },
    "RUN-026": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST pass over events whose type it does not recognise and keep reading the stream.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-026"
    },
    "RUN-027": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST pass over CUSTOM events with a name it does not recognise.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-027"
    },
    "RUN-028": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST carry a run on to completion and store its result even when the client's connection drops.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-028"
    },
    "RUN-029": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST recover from a lost connection by loading the thread, without treating the drop as a cancellation.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-029"
    },
    "RUN-030": {
      "level": "MUST",
      "side": "server",
      "statement": 'A server MUST answer POST cancelRun with 200 and {"ok": true}, also for a run that has already ended.',
      "url": "https://talkie-protocol.org/spec/runs/#RUN-030"
    },
    "RUN-031": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD end the open stream of a cancelled run by closing any open text message and sending RUN_FINISHED with a cancelled outcome.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-031"
    },
    "RUN-032": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST stop a run by calling cancelRun rather than only closing the connection.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-032"
    },
    "RUN-033": {
      "level": "SHOULD",
      "side": "client",
      "statement": "A client SHOULD send forwardedProps.talkie.channel with each run request, chat for a typed message, as the specification's run example does; a server reads a missing channel as chat.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-033"
    },
    "RUN-034": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST stop the work of a run when cancelRun is called for it.",
      "url": "https://talkie-protocol.org/spec/runs/#RUN-034"
    },
    "CARD-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give a talkie.card event a card object of the §6 shape as its value.",
      "url": "https://talkie-protocol.org/spec/cards/#CARD-001"
    },
    "CARD-002": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST build card blocks from the seven types heading, text, fields, list, link, file and badge with their defined members; a badge tone is neutral, positive, warning or negative.",
      "url": "https://talkie-protocol.org/spec/cards/#CARD-002"
    },
    "CARD-003": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give every card a fallbackText.",
      "url": "https://talkie-protocol.org/spec/cards/#CARD-003"
    },
    "CARD-004": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST show the fallbackText in place of the entire card when some block of the card cannot be rendered.",
      "url": "https://talkie-protocol.org/spec/cards/#CARD-004"
    },
    "CARD-005": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give every url in a card as a same-origin path or an https address.",
      "url": "https://talkie-protocol.org/spec/cards/#CARD-005"
    },
    "CARD-006": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST download a file block whose url is on the server's own origin with the bearer token attached.",
      "url": "https://talkie-protocol.org/spec/cards/#CARD-006"
    },
    "CARD-007": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST open every card url except a same-origin file download in the system browser, and send it no token; same-origin links and other blocks' urls included.",
      "url": "https://talkie-protocol.org/spec/cards/#CARD-007"
    },
    "CARD-008": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT interpret HTML found in cards or text; markup is shown as plain characters or dropped.",
      "url": "https://talkie-protocol.org/spec/cards/#CARD-008"
    },
    "TEXT-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST restrict assistant text to paragraphs, bold, italic, inline code, bulleted and numbered lists, and links.",
      "url": "https://talkie-protocol.org/spec/text-format/#TEXT-001"
    },
    "TEXT-002": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST point links in assistant text to an https address or a same-origin path.",
      "url": "https://talkie-protocol.org/spec/text-format/#TEXT-002"
    },
    "TEXT-003": {
      "level": "MUST NOT",
      "side": "server",
      "statement": "A server MUST NOT put HTML or images into assistant text, apart from the echo test of §11.",
      "url": "https://talkie-protocol.org/spec/text-format/#TEXT-003"
    },
    "TEXT-004": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT render Markdown beyond the subset (it shows such text as plain characters) and MUST NOT load any image it references.",
      "url": "https://talkie-protocol.org/spec/text-format/#TEXT-004"
    },
    "ACT-001": {
      "level": "MUST NOT",
      "side": "server",
      "statement": "A server MUST NOT let the agent carry out a risky operation such as sending, deleting or paying on its own; the agent proposes an action that a person decides on.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-001"
    },
    "ACT-002": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give a talkie.action event an action object with the members of §8 as its value; riskLevel is an open string (low, medium and high are the known values).",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-002"
    },
    "ACT-003": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST move an action only from pending to running, done, failed, cancelled or expired, and from running to done, failed or (by a cancel inside its undo window) cancelled.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-003"
    },
    "ACT-004": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST return on GET action the action as it stands now.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-004"
    },
    "ACT-005": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST trust GET action where a copy of the action from an event disagrees with it.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-005"
    },
    "ACT-006": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST accept decision (confirm or cancel), paramsHash and method on POST decision and answer with the updated action plus a list of AG-UI events.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-006"
    },
    "ACT-007": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST include in a decision the paramsHash of the action version the person saw.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-007"
    },
    "ACT-008": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer a decision equal to the one already recorded with 200 and the current action.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-008"
    },
    "ACT-009": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST refuse the reverse of an already recorded decision with 409 conflict, except a cancel within the undo window.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-009"
    },
    "ACT-010": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST refuse a decision whose paramsHash differs from the action's current one with 409 stale.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-010"
    },
    "ACT-011": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST refuse a decision on an action past its expiresAt with 410 expired.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-011"
    },
    "ACT-012": {
      "level": "MUST NOT",
      "side": "server",
      "statement": "A server MUST NOT let a new proposal quietly override an earlier action that is still pending.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-012"
    },
    "ACT-013": {
      "level": "MUST NOT",
      "side": "server",
      "statement": "A server MUST NOT give the agent any path to the decision endpoint, whether as one of its tools or through calls the server makes for it.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-013"
    },
    "ACT-014": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST send a decision solely in response to a person's tap or spoken answer, never on its own initiative.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-014"
    },
    "ACT-015": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST offer only the decision methods that the action's confirm.methods lists.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-015"
    },
    "ACT-016": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST record the decision method for auditing only and not base the outcome on it.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-016"
    },
    "ACT-017": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD hold back outbound operations that cannot be undone, like e-mail or text messages, for a short grace period during which a cancel still works.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-017"
    },
    "ACT-018": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST show an action in such a grace period as status running with an undoUntil time, and let a cancel before that time succeed.",
      "url": "https://talkie-protocol.org/spec/actions/#ACT-018"
    },
    "THR-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer GET threads with an object whose threads array holds summaries with id, title, channel (chat or voice), createdAt and updatedAt.",
      "url": "https://talkie-protocol.org/spec/threads/#THR-001"
    },
    "THR-002": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST list threads newest first, by creation or by last update, and return no more than 50 entries.",
      "url": "https://talkie-protocol.org/spec/threads/#THR-002"
    },
    "THR-003": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer GET thread with the thread, its messages (id, role user or assistant, content, createdAt, cards as a list that may be empty, and optionally channel) and its actions.",
      "url": "https://talkie-protocol.org/spec/threads/#THR-003"
    },
    "THR-004": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST list the messages of a thread oldest first.",
      "url": "https://talkie-protocol.org/spec/threads/#THR-004"
    },
    "THR-005": {
      "level": "MUST",
      "side": "server",
      "statement": 'A server MUST answer DELETE thread with {"ok": true}.',
      "url": "https://talkie-protocol.org/spec/threads/#THR-005"
    },
    "THR-006": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST cancel every action of a deleted thread that was still pending.",
      "url": "https://talkie-protocol.org/spec/threads/#THR-006"
    },
    "THR-007": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD list threads by updatedAt, so that the thread the user just continued comes first.",
      "url": "https://talkie-protocol.org/spec/threads/#THR-007"
    },
    "VOICE-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server without voice support MUST omit capabilities.voice along with the voice endpoints.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-001"
    },
    "VOICE-002": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST take an optional threadId and locale on POST voiceSessions and return a voice session with every member of the §10.1 example; only consent may be left out.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-002"
    },
    "VOICE-003": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST post its SDP offer to signaling.url with the clientSecret as bearer credential and content type application/sdp, and use the SDP it gets back.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-003"
    },
    "VOICE-004": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give signaling.url the https scheme.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-004"
    },
    "VOICE-005": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST give signaling.url a host that appears in capabilities.voice.signalingHosts.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-005"
    },
    "VOICE-006": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST refuse a voice session whose signalling address is not https or whose host is missing from signalingHosts.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-006"
    },
    "VOICE-007": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT send the clientSecret to any destination other than signaling.url.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-007"
    },
    "VOICE-008": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST issue a clientSecret that is short-lived and serves only to open the connection.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-008"
    },
    "VOICE-009": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST lock the provider session's model, instructions, tools and limits so the client has no way to alter them.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-009"
    },
    "VOICE-010": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT send a session.update that touches anything other than turn detection.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-010"
    },
    "VOICE-011": {
      "level": "MAY",
      "side": "server",
      "statement": "A server MAY include consent in a voice session: extra confirm and refuse words for the client.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-011"
    },
    "VOICE-012": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST let consent words from the session extend its own confirm and refuse vocabularies rather than replace them.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-012"
    },
    "VOICE-013": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST forward a function call the provider requests to voiceTool instead of running anything locally.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-013"
    },
    "VOICE-014": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST take callId and a JSON-encoded arguments string on POST voiceTool and answer with ok, output and events, all three always present (events may be an empty list).",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-014"
    },
    "VOICE-015": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST accept a voice tool call only for an open session that belongs to the calling user.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-015"
    },
    "VOICE-016": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST refuse a callId already used in the session with 409.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-016"
    },
    "VOICE-017": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST hand the tool output back to the model untouched, as the function_call_output.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-017"
    },
    "VOICE-018": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST store an utterance posted to voiceTranscript with role, text and itemId in the session's thread and answer 201.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-018"
    },
    "VOICE-019": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST report the user and assistant transcript items of a voice session to voiceTranscript.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-019"
    },
    "VOICE-020": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer POST voiceUsage with seconds and final by ok and the remaining seconds.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-020"
    },
    "VOICE-021": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST send a usage report every thirty seconds of a session and a last one marked final when it ends.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-021"
    },
    "VOICE-022": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD close a session once its final usage report has arrived and answer later usage, tool and transcript calls with 410 expired.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-022"
    },
    "VOICE-023": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST attempt spoken confirmation solely for actions whose confirm.methods contains voice.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-023"
    },
    "VOICE-024": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST switch off automatic responses (create_response false in turn detection) once a tool result brings a pending action, and let the model present the proposal.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-024"
    },
    "VOICE-025": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST open the consent window no earlier than the output_audio_buffer.stopped event that ends the spoken proposal.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-025"
    },
    "VOICE-026": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT take an utterance that began before the consent window opened as an answer.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-026"
    },
    "VOICE-027": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST derive a confirm only from the next final user transcript of at most six words that has a confirm word, the keyword when one is set, and no negation, question or hesitation.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-027"
    },
    "VOICE-028": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST turn a clear spoken refusal inside the window into a cancel decision.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-028"
    },
    "VOICE-029": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST treat any other utterance as ordinary conversation and, after the second of them, shut the window and leave the action to the button.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-029"
    },
    "VOICE-030": {
      "level": "MUST",
      "side": "client",
      "statement": "A client MUST shut the consent window before it sends the decision, so that a repeated transcript cannot produce a second decision.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-030"
    },
    "VOICE-031": {
      "level": "MUST NOT",
      "side": "both",
      "statement": "A client or a server MUST NOT treat a spoken confirmation as proof of who spoke; it is a convenience the server's policy permits.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-031"
    },
    "VOICE-032": {
      "level": "SHOULD",
      "side": "client",
      "statement": "A client SHOULD send method voice with a decision taken from the person's spoken answer in the consent window, and method button with one taken by a tap.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-032"
    },
    "VOICE-033": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST execute the tools of a voice session itself; the client only relays the provider's function calls to voiceTool.",
      "url": "https://talkie-protocol.org/spec/voice/#VOICE-033"
    },
    "TEST-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server with testMode true MUST answer each listed test message the same way every time and without involving a model.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-001"
    },
    "TEST-002": {
      "level": "MUST NOT",
      "side": "server",
      "statement": "A production deployment MUST NOT turn test mode on.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-002"
    },
    "TEST-003": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST place the events answering a test message between RUN_STARTED and the terminal event.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-003"
    },
    "TEST-004": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer talkie-test:echo followed by a text with a single text message whose content equals that text exactly.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-004"
    },
    "TEST-005": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer talkie-test:card with a tool call start and end carrying metadata.ok true, one talkie.card containing a fields block, and a brief text.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-005"
    },
    "TEST-006": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST answer talkie-test:action with one pending talkie.action of low risk, with confirm methods button and voice and at least sixty seconds to expiry, and a brief text.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-006"
    },
    "TEST-007": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST bring the action produced by talkie-test:action to status done when it is confirmed.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-007"
    },
    "TEST-008": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST end talkie-test:error with RUN_ERROR whose code is upstream_unavailable and whose metadata.retryable is true.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-008"
    },
    "TEST-009": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST spread the text deltas of talkie-test:slow over about five seconds.",
      "url": "https://talkie-protocol.org/spec/test-mode/#TEST-009"
    },
    "SEC-001": {
      "level": "MUST",
      "side": "server",
      "statement": "A server MUST handle whatever the agent produces as data, never as instructions or markup to execute.",
      "url": "https://talkie-protocol.org/spec/security/#SEC-001"
    },
    "SEC-002": {
      "level": "MUST NOT",
      "side": "client",
      "statement": "A client MUST NOT open a link coming from the agent, wherever it appears, without a tap of the person.",
      "url": "https://talkie-protocol.org/spec/security/#SEC-002"
    },
    "SEC-003": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD cap how many runs and how many voice minutes a user can consume.",
      "url": "https://talkie-protocol.org/spec/security/#SEC-003"
    },
    "SEC-004": {
      "level": "SHOULD",
      "side": "server",
      "statement": "A server SHOULD inform users that the audio of a voice session is processed by the speech provider.",
      "url": "https://talkie-protocol.org/spec/security/#SEC-004"
    }
  };

  // clients/playground/src/trace.ts
  var turns = 0;
  function ruleUrl(rule) {
    return SITE_RULES[rule]?.url ?? "https://talkie-protocol.org/reference/rules/";
  }
  function el2(tag, className, text2) {
    const node = document.createElement(tag);
    if (className !== void 0) node.className = className;
    if (text2 !== void 0) node.textContent = text2;
    return node;
  }
  var Turn = class {
    constructor(title) {
      this.title = title;
      this.id = `turn-${++turns}`;
      this.element = el2("article", "turn");
      this.element.id = this.id;
      this.element.setAttribute("aria-labelledby", `${this.id}-title`);
      const head = el2("header", "turn-head");
      const h = el2("h3", void 0, title);
      h.id = `${this.id}-title`;
      this.summary = el2("span", "verdict");
      const exportButton = el2("button", "small", "Export turn");
      exportButton.type = "button";
      exportButton.setAttribute("aria-label", `Export turn: ${title}`);
      exportButton.addEventListener("click", () => this.download());
      head.append(h, this.summary, exportButton);
      this.verdictList = el2("ul", "verdicts");
      this.verdictList.setAttribute("aria-label", "Checks");
      const details = el2("details", "entries");
      const label = el2("summary", void 0, "Requests and events");
      this.list = el2("ol");
      details.append(label, this.list);
      details.open = true;
      this.element.append(head, this.verdictList, details);
      this.renderSummary();
    }
    title;
    id;
    startedAt = (/* @__PURE__ */ new Date()).toISOString();
    entries = [];
    verdicts = [];
    element;
    started = performance.now();
    list;
    verdictList;
    summary;
    /** Add one line to the turn: what happened, at how many ms since it began. */
    add(kind, text2, data) {
      const entry = { at: Math.round(performance.now() - this.started), kind, text: text2 };
      if (data !== void 0) entry.data = data;
      this.entries.push(entry);
      const li = el2("li", `entry ${kind}`);
      li.append(el2("span", "at", `${entry.at} ms`), el2("span", "kind", kind), el2("span", "text", text2));
      if (data !== void 0) {
        const body = el2("details", "data");
        body.append(el2("summary", void 0, "JSON"), el2("pre", void 0, JSON.stringify(data, null, 1)));
        li.append(body);
      }
      this.list.append(li);
    }
    /** Record the verdict of one client-side check (a broken rule also goes into the entries). */
    check(rule, ok, message) {
      this.verdicts.push({ rule, ok, message });
      if (!ok) {
        const li = el2("li", "problem");
        const link = el2("a", "rule", rule);
        link.href = ruleUrl(rule);
        link.target = "_blank";
        link.rel = "noopener noreferrer";
        const statement = SITE_RULES[rule]?.statement;
        if (statement !== void 0) link.title = statement;
        li.append(link, document.createTextNode(` ${message}`));
        this.verdictList.append(li);
      }
      this.renderSummary();
    }
    get problems() {
      return this.verdicts.filter((v) => !v.ok);
    }
    renderSummary() {
      const bad = this.problems.length;
      const rules = new Set(this.verdicts.map((v) => v.rule)).size;
      this.summary.textContent = bad === 0 ? `${rules} rules checked, no problem` : `${bad} problem${bad === 1 ? "" : "s"} (${rules} rules checked)`;
      this.summary.className = bad === 0 ? "verdict ok" : "verdict bad";
    }
    toJSON() {
      return { id: this.id, title: this.title, startedAt: this.startedAt, entries: this.entries, verdicts: this.verdicts };
    }
    download() {
      const blob = new Blob([JSON.stringify(this.toJSON(), null, 1)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const a = el2("a");
      a.href = url;
      a.download = `talkie-${this.id}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1e4);
    }
  };
  var Trace = class {
    constructor(pane) {
      this.pane = pane;
    }
    pane;
    turns = [];
    current;
    begin(title) {
      const turn = new Turn(title);
      this.turns.push(turn);
      this.current = turn;
      this.pane.prepend(turn.element);
      return turn;
    }
    /** The current turn, or a new one titled `title` when none was begun. */
    here(title) {
      return this.current ?? this.begin(title);
    }
  };

  // clients/playground/src/verdicts.ts
  function sameOriginOrHttps(url, origin) {
    try {
      const target = new URL(url, origin);
      return target.protocol === "https:" || target.origin === origin;
    } catch {
      return false;
    }
  }
  function cardUrls(card) {
    const urls = [card.url];
    for (const block2 of card.blocks) {
      if (block2.type === "link" || block2.type === "file") urls.push(block2.url);
      if (block2.type === "list") {
        for (const item of block2.items) if (item.url !== void 0) urls.push(item.url);
      }
    }
    return urls.filter((url) => url !== "");
  }
  function checkCard(turn, card, origin) {
    turn.check("CARD-001", true, `card ${card.id} has the §6 shape`);
    turn.check("CARD-003", card.fallbackText.trim() !== "", `card ${card.id} ${card.fallbackText.trim() === "" ? "has an empty" : "has a"} fallbackText`);
    const unknown = card.blocks.filter((b) => b.type === "unknown");
    turn.check(
      "CARD-002",
      unknown.length === 0,
      unknown.length === 0 ? `card ${card.id}: every block is a §6 type` : `card ${card.id}: block type ${unknown.map((b) => b.type === "unknown" ? b.tag : "").join(", ")} is not one of §6 (shown as fallbackText)`
    );
    const bad = cardUrls(card).filter((url) => !sameOriginOrHttps(url, origin));
    turn.check("CARD-005", bad.length === 0, bad.length === 0 ? `card ${card.id}: every url is same-origin or https` : `card ${card.id}: ${bad.join(", ")} is neither same-origin nor https`);
  }
  var LINK = /\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)\)/g;
  function checkText(turn, text2, origin) {
    const bad = [...text2.matchAll(LINK)].map((m) => m[2] ?? "").filter((url) => !sameOriginOrHttps(url, origin));
    turn.check("TEXT-002", bad.length === 0, bad.length === 0 ? "every link in the text is https or same-origin" : `links to ${bad.join(", ")}`);
    const html = /<\/?[a-z][^>]*>|!\[[^\]]*\]\(/i.exec(text2);
    turn.check("TEXT-003", html === null, html === null ? "no HTML and no image in the text" : `the text holds ${html[0].slice(0, 60)} (shown as text)`);
  }
  var NEXT = {
    pending: ["pending", "running", "done", "failed", "cancelled", "expired"],
    running: ["running", "done", "failed", "cancelled"],
    done: ["done"],
    failed: ["failed"],
    cancelled: ["cancelled"],
    expired: ["expired"]
  };
  function checkAction(turn, action, before) {
    turn.check("ACT-002", true, `action ${action.id} has the §8 members`);
    if (before !== void 0 && before.status !== action.status) {
      const ok = NEXT[before.status].includes(action.status);
      turn.check("ACT-003", ok, `action ${action.id} moved from ${before.status} to ${action.status}`);
    }
    if (action.status === "running") {
      turn.check("ACT-018", action.undoUntil !== void 0, `action ${action.id} is running ${action.undoUntil === void 0 ? "without" : "with"} undoUntil`);
    }
  }
  function checkThreads(turn, list) {
    turn.check("THR-002", list.threads.length <= 50, `${list.threads.length} threads listed`);
    const times = list.threads.map((t) => Date.parse(t.updatedAt));
    const sorted = times.every((time, i) => i === 0 || (times[i - 1] ?? time) >= time);
    turn.check("THR-002", sorted, sorted ? "threads are newest first" : "threads are not newest first by updatedAt");
  }
  function checkThread(turn, detail) {
    const times = detail.messages.map((m) => Date.parse(m.createdAt));
    const sorted = times.every((time, i) => i === 0 || (times[i - 1] ?? time) <= time);
    turn.check("THR-004", sorted, sorted ? `${detail.messages.length} messages, oldest first` : "messages are not oldest first");
  }

  // clients/playground/src/voice.ts
  var USAGE_EVERY_MS = 3e4;
  var GATHER_MS = 3e3;
  var UPDATE_MS = 1e4;
  var SIGNAL_MS = 3e4;
  var MAX_TRACED = 3e3;
  function el3(tag, className, text2) {
    const node = document.createElement(tag);
    if (className !== void 0) node.className = className;
    if (text2 !== void 0) node.textContent = text2;
    return node;
  }
  var text = (value) => typeof value === "string" ? value : "";
  function shown(session2) {
    return { ...session2, clientSecret: `${session2.clientSecret.slice(0, 3)}…` };
  }
  function pendingActions(events) {
    const found = [];
    for (const result of events) {
      if (result.kind !== "event" || result.event.type !== "CUSTOM" || result.event.name !== "talkie.action") continue;
      if (result.event.value.status === "pending") found.push(result.event.value);
    }
    return found;
  }
  var VoiceCall = class {
    constructor(host, ui2) {
      this.host = host;
      this.ui = ui2;
      this.turn = host.trace.begin("voice session");
      const template = host.client.manifest.endpoints.voiceSessions ?? "";
      this.voiceSessionsPath = new URL(template, host.client.manifest.issuer).pathname;
    }
    host;
    ui;
    state = "idle";
    session;
    turn;
    pc;
    channel;
    mic;
    window;
    turnDetection;
    waiting = [];
    transcribed = /* @__PURE__ */ new Set();
    openedAt;
    usageTimer;
    clockTimer;
    traced = 0;
    lastHeard = null;
    warned = false;
    voiceSessionsPath;
    /** The turn a request to `url` belongs to, when it is this call's (the page's fetch traces into it). */
    turnFor(url) {
      const session2 = this.session;
      if (session2 === void 0) return this.state === "starting" && url.pathname === this.voiceSessionsPath ? this.turn : void 0;
      if (url.href === new URL(session2.signaling.url).href) return this.turn;
      return url.pathname.split("/").includes(encodeURIComponent(session2.voiceSessionId)) ? this.turn : void 0;
    }
    /** Talk: create the session, open the microphone and the peer connection, signal. */
    async start() {
      const client = this.host.client;
      this.setState("starting", "Creating a voice session…");
      try {
        const locale = client.manifest.locale;
        const threadId = this.host.threadId;
        const session2 = await client.voiceSession({ locale, ...threadId === void 0 ? {} : { threadId } });
        this.session = session2;
        this.turn.check("VOICE-006", true, `signaling.url ${new URL(session2.signaling.url).origin} is allowed and its host is listed`);
        this.turn.add("note", `voice session ${session2.voiceSessionId} in thread ${session2.threadId}`, shown(session2));
        this.showLimits(session2);
        this.window = new ConsentWindow(vocabulary(session2.locale, session2.consent));
        this.showConsent();
        this.setState("connecting", "Opening the microphone…");
        const mic = await navigator.mediaDevices.getUserMedia({ audio: true });
        if (this.over()) {
          for (const track of mic.getTracks()) track.stop();
          return;
        }
        this.mic = mic;
        const pc = new RTCPeerConnection({ iceServers: [] });
        this.pc = pc;
        for (const track of this.mic.getAudioTracks()) pc.addTrack(track, this.mic);
        pc.addEventListener("track", (event) => {
          this.ui.audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
        });
        pc.addEventListener("connectionstatechange", () => this.connectionChanged());
        const channel = pc.createDataChannel("oai-events");
        this.channel = channel;
        channel.addEventListener("open", () => this.channelOpened());
        channel.addEventListener("close", () => {
          this.turn.add("note", "the data channel closed");
          void this.hangUp("the data channel closed");
        });
        channel.addEventListener("message", (message) => this.received(message.data));
        await pc.setLocalDescription(await pc.createOffer());
        await this.gathered(pc);
        this.setState("connecting", "Sending the offer to the signalling URL…");
        const answer = await client.voiceSignal(session2, pc.localDescription?.sdp ?? "", AbortSignal.timeout(SIGNAL_MS));
        if (this.state === "ended") return;
        this.turn.check("VOICE-003", true, "the offer went to signaling.url with the client secret as application/sdp; an SDP answer came back");
        await pc.setRemoteDescription({ type: "answer", sdp: answer });
        this.setState("connecting", "Connecting to the speech provider…");
      } catch (error) {
        if (this.over()) return;
        this.turn.add("error", describe(error));
        if (error instanceof TalkieError && error.rule !== void 0) this.turn.check(error.rule, false, error.message);
        this.setState("failed", `Voice failed: ${describe(error)}`);
        await this.hangUp("the call could not start");
      }
    }
    /** Hung up (by the person, the provider or the session's length) while something was awaited. */
    over() {
      return this.state === "ended";
    }
    /** Hang up: close the connection and the microphone, then the final usage report (§10.3, notes N-96). */
    async hangUp(reason) {
      if (this.state === "ended") return;
      const failed = this.state === "failed";
      this.state = "ended";
      clearInterval(this.usageTimer);
      clearInterval(this.clockTimer);
      this.channel?.close();
      this.pc?.close();
      for (const track of this.mic?.getTracks() ?? []) track.stop();
      this.ui.audio.srcObject = null;
      this.turn.add("note", `hung up: ${reason}`);
      this.showConsent();
      const session2 = this.session;
      if (session2 !== void 0) {
        await this.report(true);
        this.host.ended(session2.threadId);
      }
      if (!failed) this.setState("ended", `The call ended (${reason}).`);
      else {
        this.showStatus();
        this.showButtons();
      }
    }
    // ------------------------------------------------------------ connection
    async gathered(pc) {
      if (pc.iceGatheringState === "complete") return;
      await new Promise((resolve2) => {
        const timer = setTimeout(resolve2, GATHER_MS);
        pc.addEventListener("icegatheringstatechange", () => {
          if (pc.iceGatheringState === "complete") {
            clearTimeout(timer);
            resolve2();
          }
        });
      });
    }
    connectionChanged() {
      const pc = this.pc;
      if (pc === void 0 || this.state === "ended") return;
      this.turn.add("note", `peer connection ${pc.connectionState} (ICE ${pc.iceConnectionState})`);
      if (pc.connectionState === "failed" || pc.connectionState === "closed") void this.hangUp(`the connection ${pc.connectionState}`);
      else this.showStatus();
    }
    channelOpened() {
      if (this.state === "ended") return;
      this.openedAt = performance.now();
      this.setState("connected", "Connected: speak, or hang up.");
      this.usageTimer = setInterval(() => void this.report(false), USAGE_EVERY_MS);
      this.clockTimer = setInterval(() => this.tick(), 1e3);
      this.tick();
    }
    seconds() {
      return this.openedAt === void 0 ? 0 : Math.round((performance.now() - this.openedAt) / 1e3);
    }
    tick() {
      const session2 = this.session;
      if (session2 === void 0) return;
      const used = this.seconds();
      this.ui.clock.textContent = `${used} s of ${session2.maxSeconds} s`;
      if (!this.warned && used >= session2.maxSeconds - session2.warnSeconds) {
        this.warned = true;
        this.setState("connected", `The call ends in ${session2.maxSeconds - used} s.`);
      }
      if (used >= session2.maxSeconds) void this.hangUp("the session's maximum length");
    }
    async report(final) {
      const session2 = this.session;
      if (session2 === void 0 || this.openedAt === void 0) return;
      try {
        const answer = await this.host.client.voiceUsage(session2.voiceSessionId, { seconds: this.seconds(), final });
        this.turn.add("note", `usage ${this.seconds()} s${final ? " (final)" : ""}: ${answer.remainingSeconds} s left`, answer);
        this.ui.clock.dataset.remaining = String(answer.remainingSeconds);
      } catch (error) {
        this.turn.add("error", `voiceUsage: ${describe(error)}`);
      }
    }
    // ------------------------------------------------------------ the data channel
    send(event) {
      const channel = this.channel;
      if (channel === void 0 || channel.readyState !== "open") {
        this.turn.add("error", `not sent (the data channel is ${channel?.readyState ?? "absent"}): ${text(event["type"])}`);
        return;
      }
      channel.send(JSON.stringify(event));
      this.trace("sent", event);
    }
    trace(direction, event) {
      this.traced += 1;
      const arrow = direction === "sent" ? "→" : "←";
      if (this.traced <= MAX_TRACED) this.turn.add("event", `${arrow} ${text(event["type"])}`, event);
      else if (this.traced === MAX_TRACED + 1) this.turn.add("note", `more than ${MAX_TRACED} data-channel events: the rest are not listed`);
    }
    received(data) {
      let event;
      try {
        const parsed = JSON.parse(typeof data === "string" ? data : "");
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
        event = parsed;
      } catch {
        this.turn.add("error", "a data-channel message that is not a JSON event");
        return;
      }
      this.trace("received", event);
      const before = this.window?.state;
      const decision = this.window?.feed(event) ?? null;
      if (this.window !== void 0 && (before !== this.window.state || this.window.lastHeard !== this.lastHeard)) this.consentChanged(before, decision);
      for (const waiter of this.waiting.splice(0)) waiter(event);
      switch (event["type"]) {
        case "session.created": {
          const session2 = event["session"];
          const input = session2?.["audio"]?.["input"];
          const detection = input?.["turn_detection"];
          this.turnDetection = typeof detection === "object" ? detection : void 0;
          break;
        }
        case "response.function_call_arguments.done":
          void this.tool(event);
          break;
        case "conversation.item.input_audio_transcription.completed":
          void this.transcript("user", text(event["transcript"]), text(event["item_id"]));
          break;
        case "response.output_audio_transcript.done":
          void this.transcript("assistant", text(event["transcript"]), text(event["item_id"]));
          break;
        case "error":
          this.turn.add("error", `the provider reports: ${text(event["error"]?.["message"])}`);
          break;
        default:
          break;
      }
    }
    /** The next event of `type` (and `match`), or undefined after `ms`. */
    next(type, ms) {
      return new Promise((resolve2) => {
        let done = false;
        const timer = setTimeout(() => {
          done = true;
          resolve2(void 0);
        }, ms);
        const waiter = (event) => {
          if (done) return;
          if (event["type"] === type) {
            done = true;
            clearTimeout(timer);
            resolve2(event);
          } else this.waiting.push(waiter);
        };
        this.waiting.push(waiter);
      });
    }
    /**
     * Automatic responses on or off (§10.4 step 1; back on once the window closed, notes N-97). Only turn
     * detection is touched (VOICE-010): the session's own settings with `create_response` changed. Without
     * turn detection there are no automatic responses.
     */
    async autoRespond(on) {
      const detection = this.turnDetection;
      if (detection === null || detection === void 0) {
        this.turn.add("note", "the session has no turn detection: no automatic responses to switch");
        return;
      }
      const updated = this.next("session.updated", UPDATE_MS);
      this.send({ type: "session.update", session: { type: "realtime", audio: { input: { turn_detection: { ...detection, create_response: on } } } } });
      if (await updated === void 0) this.turn.add("error", `no session.updated within ${UPDATE_MS / 1e3} s`);
    }
    // ------------------------------------------------------------ tools (§10.2)
    async tool(event) {
      const session2 = this.session;
      if (session2 === void 0) return;
      const name = text(event["name"]);
      const callId = text(event["call_id"]);
      const bubble = el3("li", "message assistant voice");
      const tools = el3("ul", "tools");
      tools.setAttribute("aria-label", "Tool calls");
      const running = el3("li", "tool running", session2.labels[name] ?? name);
      tools.append(running);
      const extras = el3("div", "extras");
      bubble.append(el3("span", "who", "Assistant (voice)"), tools, extras);
      this.ui.messages.append(bubble);
      let output;
      let actions2;
      try {
        const answer = await this.host.client.voiceTool(session2.voiceSessionId, name, { callId, arguments: text(event["arguments"]) });
        running.className = answer.ok ? "tool done" : "tool failed";
        running.textContent = `${session2.labels[name] ?? name} — ${answer.ok ? "done" : "failed"}`;
        this.host.showEvents(answer.events, extras, this.turn);
        output = answer.output;
        actions2 = pendingActions(answer.events);
      } catch (error) {
        running.className = "tool failed";
        running.textContent = `${session2.labels[name] ?? name} — failed: ${describe(error)}`;
        this.turn.add("error", `voiceTool ${name}: ${describe(error)}; no function_call_output is sent`);
        return;
      }
      const allowed = this.host.client.manifest.capabilities.actions?.voiceConfirm === true;
      const window = this.window;
      for (const action of actions2) {
        const before = window?.state;
        if (!allowed || window === void 0) {
          this.turn.add("note", `action ${action.id} waits for the button: the manifest does not allow voice confirmation`);
        } else if (ConsentWindow.offersVoice(action)) {
          await this.autoRespond(false);
          window.arm(action);
          this.turn.add("note", `consent window armed for ${action.id}: it opens when the proposal has been spoken`);
          this.consentChanged(before, null);
          break;
        } else this.turn.add("note", `action ${action.id} waits for the button: its confirm.methods leave out voice (VOICE-023)`);
      }
      this.send({ type: "conversation.item.create", item: { type: "function_call_output", call_id: callId, output } });
      this.send({ type: "response.create" });
    }
    // ------------------------------------------------------------ transcripts (§10.3)
    async transcript(role, said, itemId) {
      const session2 = this.session;
      const key = `${role} ${itemId}`;
      if (session2 === void 0 || said.trim() === "" || this.transcribed.has(key)) return;
      this.transcribed.add(key);
      const li = el3("li", `message ${role} voice`);
      li.append(el3("span", "who", role === "user" ? "You (voice)" : "Assistant (voice)"), el3("p", "body", said));
      li.dataset.itemId = itemId;
      this.ui.messages.append(li);
      try {
        await this.host.client.voiceTranscript(session2.voiceSessionId, { role, text: said, itemId });
        li.dataset.stored = "true";
      } catch (error) {
        this.turn.add("error", `voiceTranscript: ${describe(error)}`);
      }
    }
    // ------------------------------------------------------------ the consent window (§10.4)
    consentChanged(before, decision) {
      const window = this.window;
      if (window === void 0) return;
      const heard = window.lastHeard;
      if (heard !== null && heard !== this.lastHeard) {
        this.lastHeard = heard;
        const li = el3("li", `heard ${heard.verdict}`, `“${heard.text}” → ${heard.verdict}`);
        li.dataset.verdict = heard.verdict;
        this.ui.heard.append(li);
        this.turn.add("note", `consent window heard “${heard.text}”: ${heard.verdict}`);
      }
      if (before !== window.state) this.turn.add("note", `consent window ${before ?? "idle"} → ${window.state}`);
      this.showConsent();
      if (decision !== null) void this.decided(decision);
      else if (before === "open" && window.state === "closed") {
        this.turn.add("note", "two utterances were no answer: the window closed and the action waits for the button");
        void this.autoRespond(true);
      }
    }
    async decided(decision) {
      this.turn.add("note", `the window closed before the decision (§10.4 step 4): ${decision.decision} ${decision.actionId} by voice`, decision);
      await this.host.decide(decision.actionId, decision.decision);
      await this.autoRespond(true);
    }
    // ------------------------------------------------------------ the page
    setState(state, status) {
      if (this.state !== "ended") this.state = state;
      this.ui.section.dataset.state = this.state;
      this.ui.status.textContent = status;
      this.showStatus();
      this.showButtons();
    }
    showStatus() {
      const pc = this.pc;
      const parts = [`Connection: ${pc?.connectionState ?? "none"}`, `ICE: ${pc?.iceConnectionState ?? "none"}`, `data channel: ${this.channel?.readyState ?? "none"}`];
      this.ui.section.dataset.connection = pc?.connectionState ?? "none";
      this.ui.connection.textContent = parts.join(" · ");
    }
    showButtons() {
      const live = this.state === "starting" || this.state === "connecting" || this.state === "connected";
      this.ui.talk.disabled = live;
      this.ui.hangUp.disabled = !live;
    }
    showLimits(session2) {
      const dl = el3("dl", "findings");
      const row2 = (label, value) => void dl.append(el3("dt", void 0, label), el3("dd", void 0, value));
      row2("Session", session2.voiceSessionId);
      row2("Thread", session2.threadId);
      row2("Longest call", `${session2.maxSeconds} s (a warning ${session2.warnSeconds} s before the end)`);
      row2("Secret valid until", new Date(session2.expiresAt).toLocaleTimeString());
      row2("Locale", session2.locale);
      row2("Transport", `${session2.transport} · ${session2.eventProtocol}`);
      row2("Signalling", new URL(session2.signaling.url).origin);
      if (session2.consent !== void 0) {
        row2("Extra confirm words", (session2.consent.confirm ?? []).join(", ") || "none");
        row2("Extra refuse words", (session2.consent.refuse ?? []).join(", ") || "none");
      }
      this.ui.limits.replaceChildren(dl);
      this.ui.section.dataset.voiceSessionId = session2.voiceSessionId;
    }
    showConsent() {
      const window = this.window;
      const state = this.state === "ended" && window?.state !== "closed" ? "closed" : window?.state ?? "idle";
      const texts = {
        idle: "Consent window: no action waits.",
        armed: `Consent window: armed for ${window?.actionId ?? ""}, opens after the spoken proposal.`,
        reading: `Consent window: the proposal of ${window?.actionId ?? ""} is being read.`,
        open: `Consent window: open for ${window?.actionId ?? ""}${window?.keyword ? `, keyword “${window.keyword}”` : ""}. Say yes or no.`,
        closed: "Consent window: closed."
      };
      this.ui.consent.dataset.state = state;
      this.ui.consent.textContent = texts[state] ?? state;
    }
  };

  // clients/playground/src/main.ts
  function byId(id, type) {
    const node = document.getElementById(id);
    if (!(node instanceof type)) throw new Error(`the page lacks #${id}`);
    return node;
  }
  function el4(tag, className, text2) {
    const node = document.createElement(tag);
    if (className !== void 0) node.className = className;
    if (text2 !== void 0) node.textContent = text2;
    return node;
  }
  var ui = {
    connectForm: byId("connect-form", HTMLFormElement),
    address: byId("address", HTMLInputElement),
    connectStatus: byId("connect-status", HTMLElement),
    findings: byId("findings", HTMLElement),
    tokenForm: byId("token-form", HTMLFormElement),
    token: byId("token", HTMLInputElement),
    tokenHint: byId("token-hint", HTMLElement),
    oauthButton: byId("oauth-sign-in", HTMLButtonElement),
    refreshButton: byId("oauth-refresh", HTMLButtonElement),
    signOut: byId("sign-out", HTMLButtonElement),
    signedIn: byId("signed-in", HTMLElement),
    threads: byId("threads", HTMLUListElement),
    newThread: byId("new-thread", HTMLButtonElement),
    reloadThreads: byId("reload-threads", HTMLButtonElement),
    messages: byId("messages", HTMLOListElement),
    composer: byId("composer", HTMLFormElement),
    input: byId("message", HTMLTextAreaElement),
    send: byId("send", HTMLButtonElement),
    cancel: byId("cancel-run", HTMLButtonElement),
    drop: byId("drop-stream", HTMLButtonElement),
    usage: byId("usage", HTMLUListElement),
    theme: byId("theme", HTMLButtonElement),
    trace: byId("trace-turns", HTMLElement)
  };
  var voiceUi = {
    section: byId("voice", HTMLElement),
    talk: byId("talk", HTMLButtonElement),
    hangUp: byId("hang-up", HTMLButtonElement),
    status: byId("voice-status", HTMLElement),
    connection: byId("voice-connection", HTMLElement),
    clock: byId("voice-clock", HTMLElement),
    limits: byId("voice-limits", HTMLElement),
    consent: byId("consent-state", HTMLElement),
    heard: byId("consent-heard", HTMLUListElement),
    audio: byId("voice-audio", HTMLAudioElement),
    messages: ui.messages
  };
  var trace = new Trace(ui.trace);
  var call;
  var turns2 = { here: (title, url) => call?.turnFor(url) ?? trace.here(title) };
  var KEY_ITEM = `talkie-playground-key:${location.port}`;
  var session = { config: void 0, forwarding: void 0, client: void 0, origin: location.origin, pasted: void 0, oauth: void 0, threadId: void 0, run: void 0 };
  var actions = /* @__PURE__ */ new Map();
  function devKey() {
    const found = /(?:^#|&)key=([^&]+)/.exec(location.hash);
    if (found?.[1] !== void 0) {
      sessionStorage.setItem(KEY_ITEM, decodeURIComponent(found[1]));
      history.replaceState(null, "", location.pathname + location.search);
    }
    return sessionStorage.getItem(KEY_ITEM) ?? void 0;
  }
  function fetchFor(_url) {
    return tracedFetch(turns2, session.forwarding);
  }
  function token() {
    return session.oauth?.tokens.access ?? session.pasted;
  }
  var provider = {
    token,
    refresh: async () => {
      const held = session.oauth;
      if (held === void 0) return void 0;
      try {
        const tokens = await refresh(held.metadata, held.tokens, fetchFor(held.metadata.token_endpoint));
        keepTokens(tokens, held.metadata);
        trace.here("refresh").add("note", "the access token was refreshed after a 401 (AUTH-018)");
        return tokens.access;
      } catch (error) {
        trace.here("refresh").add("error", `refresh failed, sign in again: ${describe(error)}`);
        forgetTokens();
        return void 0;
      }
    }
  };
  function keepTokens(tokens, metadata) {
    session.oauth = { tokens, metadata };
    const serverId = session.client?.manifest.serverId;
    if (serverId !== void 0) saveTokens(serverId, session.oauth);
    showSignedIn();
  }
  function forgetTokens() {
    const serverId = session.client?.manifest.serverId;
    if (serverId !== void 0) saveTokens(serverId, void 0);
    session.oauth = void 0;
    session.pasted = void 0;
    showSignedIn();
  }
  function showSignedIn(text2) {
    const how = session.oauth !== void 0 ? "OAuth" : session.pasted !== void 0 ? "a pasted token" : void 0;
    ui.signedIn.textContent = text2 ?? (how === void 0 ? "Not signed in." : `Signed in with ${how}.`);
    ui.refreshButton.disabled = session.oauth?.tokens.refresh === void 0;
    ui.signOut.disabled = how === void 0;
  }
  function row(dl, label, value) {
    dl.append(el4("dt", void 0, label), el4("dd", void 0, value));
  }
  function showFindings(client, turn) {
    const m = client.manifest;
    const dl = el4("dl", "findings");
    row(dl, "Name", m.name);
    row(dl, "Description", m.description);
    row(dl, "Issuer", m.issuer);
    row(dl, "Server id", m.serverId);
    row(dl, "Manifest", client.manifestUrl.href);
    row(dl, "Locale", m.locale);
    row(dl, "Sign-in", [`OAuth at ${m.auth.oauth.issuer} (${m.auth.oauth.scopes.join(" ")})`, m.auth.token === void 0 ? "" : "pasted token"].filter((s) => s !== "").join("; "));
    const names = Object.keys(m.endpoints);
    row(dl, "Endpoints", names.map((n) => `${n}${client.supports(n) ? "" : " (left out: another origin)"}`).join(", "));
    row(dl, "Voice", m.capabilities.voice === void 0 ? "no" : `${m.capabilities.voice.transports.join(", ")} · ${m.capabilities.voice.eventProtocols.join(", ")} · signalling hosts ${m.capabilities.voice.signalingHosts.join(", ")}`);
    row(dl, "Card blocks", m.capabilities.cards?.blocks.join(", ") ?? "not said");
    row(dl, "Voice confirmation", m.capabilities.actions?.voiceConfirm === true ? "allowed" : "no");
    row(dl, "Message limit", `${m.limits.maxMessageChars} characters`);
    row(dl, "Accent", m.brand.accent);
    row(dl, "Test mode", m.testMode ? "on (§11 test commands answer)" : "off");
    ui.findings.replaceChildren(el4("h3", void 0, "What the manifest says"), dl);
    ui.tokenHint.textContent = m.auth.token === void 0 ? "This server offers no pasted tokens." : `Where to get one: ${m.auth.token.hint}`;
    ui.input.maxLength = m.limits.maxMessageChars;
    turn.check("MAN-004", true, `spec ${m.spec}`);
    turn.check("MAN-027", true, `issuer ${m.issuer} is the origin the manifest came from`);
    const left = names.filter((n) => !client.supports(n));
    if (left.length > 0) turn.add("note", `endpoints on another origin, left out (MAN-011): ${left.join(", ")}`);
  }
  async function connect(address) {
    const turn = trace.begin(`discovery: ${address}`);
    ui.connectStatus.textContent = "Connecting…";
    try {
      const client = await TalkieClient.connect(address, {
        development: true,
        tokens: provider,
        fetch: tracedFetch(turns2, session.forwarding),
        onWarning: (w) => trace.here("stream").check(w.rule, false, w.message),
        approveForeignEndpoints: () => false
      });
      session.client = client;
      session.origin = new URL(client.manifest.issuer).origin;
      ui.connectStatus.textContent = `Connected to ${client.manifest.name}.`;
      showFindings(client, turn);
      session.oauth = loadTokens(client.manifest.serverId);
      showSignedIn();
      document.body.dataset.connected = "true";
      voiceUi.section.hidden = client.manifest.capabilities.voice === void 0 || !client.supports("voiceSessions");
      if (token() !== void 0) await afterSignIn();
    } catch (error) {
      ui.connectStatus.textContent = describe(error);
      document.body.dataset.connected = "false";
      turn.add("error", describe(error));
      if (error instanceof TalkieError && error.rule !== void 0) turn.check(error.rule, false, error.message);
    }
  }
  async function afterSignIn() {
    const client = session.client;
    if (client === void 0) return;
    const turn = trace.begin("status");
    try {
      const status = await client.status();
      showSignedIn(`Signed in as ${status.user.name} (${session.oauth !== void 0 ? "OAuth" : "pasted token"}).`);
      turn.add("note", `user ${status.user.name}; chat ${String(status.chat)}, voice ${String(status.voice)}`, status);
      showUsage(status.usage);
    } catch (error) {
      showSignedIn(describe(error));
      turn.add("error", describe(error));
      return;
    }
    await loadThreads();
  }
  function showUsage(usage) {
    ui.usage.replaceChildren(...usage.map((u) => el4("li", void 0, `${u.label}: ${u.used} of ${u.limit} ${u.unit}`)));
  }
  async function loadThreads() {
    const client = session.client;
    if (client === void 0 || !client.supports("threads")) return;
    const turn = trace.begin("threads");
    try {
      const list = await client.threads();
      checkThreads(turn, list);
      ui.threads.replaceChildren(
        ...list.threads.map((t) => {
          const li = el4("li", t.id === session.threadId ? "current" : void 0);
          const open2 = el4("button", "link", t.title !== "" ? t.title : t.id);
          open2.type = "button";
          open2.addEventListener("click", () => void openThread(t.id));
          const del = el4("button", "small danger", "Delete");
          del.type = "button";
          del.setAttribute("aria-label", `Delete thread ${t.title !== "" ? t.title : t.id}`);
          del.addEventListener("click", () => void deleteThread(t.id));
          li.dataset.threadId = t.id;
          li.append(open2, el4("span", "muted", ` ${t.channel}`), del);
          return li;
        })
      );
      if (list.threads.length === 0) ui.threads.append(el4("li", "muted", "No threads yet."));
    } catch (error) {
      turn.add("error", describe(error));
    }
  }
  function storedMessage(message, ctx, turn) {
    const li = el4("li", `message ${message.role}`);
    li.append(el4("span", "who", message.role === "user" ? "You" : "Assistant"));
    const body = el4("div", "body");
    body.append(render(message.content, session.origin));
    li.append(body);
    for (const card of message.cards) {
      checkCard(turn, card, session.origin);
      li.append(cardView(card, ctx));
    }
    return li;
  }
  function showAction(action, into, turn) {
    const view = actions.get(action.id);
    checkAction(turn, action, view?.action);
    if (view === void 0) {
      const fresh = new ActionView(action, context);
      actions.set(action.id, fresh);
      into.append(fresh.element);
    } else {
      view.update(action);
      if (!view.element.isConnected) into.append(view.element);
    }
  }
  async function openThread(threadId) {
    const client = session.client;
    if (client === void 0) return;
    const turn = trace.begin(`open thread ${threadId}`);
    try {
      const detail = await client.thread(threadId);
      checkThread(turn, detail);
      session.threadId = detail.thread.id;
      ui.messages.replaceChildren(...detail.messages.map((m) => storedMessage(m, context, turn)));
      if (detail.actions.length > 0) {
        const li = el4("li", "message assistant");
        li.append(el4("span", "who", "Actions of this thread"));
        for (const action of detail.actions) showAction(action, li, turn);
        ui.messages.append(li);
      }
      await loadThreads();
    } catch (error) {
      turn.add("error", describe(error));
    }
  }
  async function deleteThread(threadId) {
    const client = session.client;
    if (client === void 0) return;
    const turn = trace.begin(`delete thread ${threadId}`);
    try {
      await client.deleteThread(threadId);
      turn.add("note", `thread ${threadId} deleted (its pending actions are cancelled)`);
      if (session.threadId === threadId) {
        session.threadId = void 0;
        ui.messages.replaceChildren();
      }
    } catch (error) {
      turn.add("error", describe(error));
    }
    await loadThreads();
  }
  function summary(result) {
    if (result.kind === "error") return `not readable: ${result.message}`;
    if (result.kind === "unknown") return `${result.event.type} (not talkie/1: ignored)`;
    const e = result.event;
    switch (e.type) {
      case "RUN_STARTED":
        return `RUN_STARTED thread ${e.threadId} run ${e.runId}`;
      case "TEXT_MESSAGE_CONTENT":
        return `TEXT_MESSAGE_CONTENT ${JSON.stringify(e.delta.slice(0, 60))}`;
      case "TOOL_CALL_START":
        return `TOOL_CALL_START ${e.toolCallName} ${e.metadata?.label ?? ""}`;
      case "TOOL_CALL_END":
        return `TOOL_CALL_END ${e.toolCallId} ok ${String(e.metadata.ok)}`;
      case "RUN_ERROR":
        return `RUN_ERROR ${e.code}: ${e.message}`;
      case "CUSTOM":
        return `CUSTOM ${e.name}`;
      default:
        return e.type;
    }
  }
  var context = {
    get origin() {
      return session.origin;
    },
    token,
    get fetch() {
      return fetchFor(session.origin);
    },
    begin: (title) => trace.begin(title),
    decide: (action, decision, method) => {
      const client = session.client;
      if (client === void 0) return Promise.reject(new Error("not connected"));
      return client.decide(action, { decision, paramsHash: action.paramsHash, method });
    },
    refresh: (actionId) => {
      const client = session.client;
      if (client === void 0) return Promise.reject(new Error("not connected"));
      return client.action(actionId);
    },
    supports: (endpoint) => session.client?.supports(endpoint) ?? false,
    showEvents: (events, into, turn) => showEvents(events, into, turn)
  };
  function showEvents(events, into, turn) {
    for (const result of events) {
      turn.add("event", summary(result), result.kind === "error" ? result : result.event);
      if (result.kind !== "event" || result.event.type !== "CUSTOM") continue;
      const e = result.event;
      if (e.name === "talkie.card") {
        checkCard(turn, e.value, session.origin);
        into.append(cardView(e.value, context));
      } else if (e.name === "talkie.action") showAction(e.value, into, turn);
      else if (e.name === "talkie.open") into.append(openLink(e.value.url, e.value.label));
      else if (e.name === "talkie.usage") showUsage(e.value.usage);
    }
  }
  function openLink(url, label) {
    const p = el4("p", "open-link");
    const wrap = el4("div");
    wrap.append(render(`[${label.replace(/[[\]]/g, "")}](${url})`, session.origin));
    p.append(el4("span", "muted", "Suggested link: "), ...Array.from(wrap.querySelector("p")?.childNodes ?? []));
    return p;
  }
  function toolLabel(call2) {
    const text2 = call2.label ?? call2.name;
    if (!call2.done) return `${text2}`;
    return call2.ok === false ? `${text2} — failed${call2.error === void 0 ? "" : `: ${call2.error}`}` : `${text2} — done`;
  }
  var Bubble = class {
    element = el4("li", "message assistant");
    tools = el4("ul", "tools");
    text = el4("div", "body");
    extras = el4("div", "extras");
    end = el4("p", "run-end");
    cardsShown = /* @__PURE__ */ new Map();
    linksShown = /* @__PURE__ */ new Set();
    constructor() {
      this.tools.setAttribute("aria-label", "Tool calls");
      this.end.setAttribute("role", "status");
      this.element.append(el4("span", "who", "Assistant"), this.tools, this.text, this.extras, this.end);
    }
    draw(run, turn) {
      const state = run.state;
      this.tools.replaceChildren(...[...state.toolCalls.values()].map((c) => el4("li", c.done ? c.ok === false ? "tool failed" : "tool done" : "tool running", toolLabel(c))));
      const fragment = document.createDocumentFragment();
      for (const t of state.texts.values()) fragment.append(render(t.text, session.origin));
      this.text.replaceChildren(fragment);
      for (const card of state.cards.values()) this.card(card, turn);
      for (const action of state.actions.values()) {
        if (actions.get(action.id)?.action.version !== action.version || !actions.has(action.id)) showAction(action, this.extras, turn);
      }
      state.links.forEach((link, i) => {
        if (this.linksShown.has(i)) return;
        this.linksShown.add(i);
        this.extras.append(openLink(link.url, link.label));
      });
      if (state.usage !== void 0) showUsage(state.usage);
    }
    card(card, turn) {
      if (this.cardsShown.get(card.id) === card.version) return;
      this.cardsShown.set(card.id, card.version);
      checkCard(turn, card, session.origin);
      const view = cardView(card, context);
      const old = this.extras.querySelector(`[data-card-id="${CSS.escape(card.id)}"]`);
      if (old === null) this.extras.append(view);
      else old.replaceWith(view);
    }
    /** Stored messages of a recovery, in place of what the stream did not deliver. */
    recovered(reply, turn) {
      const fragment = document.createDocumentFragment();
      for (const m of reply) fragment.append(render(m.content, session.origin));
      this.text.replaceChildren(fragment);
      for (const m of reply) for (const card of m.cards) this.card(card, turn);
    }
    /** The run's last line; `failed`: it says why the run failed (`data-failed` on the line). */
    finish(text2, retry, failed = false) {
      this.end.dataset.failed = String(failed);
      this.end.replaceChildren(document.createTextNode(text2));
      if (retry !== void 0) {
        const button = el4("button", "small", "Retry");
        button.type = "button";
        button.addEventListener("click", () => {
          button.disabled = true;
          retry();
        });
        this.end.append(document.createTextNode(" "), button);
      }
    }
  };
  function busy(on) {
    ui.send.disabled = on;
    ui.cancel.disabled = !on;
    ui.drop.disabled = !on;
    document.body.dataset.running = on ? "true" : "false";
  }
  async function send(text2, messageId) {
    const client = session.client;
    if (client === void 0 || session.run !== void 0) return;
    const turn = trace.begin(`run: ${text2}`);
    const controller = new AbortController();
    const run = client.run(text2, { ...session.threadId === void 0 ? {} : { threadId: session.threadId }, ...messageId === void 0 ? {} : { messageId }, signal: controller.signal });
    session.run = { run, controller, cancelled: false };
    turn.add("note", `thread ${run.threadId}, run ${run.runId}, message ${run.messageId}`);
    const user = el4("li", "message user");
    user.append(el4("span", "who", "You"), el4("p", "body", text2));
    const bubble = new Bubble();
    bubble.element.dataset.settled = "false";
    ui.messages.append(user, bubble.element);
    busy(true);
    let failure = void 0;
    try {
      for await (const result of run) {
        turn.add("event", summary(result), result.kind === "error" ? result : result.event);
        bubble.draw(run, turn);
        bubble.element.scrollIntoView({ block: "end" });
      }
    } catch (error) {
      failure = error;
    }
    session.threadId = run.threadId;
    const held = session.run;
    session.run = void 0;
    busy(false);
    const exempt = text2.startsWith("talkie-test:echo ");
    for (const t of run.state.texts.values()) if (t.done && !exempt) checkText(turn, t.text, session.origin);
    const end = run.state.end;
    if (failure !== void 0) {
      turn.add("error", describe(failure));
      const unanswered = failure instanceof TalkieError && failure.kind === "network" && failure.retryable;
      bubble.finish(describe(failure), unanswered ? () => void send(text2, run.messageId) : void 0, true);
    } else if (end?.kind === "error") {
      bubble.finish(`The run failed (${end.code}): ${end.message}`, end.retryable ? () => void send(text2) : void 0, true);
    } else if (end?.kind === "finished") {
      bubble.finish(held?.cancelled === true ? "Cancelled; the run finished." : "", void 0);
    } else if (run.dropped) {
      bubble.finish("The stream dropped; loading the thread to recover the reply (RUN-029)…", void 0);
      turn.add("note", "the stream ended without RUN_FINISHED or RUN_ERROR: a drop is not a cancel, the run goes on at the server; recovering by loading the thread");
      try {
        const recovery = await run.recover({ attempts: 60, interval: 500 });
        turn.check("RUN-029", recovery.reply.length > 0, recovery.reply.length > 0 ? `the stored thread holds ${recovery.reply.length} reply message(s)` : "no reply stored");
        bubble.recovered(recovery.reply, turn);
        for (const action of recovery.thread.actions) showAction(action, bubble.element, turn);
        bubble.finish("Recovered from the stored thread after the stream dropped.", void 0);
      } catch (error) {
        bubble.finish(`Recovery failed: ${describe(error)}`, void 0, true);
        turn.add("error", describe(error));
      }
    }
    await loadThreads();
    bubble.element.dataset.settled = "true";
  }
  function talk() {
    const client = session.client;
    if (client === void 0 || call !== void 0 && call.state !== "ended" && call.state !== "failed") return;
    voiceUi.heard.replaceChildren();
    voiceUi.clock.textContent = "";
    call = new VoiceCall(
      {
        client,
        trace,
        threadId: session.threadId,
        showEvents,
        decide: async (actionId, decision) => {
          const view = actions.get(actionId);
          if (view === void 0) throw new Error(`action ${actionId} is not shown`);
          await view.decide(decision, "voice");
        },
        ended: (threadId) => {
          session.threadId = threadId;
          void loadThreads();
        }
      },
      voiceUi
    );
    void call.start();
  }
  voiceUi.talk.addEventListener("click", talk);
  voiceUi.hangUp.addEventListener("click", () => void call?.hangUp("hung up by you"));
  ui.connectForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void connect(ui.address.value);
  });
  ui.tokenForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = ui.token.value.trim();
    if (value === "") return;
    session.pasted = value;
    session.oauth = void 0;
    ui.token.value = "";
    showSignedIn();
    void afterSignIn();
  });
  ui.oauthButton.addEventListener("click", () => {
    const client = session.client;
    if (client === void 0) return;
    const turn = trace.begin("OAuth sign-in");
    const auth = client.manifest.auth.oauth;
    const forwarding = session.forwarding;
    if (forwarding !== void 0 && new URL(auth.issuer).origin !== forwarding.origin) {
      const why = `The authorization server ${auth.issuer} is not on ${forwarding.origin}, the one origin the playground forwards to: paste a token instead.`;
      turn.add("error", why);
      showSignedIn(why);
      return;
    }
    discover(auth.issuer, fetchFor(auth.issuer)).then((metadata) => start({ serverId: client.manifest.serverId, issuer: client.manifest.issuer, target: ui.address.value, scopes: auth.scopes, metadata })).then((url) => {
      turn.add("note", `to the authorization endpoint: ${url.origin}${url.pathname}`);
      location.assign(url.href);
    }).catch((error) => {
      turn.add("error", describe(error));
      showSignedIn(describe(error));
    });
  });
  ui.refreshButton.addEventListener("click", () => {
    void provider.refresh?.().then((fresh) => fresh === void 0 ? void 0 : afterSignIn());
  });
  ui.signOut.addEventListener("click", () => {
    const held = session.oauth;
    const turn = trace.begin("sign out");
    const done = () => {
      forgetTokens();
      ui.threads.replaceChildren();
      turn.add("note", "the tokens are forgotten");
    };
    if (held === void 0) return done();
    const endpoint = held.metadata.revocation_endpoint;
    revoke(held.metadata, held.tokens, fetchFor(endpoint ?? held.metadata.token_endpoint)).then((revoked) => turn.add("note", revoked ? "the token was revoked (RFC 7009)" : "the authorization server offers no revocation")).catch((error) => turn.add("error", `revocation failed: ${describe(error)}`)).finally(done);
  });
  ui.composer.addEventListener("submit", (event) => {
    event.preventDefault();
    const text2 = ui.input.value.trim();
    if (text2 === "") return;
    ui.input.value = "";
    void send(text2);
  });
  ui.input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      ui.composer.requestSubmit();
    }
  });
  ui.cancel.addEventListener("click", () => {
    const held = session.run;
    if (held === void 0) return;
    held.cancelled = true;
    trace.here("cancel").add("note", `cancel asked for run ${held.run.runId}; reading on until the stream ends`);
    held.run.cancel().catch((error) => trace.here("cancel").add("error", describe(error)));
  });
  ui.drop.addEventListener("click", () => {
    const held = session.run;
    if (held === void 0) return;
    trace.here("drop").add("note", "the page closes the stream (a disconnect, not a cancel)");
    held.controller.abort();
  });
  ui.newThread.addEventListener("click", () => {
    session.threadId = void 0;
    ui.messages.replaceChildren();
    void loadThreads();
  });
  ui.reloadThreads.addEventListener("click", () => void loadThreads());
  var THEME_ITEM = "talkie-playground-theme";
  function applyTheme(theme) {
    const dark = theme === "dark" || theme === null && matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    ui.theme.setAttribute("aria-pressed", String(dark));
    ui.theme.textContent = dark ? "Light theme" : "Dark theme";
  }
  ui.theme.addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    localStorage.setItem(THEME_ITEM, next);
    applyTheme(next);
  });
  applyTheme(localStorage.getItem(THEME_ITEM));
  async function boot() {
    busy(false);
    showSignedIn();
    const key = devKey();
    if (key !== void 0) {
      const turn = trace.begin("playground config");
      try {
        const response = await fetch("/_mock/playground/config", { headers: { "X-Talkie-Mock-Key": key } });
        if (response.ok) {
          const config = await response.json();
          session.config = config;
          if (config.forward !== null) session.forwarding = { origin: new URL(config.target).origin, prefix: config.forward, key };
          ui.address.value = config.target;
          turn.add("note", `target ${config.target}${config.forward === null ? "" : ` through ${config.forward}`}`);
        } else turn.add("error", `the config answered ${response.status}: open the link the playground printed`);
      } catch (error) {
        turn.add("error", describe(error));
      }
    }
    if (ui.address.value === "") ui.address.value = location.origin;
    if (session.forwarding === void 0) {
      const picker = { section: byId("scenarios", HTMLElement), select: byId("scenario", HTMLSelectElement), person: byId("scenario-person", HTMLElement) };
      showPicker(picker, await listScenarios(key), (url) => {
        ui.address.value = url;
        void connect(url);
      });
    }
    const params = new URLSearchParams(location.search);
    const callback = location.pathname.endsWith("/callback") && (params.has("code") || params.has("error"));
    if (callback) history.replaceState(null, "", location.pathname.replace(/callback$/, ""));
    await connect(ui.address.value);
    if (callback && session.client !== void 0) {
      const turn = trace.begin("OAuth callback");
      try {
        const { tokens, pending } = await finish(params, fetchFor);
        if (pending.serverId !== session.client.manifest.serverId || pending.issuer !== session.client.manifest.issuer) {
          throw new Error("the sign-in was started for another server (state is bound to serverId and issuer)");
        }
        turn.add("note", "signed in with Authorization Code + PKCE S256; state and iss checked");
        keepTokens(tokens, pending.metadata);
        await afterSignIn();
      } catch (error) {
        turn.add("error", describe(error));
        showSignedIn(describe(error));
      }
    }
  }
  void boot();
})();
