/**
 * Talking by voice (§10): what a talkie/1 app does, on the page. The session, the SDP exchange, the tool
 * calls, transcripts, usage and the consent window are talkie-types' (`voiceSession`, `voiceSignal`,
 * `voiceTool`, `voiceTranscript`, `voiceUsage`, `ConsentWindow`); this module wires them to the browser's
 * WebRTC (the microphone and the `oai-events` data channel) and to the page. Every request and every
 * data-channel event goes into one "voice session" turn of the trace.
 */
import {
  type Action,
  ConsentWindow,
  type Heard,
  type ParseResult,
  type TalkieClient,
  TalkieError,
  vocabulary,
  type VoiceDecision,
  type VoiceSession,
} from "../../typescript/src/index.js";
import { describe } from "./cards.js";
import type { Trace, Turn } from "./trace.js";

/** What the call needs from the page. */
export interface VoiceHost {
  readonly client: TalkieClient;
  readonly trace: Trace;
  readonly threadId: string | undefined;
  /** Cards, actions and usage of a voiceTool answer, rendered as a chat run's are. */
  showEvents(events: ParseResult[], into: HTMLElement, turn: Turn): void;
  /** A decision on a shown action, through its view (method `voice`). */
  decide(actionId: string, decision: "confirm" | "cancel"): Promise<void>;
  /** The call ended; its thread holds the transcript. */
  ended(threadId: string): void;
}

export interface VoiceUi {
  section: HTMLElement;
  talk: HTMLButtonElement;
  hangUp: HTMLButtonElement;
  status: HTMLElement;
  connection: HTMLElement;
  clock: HTMLElement;
  limits: HTMLElement;
  consent: HTMLElement;
  heard: HTMLUListElement;
  audio: HTMLAudioElement;
  messages: HTMLOListElement;
}

type Json = { readonly [key: string]: unknown };
type CallState = "idle" | "starting" | "connecting" | "connected" | "ended" | "failed";

const USAGE_EVERY_MS = 30_000; // §10.3: a usage report every 30 s
const GATHER_MS = 3_000; // host candidates only: gathering on loopback takes milliseconds
const UPDATE_MS = 10_000; // how long a session.update waits for session.updated
const SIGNAL_MS = 30_000; // how long the SDP offer waits for its answer
const MAX_TRACED = 3_000; // events past this many are counted, not listed (the turn stays bounded)

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The session as the trace shows it: the client secret is never displayed. */
function shown(session: VoiceSession): Json {
  return { ...session, clientSecret: `${session.clientSecret.slice(0, 3)}…` };
}

/** The pending actions of a voiceTool answer (the consent window tells which of them voice may decide). */
function pendingActions(events: ParseResult[]): Action[] {
  const found: Action[] = [];
  for (const result of events) {
    if (result.kind !== "event" || result.event.type !== "CUSTOM" || result.event.name !== "talkie.action") continue;
    if (result.event.value.status === "pending") found.push(result.event.value);
  }
  return found;
}

/** One voice call: created by Talk, over after Hang up (or the session's maximum length). */
export class VoiceCall {
  state: CallState = "idle";
  session: VoiceSession | undefined;
  readonly turn: Turn;
  private pc: RTCPeerConnection | undefined;
  private channel: RTCDataChannel | undefined;
  private mic: MediaStream | undefined;
  private window: ConsentWindow | undefined;
  private turnDetection: Json | null | undefined;
  private readonly waiting: ((event: Json) => void)[] = [];
  private readonly transcribed = new Set<string>();
  private openedAt: number | undefined;
  private usageTimer: ReturnType<typeof setInterval> | undefined;
  private clockTimer: ReturnType<typeof setInterval> | undefined;
  private traced = 0;
  private lastHeard: Heard | null = null;
  private warned = false;
  private readonly voiceSessionsPath: string;

  constructor(
    private readonly host: VoiceHost,
    private readonly ui: VoiceUi,
  ) {
    this.turn = host.trace.begin("voice session");
    const template = host.client.manifest.endpoints.voiceSessions ?? "";
    this.voiceSessionsPath = new URL(template, host.client.manifest.issuer).pathname;
  }

