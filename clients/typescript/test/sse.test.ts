import assert from "node:assert/strict";
import { test } from "node:test";

import { readSse, SseLimitError, type SseMessage, SseParser } from "../src/index.js";

function parse(...chunks: string[]): { messages: SseMessage[]; comments: string[] } {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const parser = new SseParser((m) => messages.push(m), (c) => comments.push(c));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return { messages, comments };
}

const STREAM = ': ping\r\ndata: {"a":1}\r\n\r\nevent: note\rdata: line one\rdata:line two\r\rid: 7\ndata: x\n\n';

test("LF, CR and CRLF line ends, comments, multi-line data, event names and ids", () => {
  const { messages, comments } = parse(STREAM);
  assert.deepEqual(comments, ["ping"]);
  assert.deepEqual(messages, [
    { data: '{"a":1}', event: "message", lastEventId: "" },
    { data: "line one\nline two", event: "note", lastEventId: "" },
    { data: "x", event: "message", lastEventId: "7" },
  ]);
});

test("a stream split at every position parses the same", () => {
  const whole = parse(STREAM);
  for (let cut = 0; cut <= STREAM.length; cut++) {
    assert.deepEqual(parse(STREAM.slice(0, cut), STREAM.slice(cut)), whole, `split at ${cut}`);
  }
  assert.deepEqual(parse(...STREAM.split("")), whole, "one character per chunk");
});

test("a CRLF split between chunks ends one line, not two", () => {
  const { messages } = parse("data: a\r", "\ndata: b\r", "\n\r", "\n");
  assert.deepEqual(messages.map((m) => m.data), ["a\nb"]);
});

test("an unterminated event at the end is dropped; a BOM and blank-data lines follow the standard", () => {
  assert.deepEqual(parse("data: kept\n\ndata: lost").messages.map((m) => m.data), ["kept"]);
  assert.deepEqual(parse("\ufeffdata: x\n\n").messages.map((m) => m.data), ["x"]);
  assert.deepEqual(parse("data\ndata:\n\n").messages.map((m) => m.data), ["\n"]);
  assert.deepEqual(parse("event: only\n\n").messages, [], "no data, no event");
});

test("the id persists, retry is read only when it is digits, unknown fields are ignored", () => {
  const { messages } = parse("id: 1\nretry: 1500\ndata: a\n\nretry: soon\nfoo: bar\ndata: b\n\n");
  assert.deepEqual(messages, [
    { data: "a", event: "message", lastEventId: "1", retry: 1500 },
    { data: "b", event: "message", lastEventId: "1" },
  ]);
});

test("readSse decodes UTF-8 split inside a character", async () => {
  const bytes = new TextEncoder().encode("data: Dobrý den ✓\n\n");
  const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
  const out: string[] = [];
  for await (const message of readSse(chunks)) out.push(message.data);
  assert.deepEqual(out, ["Dobrý den ✓"]);
});

test("a line that never ends past the cap throws SseLimitError instead of growing", () => {
  const parser = new SseParser(() => {}, () => {}, { maxLine: 64 });
  parser.feed("data: " + "x".repeat(40));
  assert.throws(() => parser.feed("y".repeat(40)), (error: unknown) => error instanceof SseLimitError && error.limit === "line" && error.max === 64);
});

test("an event whose data lines add up past the cap throws, while one under it is dispatched", () => {
  const messages: SseMessage[] = [];
  const parser = new SseParser((m) => messages.push(m), () => {}, { maxLine: 64, maxEvent: 100 });
  parser.feed("data: " + "a".repeat(50) + "\n\n");
  assert.equal(messages.length, 1);
  parser.feed(("data: " + "b".repeat(50) + "\n").repeat(1));
  assert.throws(() => parser.feed("data: " + "c".repeat(50) + "\n"), (error: unknown) => error instanceof SseLimitError && error.limit === "event");
});

test("readSse passes its limits to the parser", async () => {
  async function* source(): AsyncGenerator<string> {
    for (let i = 0; i < 10; i++) yield "z".repeat(20);
  }
  await assert.rejects(async () => {
    for await (const message of readSse(source(), undefined, { maxLine: 100 })) void message;
  }, SseLimitError);
});
