/**
 * `TalkieClient`: one talkie/1 server as an app uses it. Discovery as §1 says, the bearer token on every
 * endpoint and nowhere else (§2), one exception type for every failure (§3), runs as typed async iterables
 * with the stream checks on in development (§5), recovery by reloading the thread after a drop, decisions,
 * threads and the voice endpoints.
 */
import type { RuleId } from "./generated/rules.js";
import type { SchemaTitle } from "./generated/tables.js";
import type {
  Action,
  ConfirmMethod,
  Decision,
  DecisionResponse,
  Endpoints,
  Manifest,
  OkResponse,
  RunAgentInput,
  SchemaTypes,
  Status,
  ThreadDetail,
  ThreadList,
  ThreadMessage,
  UserMessage,
  VoiceSession,
  VoiceSessionRequest,
  VoiceToolRequest,
  VoiceToolResponse,
  VoiceTranscriptRequest,
  VoiceUsageRequest,
  VoiceUsageResponse,
} from "./generated/types.js";
import { type StreamWarning, StreamChecker } from "./checks.js";
import { TalkieError } from "./errors.js";
import { decode, type ParseResult, parseEvent, readEvents } from "./parse.js";
import { type ChunkReader, SseLimitError } from "./sse.js";
import { RunState } from "./state.js";

/** Where the client gets the bearer token: a pasted development token, or the app's OAuth tokens. */
export interface TokenProvider {
  /** The current access token; undefined when the user is signed out. */
  token(): string | undefined | Promise<string | undefined>;
  /**
   * Called once after a 401 (AUTH-018): refresh the tokens and return the new access token, or undefined
   * when the user must sign in again. The request is retried once; a second 401 is thrown as `TalkieError`.
   */
  refresh?(): Promise<string | undefined>;
}

/** How a client connects. */
export interface ClientOptions {
  /** The bearer token: a development token as a string, or a provider of OAuth tokens. */
  tokens?: TokenProvider | string;
  /**
   * A development build: plain http is allowed for localhost, 127.0.0.1 and private LAN addresses (§1),
   * and the stream checks are on unless `checks` says otherwise.
   */
  development?: boolean;
  /** Check every run stream against the §5 grammar and report warnings (default: `development`). */
  checks?: boolean;
  /** Where warnings go (default: `console.warn`). */
  onWarning?: (warning: StreamWarning) => void;
  /**
   * Endpoints on another origin are used only if the person approved them while adding the server
   * (MAN-011): show them, return true to accept. Without it they are left out, as unsupported.
   */
  approveForeignEndpoints?: (endpoints: { name: string; url: string }[]) => boolean | Promise<boolean>;
  /** The `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /**
   * The most bytes one run stream may bring (default 64 MiB, `DEFAULT_MAX_RUN_BYTES`): past it the client
   * closes the stream and the run throws a `TalkieError` of kind `limit` (notes N-130).
   */
  maxRunBytes?: number;
  /** The most events one run stream may bring (default 100 000, `DEFAULT_MAX_RUN_EVENTS`); past it, as above. */
  maxRunEvents?: number;
}

/** What one run stream may bring at most, unless `ClientOptions` says otherwise (notes N-130). */
export const DEFAULT_MAX_RUN_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_RUN_EVENTS = 100_000;

/** What `run` sends besides the text. */
export interface RunOptions {
  /** The thread to continue; a new thread id is made up when absent (RUN-005). */
  threadId?: string;
  /** The run id (fresh by default, RUN-009). */
  runId?: string;
  /** The id of the user message (fresh by default); the same id makes a retry idempotent (RUN-004). */
  messageId?: string;
  /** Stops reading: the connection is closed, the run goes on at the server (a disconnect, not a cancel). */
  signal?: AbortSignal;
  /** `forwardedProps.talkie.channel` (RUN-033). */
  channel?: "chat" | "voice";
}

/** What `recover` hands back: the stored thread and the stored messages that answer the run's message. */
export interface Recovery {
  thread: ThreadDetail;
  /** Stored messages after the run's user message (the reply the stream did not deliver). */
  reply: ThreadMessage[];
}

/** The `RunAgentInput` the client sends: `tools` and `context` always present, as AG-UI requires. */
export type RunInput = RunAgentInput & Required<Pick<RunAgentInput, "tools" | "context" | "state" | "forwardedProps">> & {
  messages: UserMessage[];
};

