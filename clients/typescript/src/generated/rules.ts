// Generated from spec/rules.yaml — do not edit; regenerate with `python3 dev.py codegen`.

/** The rules of spec/rules.yaml the client's checks name, by id. */
export const RULES = {
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
} as const;
/** The id of a rule the client names. */
export type RuleId = keyof typeof RULES;
