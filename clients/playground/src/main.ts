/**
 * The Talkie playground: a talkie/1 client in the browser, built on the TypeScript client package, with a
 * trace of every turn. It discovers a server, signs in (a pasted token or OAuth with PKCE), chats with
 * streaming text, cards and actions, lists and opens threads, recovers after a dropped stream and talks by
 * voice; every request, event and client-side verdict goes into the trace pane.
 */
import {
  type Action,
  type Card,
  type Manifest,
  type ParseResult,
  type Run,
  TalkieClient,
  TalkieError,
  type ThreadMessage,
  type TokenProvider,
  type UsageMeter,
} from "../../typescript/src/index.js";
import { ActionView, cardView, type Context, describe } from "./cards.js";
import { render } from "./markdown.js";
import { type Forwarding, tracedFetch } from "./net.js";
import * as oauth from "./oauth.js";
import { listScenarios, showPicker } from "./scenarios.js";
import { Trace, type Turn } from "./trace.js";
import { checkAction, checkCard, checkText, checkThread, checkThreads } from "./verdicts.js";
import { VoiceCall, type VoiceUi } from "./voice.js";

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`the page lacks #${id}`);
  return node;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const ui = {
  connectForm: byId("connect-form", HTMLFormElement),
  address: byId("address", HTMLInputElement),
  connectStatus: byId("connect-status", HTMLElement),
  findings: byId("findings", HTMLElement),
  tokenForm: byId("token-form", HTMLFormElement),
  token: byId("token", HTMLInputElement),
  tokenHint: byId("token-hint", HTMLElement),
  oauthButton: byId("oauth-sign-in", HTMLButtonElement),
  refreshButton: byId("oauth-refresh", HTMLButtonElement),
  signOut: byId("sign-out", HTMLButtonElement),
  signedIn: byId("signed-in", HTMLElement),
  threads: byId("threads", HTMLUListElement),
  newThread: byId("new-thread", HTMLButtonElement),
  reloadThreads: byId("reload-threads", HTMLButtonElement),
  messages: byId("messages", HTMLOListElement),
  composer: byId("composer", HTMLFormElement),
  input: byId("message", HTMLTextAreaElement),
  send: byId("send", HTMLButtonElement),
  cancel: byId("cancel-run", HTMLButtonElement),
  drop: byId("drop-stream", HTMLButtonElement),
  usage: byId("usage", HTMLUListElement),
  theme: byId("theme", HTMLButtonElement),
  trace: byId("trace-turns", HTMLElement),
};

const voiceUi: VoiceUi = {
  section: byId("voice", HTMLElement),
  talk: byId("talk", HTMLButtonElement),
  hangUp: byId("hang-up", HTMLButtonElement),
  status: byId("voice-status", HTMLElement),
  connection: byId("voice-connection", HTMLElement),
  clock: byId("voice-clock", HTMLElement),
  limits: byId("voice-limits", HTMLElement),
  consent: byId("consent-state", HTMLElement),
  heard: byId("consent-heard", HTMLUListElement),
  audio: byId("voice-audio", HTMLAudioElement),
  messages: ui.messages,
};

const trace = new Trace(ui.trace);
let call: VoiceCall | undefined;
/** Requests of a voice call go into its turn; every other one into the current turn. */
const turns = { here: (title: string, url: URL): Turn => call?.turnFor(url) ?? trace.here(title) };
const KEY_ITEM = `talkie-playground-key:${location.port}`;

interface Config {
  target: string;
  forward: string | null;
  origin: string;
}

/** Everything about the connected server. */
const session: {
  config: Config | undefined;
  forwarding: Forwarding | undefined;
  client: TalkieClient | undefined;
  origin: string;
  pasted: string | undefined;
  oauth: { tokens: oauth.Tokens; metadata: oauth.AsMetadata } | undefined;
  threadId: string | undefined;
  run: { run: Run; controller: AbortController; cancelled: boolean } | undefined;
} = { config: undefined, forwarding: undefined, client: undefined, origin: location.origin, pasted: undefined, oauth: undefined, threadId: undefined, run: undefined };

const actions = new Map<string, ActionView>();

