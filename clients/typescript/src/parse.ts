/**
 * Reading run-stream events the way talkie/1 §5 tells a client to: unknown event types and unknown CUSTOM
 * names are ignored, a known event that breaks its schema is an error, and AG-UI's chunk shorthands are
 * expanded into the events they stand for. Mirrors the tolerant profile of `talkie_models` (Python).
 */
import {
  CUSTOM_NAME_TAG,
  CUSTOM_SCHEMAS,
  CUSTOM_TYPE,
  EVENT_SCHEMAS,
  EVENT_TAG,
  type SchemaTitle,
  UNKNOWN_TAG,
} from "./generated/tables.js";
import type { Event, SchemaTypes } from "./generated/types.js";
import { type ChunkSource, readSse } from "./sse.js";
import { check, type OpaquePart, type PathSegment, type Profile } from "./validate.js";

/**
 * Any event object whose type (or CUSTOM name) talkie/1 does not define. It reaches the app as
 * `{kind: "unknown", event}`: the result's `kind`, not the event's `type`, tells it from a known event, so
 * `event.type` narrows the known `Event` union exhaustively (notes N-89).
 */
export interface OtherEvent {
  type: string;
  [member: string]: unknown;
}

/** What one `data` payload turned out to be. */
export type ParseResult =
  /** A talkie/1 event; `opaque` lists the paths of nested parts with an unknown tag (now `Unknown…` values). */
  | { kind: "event"; event: Event; opaque: string[] }
  /** An event type or CUSTOM name talkie/1 does not define: clients ignore it. */
  | { kind: "unknown"; event: OtherEvent }
  /** Not an event, or a known event that breaks its schema. */
  | { kind: "error"; type?: string; message: string; errors: string[] };

export type CustomName = keyof typeof CUSTOM_SCHEMAS;

/** What `decode` made of a value: the typed value (unknown nested members as `Unknown…`) or the problems. */
export type Decoded<T> = { ok: true; value: T; opaque: string[] } | { ok: false; errors: string[] };

type Json = { [key: string]: unknown };

/** A copy of `value` with `replace` applied at `path` (only the objects on the path are copied). */
function replaceAt(value: unknown, path: readonly PathSegment[], replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === "number") {
    const copy = [...value];
    copy[head] = replaceAt(value[head], rest, replace);
    return copy;
  }
  if (typeof value === "object" && value !== null && typeof head === "string") {
    return { ...(value as Json), [head]: replaceAt((value as Json)[head], rest, replace) };
  }
  return value;
}

/**
 * The value with every opaque part replaced by its `Unknown…` form: `{<tag>: "unknown", tag, raw}`. The
 * received object stays untouched, so an app can still store or forward exactly what the server sent.
 */
function withFallbacks(value: unknown, parts: readonly OpaquePart[]): unknown {
  let out = value;
  for (const part of parts) {
    out = replaceAt(out, part.path, (old) => {
      const raw = old as Json;
      return { [part.tagProperty]: UNKNOWN_TAG, tag: String(raw[part.tagProperty]), raw };
    });
  }
  return out;
}

/**
 * Read a value of the schema titled `title` as talkie/1 tells a receiver to: unknown members ignored, a
 * nested member with an unknown tag (a future block type, a future outcome) handed on as its typed
 * `Unknown…` value, anything else that breaks the schema refused.
 */
export function decode<T extends SchemaTitle>(title: T, value: unknown, profile: Profile = "tolerant"): Decoded<SchemaTypes[T]> {
  const result = check(title, value, profile);
  if (result.errors.length > 0) return { ok: false, errors: result.errors };
  return { ok: true, value: withFallbacks(value, result.opaqueParts) as SchemaTypes[T], opaque: result.opaque };
}

const has = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

function schemaOf(value: { [key: string]: unknown }): string | undefined {
  const type = value[EVENT_TAG];
  if (typeof type !== "string") return undefined;
  if (type === CUSTOM_TYPE) {
    const name = value[CUSTOM_NAME_TAG];
    return typeof name === "string" && has(CUSTOM_SCHEMAS, name)
      ? CUSTOM_SCHEMAS[name as CustomName]
      : undefined;
  }
  return has(EVENT_SCHEMAS, type) ? EVENT_SCHEMAS[type as keyof typeof EVENT_SCHEMAS] : undefined;
}

/** Read one event: the JSON text of an SSE `data` field, or an already decoded value. */
export function parseEvent(data: unknown, profile: Profile = "tolerant"): ParseResult {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch (error) {
      return { kind: "error", message: "event is not JSON", errors: [`$: ${(error as Error).message}`] };
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { kind: "error", message: "event is not a JSON object", errors: ["$: expected an object"] };
  }
  const object = value as { [key: string]: unknown };
  const type = object[EVENT_TAG];
  if (typeof type !== "string") {
    return { kind: "error", message: "event has no type", errors: [`$.${EVENT_TAG}: a string is required`] };
  }
  if (type === CUSTOM_TYPE && typeof object[CUSTOM_NAME_TAG] !== "string") {
    return {
      kind: "error",
      type,
      message: `invalid ${type} event`,
      errors: [`$.${CUSTOM_NAME_TAG}: a string is required`],
    };
  }
  const schema = schemaOf(object);
  if (schema === undefined) return { kind: "unknown", event: object as OtherEvent };
  const result = check(schema, object, profile);
  if (result.errors.length > 0) {
    const label = type === CUSTOM_TYPE ? `${type} ${String(object[CUSTOM_NAME_TAG])}` : type;
    return { kind: "error", type, message: `invalid ${label} event`, errors: result.errors };
  }
  return { kind: "event", event: withFallbacks(object, result.opaqueParts) as Event, opaque: result.opaque };
}