const MANIFEST_LIMIT = 64 * 1024;
const BODY_LIMIT = 4 * 1024 * 1024;
const REDIRECT_LIMIT = 5;
const PRIVATE_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2})$/;

/** A fresh id with a prefix; random, so two devices never pick the same one. */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return prefix + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The manifest URL for what a person typed: a bare host (`crm.example.com`) or a full URL (MAN-001). A bare
 * local host (`127.0.0.1:8000`, `localhost`, a private LAN address) in a development build means plain http,
 * the one place §1 allows it (N-131); any other bare host means https.
 */
export function manifestUrl(address: string, development = false): URL {
  const text = address.trim();
  const typed = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  const url = new URL(typed ? text : `https://${text}`);
  if (!typed && development && PRIVATE_HOST.test(url.hostname)) url.protocol = "http:";
  if (url.pathname === "/" && url.search === "") url.pathname = "/.well-known/talkie.json";
  checkTransport(url, development);
  return url;
}

function checkTransport(url: URL, development: boolean): void {
  if (url.protocol === "https:") return;
  if (url.protocol === "http:" && development && PRIVATE_HOST.test(url.hostname)) return;
  throw TalkieError.protocol(
    development ? "MAN-025" : "MAN-026",
    `${url.origin} is not https; plain http is only for local addresses in development builds`,
  );
}

/** `{name}` placeholders as single percent-encoded path segments: a value never adds a segment (MAN-012). */
export function fillTemplate(template: string, params: { readonly [name: string]: string }): string {
  return template.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw TalkieError.protocol("MAN-012", `no value for {${name}} in ${template}`);
    return encodeURIComponent(value).replace(/\./g, "%2E");
  });
}

async function readLimited(response: Response, limit: number, rule: RuleId): Promise<string> {
  const length = Number(response.headers.get("content-length") ?? "0");
  if (length > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw TalkieError.protocol(rule, `the answer is ${length} bytes, over the limit of ${limit}`);
  }
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw TalkieError.protocol(rule, `the answer is over the limit of ${limit} bytes`);
      }
      parts.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return new TextDecoder().decode(all);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Check the manifest as §1 says: major version 1, issuer = the origin it came from, the rest tolerant. */
export function readManifest(body: unknown, fetchedFrom: URL): Manifest {
  const object = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as { [k: string]: unknown }) : undefined;
  const spec = object?.spec;
  const version = typeof spec === "string" ? /^talkie\/(\d+)(\.\d+)?$/.exec(spec) : null;
  if (object === undefined || version === null || version[1] !== "1") {
    throw TalkieError.protocol("MAN-004", `the manifest speaks ${JSON.stringify(spec)}, not talkie/1`);
  }
  const decoded = decode("Manifest", { ...object, spec: "talkie/1" });
  if (!decoded.ok) {
    throw TalkieError.protocol("MAN-005", `the manifest is not a talkie/1 manifest: ${decoded.errors.slice(0, 3).join("; ")}`);
  }
  let issuer: URL;
  try {
    issuer = new URL(decoded.value.issuer);
  } catch (error) {
    throw TalkieError.protocol("MAN-027", `issuer ${decoded.value.issuer} is not a URL`, error);
  }
  if (issuer.origin !== fetchedFrom.origin) {
    throw TalkieError.protocol("MAN-027", `the manifest from ${fetchedFrom.origin} names issuer ${issuer.origin}`);
  }
  return decoded.value;
}