  /** The turn a request to `url` belongs to, when it is this call's (the page's fetch traces into it). */
  turnFor(url: URL): Turn | undefined {
    const session = this.session;
    if (session === undefined) return this.state === "starting" && url.pathname === this.voiceSessionsPath ? this.turn : undefined;
    if (url.href === new URL(session.signaling.url).href) return this.turn;
    return url.pathname.split("/").includes(encodeURIComponent(session.voiceSessionId)) ? this.turn : undefined;
  }

  /** Talk: create the session, open the microphone and the peer connection, signal. */
  async start(): Promise<void> {
    const client = this.host.client;
    this.setState("starting", "Creating a voice session…");
    try {
      const locale = client.manifest.locale;
      const threadId = this.host.threadId;
      const session = await client.voiceSession({ locale, ...(threadId === undefined ? {} : { threadId }) });
      this.session = session;
      this.turn.check("VOICE-006", true, `signaling.url ${new URL(session.signaling.url).origin} is allowed and its host is listed`);
      this.turn.add("note", `voice session ${session.voiceSessionId} in thread ${session.threadId}`, shown(session));
      this.showLimits(session);
      this.window = new ConsentWindow(vocabulary(session.locale, session.consent));
      this.showConsent();
      this.setState("connecting", "Opening the microphone…");
      const mic = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (this.over()) {
        for (const track of mic.getTracks()) track.stop(); // hung up while the browser asked
        return;
      }
      this.mic = mic;
      const pc = new RTCPeerConnection({ iceServers: [] });
      this.pc = pc;
      for (const track of this.mic.getAudioTracks()) pc.addTrack(track, this.mic);
      pc.addEventListener("track", (event) => {
        this.ui.audio.srcObject = event.streams[0] ?? new MediaStream([event.track]);
      });
      pc.addEventListener("connectionstatechange", () => this.connectionChanged());
      const channel = pc.createDataChannel("oai-events");
      this.channel = channel;
      channel.addEventListener("open", () => this.channelOpened());
      channel.addEventListener("close", () => {
        this.turn.add("note", "the data channel closed");
        void this.hangUp("the data channel closed");
      });
      channel.addEventListener("message", (message: MessageEvent<unknown>) => this.received(message.data));
      await pc.setLocalDescription(await pc.createOffer());
      await this.gathered(pc);
      this.setState("connecting", "Sending the offer to the signalling URL…");
      const answer = await client.voiceSignal(session, pc.localDescription?.sdp ?? "", AbortSignal.timeout(SIGNAL_MS));
      if (this.state === "ended") return;
      this.turn.check("VOICE-003", true, "the offer went to signaling.url with the client secret as application/sdp; an SDP answer came back");
      await pc.setRemoteDescription({ type: "answer", sdp: answer });
      this.setState("connecting", "Connecting to the speech provider…");
    } catch (error) {
      if (this.over()) return; // hung up meanwhile: what failed after that is of no interest
      this.turn.add("error", describe(error));
      if (error instanceof TalkieError && error.rule !== undefined) this.turn.check(error.rule, false, error.message);
      this.setState("failed", `Voice failed: ${describe(error)}`);
      await this.hangUp("the call could not start");
    }
  }

  /** Hung up (by the person, the provider or the session's length) while something was awaited. */
  private over(): boolean {
    return this.state === "ended";
  }

  /** Hang up: close the connection and the microphone, then the final usage report (§10.3, notes N-96). */
  async hangUp(reason: string): Promise<void> {
    if (this.state === "ended") return;
    const failed = this.state === "failed";
    this.state = "ended";
    clearInterval(this.usageTimer);
    clearInterval(this.clockTimer);
    this.channel?.close();
    this.pc?.close();
    for (const track of this.mic?.getTracks() ?? []) track.stop();
    this.ui.audio.srcObject = null;
    this.turn.add("note", `hung up: ${reason}`);
    this.showConsent();
    const session = this.session;
    if (session !== undefined) {
      await this.report(true);
      this.host.ended(session.threadId);
    }
    if (!failed) this.setState("ended", `The call ended (${reason}).`);
    else {
      this.showStatus();
      this.showButtons();
    }
  }

  // ------------------------------------------------------------ connection

