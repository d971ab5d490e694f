import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CUSTOM_SCHEMAS,
  ChunkError,
  ChunkExpander,
  ERROR_CATALOGUE,
  ERROR_CODES,
  EVENT_SCHEMAS,
  type Event,
  isKnownEvent,
  parseEvent,
  readEvents,
  check,
} from "../src/index.js";
import { SCHEMAS } from "../src/generated/schemas.js";
import { invalidCases, recordedStreams, schemaFiles } from "./support.js";

const EVENT_IDS = new Set<string>([...Object.values(EVENT_SCHEMAS), ...Object.values(CUSTOM_SCHEMAS)]);
const CLOSED = new Set(["additionalProperties", "unevaluatedProperties"]);
/** The enums marked `x-talkie-open` in the generated schemas, as the validator prints them. */
const OPEN_ENUMS = new Set<string>();
(function collect(node: unknown): void {
  if (Array.isArray(node)) node.forEach(collect);
  else if (typeof node === "object" && node !== null) {
    const o = node as { readonly [key: string]: unknown };
    if (o["x-talkie-open"] === true) OPEN_ENUMS.add(JSON.stringify(o["enum"]));
    Object.values(o).forEach(collect);
  }
})(SCHEMAS);

// Invalid cases whose value breaks an open string set inside a union member: strict reports the union
// ("matches none of the allowed shapes"), not the set, so they are named here.
const OPEN_SET_INSIDE_UNION = new Set(["run-agent-input.json bad-channel.json"]);

test("every schema example validates strictly, and every invalid case fails for a reason", () => {
  let examples = 0;
  let invalid = 0;
  for (const { file, id, examples: list } of schemaFiles()) {
    for (const example of list) {
      assert.deepEqual(check(id, example, "strict").errors, [], `${file} example`);
      examples++;
    }
    for (const bad of invalidCases(file)) {
      assert.notDeepEqual(check(id, bad.instance, "strict").errors, [], `${file} ${bad.name}`);
      const strict = check(id, bad.instance, "strict").errors;
      const openSet =
        [...OPEN_ENUMS].some((set) => strict.some((e) => e.endsWith(`must be one of ${set}`))) ||
        OPEN_SET_INSIDE_UNION.has(`${file} ${bad.name}`);
      if (bad.keyword === "enum" && openSet) {
        // a string set receivers keep open (notes N-87): the tolerant profile takes the value
        assert.deepEqual(check(id, bad.instance, "tolerant").errors, [], `${file} ${bad.name} tolerant`);
      } else if (!CLOSED.has(bad.keyword)) {
        const tolerant = check(id, bad.instance, "tolerant");
        const refused = tolerant.errors.length + tolerant.opaque.length; // an unknown tag is kept opaque
        assert.ok(refused > 0, `${file} ${bad.name} tolerant`);
      }
      invalid++;
    }
  }
  assert.ok(examples > 100 && invalid > 50, `${examples} examples, ${invalid} invalid cases`);
});

test("examples of every event schema parse as known events; tags narrow", () => {
  for (const { file, id, examples } of schemaFiles()) {
    if (!EVENT_IDS.has(id)) continue;
    for (const example of examples) {
      const result = parseEvent(JSON.stringify(example));
      assert.equal(result.kind, "event", `${file}: ${JSON.stringify(result)}`);
      assert.ok(isKnownEvent(example));
    }
  }
});

test("unknown types and CUSTOM names are unknown; broken known events are errors", () => {
  assert.equal(parseEvent({ type: "STATE_SNAPSHOT", snapshot: {} }).kind, "unknown");
  assert.equal(parseEvent({ type: "CUSTOM", name: "acme.progress", value: [1, 2] }).kind, "unknown");
  const broken = parseEvent({ type: "RUN_STARTED", runId: "run_1" });
  assert.equal(broken.kind, "error");
  assert.deepEqual(broken.kind === "error" && broken.errors, ["$.threadId: required"]);
  assert.equal(parseEvent("{not json").kind, "error");
  assert.equal(parseEvent([1]).kind, "error");
  assert.equal(parseEvent({ type: "CUSTOM", value: 1 }).kind, "error");
  assert.equal(isKnownEvent({ type: "STATE_SNAPSHOT" }), false);
});

