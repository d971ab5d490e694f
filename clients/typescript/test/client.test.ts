import assert from "node:assert/strict";
import { test } from "node:test";

import {
  type Card,
  type ClientOptions,
  DEFAULT_MAX_RUN_BYTES,
  DEFAULT_MAX_RUN_EVENTS,
  decode,
  EventType,
  fillTemplate,
  manifestUrl,
  parseEvent,
  type ParseResult,
  readEvents,
  readManifest,
  retryAfterSeconds,
  RULES,
  RunState,
  StreamChecker,
  TalkieClient,
  TalkieError,
  validate,
} from "../src/index.js";
import { schemaFiles } from "./support.js";

const MANIFEST = schemaFiles().find((f) => f.file === "manifest.json")?.examples[0] as { [k: string]: unknown };

test("validate takes a schema title and narrows", () => {
  const value: unknown = MANIFEST;
  assert.ok(validate("Manifest", value));
  if (validate("Manifest", value)) assert.equal(typeof value.issuer, "string"); // typed without a cast
  assert.equal(validate("Manifest", { spec: "talkie/1" }), false);
  assert.equal(EventType.CUSTOM, "CUSTOM");
});

test("manifest: bare host or URL, major version refused, issuer must be the origin it came from", () => {
  assert.equal(manifestUrl("crm.example.com").href, "https://crm.example.com/.well-known/talkie.json");
  assert.equal(manifestUrl("https://crm.example.com/talkie/m.json").href, "https://crm.example.com/talkie/m.json");
  assert.throws(() => manifestUrl("http://crm.example.com"), (e: unknown) => e instanceof TalkieError && e.rule === "MAN-026");
  assert.equal(manifestUrl("http://127.0.0.1:8080", true).href, "http://127.0.0.1:8080/.well-known/talkie.json");
  const from = new URL(String(MANIFEST.issuer));
  assert.equal(readManifest({ ...MANIFEST, future: { x: 1 }, spec: "talkie/1.3" }, from).spec, "talkie/1");
  assert.throws(() => readManifest({ ...MANIFEST, spec: "talkie/2" }, from), (e: unknown) => e instanceof TalkieError && e.rule === "MAN-004");
  assert.throws(() => readManifest(MANIFEST, new URL("https://other.example")), (e: unknown) => e instanceof TalkieError && e.rule === "MAN-027");
});

test("placeholders are one encoded path segment each", () => {
  assert.equal(fillTemplate("/a/{id}/b", { id: "x/../y z" }), "/a/x%2F%2E%2E%2Fy%20z/b");
  assert.equal(fillTemplate("/a/{id}", { id: ".." }), "/a/%2E%2E");
});

function respond(status: number, body: unknown, headers: { [k: string]: string } = {}): Response {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers });
}

test("cross-origin manifest redirects are refused; same-origin ones followed; the bearer stays home", async () => {
  const origin = String(MANIFEST.issuer);
  const seen: { url: string; auth: string | null }[] = [];
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    seen.push({ url, auth: new Headers(init?.headers).get("authorization") });
    if (url === "https://old.example/.well-known/talkie.json") return respond(301, "", { location: `${origin}/x` });
    if (url.endsWith("/.well-known/talkie.json")) return respond(302, "", { location: "/m.json" });
    if (url.endsWith("/m.json")) return respond(200, MANIFEST);
    if (url.endsWith("/status")) return respond(401, { error: { code: "unauthorized", message: "Přihlaste se.", retryable: false } });
    return respond(503, "<html>down</html>", { "retry-after": "7" });
  };
  await assert.rejects(TalkieClient.connect("old.example", { fetch: fake }), (e: unknown) => e instanceof TalkieError && e.rule === "MAN-008");
  let refreshed = 0;
  const client = await TalkieClient.connect(new URL(origin).host, {
    fetch: fake,
    tokens: { token: () => "tk_one", refresh: async () => (refreshed++, "tk_two") },
  });
  assert.equal(client.manifestUrl.href, `${origin}/m.json`);
  assert.ok(seen.every((s) => s.auth === null), "no token on manifest requests");
  const failed = await client.status().catch((e: unknown) => e);
  assert.ok(failed instanceof TalkieError);
  assert.equal(failed.status, 401);
  assert.equal(failed.code, "unauthorized");
  assert.equal(refreshed, 1, "refreshed once, then surfaced");
  const asked = seen.filter((s) => s.url.endsWith("/status"));
  assert.deepEqual(asked.map((s) => s.auth), ["Bearer tk_one", "Bearer tk_two"]);
  assert.equal(seen.at(-1)?.url, `${origin}/m.json`, "the 401 brought a fresh manifest (MAN-023)");
  const down = await client.threads().catch((e: unknown) => e);
  assert.ok(down instanceof TalkieError);
  assert.deepEqual([down.status, down.code, down.retryable, down.retryAfter], [503, "upstream_unavailable", true, 7]);
  assert.equal(retryAfterSeconds("Wed, 21 Oct 2026 07:28:10 GMT", Date.parse("Wed, 21 Oct 2026 07:28:00 GMT")), 10);
});

