/**
 * talkie-types: the talkie/1 wire types for TypeScript clients, generated from the protocol's JSON Schemas,
 * with an SSE reader and the tolerant event parser a client needs to read a run.
 */
export * from "./generated/errors.js";
export * from "./generated/tables.js";
export type * from "./generated/types.js";
export { type ChunkSource, readSse, SseParser, type SseMessage } from "./sse.js";
export { type Profile, type Validation, validate } from "./validate.js";
export {
  ChunkError,
  ChunkExpander,
  type CustomName,
  type EventType,
  isKnownEvent,
  type OtherEvent,
  parseEvent,
  type ParseResult,
  readEvents,
} from "./parse.js";