  private async gathered(pc: RTCPeerConnection): Promise<void> {
    if (pc.iceGatheringState === "complete") return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATHER_MS); // then the offer goes as it is (N-70: checks still arrive)
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  private connectionChanged(): void {
    const pc = this.pc;
    if (pc === undefined || this.state === "ended") return;
    this.turn.add("note", `peer connection ${pc.connectionState} (ICE ${pc.iceConnectionState})`);
    if (pc.connectionState === "failed" || pc.connectionState === "closed") void this.hangUp(`the connection ${pc.connectionState}`);
    else this.showStatus();
  }

  private channelOpened(): void {
    if (this.state === "ended") return;
    this.openedAt = performance.now();
    this.setState("connected", "Connected: speak, or hang up.");
    this.usageTimer = setInterval(() => void this.report(false), USAGE_EVERY_MS);
    this.clockTimer = setInterval(() => this.tick(), 1000);
    this.tick();
  }

  private seconds(): number {
    return this.openedAt === undefined ? 0 : Math.round((performance.now() - this.openedAt) / 1000);
  }

  private tick(): void {
    const session = this.session;
    if (session === undefined) return;
    const used = this.seconds();
    this.ui.clock.textContent = `${used} s of ${session.maxSeconds} s`;
    if (!this.warned && used >= session.maxSeconds - session.warnSeconds) {
      this.warned = true;
      this.setState("connected", `The call ends in ${session.maxSeconds - used} s.`);
    }
    if (used >= session.maxSeconds) void this.hangUp("the session's maximum length");
  }

  private async report(final: boolean): Promise<void> {
    const session = this.session;
    if (session === undefined || this.openedAt === undefined) return;
    try {
      const answer = await this.host.client.voiceUsage(session.voiceSessionId, { seconds: this.seconds(), final });
      this.turn.add("note", `usage ${this.seconds()} s${final ? " (final)" : ""}: ${answer.remainingSeconds} s left`, answer);
      this.ui.clock.dataset.remaining = String(answer.remainingSeconds);
    } catch (error) {
      this.turn.add("error", `voiceUsage: ${describe(error)}`);
    }
  }

  // ------------------------------------------------------------ the data channel

  private send(event: Json): void {
    const channel = this.channel;
    if (channel === undefined || channel.readyState !== "open") {
      this.turn.add("error", `not sent (the data channel is ${channel?.readyState ?? "absent"}): ${text(event["type"])}`);
      return;
    }
    channel.send(JSON.stringify(event));
    this.trace("sent", event);
  }

  private trace(direction: "sent" | "received", event: Json): void {
    this.traced += 1;
    const arrow = direction === "sent" ? "→" : "←";
    if (this.traced <= MAX_TRACED) this.turn.add("event", `${arrow} ${text(event["type"])}`, event);
    else if (this.traced === MAX_TRACED + 1) this.turn.add("note", `more than ${MAX_TRACED} data-channel events: the rest are not listed`);
  }

  private received(data: unknown): void {
    let event: Json;
    try {
      const parsed: unknown = JSON.parse(typeof data === "string" ? data : "");
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
      event = parsed as Json;
    } catch {
      this.turn.add("error", "a data-channel message that is not a JSON event");
      return;
    }
    this.trace("received", event);
    const before = this.window?.state;
    const decision = this.window?.feed(event) ?? null;
    if (this.window !== undefined && (before !== this.window.state || this.window.lastHeard !== this.lastHeard)) this.consentChanged(before, decision);
    for (const waiter of this.waiting.splice(0)) waiter(event);
    switch (event["type"]) {
      case "session.created": {
        const session = event["session"] as Json | undefined;
        const input = (session?.["audio"] as Json | undefined)?.["input"] as Json | undefined;
        const detection = input?.["turn_detection"];
        this.turnDetection = typeof detection === "object" ? (detection as Json | null) : undefined;
        break;
      }
      case "response.function_call_arguments.done":
        void this.tool(event);
        break;
      case "conversation.item.input_audio_transcription.completed":
        void this.transcript("user", text(event["transcript"]), text(event["item_id"]));
        break;
      case "response.output_audio_transcript.done":
        void this.transcript("assistant", text(event["transcript"]), text(event["item_id"]));
        break;
      case "error":
        this.turn.add("error", `the provider reports: ${text((event["error"] as Json | undefined)?.["message"])}`);
        break;
      default:
        break;
    }
  }