/** Whether a decoded value is a talkie/1 event of a known type (and known CUSTOM name) that parses. */
export function isKnownEvent(value: unknown): value is Event {
  return parseEvent(value === null || typeof value !== "object" ? undefined : value).kind === "event";
}

/** A chunk event that cannot be expanded: it continues nothing and names no message or call of its own. */
export class ChunkError extends Error {
  constructor(
    readonly type: string,
    readonly errors: string[],
  ) {
    super(`invalid ${type} event`);
  }
}

// Members every AG-UI event may carry; a chunk hands them on to the event that opens its sequence.
const COMMON = ["timestamp", "metadata", "subagentRunId"];

function carried(chunk: Json, ...names: string[]): Json {
  const out: Json = {};
  for (const name of [...COMMON, ...names]) if (chunk[name] !== undefined && chunk[name] !== null) out[name] = chunk[name];
  return out;
}

function idOf(chunk: Json, key: string, open: string | undefined): string {
  const value = chunk[key] ?? open;
  if (value === undefined) throw new ChunkError(String(chunk.type), [`$.${key}: opens nothing without it`]);
  if (typeof value !== "string") throw new ChunkError(String(chunk.type), [`$.${key}: a string is required`]);
  return value;
}

/**
 * Expands AG-UI's chunk shorthands as `talkie_models` does (notes N-28, N-47). `TEXT_MESSAGE_CHUNK` with a new
 * `messageId` closes an open chunked message and opens the new one (role `assistant` unless given); its
 * `delta` becomes `TEXT_MESSAGE_CONTENT`; without `messageId` it continues the open message. `TOOL_CALL_CHUNK`
 * opens a call (`TOOL_CALL_START`) and turns its `delta` into `TOOL_CALL_ARGS`, which talkie/1 does not use;
 * it never invents a `TOOL_CALL_END`, whose `metadata.ok` only the server can tell. Any other event, and
 * the end of the stream, closes an open chunked message.
 */
export class ChunkExpander {
  private message: string | undefined;
  private toolCall: string | undefined;

  /** The events that stand for `value` (itself, unless it is a chunk); throws `ChunkError` for a broken chunk. */
  push(value: unknown): unknown[] {
    const event = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
    if (event?.type === "TEXT_MESSAGE_CHUNK") return this.text(event);
    if (event?.type === "TOOL_CALL_CHUNK") return this.tool(event);
    return [...this.close(), value];
  }

  /** End of the chunked sequence (another event or the end of the stream): close an open message. */
  close(): unknown[] {
    this.toolCall = undefined;
    const message = this.message;
    this.message = undefined;
    return message === undefined ? [] : [{ type: "TEXT_MESSAGE_END", messageId: message }];
  }

  private text(chunk: Json): unknown[] {
    this.toolCall = undefined;
    const message = idOf(chunk, "messageId", this.message);
    const out: unknown[] = [];
    if (message !== this.message) {
      out.push(...this.close());
      const start = { type: "TEXT_MESSAGE_START", messageId: message, role: chunk.role || "assistant" };
      out.push({ ...start, ...carried(chunk, "name") });
      this.message = message;
    }
    if (chunk.delta !== undefined && chunk.delta !== null) {
      out.push({ type: "TEXT_MESSAGE_CONTENT", messageId: message, delta: chunk.delta });
    }
    return out;
  }

  private tool(chunk: Json): unknown[] {
    const out = this.message !== undefined ? this.close() : [];
    const call = idOf(chunk, "toolCallId", this.toolCall);
    if (call !== this.toolCall) {
      const start = { type: "TOOL_CALL_START", toolCallId: call, toolCallName: chunk.toolCallName };
      out.push({ ...start, ...carried(chunk, "parentMessageId") });
      this.toolCall = call;
    }
    if (chunk.delta !== undefined && chunk.delta !== null) {
      out.push({ type: "TOOL_CALL_ARGS", toolCallId: call, delta: chunk.delta });
    }
    return out;
  }
}

/** Read a run's response body: SSE parsing, chunk expansion and tolerant parsing in one loop. */
export async function* readEvents(source: ChunkSource, profile: Profile = "tolerant"): AsyncGenerator<ParseResult> {
  const expander = new ChunkExpander();
  for await (const message of readSse(source)) {
    let value: unknown;
    try {
      value = JSON.parse(message.data);
    } catch {
      yield parseEvent(message.data, profile); // reports the JSON error
      continue;
    }
    let events: unknown[];
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
