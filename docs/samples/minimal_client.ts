/**
 * A minimal talkie/1 client in TypeScript with talkie-types: discover, call, stream, decide, reload.
 *
 *     TALKIE_TOKEN=<token> node minimal_client.js <server address> [message]
 *
 * The same steps as minimal_client.py; the types and the tolerant stream reader come from talkie-types.
 */
// --8<-- [start:setup]
import {
  type Action,
  type DecisionResponse,
  type ErrorResponse,
  type Manifest,
  type RunAgentInput,
  type ThreadDetail,
  readEvents,
} from "talkie-types";

const WELL_KNOWN = "/.well-known/talkie.json";
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
type Auth = { authorization: string }; // sent only to the issuer's origin (see endpoint())

/** A §3 error answer, or a manifest this client must refuse. */
class TalkieError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable = false,
  ) {
    super(`${code}: ${message}`);
  }
}
// --8<-- [end:setup]

// --8<-- [start:discovery]
/** A host becomes https://host/.well-known/talkie.json; a full URL with a path is taken as it is. */
function manifestUrl(address: string): URL {
  if (!address.includes("://")) {
    const host = address.trim().replace(/\/+$/, "");
    const scheme = LOOPBACK.has(host.replace(/:\d+$/, "")) ? "http" : "https"; // http only for development
    return new URL(`${scheme}://${host}${WELL_KNOWN}`);
  }
  const url = new URL(address);
  return url.pathname === "/" ? new URL(WELL_KNOWN, url.origin) : url;
}

/** Fetch the manifest without following redirects, refuse other major versions, check the issuer. */
async function discover(address: string): Promise<Manifest> {
  const url = manifestUrl(address);
  const answer = await fetch(url, { redirect: "manual" });
  if (answer.status !== 200) throw new TalkieError("not_found", `no manifest at ${url} (HTTP ${answer.status})`);
  const manifest = (await answer.json()) as Manifest; // members this client does not know are never read
  const [family, major = ""] = String(manifest.spec).split("/");
  if (family !== "talkie" || major.split(".")[0] !== "1") {
    throw new TalkieError("unsupported", `this client speaks talkie/1, not ${manifest.spec}`);
  }
  if (manifest.issuer !== url.origin) {
    throw new TalkieError("wrong_issuer", `manifest from ${url.origin} claims ${manifest.issuer}`);
  }
  return manifest;
}
// --8<-- [end:discovery]

// --8<-- [start:endpoints]
/** Resolve an endpoint template against the issuer; placeholders are URL-encoded path segments. */
function endpoint(manifest: Manifest, key: keyof Manifest["endpoints"], params: Record<string, string> = {}): URL {
  const template: string | undefined = manifest.endpoints[key];
  if (template === undefined) throw new TalkieError("not_supported", `the server offers no ${key} endpoint`);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const url = new URL(path, manifest.issuer);
  if (url.origin !== manifest.issuer) {
    throw new TalkieError("foreign_endpoint", `${key} points to another origin: ${url}`); // keeps the token home
  }
  return url;
}

/** Turn a non-2xx answer into its §3 error. */
async function check(answer: Response): Promise<Response> {
  if (answer.ok) return answer;
  const json = (answer.headers.get("content-type") ?? "").includes("json");
  const body = json ? ((await answer.json()) as Partial<ErrorResponse>).error : undefined;
  throw new TalkieError(body?.code ?? `http_${answer.status}`, body?.message ?? answer.statusText, body?.retryable);
}
// --8<-- [end:endpoints]

// --8<-- [start:run]
/** What one run produced, as the app would show it. */
interface Reply {
  threadId: string;
  text: string;
  cards: string[]; // fallback texts
  actions: Action[]; // awaiting a decision
}

/** Send one user message and read the run's events until the stream ends. */
async function run(manifest: Manifest, auth: Auth, threadId: string, message: string): Promise<Reply> {
  const body: RunAgentInput = {
    threadId,
    runId: `run_${crypto.randomUUID()}`,
    messages: [{ id: crypto.randomUUID(), role: "user", content: message }],
    tools: [],
    context: [],
    state: {},
    forwardedProps: { talkie: { channel: "chat" } },
  };
  const answer = await check(
    await fetch(endpoint(manifest, "run"), {
      method: "POST",
      headers: { ...auth, accept: "text/event-stream", "content-type": "application/json" },
      body: JSON.stringify(body),
      redirect: "manual",
    }),
  );
  const reply: Reply = { threadId, text: "", cards: [], actions: [] };
  for await (const result of readEvents(answer.body!)) {
    if (result.kind !== "event") continue; // unknown types and CUSTOM names are ignored
    const event = result.event;
    if (event.type === "RUN_STARTED") reply.threadId = event.threadId; // the server's threadId wins
    else if (event.type === "TEXT_MESSAGE_CONTENT") reply.text += event.delta;
    else if (event.type === "RUN_ERROR") throw new TalkieError(event.code, event.message, event.metadata.retryable);
    else if (event.type === "CUSTOM" && event.name === "talkie.card") reply.cards.push(event.value.fallbackText);
    else if (event.type === "CUSTOM" && event.name === "talkie.action") reply.actions.push(event.value);
  }
  return reply;
}
// --8<-- [end:run]

// --8<-- [start:decide]
/** Confirm or cancel an action after a person's tap; returns the action's new status. */
async function decide(manifest: Manifest, auth: Auth, action: Action, decision: "confirm" | "cancel") {
  const answer = await check(
    await fetch(endpoint(manifest, "decision", { actionId: action.id }), {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ decision, paramsHash: action.paramsHash, method: "button" }),
      redirect: "manual",
    }),
  );
  return ((await answer.json()) as DecisionResponse).action.status;
}
// --8<-- [end:decide]

// --8<-- [start:main]
const [address = "127.0.0.1:8765", message = "talkie-test:action"] = process.argv.slice(2);
const manifest = await discover(address);
const auth: Auth = { authorization: `Bearer ${process.env.TALKIE_TOKEN ?? ""}` };
const reply = await run(manifest, auth, `thr_${crypto.randomUUID().slice(0, 12)}`, message);
console.log(`assistant: ${reply.text}`);
for (const fallback of reply.cards) console.log(`card: ${fallback}`);
for (const action of reply.actions) {
  console.log(`action: ${action.summary} [${action.riskLevel}]`);
  console.log(`after a tap on confirm: ${await decide(manifest, auth, action, "confirm")}`);
}
const thread = endpoint(manifest, "thread", { threadId: reply.threadId });
const stored = (await (await check(await fetch(thread, { headers: auth, redirect: "manual" }))).json()) as ThreadDetail;
console.log(`thread ${reply.threadId}: ${stored.messages.length} messages, ${stored.actions.length} actions`);
// --8<-- [end:main]
