/**
 * A Server-Sent Events reader that follows the WHATWG "event stream interpretation" rules.
 *
 * Why our own: talkie/1 runs are POST requests with a bearer token, which the browser's EventSource cannot
 * send, and a client on Node, React Native or a worker needs the same parsing everywhere. Lines end in CR, LF
 * or CRLF (a CRLF split across two chunks counts once); `data:` lines of one event are joined with LF;
 * comments (`: ping`) carry no event; an event is dispatched on a blank line, and a stream that ends in the
 * middle of an event drops it.
 *
 * Bounded whatever the server sends: a line longer than `maxLine` characters or an event whose data grows
 * past `maxEvent` characters throws `SseLimitError` (the same defaults as the Kotlin reader), so a server
 * that never ends a line cannot grow the client's memory without limit.
 */

/** Default caps, in UTF-16 code units: 1 Mi for one line, 4 Mi for one event's data. */
export const DEFAULT_MAX_LINE = 1 << 20;
export const DEFAULT_MAX_EVENT = 4 << 20;

/** The stream broke one of the reader's caps: the server's fault, reported with the cap it broke. */
export class SseLimitError extends Error {
  override readonly name = "SseLimitError";
  constructor(
    readonly limit: "line" | "event",
    readonly max: number,
  ) {
    super(`the event stream has ${limit === "line" ? "a line" : "an event"} longer than ${max} characters`);
  }
}

/** The caps of one parser. */
export interface SseLimits {
  maxLine?: number;
  maxEvent?: number;
}

/** One dispatched SSE event. */
export interface SseMessage {
  /** The `data` lines joined by LF (the trailing LF removed). */
  data: string;
  /** The `event` field, `message` when absent. */
  event: string;
  /** The last event id seen on the stream so far (`id` persists across events). */
  lastEventId: string;
  /** A `retry` field of this event, in milliseconds, when it had a valid one. */
  retry?: number;
}

/** Incremental parser: feed it text in chunks of any size; it calls back per event and per comment. */
export class SseParser {
  private buffer = "";
  private pendingCR = false;
  private started = false;
  private data: string[] = [];
  private eventType = "";
  private lastEventId = "";
  private retry: number | undefined;
  private dataSize = 0;
  private readonly maxLine: number;
  private readonly maxEvent: number;

  constructor(
    private readonly onMessage: (message: SseMessage) => void,
    private readonly onComment: (text: string) => void = () => {},
    limits: SseLimits = {},
  ) {
    this.maxLine = limits.maxLine ?? DEFAULT_MAX_LINE;
    this.maxEvent = limits.maxEvent ?? DEFAULT_MAX_EVENT;
  }

  /** Feed decoded text; any split point is fine (inside a line, between CR and LF, inside a field). */
  feed(text: string): void {
    if (text.length === 0) return;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    if (this.pendingCR && text.startsWith("\n")) start = 1; // the LF of a CRLF split across chunks
    this.pendingCR = false;
    for (let i = start; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch !== 0x0a && ch !== 0x0d) continue;
      this.line(this.buffer + text.slice(start, i));
      this.buffer = "";
      if (ch === 0x0d) {
        if (i + 1 === text.length) this.pendingCR = true;
        else if (text.charCodeAt(i + 1) === 0x0a) i++;
      }
      start = i + 1;
    }
    this.buffer += text.slice(start);
    if (this.buffer.length > this.maxLine) throw new SseLimitError("line", this.maxLine);
  }

  /** The stream ended: an event not yet terminated by a blank line is discarded, as the standard says. */
  end(): void {
    this.buffer = "";
    this.data = [];
    this.dataSize = 0;
    this.eventType = "";
    this.retry = undefined;
  }

  private line(line: string): void {
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
        if (!value.includes("\u0000")) this.lastEventId = value;
        break;
      case "retry":
        if (/^[0-9]+$/.test(value)) this.retry = Number(value);
        break;
      default: // unknown fields are ignored
    }
  }

  private dispatch(): void {
    const retry = this.retry;
    this.retry = undefined;
    if (this.data.length === 0) {
      this.eventType = "";
      this.dataSize = 0;
      return;
    }
    const message: SseMessage = {
      data: this.data.join("\n"),
      event: this.eventType || "message",
      lastEventId: this.lastEventId,
    };
    if (retry !== undefined) message.retry = retry;
    this.data = [];
    this.dataSize = 0;
    this.eventType = "";
    this.onMessage(message);
  }
}

/** What a stream reader's `read()` resolves to: the DOM's `ReadableStreamReadResult` fits, `value: undefined` too. */
export type ChunkReadResult =
  | { done: false; value: Uint8Array | string }
  | { done: true; value?: Uint8Array | string | undefined };

/** A `ReadableStream` reader as far as the SSE reader needs it. */
export interface ChunkReader {
  read(): Promise<ChunkReadResult>;
  /** Called when the consumer stops early (a `break` out of the loop): aborts the body. */
  cancel?(reason?: unknown): Promise<void>;
  releaseLock?(): void;
}

/** Bytes or text arriving in chunks: a fetch body, a Node stream, an array in a test. */
export type ChunkSource =
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | { getReader(): ChunkReader };

/**
 * The chunks of `source`. A consumer that stops early (`break`, `return`, a thrown error) cancels the
 * reader and releases its lock, so the body is unlocked and its connection closed rather than left open.
 */
async function* chunksOf(source: ChunkSource): AsyncGenerator<Uint8Array | string> {
  if ("getReader" in source) {
    const reader = source.getReader();
    let finished = false;
    try {
      for (;;) {
        const result = await reader.read();
        if (result.done) {
          finished = true;
          return;
        }
        yield result.value;
      }
    } finally {
      if (!finished) await reader.cancel?.().catch(() => undefined);
      reader.releaseLock?.();
    }
  }
  yield* source;
}

/** Read SSE events from a byte or text stream (UTF-8; a multi-byte character may be split anywhere). */
export async function* readSse(
  source: ChunkSource,
  onComment?: (text: string) => void,
  limits: SseLimits = {},
): AsyncGenerator<SseMessage> {
  const ready: SseMessage[] = [];
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