/** Fetch a manifest without following a redirect to another origin (MAN-008), at most 64 kB (MAN-021). */
async function fetchManifest(url: URL, doFetch: typeof fetch, development: boolean): Promise<{ manifest: Manifest; url: URL }> {
  let current = url;
  for (let hop = 0; hop <= REDIRECT_LIMIT; hop++) {
    let response: Response;
    try {
      response = await doFetch(current.href, { redirect: "manual", headers: { accept: "application/json" } });
    } catch (error) {
      throw TalkieError.network(`no answer from ${current.origin}`, error);
    }
    if (response.type === "opaqueredirect") {
      throw TalkieError.protocol("MAN-008", `${current.href} redirects, and this runtime hides where: enter the final address`);
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get("location");
      await response.body?.cancel().catch(() => undefined);
      if (location === null) throw TalkieError.fromResponse(response.status, undefined, response.headers);
      const next = new URL(location, current);
      if (next.origin !== current.origin) {
        throw TalkieError.protocol("MAN-008", `${current.href} redirects to another origin (${next.origin})`);
      }
      checkTransport(next, development);
      current = next;
      continue;
    }
    const text = await readLimited(response, MANIFEST_LIMIT, "MAN-021");
    if (!response.ok) throw TalkieError.fromResponse(response.status, parseJson(text), response.headers);
    return { manifest: readManifest(parseJson(text), current), url: current };
  }
  throw TalkieError.protocol("MAN-008", `more than ${REDIRECT_LIMIT} redirects`);
}

type EndpointName = keyof Endpoints;

/** One run: iterate it for the parse results; `state` accumulates them; `threadId` is the adopted one. */
export class Run implements AsyncIterable<ParseResult> {
  readonly state = new RunState();
  /** The stream checks' warnings so far (also sent to `onWarning`). */
  readonly warnings: StreamWarning[] = [];
  /** The thread id: the one sent, until RUN_STARTED names the authoritative one (RUN-008). */
  threadId: string;
  /** Whether the stream ended without its terminal event (dropped or aborted): call `recover`. */
  dropped = false;
  private consumed = false;

  constructor(
    private readonly client: TalkieClient,
    readonly input: RunInput,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.threadId = input.threadId;
  }

  get runId(): string {
    return this.input.runId;
  }

  /** The id of the user message this run sent. */
  get messageId(): string {
    const first = this.input.messages[0];
    return first === undefined ? "" : first.id;
  }

  /** Ask the server to stop this run (RUN-032); keep reading to see its stream end. */
  cancel(): Promise<OkResponse> {
    return this.client.cancel(this.runId);
  }

  /** Reload the thread after a drop: what the server stored for this run (RUN-029). */
  recover(options?: { attempts?: number; interval?: number }): Promise<Recovery> {
    return this.client.recover(this.threadId, this.messageId, options);
  }

  /** Read the whole run; resolves with its state when the stream ended. */
  async complete(): Promise<RunState> {
    for await (const result of this) void result;
    return this.state;
  }

  /**
   * The stream's parse results. Only the network read sits inside the drop handling: an error thrown by the
   * app's own code (its `onWarning`, its loop body) reaches the app as it was thrown (N-132).
   */
  async *[Symbol.asyncIterator](): AsyncGenerator<ParseResult> {
    if (this.consumed) throw new Error("a run is read once");
    this.consumed = true;
    const signal = this.signal;
    const response = await this.client.send("run", {}, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(this.input),
      ...(signal === undefined ? {} : { signal }),
    });
    if (response.body === null) throw TalkieError.protocol("RUN-010", "the run answered without a body");
    const { maxRunBytes, maxRunEvents } = this.client.runLimits;
    const reader = response.body.getReader();
    // Aborting closes the stream here, not only through fetch: Node 20's fetch stops following the signal once
    // its request object is garbage collected, which can happen as soon as the response has arrived (N-133).
    const onAbort = (): void => void reader.cancel(signal?.reason).catch(() => undefined);
    signal?.addEventListener("abort", onAbort, { once: true });
    let bytes = 0;
    const counted: ChunkReader = {
      read: async () => {
        const chunk = await reader.read();
        if (!chunk.done) {
          bytes += chunk.value.byteLength;
          if (bytes > maxRunBytes) throw TalkieError.limit(`the run stream brought more than ${maxRunBytes} bytes (maxRunBytes)`);
        }
        return chunk;
      },
      cancel: (reason) => reader.cancel(reason),
      releaseLock: () => reader.releaseLock(),
    };
    const results = readEvents({ getReader: () => counted });
    const checker = this.client.checksOn ? new StreamChecker() : undefined;
    const report = (warnings: StreamWarning[]): void => {
      for (const warning of warnings) {
        this.warnings.push(warning);
        this.client.warn(warning);
      }
    };
    const aborted = (): boolean => signal?.aborted === true;
    let complete = false;
    let count = 0;
    try {
      if (aborted()) return;
      for (;;) {
        let next: IteratorResult<ParseResult>;
        try {
          next = await results.next();
        } catch (error) {
          if (error instanceof TalkieError) throw error;
          if (error instanceof SseLimitError) throw TalkieError.protocol("RUN-010", `${error.message}: the server's stream is not a talkie/1 event stream`, error);
          if (!aborted() && !isDrop(error)) throw error;
          return;
        }
        if (aborted()) return; // nothing after the abort, not even events already read
        if (next.done === true) {
          complete = true;
          return;
        }
        if (++count > maxRunEvents) throw TalkieError.limit(`the run stream brought more than ${maxRunEvents} events (maxRunEvents)`);
        const result = next.value;
        if (checker !== undefined) report(checker.push(result));
        this.state.apply(result);
        if (result.kind === "event" && result.event.type === "RUN_STARTED") this.threadId = result.event.threadId;
        yield result;
      }
    } finally {
      signal?.removeEventListener("abort", onAbort);
      await results.return(undefined).catch(() => undefined); // closes the connection when the stream is left early
      this.dropped = this.state.end === undefined;
      if (checker !== undefined) report(checker.end(complete));
    }
  }
}

