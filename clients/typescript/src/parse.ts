/**
 * Reading run-stream events the way talkie/1 §5 tells a client to: unknown event types and unknown CUSTOM
 * names are ignored, a known event that breaks its schema is an error, and AG-UI's chunk shorthands are
 * expanded into the events they stand for. Mirrors the tolerant profile of `talkie_models` (Python).
 */
import { CUSTOM_NAME_TAG, CUSTOM_SCHEMAS, CUSTOM_TYPE, EVENT_SCHEMAS, EVENT_TAG } from "./generated/tables.js";
import type { Event } from "./generated/types.js";
import { type ChunkSource, readSse } from "./sse.js";
import { type Profile, validate } from "./validate.js";

/** Any event object whose type (or CUSTOM name) talkie/1 does not define. */
export interface OtherEvent {
  type: string;
  [member: string]: unknown;
}

/** What one `data` payload turned out to be. */
export type ParseResult =
  /** A talkie/1 event; `opaque` lists the paths of nested parts with an unknown tag (show `fallbackText`). */
  | { kind: "event"; event: Event; opaque: string[] }
  /** An event type or CUSTOM name talkie/1 does not define: clients ignore it. */
  | { kind: "unknown"; event: OtherEvent }
  /** Not an event, or a known event that breaks its schema. */
  | { kind: "error"; type?: string; message: string; errors: string[] };

export type EventType = keyof typeof EVENT_SCHEMAS | typeof CUSTOM_TYPE;
export type CustomName = keyof typeof CUSTOM_SCHEMAS;

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
  const result = validate(schema, object, profile);
  if (result.errors.length > 0) {
    const label = type === CUSTOM_TYPE ? `${type} ${String(object[CUSTOM_NAME_TAG])}` : type;
    return { kind: "error", type, message: `invalid ${label} event`, errors: result.errors };
  }
  return { kind: "event", event: object as unknown as Event, opaque: result.opaque };
}

/** Whether a decoded value is a talkie/1 event of a known type (and known CUSTOM name) that parses. */
export function isKnownEvent(value: unknown): value is Event {
  return parseEvent(value === null || typeof value !== "object" ? undefined : value).kind === "event";
}

/**
 * Expands AG-UI's chunk shorthands into start / content / end events, as AG-UI clients do:
 * `TEXT_MESSAGE_CHUNK` opens a message when its `messageId` is new, then carries a delta;
 * `TOOL_CALL_CHUNK` likewise opens a call and carries argument text (`TOOL_CALL_ARGS`, which talkie/1
 * does not use, so it reads as unknown). Any other event, or the end of the stream, closes what is open.
 */
export class ChunkExpander {
  private open: { kind: "text"; id: string } | { kind: "tool"; id: string } | undefined;

  /** The events `value` stands for (itself, unless it is a chunk), closing an open chunk run first. */
  push(value: unknown): unknown[] {
    if (typeof value !== "object" || value === null) return [...this.close(), value];
    const event = value as { [key: string]: unknown };
    if (event.type === "TEXT_MESSAGE_CHUNK") return this.text(event);
    if (event.type === "TOOL_CALL_CHUNK") return this.tool(event);
    return [...this.close(), value];
  }

  /** The events that end an open chunk run (call at the end of the stream). */
  close(): unknown[] {
    const open = this.open;
    this.open = undefined;
    if (open === undefined) return [];
    return open.kind === "text"
      ? [{ type: "TEXT_MESSAGE_END", messageId: open.id }]
      : [{ type: "TOOL_CALL_END", toolCallId: open.id }];
  }

  private text(chunk: { [key: string]: unknown }): unknown[] {
    const out: unknown[] = [];
    const id = chunk.messageId ?? (this.open?.kind === "text" ? this.open.id : undefined);
    if (typeof id !== "string") return [...this.close(), chunk]; // reported as broken by parseEvent
    if (this.open?.kind !== "text" || this.open.id !== id) {
      out.push(...this.close(), { type: "TEXT_MESSAGE_START", messageId: id, role: chunk.role ?? "assistant" });
      this.open = { kind: "text", id };
    }
    if (typeof chunk.delta === "string" && chunk.delta !== "") {
      out.push({ type: "TEXT_MESSAGE_CONTENT", messageId: id, delta: chunk.delta });
    }
    return out;
  }

  private tool(chunk: { [key: string]: unknown }): unknown[] {
    const out: unknown[] = [];
    const id = chunk.toolCallId ?? (this.open?.kind === "tool" ? this.open.id : undefined);
    if (typeof id !== "string") return [...this.close(), chunk];
    if (this.open?.kind !== "tool" || this.open.id !== id) {
      const start: { [key: string]: unknown } = { type: "TOOL_CALL_START", toolCallId: id };
      start.toolCallName = chunk.toolCallName;
      if (chunk.parentMessageId !== undefined) start.parentMessageId = chunk.parentMessageId;
      out.push(...this.close(), start);
      this.open = { kind: "tool", id };
    }
    if (typeof chunk.delta === "string" && chunk.delta !== "") {
      out.push({ type: "TOOL_CALL_ARGS", toolCallId: id, delta: chunk.delta });
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
    for (const event of expander.push(value)) yield parseEvent(event, profile);
  }
  for (const event of expander.close()) yield parseEvent(event, profile);
}