test("a 404 brings a fresh manifest once; a moved endpoint is called where it moved (MAN-023)", async () => {
  const origin = String(MANIFEST.issuer);
  const endpoints = MANIFEST.endpoints as { [k: string]: string };
  let fetched = 0;
  const seen: string[] = [];
  const fake = async (input: string | URL | Request): Promise<Response> => {
    const url = String(input);
    seen.push(new URL(url).pathname);
    if (url.endsWith("/.well-known/talkie.json")) {
      fetched++;
      return respond(200, fetched === 1 ? MANIFEST : { ...MANIFEST, endpoints: { ...endpoints, threads: "/v2/threads" } });
    }
    if (url.endsWith("/v2/threads")) return respond(200, { threads: [] });
    return respond(404, { error: { code: "not_found", message: "Nic.", retryable: false } });
  };
  const client = await TalkieClient.connect(origin, { fetch: fake, tokens: "tk" });
  assert.deepEqual(await client.threads(), { threads: [] });
  assert.deepEqual(seen, ["/.well-known/talkie.json", endpoints.threads, "/.well-known/talkie.json", "/v2/threads"]);
  const gone = await client.status().catch((e: unknown) => e);
  assert.ok(gone instanceof TalkieError && gone.status === 404);
  await client.status().catch(() => undefined);
  assert.equal(fetched, 3, "an endpoint that stayed where it was brings no second fresh manifest");
});

test("a tapped card url: a same-origin file is downloaded with the token, anything else goes to the browser", async () => {
  const origin = String(MANIFEST.issuer);
  const seen: { url: string; auth: string | null }[] = [];
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    seen.push({ url: String(input), auth: new Headers(init?.headers).get("authorization") });
    return String(input).endsWith("/.well-known/talkie.json") ? respond(200, MANIFEST) : respond(200, "%PDF-1.4");
  };
  const client = await TalkieClient.connect(origin, { fetch: fake, tokens: "tk" });
  assert.deepEqual(client.target("/files/a.pdf", "file"), { how: "download", url: new URL("/files/a.pdf", origin) });
  assert.equal(client.target("/?record=abc").how, "browser");
  assert.equal(client.target("/files/a.pdf", "link").how, "browser");
  assert.equal(client.target("https://elsewhere.example/a.pdf", "file").how, "browser");
  assert.equal(await (await client.download("/files/a.pdf")).text(), "%PDF-1.4");
  assert.deepEqual(seen.at(-1), { url: `${origin}/files/a.pdf`, auth: "Bearer tk" });
  await assert.rejects(client.download("https://elsewhere.example/a.pdf"), (e: unknown) => e instanceof TalkieError && e.rule === "CARD-007");
  assert.equal(seen.length, 2, "nothing was sent to the other origin");
});

test("manifests over 64 kB are refused", async () => {
  const big = { ...MANIFEST, padding: "x".repeat(70_000) };
  const fake = async (): Promise<Response> => respond(200, big);
  await assert.rejects(TalkieClient.connect(String(MANIFEST.issuer), { fetch: fake }), (e: unknown) => e instanceof TalkieError && e.rule === "MAN-021");
});

test("breaking out of readEvents cancels and releases the body", async () => {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode('data: {"type":"RUN_STARTED","threadId":"t","runId":"r"}\n\n'));
    },
    cancel() {
      cancelled = true;
    },
  });
  for await (const result of readEvents(body)) {
    assert.equal(result.kind, "event");
    break;
  }
  assert.equal(body.locked, false);
  assert.equal(cancelled, true);
});