function isDrop(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && /abort|terminated|network|socket|reset/i.test(`${error.name} ${error.message}`));
}

/** A talkie/1 server, discovered from its address. */
export class TalkieClient {
  private readonly doFetch: typeof fetch;
  private readonly origin: string;
  /** Endpoint URLs on another origin the person approved (no bearer token goes there). */
  private readonly foreign: ReadonlySet<string>;
  private current: Manifest;
  /** Endpoint URLs whose 401 or 404 already brought a fresh manifest that kept them (fetched once each). */
  private readonly refreshedFor = new Set<string>();

  private constructor(
    manifest: Manifest,
    /** The URL the manifest was finally read from. */
    readonly manifestUrl: URL,
    private readonly options: ClientOptions,
    foreign: ReadonlySet<string>,
  ) {
    this.current = manifest;
    this.doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.origin = new URL(manifest.issuer).origin;
    this.foreign = foreign;
  }

  /** The manifest as last fetched: kept for the client's life, fetched again after a 401 or 404 (MAN-023). */
  get manifest(): Manifest {
    return this.current;
  }

  /**
   * Fetch the manifest again after an endpoint answered 401 or 404 (MAN-023), once per endpoint URL while
   * the endpoint stays where it was; a manifest of another issuer is not taken. Whether the URL moved.
   */
  private async refreshed(name: EndpointName, params: { readonly [name: string]: string }, url: URL): Promise<URL | undefined> {
    if (this.refreshedFor.has(url.href)) return undefined;
    const development = this.options.development === true;
    const fresh = await fetchManifest(this.manifestUrl, this.doFetch, development).catch(() => undefined);
    if (fresh === undefined || new URL(fresh.manifest.issuer).origin !== this.origin) return undefined;
    this.current = fresh.manifest;
    let moved: URL;
    try {
      moved = this.url(name, params);
    } catch {
      return undefined; // the endpoint is gone from the fresh manifest: the original answer stands
    }
    if (moved.href === url.href) {
      this.refreshedFor.add(url.href);
      return undefined;
    }
    return moved;
  }

  /** Discover a server from a bare host or a manifest URL (§1) and return its client. */
  static async connect(address: string, options: ClientOptions = {}): Promise<TalkieClient> {
    const development = options.development === true;
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const { manifest, url } = await fetchManifest(manifestUrl(address, development), doFetch, development);
    const origin = new URL(manifest.issuer).origin;
    const elsewhere: { name: string; url: string }[] = [];
    for (const [name, template] of Object.entries(manifest.endpoints)) {
      if (typeof template !== "string") continue;
      const target = new URL(template, origin);
      if (target.origin !== origin) elsewhere.push({ name, url: target.href });
    }
    let approved = new Set<string>();
    if (elsewhere.length > 0 && options.approveForeignEndpoints !== undefined) {
      if (await options.approveForeignEndpoints(elsewhere)) approved = new Set(elsewhere.map((e) => e.name));
    }
    return new TalkieClient(manifest, url, options, approved);
  }