  /** The next event of `type` (and `match`), or undefined after `ms`. */
  private next(type: string, ms: number): Promise<Json | undefined> {
    return new Promise((resolve) => {
      let done = false;
      const timer = setTimeout(() => {
        done = true;
        resolve(undefined);
      }, ms);
      const waiter = (event: Json): void => {
        if (done) return;
        if (event["type"] === type) {
          done = true;
          clearTimeout(timer);
          resolve(event);
        } else this.waiting.push(waiter);
      };
      this.waiting.push(waiter);
    });
  }

  /**
   * Automatic responses on or off (§10.4 step 1; back on once the window closed, notes N-97). Only turn
   * detection is touched (VOICE-010): the session's own settings with `create_response` changed. Without
   * turn detection there are no automatic responses.
   */
  private async autoRespond(on: boolean): Promise<void> {
    const detection = this.turnDetection;
    if (detection === null || detection === undefined) {
      this.turn.add("note", "the session has no turn detection: no automatic responses to switch");
      return;
    }
    const updated = this.next("session.updated", UPDATE_MS);
    this.send({ type: "session.update", session: { type: "realtime", audio: { input: { turn_detection: { ...detection, create_response: on } } } } });
    if ((await updated) === undefined) this.turn.add("error", `no session.updated within ${UPDATE_MS / 1000} s`);
  }

  // ------------------------------------------------------------ tools (§10.2)

  private async tool(event: Json): Promise<void> {
    const session = this.session;
    if (session === undefined) return;
    const name = text(event["name"]);
    const callId = text(event["call_id"]);
    const bubble = el("li", "message assistant voice");
    const tools = el("ul", "tools");
    tools.setAttribute("aria-label", "Tool calls");
    const running = el("li", "tool running", session.labels[name] ?? name);
    tools.append(running);
    const extras = el("div", "extras");
    bubble.append(el("span", "who", "Assistant (voice)"), tools, extras);
    this.ui.messages.append(bubble);
    let output: string;
    let actions: Action[];
    try {
      const answer = await this.host.client.voiceTool(session.voiceSessionId, name, { callId, arguments: text(event["arguments"]) });
      running.className = answer.ok ? "tool done" : "tool failed";
      running.textContent = `${session.labels[name] ?? name} — ${answer.ok ? "done" : "failed"}`;
      this.host.showEvents(answer.events, extras, this.turn);
      output = answer.output;
      actions = pendingActions(answer.events);
    } catch (error) {
      running.className = "tool failed";
      running.textContent = `${session.labels[name] ?? name} — failed: ${describe(error)}`;
      // no output to hand on unchanged: the call stays unanswered and the person can speak on (notes N-97)
      this.turn.add("error", `voiceTool ${name}: ${describe(error)}; no function_call_output is sent`);
      return;
    }
    const allowed = this.host.client.manifest.capabilities.actions?.voiceConfirm === true;
    const window = this.window;
    for (const action of actions) {
      const before = window?.state;
      if (!allowed || window === undefined) {
        this.turn.add("note", `action ${action.id} waits for the button: the manifest does not allow voice confirmation`);
      } else if (ConsentWindow.offersVoice(action)) {
        // §10.4 step 1: automatic responses off first, so no response but the proposal's is taken for it
        await this.autoRespond(false);
        window.arm(action);
        this.turn.add("note", `consent window armed for ${action.id}: it opens when the proposal has been spoken`);
        this.consentChanged(before, null);
        break;
      } else this.turn.add("note", `action ${action.id} waits for the button: its confirm.methods leave out voice (VOICE-023)`);
    }
    // §10.2: the output goes back unchanged, as the function_call_output
    this.send({ type: "conversation.item.create", item: { type: "function_call_output", call_id: callId, output } });
    this.send({ type: "response.create" });
  }

  // ------------------------------------------------------------ transcripts (§10.3)

  private async transcript(role: "user" | "assistant", said: string, itemId: string): Promise<void> {
    const session = this.session;
    const key = `${role} ${itemId}`;
    if (session === undefined || said.trim() === "" || this.transcribed.has(key)) return;
    this.transcribed.add(key);
    const li = el("li", `message ${role} voice`);
    li.append(el("span", "who", role === "user" ? "You (voice)" : "Assistant (voice)"), el("p", "body", said));
    li.dataset.itemId = itemId;
    this.ui.messages.append(li);
    try {
      await this.host.client.voiceTranscript(session.voiceSessionId, { role, text: said, itemId });
      li.dataset.stored = "true";
    } catch (error) {
      this.turn.add("error", `voiceTranscript: ${describe(error)}`);
    }
  }