/** The developer key: from the link's fragment (never sent in a URL), kept for this tab. */
function devKey(): string | undefined {
  const found = /(?:^#|&)key=([^&]+)/.exec(location.hash);
  if (found?.[1] !== undefined) {
    sessionStorage.setItem(KEY_ITEM, decodeURIComponent(found[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem(KEY_ITEM) ?? undefined;
}

/**
 * The fetch for a URL, whatever its origin: in forwarding mode always the forwarder's, which reaches the
 * target's origin only and refuses any other with a line in the trace (the page's CSP lets it connect
 * nowhere else anyway).
 */
function fetchFor(_url: string): typeof fetch {
  return tracedFetch(turns, session.forwarding);
}

function token(): string | undefined {
  return session.oauth?.tokens.access ?? session.pasted;
}

const provider: TokenProvider = {
  token,
  refresh: async () => {
    const held = session.oauth;
    if (held === undefined) return undefined;
    try {
      const tokens = await oauth.refresh(held.metadata, held.tokens, fetchFor(held.metadata.token_endpoint));
      keepTokens(tokens, held.metadata);
      trace.here("refresh").add("note", "the access token was refreshed after a 401 (AUTH-018)");
      return tokens.access;
    } catch (error) {
      trace.here("refresh").add("error", `refresh failed, sign in again: ${describe(error)}`);
      forgetTokens();
      return undefined;
    }
  },
};

function keepTokens(tokens: oauth.Tokens, metadata: oauth.AsMetadata): void {
  session.oauth = { tokens, metadata };
  const serverId = session.client?.manifest.serverId;
  if (serverId !== undefined) oauth.saveTokens(serverId, session.oauth);
  showSignedIn();
}

function forgetTokens(): void {
  const serverId = session.client?.manifest.serverId;
  if (serverId !== undefined) oauth.saveTokens(serverId, undefined);
  session.oauth = undefined;
  session.pasted = undefined;
  showSignedIn();
}

function showSignedIn(text?: string): void {
  const how = session.oauth !== undefined ? "OAuth" : session.pasted !== undefined ? "a pasted token" : undefined;
  ui.signedIn.textContent = text ?? (how === undefined ? "Not signed in." : `Signed in with ${how}.`);
  ui.refreshButton.disabled = session.oauth?.tokens.refresh === undefined;
  ui.signOut.disabled = how === undefined;
}

// ---------------------------------------------------------------- discovery

function row(dl: HTMLElement, label: string, value: string): void {
  dl.append(el("dt", undefined, label), el("dd", undefined, value));
}

function showFindings(client: TalkieClient, turn: Turn): void {
  const m: Manifest = client.manifest;
  const dl = el("dl", "findings");
  row(dl, "Name", m.name);
  row(dl, "Description", m.description);
  row(dl, "Issuer", m.issuer);
  row(dl, "Server id", m.serverId);
  row(dl, "Manifest", client.manifestUrl.href);
  row(dl, "Locale", m.locale);
  row(dl, "Sign-in", [`OAuth at ${m.auth.oauth.issuer} (${m.auth.oauth.scopes.join(" ")})`, m.auth.token === undefined ? "" : "pasted token"].filter((s) => s !== "").join("; "));
  const names = Object.keys(m.endpoints);
  row(dl, "Endpoints", names.map((n) => `${n}${client.supports(n as keyof Manifest["endpoints"]) ? "" : " (left out: another origin)"}`).join(", "));
  row(dl, "Voice", m.capabilities.voice === undefined ? "no" : `${m.capabilities.voice.transports.join(", ")} · ${m.capabilities.voice.eventProtocols.join(", ")} · signalling hosts ${m.capabilities.voice.signalingHosts.join(", ")}`);
  row(dl, "Card blocks", m.capabilities.cards?.blocks.join(", ") ?? "not said");
  row(dl, "Voice confirmation", m.capabilities.actions?.voiceConfirm === true ? "allowed" : "no");
  row(dl, "Message limit", `${m.limits.maxMessageChars} characters`);
  row(dl, "Accent", m.brand.accent);
  row(dl, "Test mode", m.testMode ? "on (§11 test commands answer)" : "off");
  ui.findings.replaceChildren(el("h3", undefined, "What the manifest says"), dl);
  ui.tokenHint.textContent = m.auth.token === undefined ? "This server offers no pasted tokens." : `Where to get one: ${m.auth.token.hint}`;
  ui.input.maxLength = m.limits.maxMessageChars;
  turn.check("MAN-004", true, `spec ${m.spec}`);
  turn.check("MAN-027", true, `issuer ${m.issuer} is the origin the manifest came from`);
  const left = names.filter((n) => !client.supports(n as keyof Manifest["endpoints"]));
  if (left.length > 0) turn.add("note", `endpoints on another origin, left out (MAN-011): ${left.join(", ")}`);
}

async function connect(address: string): Promise<void> {
  const turn = trace.begin(`discovery: ${address}`);
  ui.connectStatus.textContent = "Connecting…";
  try {
    const client = await TalkieClient.connect(address, {
      development: true,
      tokens: provider,
      fetch: tracedFetch(turns, session.forwarding),
      onWarning: (w) => trace.here("stream").check(w.rule, false, w.message),
      approveForeignEndpoints: () => false,
    });
    session.client = client;
    session.origin = new URL(client.manifest.issuer).origin;
    ui.connectStatus.textContent = `Connected to ${client.manifest.name}.`;
    showFindings(client, turn);
    session.oauth = oauth.loadTokens(client.manifest.serverId);
    showSignedIn();
    document.body.dataset.connected = "true";
    voiceUi.section.hidden = client.manifest.capabilities.voice === undefined || !client.supports("voiceSessions");
    if (token() !== undefined) await afterSignIn();
  } catch (error) {
    ui.connectStatus.textContent = describe(error);
    document.body.dataset.connected = "false";
    turn.add("error", describe(error));
    if (error instanceof TalkieError && error.rule !== undefined) turn.check(error.rule, false, error.message);
  }
}

async function afterSignIn(): Promise<void> {
  const client = session.client;
  if (client === undefined) return;
  const turn = trace.begin("status");
  try {
    const status = await client.status();
    showSignedIn(`Signed in as ${status.user.name} (${session.oauth !== undefined ? "OAuth" : "pasted token"}).`);
    turn.add("note", `user ${status.user.name}; chat ${String(status.chat)}, voice ${String(status.voice)}`, status);
    showUsage(status.usage);
  } catch (error) {
    showSignedIn(describe(error));
    turn.add("error", describe(error));
    return;
  }
  await loadThreads();
}

function showUsage(usage: UsageMeter[]): void {
  ui.usage.replaceChildren(...usage.map((u) => el("li", undefined, `${u.label}: ${u.used} of ${u.limit} ${u.unit}`)));
}

// ---------------------------------------------------------------- threads

async function loadThreads(): Promise<void> {
  const client = session.client;
  if (client === undefined || !client.supports("threads")) return;
  const turn = trace.begin("threads");
  try {
    const list = await client.threads();
    checkThreads(turn, list);
    ui.threads.replaceChildren(
      ...list.threads.map((t) => {
        const li = el("li", t.id === session.threadId ? "current" : undefined);
        const open = el("button", "link", t.title !== "" ? t.title : t.id);
        open.type = "button";
        open.addEventListener("click", () => void openThread(t.id));
        const del = el("button", "small danger", "Delete");
        del.type = "button";
        del.setAttribute("aria-label", `Delete thread ${t.title !== "" ? t.title : t.id}`);
        del.addEventListener("click", () => void deleteThread(t.id));
        li.dataset.threadId = t.id;
        li.append(open, el("span", "muted", ` ${t.channel}`), del);
        return li;
      }),
    );
    if (list.threads.length === 0) ui.threads.append(el("li", "muted", "No threads yet."));
  } catch (error) {
    turn.add("error", describe(error));
  }
}

function storedMessage(message: ThreadMessage, ctx: Context, turn: Turn): HTMLLIElement {
  const li = el("li", `message ${message.role}`);
  li.append(el("span", "who", message.role === "user" ? "You" : "Assistant"));
  const body = el("div", "body");
  body.append(render(message.content, session.origin));
  li.append(body);
  for (const card of message.cards) {
    checkCard(turn, card, session.origin);
    li.append(cardView(card, ctx));
  }
  return li;
}

function showAction(action: Action, into: HTMLElement, turn: Turn): void {
  const view = actions.get(action.id);
  checkAction(turn, action, view?.action);
  if (view === undefined) {
    const fresh = new ActionView(action, context);
    actions.set(action.id, fresh);
    into.append(fresh.element);
  } else {
    view.update(action);
    if (!view.element.isConnected) into.append(view.element);
  }
}

async function openThread(threadId: string): Promise<void> {
  const client = session.client;
  if (client === undefined) return;
  const turn = trace.begin(`open thread ${threadId}`);
  try {
    const detail = await client.thread(threadId);
    checkThread(turn, detail);
    session.threadId = detail.thread.id;
    ui.messages.replaceChildren(...detail.messages.map((m) => storedMessage(m, context, turn)));
    if (detail.actions.length > 0) {
      const li = el("li", "message assistant");
      li.append(el("span", "who", "Actions of this thread"));
      for (const action of detail.actions) showAction(action, li, turn);
      ui.messages.append(li);
    }
    await loadThreads();
  } catch (error) {
    turn.add("error", describe(error));
  }
}

async function deleteThread(threadId: string): Promise<void> {
  const client = session.client;
  if (client === undefined) return;
  const turn = trace.begin(`delete thread ${threadId}`);
  try {
    await client.deleteThread(threadId);
    turn.add("note", `thread ${threadId} deleted (its pending actions are cancelled)`);
    if (session.threadId === threadId) {
      session.threadId = undefined;
      ui.messages.replaceChildren();
    }
  } catch (error) {
    turn.add("error", describe(error));
  }
  await loadThreads();
}

// ---------------------------------------------------------------- chat

function summary(result: ParseResult): string {
  if (result.kind === "error") return `not readable: ${result.message}`;
  if (result.kind === "unknown") return `${result.event.type} (not talkie/1: ignored)`;
  const e = result.event;
  switch (e.type) {
    case "RUN_STARTED":
      return `RUN_STARTED thread ${e.threadId} run ${e.runId}`;
    case "TEXT_MESSAGE_CONTENT":
      return `TEXT_MESSAGE_CONTENT ${JSON.stringify(e.delta.slice(0, 60))}`;
    case "TOOL_CALL_START":
      return `TOOL_CALL_START ${e.toolCallName} ${e.metadata?.label ?? ""}`;
    case "TOOL_CALL_END":
      return `TOOL_CALL_END ${e.toolCallId} ok ${String(e.metadata.ok)}`;
    case "RUN_ERROR":
      return `RUN_ERROR ${e.code}: ${e.message}`;
    case "CUSTOM":
      return `CUSTOM ${e.name}`;
    default:
      return e.type;
  }
}

const context: Context = {
  get origin() {
    return session.origin;
  },
  token,
  get fetch() {
    return fetchFor(session.origin);
  },
  begin: (title) => trace.begin(title),
  decide: (action, decision, method) => {
    const client = session.client;
    if (client === undefined) return Promise.reject(new Error("not connected"));
    return client.decide(action, { decision, paramsHash: action.paramsHash, method });
  },
  refresh: (actionId) => {
    const client = session.client;
    if (client === undefined) return Promise.reject(new Error("not connected"));
    return client.action(actionId);
  },
  supports: (endpoint) => session.client?.supports(endpoint) ?? false,
  showEvents: (events, into, turn) => showEvents(events, into, turn),
};

/** Events outside a run (a decision's or a voice tool's answer): cards, actions, links, usage. */
function showEvents(events: ParseResult[], into: HTMLElement, turn: Turn): void {
  for (const result of events) {
    turn.add("event", summary(result), result.kind === "error" ? result : result.event);
    if (result.kind !== "event" || result.event.type !== "CUSTOM") continue;
    const e = result.event;
    if (e.name === "talkie.card") {
      checkCard(turn, e.value, session.origin);
      into.append(cardView(e.value, context));
    } else if (e.name === "talkie.action") showAction(e.value, into, turn);
    else if (e.name === "talkie.open") into.append(openLink(e.value.url, e.value.label));
    else if (e.name === "talkie.usage") showUsage(e.value.usage);
  }
}

function openLink(url: string, label: string): HTMLElement {
  const p = el("p", "open-link");
  const wrap = el("div");
  wrap.append(render(`[${label.replace(/[[\]]/g, "")}](${url})`, session.origin));
  p.append(el("span", "muted", "Suggested link: "), ...Array.from(wrap.querySelector("p")?.childNodes ?? []));
  return p;
}

function toolLabel(call: { name: string; label: string | undefined; done: boolean; ok: boolean | undefined; error: string | undefined }): string {
  const text = call.label ?? call.name;
  if (!call.done) return `${text}`;
  return call.ok === false ? `${text} — failed${call.error === undefined ? "" : `: ${call.error}`}` : `${text} — done`;
}

/** One assistant bubble, redrawn from the run's state after every event. */
class Bubble {
  readonly element = el("li", "message assistant");
  private readonly tools = el("ul", "tools");
  private readonly text = el("div", "body");
  private readonly extras = el("div", "extras");
  private readonly end = el("p", "run-end");
  private readonly cardsShown = new Map<string, number>();
  private readonly linksShown = new Set<number>();

  constructor() {
    this.tools.setAttribute("aria-label", "Tool calls");
    this.end.setAttribute("role", "status");
    this.element.append(el("span", "who", "Assistant"), this.tools, this.text, this.extras, this.end);
  }

  draw(run: Run, turn: Turn): void {
    const state = run.state;
    this.tools.replaceChildren(...[...state.toolCalls.values()].map((c) => el("li", c.done ? (c.ok === false ? "tool failed" : "tool done") : "tool running", toolLabel(c))));
    const fragment = document.createDocumentFragment();
    for (const t of state.texts.values()) fragment.append(render(t.text, session.origin));
    this.text.replaceChildren(fragment);
    for (const card of state.cards.values()) this.card(card, turn);
    for (const action of state.actions.values()) {
      if (actions.get(action.id)?.action.version !== action.version || !actions.has(action.id)) showAction(action, this.extras, turn);
    }
    state.links.forEach((link, i) => {
      if (this.linksShown.has(i)) return;
      this.linksShown.add(i);
      this.extras.append(openLink(link.url, link.label));
    });
    if (state.usage !== undefined) showUsage(state.usage);
  }

  private card(card: Card, turn: Turn): void {
    if (this.cardsShown.get(card.id) === card.version) return;
    this.cardsShown.set(card.id, card.version);
    checkCard(turn, card, session.origin);
    const view = cardView(card, context);
    const old = this.extras.querySelector(`[data-card-id="${CSS.escape(card.id)}"]`);
    if (old === null) this.extras.append(view);
    else old.replaceWith(view);
  }

  /** Stored messages of a recovery, in place of what the stream did not deliver. */
  recovered(reply: ThreadMessage[], turn: Turn): void {
    const fragment = document.createDocumentFragment();
    for (const m of reply) fragment.append(render(m.content, session.origin));
    this.text.replaceChildren(fragment);
    for (const m of reply) for (const card of m.cards) this.card(card, turn);
  }

  /** The run's last line; `failed`: it says why the run failed (`data-failed` on the line). */
  finish(text: string, retry: (() => void) | undefined, failed = false): void {
    this.end.dataset.failed = String(failed);
    this.end.replaceChildren(document.createTextNode(text));
    if (retry !== undefined) {
      const button = el("button", "small", "Retry");
      button.type = "button";
      button.addEventListener("click", () => {
        button.disabled = true;
        retry();
      });
      this.end.append(document.createTextNode(" "), button);
    }
  }
}

function busy(on: boolean): void {
  ui.send.disabled = on;
  ui.cancel.disabled = !on;
  ui.drop.disabled = !on;
  document.body.dataset.running = on ? "true" : "false";
}

/**
 * One run. A retry after RUN_ERROR sends a new message id and run id (the failed run is over at the
 * server); a retry after a request that got no answer keeps the message id, so the server stores it once
 * (RUN-004), with a new run id (notes N-81).
 */
async function send(text: string, messageId?: string): Promise<void> {
  const client = session.client;
  if (client === undefined || session.run !== undefined) return;
  const turn = trace.begin(`run: ${text}`);
  const controller = new AbortController();
  const run = client.run(text, { ...(session.threadId === undefined ? {} : { threadId: session.threadId }), ...(messageId === undefined ? {} : { messageId }), signal: controller.signal });
  session.run = { run, controller, cancelled: false };
  turn.add("note", `thread ${run.threadId}, run ${run.runId}, message ${run.messageId}`);
  const user = el("li", "message user");
  user.append(el("span", "who", "You"), el("p", "body", text));
  const bubble = new Bubble();
  bubble.element.dataset.settled = "false";
  ui.messages.append(user, bubble.element);
  busy(true);
  let failure: unknown = undefined;
  try {
    for await (const result of run) {
      turn.add("event", summary(result), result.kind === "error" ? result : result.event);
      bubble.draw(run, turn);
      bubble.element.scrollIntoView({ block: "end" });
    }
  } catch (error) {
    failure = error;
  }
  session.threadId = run.threadId;
  const held = session.run;
  session.run = undefined;
  busy(false);
  const exempt = text.startsWith("talkie-test:echo ");
  for (const t of run.state.texts.values()) if (t.done && !exempt) checkText(turn, t.text, session.origin);
  const end = run.state.end;
  if (failure !== undefined) {
    turn.add("error", describe(failure));
    const unanswered = failure instanceof TalkieError && failure.kind === "network" && failure.retryable;
    bubble.finish(describe(failure), unanswered ? () => void send(text, run.messageId) : undefined, true);
  } else if (end?.kind === "error") {
    bubble.finish(`The run failed (${end.code}): ${end.message}`, end.retryable ? () => void send(text) : undefined, true);
  } else if (end?.kind === "finished") {
    bubble.finish(held?.cancelled === true ? "Cancelled; the run finished." : "", undefined);
  } else if (run.dropped) {
    bubble.finish("The stream dropped; loading the thread to recover the reply (RUN-029)…", undefined);
    turn.add("note", "the stream ended without RUN_FINISHED or RUN_ERROR: a drop is not a cancel, the run goes on at the server; recovering by loading the thread");
    try {
      const recovery = await run.recover({ attempts: 60, interval: 500 });
      turn.check("RUN-029", recovery.reply.length > 0, recovery.reply.length > 0 ? `the stored thread holds ${recovery.reply.length} reply message(s)` : "no reply stored");
      bubble.recovered(recovery.reply, turn);
      for (const action of recovery.thread.actions) showAction(action, bubble.element, turn);
      bubble.finish("Recovered from the stored thread after the stream dropped.", undefined);
    } catch (error) {
      bubble.finish(`Recovery failed: ${describe(error)}`, undefined, true);
      turn.add("error", describe(error));
    }
  }
  await loadThreads();
  bubble.element.dataset.settled = "true"; // the run, its recovery and the thread list are done
}

// ---------------------------------------------------------------- voice

function talk(): void {
  const client = session.client;
  if (client === undefined || (call !== undefined && call.state !== "ended" && call.state !== "failed")) return;
  voiceUi.heard.replaceChildren();
  voiceUi.clock.textContent = "";
  call = new VoiceCall(
    {
      client,
      trace,
      threadId: session.threadId,
      showEvents,
      decide: async (actionId, decision) => {
        const view = actions.get(actionId);
        if (view === undefined) throw new Error(`action ${actionId} is not shown`);
        await view.decide(decision, "voice");
      },
      ended: (threadId) => {
        session.threadId = threadId;
        void loadThreads();
      },
    },
    voiceUi,
  );
  void call.start();
}

voiceUi.talk.addEventListener("click", talk);
voiceUi.hangUp.addEventListener("click", () => void call?.hangUp("hung up by you"));

// ---------------------------------------------------------------- wiring

ui.connectForm.addEventListener("submit", (event) => {
  event.preventDefault();
  void connect(ui.address.value);
});

ui.tokenForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const value = ui.token.value.trim();
  if (value === "") return;
  session.pasted = value;
  session.oauth = undefined;
  ui.token.value = "";
  showSignedIn();
  void afterSignIn();
});

ui.oauthButton.addEventListener("click", () => {
  const client = session.client;
  if (client === undefined) return;
  const turn = trace.begin("OAuth sign-in");
  const auth = client.manifest.auth.oauth;
  const forwarding = session.forwarding;
  if (forwarding !== undefined && new URL(auth.issuer).origin !== forwarding.origin) {
    const why = `The authorization server ${auth.issuer} is not on ${forwarding.origin}, the one origin the playground forwards to: paste a token instead.`;
    turn.add("error", why);
    showSignedIn(why);
    return;
  }
  oauth
    .discover(auth.issuer, fetchFor(auth.issuer))
    .then((metadata) => oauth.start({ serverId: client.manifest.serverId, issuer: client.manifest.issuer, target: ui.address.value, scopes: auth.scopes, metadata }))
    .then((url) => {
      turn.add("note", `to the authorization endpoint: ${url.origin}${url.pathname}`);
      location.assign(url.href);
    })
    .catch((error: unknown) => {
      turn.add("error", describe(error));
      showSignedIn(describe(error));
    });
});

ui.refreshButton.addEventListener("click", () => {
  void provider.refresh?.().then((fresh) => (fresh === undefined ? undefined : afterSignIn()));
});

ui.signOut.addEventListener("click", () => {
  const held = session.oauth;
  const turn = trace.begin("sign out");
  const done = (): void => {
    forgetTokens();
    ui.threads.replaceChildren();
    turn.add("note", "the tokens are forgotten");
  };
  if (held === undefined) return done();
  const endpoint = held.metadata.revocation_endpoint;
  oauth
    .revoke(held.metadata, held.tokens, fetchFor(endpoint ?? held.metadata.token_endpoint))
    .then((revoked) => turn.add("note", revoked ? "the token was revoked (RFC 7009)" : "the authorization server offers no revocation"))
    .catch((error: unknown) => turn.add("error", `revocation failed: ${describe(error)}`))
    .finally(done);
});

ui.composer.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = ui.input.value.trim();
  if (text === "") return;
  ui.input.value = "";
  void send(text);
});

ui.input.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey) {
    event.preventDefault();
    ui.composer.requestSubmit();
  }
});