  /** What one run stream may bring at most (`ClientOptions.maxRunBytes`, `maxRunEvents`). */
  get runLimits(): { maxRunBytes: number; maxRunEvents: number } {
    return {
      maxRunBytes: this.options.maxRunBytes ?? DEFAULT_MAX_RUN_BYTES,
      maxRunEvents: this.options.maxRunEvents ?? DEFAULT_MAX_RUN_EVENTS,
    };
  }

  /** Whether run streams are checked against the §5 grammar. */
  get checksOn(): boolean {
    return this.options.checks ?? this.options.development === true;
  }

  /** Report a stream warning to the app (or the console). */
  warn(warning: StreamWarning): void {
    if (this.options.onWarning !== undefined) this.options.onWarning(warning);
    else console.warn(`talkie/1 ${warning.rule}: ${warning.message} — ${warning.statement}`);
  }

  /** Whether the server offers an endpoint (a missing one is an unsupported feature, MAN-020). */
  supports(name: EndpointName): boolean {
    const template = this.manifest.endpoints[name];
    if (template === undefined) return false;
    return new URL(template, this.origin).origin === this.origin || this.foreign.has(name);
  }

  /**
   * Where a url of a card goes when the person taps it (§6): a `file` block's url on the server's own origin
   * is downloaded with the bearer token (`download`, CARD-006); every other url opens in the system browser
   * without the token (CARD-007), same-origin links included. Resolved against the issuer.
   */
  target(url: string, block?: string): { how: "download" | "browser"; url: URL } {
    const resolved = new URL(url, this.origin);
    return { how: block === "file" && resolved.origin === this.origin ? "download" : "browser", url: resolved };
  }