test("tolerant reading ignores unknown members and keeps an unknown block opaque; strict refuses both", () => {
  const card = {
    type: "CUSTOM",
    name: "talkie.card",
    futureMember: true,
    value: {
      id: "card_9",
      version: 1,
      title: "Jana Dvořáková",
      subtitle: "Kontakt",
      url: "/crm/contacts/9",
      blocks: [{ type: "chart", points: [1, 2] }, { type: "text", text: "Volala včera." }],
      fallbackText: "Jana Dvořáková – kontakt",
      a11yLabel: "Karta kontaktu",
    },
  };
  const tolerant = parseEvent(card);
  assert.equal(tolerant.kind, "event");
  if (tolerant.kind === "event" && tolerant.event.type === "CUSTOM" && tolerant.event.name === "talkie.card") {
    assert.deepEqual(tolerant.opaque, ["$.value.blocks[0]"]);
    assert.equal(tolerant.event.value.fallbackText, "Jana Dvořáková – kontakt");
    const block = tolerant.event.value.blocks[0];
    assert.ok(block !== undefined);
    switch (block.type) {
      case "unknown": // the typed fallback: an exhaustive switch over CardBlock needs this case
        assert.equal(block.tag, "chart");
        assert.deepEqual(block.raw, { type: "chart", points: [1, 2] });
        break;
      case "heading":
      case "text":
      case "fields":
      case "list":
      case "link":
      case "file":
      case "badge":
        assert.fail(`read as ${block.type}`);
        break;
      default:
        assertNever(block);
    }
    assert.equal(card.value.blocks[0]?.type, "chart", "the received object is left as it came");
  } else assert.fail("not a card");
  const strict = parseEvent(card, "strict");
  assert.equal(strict.kind, "error");
  assert.equal(strict.kind === "error" && strict.errors.length, 2);
});

test("chunk events expand into start, content and end, as talkie_models does", async () => {
  const expander = new ChunkExpander();
  const out = [
    ...expander.push({ type: "TEXT_MESSAGE_CHUNK", messageId: "msg_1", delta: "Dob", timestamp: 5 }),
    ...expander.push({ type: "TEXT_MESSAGE_CHUNK", delta: "rý den" }),
    ...expander.push({ type: "TOOL_CALL_CHUNK", toolCallId: "call_1", toolCallName: "find", delta: "{}" }),
    ...expander.push({ type: "RUN_FINISHED", threadId: "thr_1", runId: "run_1" }),
  ];
  assert.deepEqual(out[0], { type: "TEXT_MESSAGE_START", messageId: "msg_1", role: "assistant", timestamp: 5 });
  assert.deepEqual(
    out.map((e) => (e as { type: string }).type),
    [
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS", // not a talkie/1 event: read as unknown; no TOOL_CALL_END is invented
      "RUN_FINISHED",
    ],
  );
  assert.deepEqual(
    out.map((e) => parseEvent(e).kind),
    ["event", "event", "event", "event", "event", "unknown", "event"],
  );
  assert.throws(() => new ChunkExpander().push({ type: "TEXT_MESSAGE_CHUNK", delta: "x" }), ChunkError);
  const results = [];
  for await (const r of readEvents(['data: {"type":"TEXT_MESSAGE_CHUNK","delta":"x"}\n\n'])) results.push(r);
  assert.deepEqual(results.map((r) => r.kind), ["error"]);
});

function sse(events: unknown[], eol: string): string {
  return events.map((e) => `: ping${eol}data: ${JSON.stringify(e)}${eol}${eol}`).join("");
}

test("every recorded stream reads back from SSE with any line ending, in chunks, without errors", async () => {
  for (const { name, events } of recordedStreams()) {
    for (const eol of ["\n", "\r", "\r\n"]) {
      const text = sse(events, eol);
      const chunks = text.match(/[\s\S]{1,7}/g) ?? [];
      const kinds: string[] = [];
      const types: string[] = [];
      for await (const result of readEvents(chunks)) {
        kinds.push(result.kind);
        if (result.kind === "event") types.push(describe(result.event));
      }
      assert.ok(!kinds.includes("error"), `${name}: ${kinds.join(",")}`);
      assert.equal(types[0], "RUN_STARTED", name);
      assert.match(types.at(-1) ?? "", /^RUN_(FINISHED|ERROR)$/, name);
    }
  }
});

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}

/** An exhaustive switch: adding an event type to the contract without a case here fails `tsc`. */
function describe(event: Event): string {
  switch (event.type) {
    case "RUN_STARTED":
    case "RUN_FINISHED":
    case "RUN_ERROR":
    case "TEXT_MESSAGE_START":
    case "TEXT_MESSAGE_CONTENT":
    case "TEXT_MESSAGE_END":
    case "TOOL_CALL_START":
    case "TOOL_CALL_END":
    case "TOOL_CALL_RESULT":
      return event.type;
    case "CUSTOM":
      switch (event.name) {
        case "talkie.card":
          return event.value.fallbackText;
        case "talkie.action":
          return event.value.summary;
        case "talkie.open":
          return event.value.url;
        case "talkie.usage":
          return String(event.value.usage.length);
        default:
          return unreachable(event);
      }
    default:
      return unreachable(event);
  }
}

function unreachable(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}

test("the §3 codes come from the catalogue", () => {
  assert.ok(ERROR_CODES.includes("stale"));
  assert.deepEqual(Object.keys(ERROR_CATALOGUE), [...ERROR_CODES]);
  assert.equal(ERROR_CATALOGUE.upstream_unavailable.retryable, true);
});
