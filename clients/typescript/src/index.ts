/**
 * talkie-types: a talkie/1 client for TypeScript apps. `TalkieClient` discovers a server and calls it; the
 * wire types are generated from the protocol's JSON Schemas; the SSE reader, the tolerant parser, the stream
 * checks and the run state are what it is built from, exported for apps that need them on their own; the
 * consent window of §10.4 is a port of the reference implementation.
 */
export * from "./generated/errors.js";
export * from "./generated/tables.js";
export * from "./generated/rules.js";
export type * from "./generated/types.js";
export {
  type ChunkReader,
  type ChunkReadResult,
  type ChunkSource,
  DEFAULT_MAX_EVENT,
  DEFAULT_MAX_LINE,
  readSse,
  SseLimitError,
  type SseLimits,
  SseParser,
  type SseMessage,
} from "./sse.js";
export {
  check,
  formatPath,
  isSchemaTitle,
  type OpaquePart,
  type PathSegment,
  type Profile,
  schemaId,
  type Validation,
  validate,
} from "./validate.js";
export {
  ChunkError,
  ChunkExpander,
  type CustomName,
  decode,
  type Decoded,
  isKnownEvent,
  type OtherEvent,
  parseEvent,
  type ParseResult,
  readEvents,
} from "./parse.js";
export { retryAfterSeconds, TalkieError, type TalkieErrorKind } from "./errors.js";
export { StreamChecker, type StreamWarning } from "./checks.js";
export { type RunEnd, RunState, type TextState, type ToolCallState } from "./state.js";
export {
  type ClientOptions,
  DEFAULT_MAX_RUN_BYTES,
  DEFAULT_MAX_RUN_EVENTS,
  fillTemplate,
  manifestUrl,
  newId,
  readManifest,
  type Recovery,
  Run,
  type RunInput,
  type RunOptions,
  TalkieClient,
  type TokenProvider,
} from "./client.js";
export {
  type ArmableAction,
  classify,
  CONSENT_FALLBACK,
  CONSENT_WORDS,
  ConsentWindow,
  type ConsentWords,
  type ConsentWordsExtra,
  fold,
  type Heard,
  MAX_WORDS,
  STRIKES,
  type Verdict,
  type Vocabulary,
  vocabulary,
  type VoiceDecision,
  type WindowState,
} from "./consent.js";