  // ------------------------------------------------------------ the consent window (§10.4)

  private consentChanged(before: string | undefined, decision: VoiceDecision | null): void {
    const window = this.window;
    if (window === undefined) return;
    const heard = window.lastHeard;
    if (heard !== null && heard !== this.lastHeard) {
      this.lastHeard = heard;
      const li = el("li", `heard ${heard.verdict}`, `“${heard.text}” → ${heard.verdict}`);
      li.dataset.verdict = heard.verdict;
      this.ui.heard.append(li);
      this.turn.add("note", `consent window heard “${heard.text}”: ${heard.verdict}`);
    }
    if (before !== window.state) this.turn.add("note", `consent window ${before ?? "idle"} → ${window.state}`);
    this.showConsent();
    if (decision !== null) void this.decided(decision);
    else if (before === "open" && window.state === "closed") {
      this.turn.add("note", "two utterances were no answer: the window closed and the action waits for the button");
      void this.autoRespond(true);
    }
  }

  private async decided(decision: VoiceDecision): Promise<void> {
    this.turn.add("note", `the window closed before the decision (§10.4 step 4): ${decision.decision} ${decision.actionId} by voice`, decision);
    await this.host.decide(decision.actionId, decision.decision);
    await this.autoRespond(true);
  }

  // ------------------------------------------------------------ the page

  private setState(state: CallState, status: string): void {
    if (this.state !== "ended") this.state = state;
    this.ui.section.dataset.state = this.state;
    this.ui.status.textContent = status;
    this.showStatus();
    this.showButtons();
  }

  private showStatus(): void {
    const pc = this.pc;
    const parts = [`Connection: ${pc?.connectionState ?? "none"}`, `ICE: ${pc?.iceConnectionState ?? "none"}`, `data channel: ${this.channel?.readyState ?? "none"}`];
    this.ui.section.dataset.connection = pc?.connectionState ?? "none";
    this.ui.connection.textContent = parts.join(" · ");
  }

  private showButtons(): void {
    const live = this.state === "starting" || this.state === "connecting" || this.state === "connected";
    this.ui.talk.disabled = live;
    this.ui.hangUp.disabled = !live;
  }

  private showLimits(session: VoiceSession): void {
    const dl = el("dl", "findings");
    const row = (label: string, value: string): void => void dl.append(el("dt", undefined, label), el("dd", undefined, value));
    row("Session", session.voiceSessionId);
    row("Thread", session.threadId);
    row("Longest call", `${session.maxSeconds} s (a warning ${session.warnSeconds} s before the end)`);
    row("Secret valid until", new Date(session.expiresAt).toLocaleTimeString());
    row("Locale", session.locale);
    row("Transport", `${session.transport} · ${session.eventProtocol}`);
    row("Signalling", new URL(session.signaling.url).origin);
    if (session.consent !== undefined) {
      row("Extra confirm words", (session.consent.confirm ?? []).join(", ") || "none");
      row("Extra refuse words", (session.consent.refuse ?? []).join(", ") || "none");
    }
    this.ui.limits.replaceChildren(dl);
    this.ui.section.dataset.voiceSessionId = session.voiceSessionId;
  }

  private showConsent(): void {
    const window = this.window;
    const state = this.state === "ended" && window?.state !== "closed" ? "closed" : (window?.state ?? "idle");
    const texts: { [s: string]: string } = {
      idle: "Consent window: no action waits.",
      armed: `Consent window: armed for ${window?.actionId ?? ""}, opens after the spoken proposal.`,
      reading: `Consent window: the proposal of ${window?.actionId ?? ""} is being read.`,
      open: `Consent window: open for ${window?.actionId ?? ""}${window?.keyword ? `, keyword “${window.keyword}”` : ""}. Say yes or no.`,
      closed: "Consent window: closed.",
    };
    this.ui.consent.dataset.state = state;
    this.ui.consent.textContent = texts[state] ?? state;
  }
}