function results(events: unknown[]): ParseResult[] {
  return events.map((e) => parseEvent(e));
}

test("stream checks name the rule each broken stream breaks", () => {
  const check = (events: unknown[], complete = true): string[] => {
    const checker = new StreamChecker();
    return [...results(events).flatMap((r) => checker.push(r)), ...checker.end(complete)].map((w) => w.rule);
  };
  const started = { type: "RUN_STARTED", threadId: "t", runId: "r" };
  const finished = { type: "RUN_FINISHED", threadId: "t", runId: "r" };
  assert.deepEqual(check([started, finished]), []);
  assert.deepEqual(check([finished]), ["RUN-014"]);
  assert.deepEqual(check([started]), ["RUN-024"]);
  assert.deepEqual(check([started], false), [], "a dropped stream is only a reason to recover");
  assert.deepEqual(check([started, finished, started]), ["RUN-024", "RUN-014"]);
  assert.deepEqual(check([started, { type: "TEXT_MESSAGE_CONTENT", messageId: "m", delta: "x" }, finished]), ["RUN-015"]);
  assert.deepEqual(check([started, { type: "TEXT_MESSAGE_START", messageId: "m", role: "assistant" }, finished]), ["RUN-015"]);
  assert.deepEqual(check([started, { type: "TOOL_CALL_END", toolCallId: "c", metadata: { ok: true } }, finished]), ["RUN-018"]);
  assert.deepEqual(check([started, { type: "RUN_STARTED" }, finished]), ["RUN-010", "RUN-014"]);
  assert.match(RULES["RUN-014"].statement, /RUN_STARTED/);
});

test("the run state keeps text by message, the latest card and action versions, tool labels and usage", () => {
  const state = new RunState();
  let changes = 0;
  state.subscribe(() => changes++);
  const card = (version: number, title: string): Card => ({
    id: "card_1", version, title, subtitle: "Klient", url: "/c/1", blocks: [], fallbackText: title, a11yLabel: title,
  });
  for (const r of results([
    { type: "RUN_STARTED", threadId: "thr_server", runId: "r" },
    { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "search", metadata: { label: "Hledám…" } },
    { type: "TOOL_CALL_END", toolCallId: "c1", metadata: { ok: true } },
    { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Dobrý " },
    { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "den" },
    { type: "TEXT_MESSAGE_END", messageId: "m1" },
    { type: "CUSTOM", name: "talkie.card", value: card(2, "Nová") },
    { type: "CUSTOM", name: "talkie.card", value: card(1, "Stará") },
    { type: "CUSTOM", name: "talkie.usage", value: { usage: [{ label: "Tokeny", used: 5, limit: 10, unit: "tokens" }] } },
    { type: "CUSTOM", name: "acme.progress", value: 1 },
    { type: "STATE_SNAPSHOT", snapshot: {} },
    { type: "RUN_FINISHED", threadId: "thr_server", runId: "r", timestamp: 2 ** 31 + 1 },
  ])) state.apply(r);
  assert.equal(state.threadId, "thr_server");
  assert.equal(state.texts.get("m1")?.text, "Dobrý den");
  assert.equal(state.cards.get("card_1")?.title, "Nová");
  assert.deepEqual(state.toolCalls.get("c1"), { id: "c1", name: "search", label: "Hledám…", done: true, ok: true, error: undefined });
  assert.equal(state.usage?.[0]?.used, 5);
  assert.deepEqual(state.end, { kind: "finished", outcome: undefined });
  assert.equal(changes, 10, "unknown events and the older card change nothing");
});

test("unknown outcomes and timestamps past 2^31 reach the app typed", () => {
  const result = parseEvent({ type: "RUN_FINISHED", threadId: "t", runId: "r", timestamp: 1924992000000, outcome: { type: "handoff", to: "x" } });
  assert.ok(result.kind === "event" && result.event.type === "RUN_FINISHED");
  assert.equal(result.event.timestamp, 1924992000000);
  const outcome = result.event.outcome;
  assert.ok(outcome !== undefined && outcome.type === "unknown");
  assert.equal(outcome.tag, "handoff");
  const decoded = decode("ErrorResponse", { error: { code: "brand_new", message: "Nové.", retryable: true }, extra: 1 });
  assert.ok(decoded.ok && decoded.value.error.code === "brand_new");
});

test("a voice session must signal over https to a listed host; the offer carries the client secret only there", async () => {
  const origin = String(MANIFEST.issuer);
  const session = schemaFiles().find((f) => f.file === "voice-session.json")?.examples[0] as { [k: string]: unknown };
  const seen: { url: string; auth: string | null; type: string | null }[] = [];
  let signaling = "https://api.openai.com/v1/realtime/calls";
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    seen.push({ url, auth: headers.get("authorization"), type: headers.get("content-type") });
    if (url.endsWith("/.well-known/talkie.json")) return respond(200, MANIFEST);
    if (url.endsWith("/talkie/v1/voice")) return respond(200, { ...session, signaling: { type: "sdp-post", url: signaling } });
    if (url === signaling) return respond(201, "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\n", { "content-type": "application/sdp" });
    return respond(404, { error: { code: "not_found", message: "Nenalezeno.", retryable: false } });
  };
  const client = await TalkieClient.connect(new URL(origin).host, { fetch: fake, tokens: "tk_app" });
  const voice = await client.voiceSession({ locale: "cs" });
  const answer = await client.voiceSignal(voice, "v=0\r\n");
  assert.ok(answer.startsWith("v=0"));
  const offer = seen.at(-1);
  assert.deepEqual(offer, { url: signaling, auth: `Bearer ${String(session.clientSecret)}`, type: "application/sdp" });
  assert.ok(seen.slice(0, -1).every((s) => s.auth !== `Bearer ${String(session.clientSecret)}`), "the secret goes to signaling.url only");
  // another host; plain http to a LAN address from a client that is no development build
  for (const wrong of ["https://elsewhere.example/v1/realtime/calls", "http://192.168.1.20/v1/realtime/calls"]) {
    signaling = wrong;
    await assert.rejects(client.voiceSession(), (e: unknown) => e instanceof TalkieError && e.rule === "VOICE-006");
  }
});