  /** Download a same-origin file block's url with the bearer token (CARD-006); any other url is refused. */
  async download(url: string | URL, signal?: AbortSignal): Promise<Response> {
    const resolved = new URL(url, this.origin);
    if (resolved.origin !== this.origin) {
      throw TalkieError.protocol("CARD-007", `${resolved.origin} is not the server's origin: open it in the browser, without the token`);
    }
    const token = await this.token();
    let response: Response;
    try {
      response = await this.doFetch(resolved.href, {
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        redirect: "error",
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      throw TalkieError.network(`no answer from ${resolved.origin} (file)`, error, signal?.aborted === true);
    }
    if (!response.ok) {
      const text = await readLimited(response, MANIFEST_LIMIT, "RUN-010").catch(() => "");
      throw TalkieError.fromResponse(response.status, parseJson(text), response.headers);
    }
    return response;
  }

  /** The URL of an endpoint, its placeholders filled (resolved against the issuer, MAN-009). */
  url(name: EndpointName, params: { readonly [name: string]: string } = {}): URL {
    const template = this.manifest.endpoints[name];
    if (template === undefined || !this.supports(name)) {
      throw TalkieError.protocol("MAN-011", `the server offers no usable ${name} endpoint`);
    }
    return new URL(fillTemplate(template, params), this.origin);
  }

  private async token(): Promise<string | undefined> {
    const tokens = this.options.tokens;
    if (tokens === undefined) return undefined;
    return typeof tokens === "string" ? tokens : tokens.token();
  }

  /**
   * Call an endpoint: the bearer token only on the issuer origin (AUTH-019), no redirect followed (a
   * redirect could carry the request elsewhere), one refresh and retry after a 401 (AUTH-018), and a
   * non-2xx answer thrown as `TalkieError`.
   */
  async send(name: EndpointName, params: { readonly [name: string]: string }, init: RequestInit): Promise<Response> {
    let url = this.url(name, params);
    const attempt = async (token: string | undefined): Promise<Response> => {
      const headers = new Headers(init.headers);
      if (token !== undefined && url.origin === this.origin) headers.set("authorization", `Bearer ${token}`);
      try {
        return await this.doFetch(url.href, { ...init, headers, redirect: "error" });
      } catch (error) {
        const aborted = init.signal?.aborted === true;
        throw TalkieError.network(aborted ? `${name} was aborted` : `no answer from ${url.origin} (${name})`, error, aborted);
      }
    };
    let token = await this.token();
    let response = await attempt(token);
    const tokens = this.options.tokens;
    if (response.status === 401 && typeof tokens === "object" && tokens.refresh !== undefined) {
      await response.body?.cancel().catch(() => undefined);
      const fresh = await tokens.refresh();
      if (fresh !== undefined) response = await attempt((token = fresh));
    }
    if (response.status === 401 || response.status === 404) {
      const moved = await this.refreshed(name, params, url);
      if (moved !== undefined) {
        await response.body?.cancel().catch(() => undefined);
        url = moved;
        response = await attempt(token);
      }
    }
    if (!response.ok) {
      const text = await readLimited(response, MANIFEST_LIMIT, "RUN-010").catch(() => "");
      throw TalkieError.fromResponse(response.status, parseJson(text), response.headers);
    }
    return response;
  }

  private async json<T extends SchemaTitle>(
    title: T,
    name: EndpointName,
    params: { readonly [name: string]: string },
    init: RequestInit = {},
  ): Promise<SchemaTypes[T]> {
    const response = await this.send(name, params, { ...init, headers: { accept: "application/json", ...init.headers } });
    const body = parseJson(await readLimited(response, BODY_LIMIT, "RUN-010"));
    const decoded = decode(title, body);
    if (!decoded.ok) {
      throw TalkieError.protocol("RUN-010", `${name} answered something that is not a ${title}: ${decoded.errors.slice(0, 3).join("; ")}`);
    }
    return decoded.value;
  }

  private post<T extends SchemaTitle>(title: T, name: EndpointName, params: { readonly [name: string]: string }, body: unknown): Promise<SchemaTypes[T]> {
    return this.json(title, name, params, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  /** `GET status`: the user, what is available, usage (§4). */
  status(): Promise<Status> {
    return this.json("Status", "status", {});
  }

  /** `GET threads`: newest first (§9). */
  threads(): Promise<ThreadList> {
    return this.json("ThreadList", "threads", {});
  }

  /** `GET thread`: the stored messages, cards and actions (§9). */
  thread(threadId: string): Promise<ThreadDetail> {
    return this.json("ThreadDetail", "thread", { threadId });
  }

  /** `DELETE thread` (its pending actions are cancelled). */
  deleteThread(threadId: string): Promise<OkResponse> {
    return this.json("OkResponse", "thread", { threadId }, { method: "DELETE" });
  }

  /** The body of a run request: only the new user message, `tools: []` and the chat channel (§5). */
  runInput(text: string, options: Omit<RunOptions, "signal"> = {}): RunInput {
    return {
      threadId: options.threadId ?? newId("thr_"),
      runId: options.runId ?? newId("run_"),
      messages: [{ id: options.messageId ?? newId("msg_"), role: "user", content: text }],
      tools: [],
      context: [],
      state: {},
      forwardedProps: { talkie: { channel: options.channel ?? "chat" } },
    };
  }

  /** Start a run of one user message; iterate the result for its events (nothing is sent before that). */
  run(text: string, options: RunOptions = {}): Run {
    return new Run(this, this.runInput(text, options), options.signal);
  }

  /** `POST cancelRun`: stop a run (also fine after it ended). */
  cancel(runId: string): Promise<OkResponse> {
    return this.post("OkResponse", "cancelRun", { runId }, {});
  }

  /**
   * Recover after a dropped stream (RUN-029): the run went on at the server, so load the thread until a
   * reply to `messageId` is stored and stays the same between two loads (bounded by `attempts`).
   */
  async recover(threadId: string, messageId: string, options: { attempts?: number; interval?: number } = {}): Promise<Recovery> {
    const attempts = options.attempts ?? 40;
    const interval = options.interval ?? 500;
    let last: string | undefined;
    let recovery: Recovery | undefined;
    for (let i = 0; i < attempts; i++) {
      const thread = await this.thread(threadId).catch((error: unknown) => {
        if (error instanceof TalkieError && error.status === 404) return undefined; // not stored yet
        throw error;
      });
      if (thread !== undefined) {
        const at = thread.messages.findIndex((m) => m.id === messageId);
        recovery = { thread, reply: at === -1 ? [] : thread.messages.slice(at + 1) };
        const seen = JSON.stringify(recovery.reply);
        if (recovery.reply.length > 0 && seen === last) return recovery;
        last = seen;
      }
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
    if (recovery === undefined) throw TalkieError.protocol("RUN-029", `thread ${threadId} was not stored`);
    return recovery;
  }

  /** `GET action`: the action as it stands (authoritative, ACT-005). */
  action(actionId: string): Promise<Action> {
    return this.json("Action", "action", { actionId });
  }

  /**
   * `POST decision` on a person's tap or answer (ACT-014): `paramsHash` of the version they saw (ACT-007)
   * and the `method` they used. The answer's events come back parsed, like a run's.
   */
  async decide(
    action: Pick<Action, "id">,
    decision: { decision: Decision; paramsHash: string; method: ConfirmMethod },
  ): Promise<{ action: Action; events: ParseResult[] }> {
    const answer: DecisionResponse = await this.post("DecisionResponse", "decision", { actionId: action.id }, decision);
    return { action: answer.action, events: answer.events.map((event) => parseEvent(event)) };
  }

  /**
   * `POST voiceSessions`: a voice session the server locked (§10.1). A session whose `signaling.url` is not
   * https (plain http only for local addresses in development) or whose host is not among
   * `capabilities.voice.signalingHosts` is refused (VOICE-006): the secret would go somewhere unvetted.
   */
  async voiceSession(request: VoiceSessionRequest = {}): Promise<VoiceSession> {
    const session = await this.post("VoiceSession", "voiceSessions", {}, request);
    let url: URL;
    try {
      url = new URL(session.signaling.url);
    } catch (error) {
      throw TalkieError.protocol("VOICE-006", `signaling.url ${JSON.stringify(session.signaling.url)} is no URL`, error);
    }
    const development = this.options.development === true;
    if (!(url.protocol === "https:" || (url.protocol === "http:" && development && PRIVATE_HOST.test(url.hostname)))) {
      throw TalkieError.protocol("VOICE-006", `signaling.url ${url.origin} is not https`);
    }
    const hosts = this.manifest.capabilities.voice?.signalingHosts ?? [];
    const host = url.hostname; // as URL writes a host: an IPv6 literal in its brackets, as listed (N-50)
    if (!hosts.includes(host)) {
      throw TalkieError.protocol("VOICE-006", `signaling.url host ${host} is not in signalingHosts (${hosts.join(", ")})`);
    }
    return session;
  }

  /**
   * The SDP offer to `signaling.url` with the session's `clientSecret` as bearer and `application/sdp`
   * (VOICE-003); the answer's SDP. The secret goes there and nowhere else (VOICE-007); the app's own token
   * is never sent with it.
   */
  async voiceSignal(session: Pick<VoiceSession, "signaling" | "clientSecret">, offer: string, signal?: AbortSignal): Promise<string> {
    const url = session.signaling.url;
    let response: Response;
    try {
      response = await this.doFetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${session.clientSecret}`, "content-type": "application/sdp", accept: "application/sdp" },
        body: offer,
        redirect: "error",
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      throw TalkieError.network(`no answer from the signalling URL ${new URL(url).origin}`, error, signal?.aborted === true);
    }
    const text = await readLimited(response, BODY_LIMIT, "VOICE-003");
    if (!response.ok) throw TalkieError.fromResponse(response.status, parseJson(text), response.headers);
    if (!/^v=0/.test(text)) throw TalkieError.protocol("VOICE-003", "the signalling URL answered something that is not an SDP answer");
    return text;
  }

  /** `POST voiceTool`: run a tool the speech model asked for (§10.2); its events come back parsed. */
  async voiceTool(
    voiceSessionId: string,
    name: string,
    request: VoiceToolRequest,
  ): Promise<{ ok: boolean; output: string; events: ParseResult[] }> {
    const answer: VoiceToolResponse = await this.post("VoiceToolResponse", "voiceTool", { voiceSessionId, name }, request);
    return { ok: answer.ok, output: answer.output, events: answer.events.map((event) => parseEvent(event)) };
  }

  /** `POST voiceTranscript`: store one transcript line in the thread (201). */
  async voiceTranscript(voiceSessionId: string, request: VoiceTranscriptRequest): Promise<void> {
    const response = await this.send("voiceTranscript", { voiceSessionId }, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    await response.body?.cancel().catch(() => undefined);
  }

  /** `POST voiceUsage`: report the seconds used (every 30 s and at the end). */
  voiceUsage(voiceSessionId: string, request: VoiceUsageRequest): Promise<VoiceUsageResponse> {
    return this.post("VoiceUsageResponse", "voiceUsage", { voiceSessionId }, request);
  }
}
