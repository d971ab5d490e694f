// Compiled with `tsc --strict` against an openapi-generator TypeScript client of the consumer view
// (typescript-fetch or typescript-axios, the site's recipes), then run: over every corpus case, and against a
// live mock through the generated API classes (live_fetch.ts, live_axios.ts supply them). JSON as the client
// hands it over is the decoded value; the generated types say what code may read, and each reader below reads
// a value the corpus says must survive through those types only.
import { readFileSync, writeFileSync } from "node:fs";
import type * as S from "./types";

/** What the generated API classes do for the app (one adapter per generator). */
export interface LiveApi {
  manifest(): Promise<S.Manifest>;
  status(): Promise<S.Status>;
  run(body: S.RunAgentInput): Promise<string>;
  decide(actionId: string, body: S.DecisionRequest): Promise<S.DecisionResponse>;
  threads(): Promise<S.ThreadList>;
  thread(threadId: string): Promise<S.ThreadDetail>;
}

/** The block's tag, known or not: an unknown block still has one, so the card can fall back. */
function blockType(block: S.CardBlock): string {
  return block.type;
}

/** What a receiver shows for a card: its blocks' tags and the fallback text, always reachable. */
export function card(value: S.Card): { types: string[]; fallbackText: string } {
  return { types: value.blocks.map(blockType), fallbackText: value.fallbackText };
}

/** A stream event's tag and timestamp (a JS number holds every int64 the corpus uses exactly). */
function event(value: S.StreamEvent): { type: string; timestamp?: number; outcome?: string; card?: string } {
  const out: { type: string; timestamp?: number; outcome?: string; card?: string } = { type: value.type };
  if ("timestamp" in value && typeof value.timestamp === "number") out.timestamp = value.timestamp;
  if (value.type === "RUN_FINISHED") out.outcome = (value as S.RunFinishedEvent).outcome?.type;
  if (value.type === "CUSTOM" && "name" in value && value.name === "talkie.card") {
    out.card = (value as S.CardEvent).value.fallbackText;
  }
  return out;
}

/** A stored thread as a list shows it: every message's role and every card's fallback text. */
function thread(value: S.ThreadDetail): { roles: string[]; cards: string[] } {
  const cards = value.messages.flatMap((m) => (m.cards ?? []).map((c) => card(c).fallbackText));
  return { roles: value.messages.map((m) => m.role), cards };
}

/** What a receiver reads of one value of the given type (the type a corpus case names). */
export function read(schema: string, value: unknown): unknown {
  if (schema === "StreamEvent") return event(value as S.StreamEvent);
  if (schema === "Card") return card(value as S.Card);
  if (schema === "ThreadDetail") return thread(value as S.ThreadDetail);
  if (schema === "DecisionResponse") {
    const answer = value as S.DecisionResponse;
    return { status: answer.action.status, events: (answer.events ?? []).map((e) => e.type) };
  }
  return null;
}

/** The `data` values of an SSE body, parsed: the run stream as the generated `startRun` returns it. */
function sseEvents(body: string): S.StreamEvent[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/).filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()))
    .filter((data) => data.length > 0)
    .map((data) => JSON.parse(data.join("\n")) as S.StreamEvent);
}

type Out = Record<string, { schema: string; output: unknown; read: unknown }>;

async function live(api: LiveApi, out: Out): Promise<void> {
  const add = (name: string, schema: string, value: unknown) => {
    out[`api-${name}`] = { schema, output: value, read: read(schema, value) };
  };
  add("manifest", "Manifest", await api.manifest());
  let threadId = `thr_${Date.now().toString(36)}`;
  let action: S.Action | undefined;
  const messages = ["talkie-test:echo Ahoj", "talkie-test:card", "talkie-test:action", "talkie-test:error"];
  for (const [number, content] of messages.entries()) {
    const body: S.RunAgentInput = {
      threadId,
      runId: `run_${number}_${Date.now().toString(36)}`,
      messages: [{ id: `msg_${number}_${Date.now().toString(36)}`, role: "user", content }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: { talkie: { channel: "chat" } },
    } as S.RunAgentInput;
    for (const [index, e] of sseEvents(await api.run(body)).entries()) {
      add(`run${number + 1}-${index + 1}`, "StreamEvent", e);
      if (e.type === "RUN_STARTED") threadId = (e as S.RunStartedEvent).threadId;
      if (e.type === "CUSTOM" && "name" in e && e.name === "talkie.action") action = (e as S.ActionEvent).value;
    }
  }
  if (action === undefined) throw new Error("the action run offered no action");
  add("decision", "DecisionResponse", await api.decide(action.id, { decision: "confirm", paramsHash: action.paramsHash, method: "button" }));
  add("status", "Status", await api.status());
  add("threads", "ThreadList", await api.threads());
  add("thread", "ThreadDetail", await api.thread(threadId));
}

/** `node <adapter>.js cases.json results.json [origin token]`: the corpus cases, then the live API. */
export async function main(makeApi: (origin: string, token: string) => LiveApi): Promise<void> {
  const [casesFile, resultsFile, origin, token] = process.argv.slice(2);
  const cases = JSON.parse(readFileSync(casesFile, "utf-8")) as Record<string, { schema: string; input: unknown }>;
  const out: Out = {};
  for (const [name, c] of Object.entries(cases)) {
    const decoded: unknown = JSON.parse(JSON.stringify(c.input));
    out[name] = { schema: c.schema, output: decoded, read: read(c.schema, decoded) };
  }
  if (origin !== undefined) await live(makeApi(origin, token), out);
  writeFileSync(resultsFile, JSON.stringify(out));
}