ui.cancel.addEventListener("click", () => {
  const held = session.run;
  if (held === undefined) return;
  held.cancelled = true;
  trace.here("cancel").add("note", `cancel asked for run ${held.run.runId}; reading on until the stream ends`);
  held.run.cancel().catch((error: unknown) => trace.here("cancel").add("error", describe(error)));
});

ui.drop.addEventListener("click", () => {
  const held = session.run;
  if (held === undefined) return;
  trace.here("drop").add("note", "the page closes the stream (a disconnect, not a cancel)");
  held.controller.abort();
});

ui.newThread.addEventListener("click", () => {
  session.threadId = undefined;
  ui.messages.replaceChildren();
  void loadThreads();
});
ui.reloadThreads.addEventListener("click", () => void loadThreads());

const THEME_ITEM = "talkie-playground-theme";
function applyTheme(theme: string | null): void {
  const dark = theme === "dark" || (theme === null && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  ui.theme.setAttribute("aria-pressed", String(dark));
  ui.theme.textContent = dark ? "Light theme" : "Dark theme";
}
ui.theme.addEventListener("click", () => {
  const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  localStorage.setItem(THEME_ITEM, next);
  applyTheme(next);
});
applyTheme(localStorage.getItem(THEME_ITEM));

/** Start: the key, the config (which server, forwarding or not), then the OAuth callback if this is one. */
async function boot(): Promise<void> {
  busy(false);
  showSignedIn();
  const key = devKey();
  if (key !== undefined) {
    const turn = trace.begin("playground config");
    try {
      const response = await fetch("/_mock/playground/config", { headers: { "X-Talkie-Mock-Key": key } });
      if (response.ok) {
        const config = (await response.json()) as Config;
        session.config = config;
        if (config.forward !== null) session.forwarding = { origin: new URL(config.target).origin, prefix: config.forward, key };
        ui.address.value = config.target;
        turn.add("note", `target ${config.target}${config.forward === null ? "" : ` through ${config.forward}`}`);
      } else turn.add("error", `the config answered ${response.status}: open the link the playground printed`);
    } catch (error) {
      turn.add("error", describe(error));
    }
  }
  if (ui.address.value === "") ui.address.value = location.origin;
  if (session.forwarding === undefined) {
    const picker = { section: byId("scenarios", HTMLElement), select: byId("scenario", HTMLSelectElement), person: byId("scenario-person", HTMLElement) };
    showPicker(picker, await listScenarios(key), (url) => {
      ui.address.value = url;
      void connect(url);
    });
  }
  const params = new URLSearchParams(location.search);
  const callback = location.pathname.endsWith("/callback") && (params.has("code") || params.has("error"));
  if (callback) history.replaceState(null, "", location.pathname.replace(/callback$/, ""));
  await connect(ui.address.value);
  if (callback && session.client !== undefined) {
    const turn = trace.begin("OAuth callback");
    try {
      const { tokens, pending } = await oauth.finish(params, fetchFor);
      if (pending.serverId !== session.client.manifest.serverId || pending.issuer !== session.client.manifest.issuer) {
        throw new Error("the sign-in was started for another server (state is bound to serverId and issuer)");
      }
      turn.add("note", "signed in with Authorization Code + PKCE S256; state and iss checked");
      keepTokens(tokens, pending.metadata);
      await afterSignIn();
    } catch (error) {
      turn.add("error", describe(error));
      showSignedIn(describe(error));
    }
  }
}

void boot();