/** A client over a fake fetch whose run endpoint answers with `body`; the fake ignores the abort signal. */
async function streamingClient(body: () => ReadableStream<Uint8Array>, options: Omit<ClientOptions, "fetch"> = {}): Promise<TalkieClient> {
  const fake = async (input: string | URL | Request): Promise<Response> => {
    const url = String(input);
    if (url.endsWith("/.well-known/talkie.json")) return respond(200, MANIFEST);
    if (url.endsWith("/talkie/v1/run")) return new Response(body(), { headers: { "content-type": "text/event-stream" } });
    return respond(404, { error: { code: "not_found", message: "Nenalezeno.", retryable: false } });
  };
  return TalkieClient.connect(new URL(String(MANIFEST.issuer)).host, { ...options, fetch: fake });
}

const frame = (event: unknown): Uint8Array => new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`);

/** An endless run stream: RUN_STARTED, then text deltas for ever; `cancelled` says whether the client closed it. */
function endless(): { body: () => ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let sent = 0;
  const body = (): ReadableStream<Uint8Array> =>
    new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        if (sent === 1) controller.enqueue(frame({ type: "RUN_STARTED", threadId: "thr_1", runId: "run_1" }));
        else if (sent === 2) controller.enqueue(frame({ type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }));
        else controller.enqueue(frame({ type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "x".repeat(100) }));
      },
      cancel() {
        cancelled = true;
      },
    });
  return { body, cancelled: () => cancelled };
}

test("a bare local host in a development build means http; any other bare host https", () => {
  assert.equal(manifestUrl("127.0.0.1:8000", true).href, "http://127.0.0.1:8000/.well-known/talkie.json");
  assert.equal(manifestUrl("192.168.1.20", true).href, "http://192.168.1.20/.well-known/talkie.json");
  assert.equal(manifestUrl("crm.example.com", true).href, "https://crm.example.com/.well-known/talkie.json");
  assert.equal(manifestUrl("https://127.0.0.1:8443", true).href, "https://127.0.0.1:8443/.well-known/talkie.json");
  assert.equal(manifestUrl("127.0.0.1:8000").protocol, "https:", "not a development build: https");
});

test("a run past maxRunEvents or maxRunBytes fails with a limit error and its stream is closed", async () => {
  for (const [options, cap] of [[{ maxRunEvents: 50 }, "maxRunEvents"], [{ maxRunBytes: 4096 }, "maxRunBytes"]] as const) {
    const stream = endless();
    const client = await streamingClient(stream.body, options);
    let seen = 0;
    const failed = await (async () => {
      for await (const result of client.run("x")) void result, seen++;
    })().catch((e: unknown) => e);
    assert.ok(failed instanceof TalkieError, String(failed));
    assert.equal(failed.kind, "limit");
    assert.match(failed.message, new RegExp(cap));
    assert.equal(failed.retryable, false);
    assert.ok(stream.cancelled(), "the stream was closed");
    if (cap === "maxRunEvents") assert.equal(seen, 50);
    else assert.ok(seen < 4096 / 100, `${seen} events within 4096 bytes`);
  }
  assert.equal(DEFAULT_MAX_RUN_BYTES, 64 * 1024 * 1024);
  assert.equal(DEFAULT_MAX_RUN_EVENTS, 100_000);
});

test("an abort closes the run stream at once even when the fetch no longer follows the signal", async () => {
  const stream = endless();
  const client = await streamingClient(stream.body);
  const controller = new AbortController();
  const run = client.run("x", { signal: controller.signal });
  let after = 0;
  let seen = 0;
  for await (const result of run) {
    void result;
    if (controller.signal.aborted) after++;
    if (++seen === 5) controller.abort();
  }
  assert.equal(after, 0, "no event after the abort");
  assert.ok(stream.cancelled(), "the body was cancelled");
  assert.equal(run.dropped, true, "an aborted run is dropped: recover() reloads the thread");
});

test("an error of the app's own onWarning reaches the app; it is no drop", async () => {
  const body = (): ReadableStream<Uint8Array> =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        // opens without RUN_STARTED: the stream checks warn (RUN-014)
        controller.enqueue(frame({ type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" }));
        controller.close();
      },
    });
  const broken = new TypeError("the app's own bug");
  const client = await streamingClient(body, {
    development: true,
    onWarning: () => {
      throw broken;
    },
  });
  const failed = await client.run("x").complete().catch((e: unknown) => e);
  assert.equal(failed, broken);
});

test("a stream that ends without its terminal event is dropped; one that the network breaks too", async () => {
  for (const ending of ["close", "error"] as const) {
    const body = (): ReadableStream<Uint8Array> =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(frame({ type: "RUN_STARTED", threadId: "thr_1", runId: "run_1" }));
          if (ending === "close") controller.close();
          else controller.error(new TypeError("terminated"));
        },
      });
    const client = await streamingClient(body);
    const run = client.run("x");
    const state = await run.complete();
    assert.equal(state.end, undefined);
    assert.equal(run.dropped, true, ending);
  }
});

test("an IPv6 signalling host is listed as a URL writes its host, in brackets (notes N-50)", async () => {
  const session = schemaFiles().find((f) => f.file === "voice-session.json")?.examples[0] as { [k: string]: unknown };
  const capabilities = MANIFEST.capabilities as { [k: string]: unknown };
  const voice = capabilities.voice as { [k: string]: unknown };
  const signaling = "https://[2001:db8::7]:8443/v1/realtime/calls";
  const listing = async (hosts: string[]): Promise<TalkieClient> => {
    const manifest = { ...MANIFEST, capabilities: { ...capabilities, voice: { ...voice, signalingHosts: hosts } } };
    const fake = async (input: string | URL | Request): Promise<Response> => {
      const url = String(input);
      if (url.endsWith("/.well-known/talkie.json")) return respond(200, manifest);
      if (url.endsWith("/talkie/v1/voice")) return respond(200, { ...session, signaling: { type: "sdp-post", url: signaling } });
      return respond(404, { error: { code: "not_found", message: "Nenalezeno.", retryable: false } });
    };
    return TalkieClient.connect(new URL(String(MANIFEST.issuer)).host, { fetch: fake, tokens: "tk_app" });
  };
  assert.equal((await (await listing(["[2001:db8::7]"])).voiceSession()).signaling.url, signaling);
  await assert.rejects((await listing(["[2001:db8::8]"])).voiceSession(), (e: unknown) => e instanceof TalkieError && e.rule === "VOICE-006");
});
