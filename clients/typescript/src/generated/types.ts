// Generated from schemas/ — do not edit; regenerate with `python3 dev.py codegen`.
/** The talkie/1 wire types, one per schema title. */

/** A proposed operation that waits for a human decision (§8). The server chooses `confirm.methods` per action as a UI policy; `GET action` returns the authoritative current state. */
export interface Action {
  /** Action id. */
  id: string;
  /** Revision; grows each time the action changes. */
  version: number;
  /** Thread the action was proposed in. */
  threadId: string;
  /** Tool call that proposed it, if any. */
  toolCallId: string;
  /** One sentence saying what will happen, for the user to judge. */
  summary: string;
  riskLevel: RiskLevel;
  status: ActionStatus;
  /** Opaque fingerprint of the exact parameters; a decision must repeat it. Servers are recommended to use `sha256:` followed by 64 lowercase hex digits. */
  paramsHash: string;
  /** When it was proposed. */
  createdAt: string;
  /** After this instant a decision gets 410 `expired`. */
  expiresAt: string;
  /** While `running`, a `cancel` is still accepted until this instant. */
  undoUntil?: string;
  confirm: ActionConfirm;
}

/** Present when the agent proposes actions for a person to decide (§8). */
export interface ActionCapabilities {
  /** Whether some actions may be confirmed by voice (§10.4). */
  voiceConfirm: boolean;
}

/** How the client may collect the decision. */
export interface ActionConfirm {
  /** Allowed ways to confirm. */
  methods: Array<ConfirmMethod>;
  voice?: VoiceConfirm;
}

/** CUSTOM event carrying an action that awaits a decision (§8). */
export interface ActionEvent {
  /** Event type tag. */
  type: "CUSTOM";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Talkie event name. */
  name: "talkie.action";
  value: Action;
}

/** Lifecycle: pending → (running →) done | failed, or cancelled | expired. */
export type ActionStatus = "pending" | "running" | "done" | "failed" | "cancelled" | "expired";

/** A structured activity record. */
export interface ActivityMessage {
  /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
  id: string;
  /** Author role (union tag). */
  role: "activity";
  /** Kind of activity. */
  activityType: string;
  /** Activity payload. */
  content: { [key: string]: unknown };
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** An earlier answer of the agent (Talkie servers keep history themselves and ignore these). */
export interface AssistantMessage {
  /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
  id: string;
  /** Author role (union tag). */
  role: "assistant";
  /** Display name of the author. */
  name?: string;
  /** Opaque provider artefact a consumer hands back on a later turn. */
  encryptedValue?: string;
  /** Answer text. */
  content?: string;
  /** Calls the agent made. */
  toolCalls?: Array<ToolCall>;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** An audio part. */
export interface AudioPart {
  /** Part type tag. */
  type: "audio";
  /** Optional id of the part. */
  id?: string;
  source: PartSource;
  /** Free-form extra data about the part; any JSON value. */
  metadata?: unknown;
}

/** How a user signs in. OAuth is mandatory; the pasted token is an optional extra. */
export interface Auth {
  oauth: OAuthAuth;
  token?: TokenAuth;
}

/** A short status badge. */
export interface BadgeBlock {
  /** Block type tag. */
  type: "badge";
  /** Badge text. */
  text: string;
  tone?: BadgeTone;
}

/** Colour hint of a badge; absent means neutral. */
export type BadgeTone = "neutral" | "positive" | "warning" | "negative";

/** Visual identity the client may show next to the server: a logo and one accent colour, nothing more; unknown members are ignored like everywhere in the manifest. `logo`: PNG or JPEG image of at most 256 kB: a same-origin path or an `https:` URL. */
export interface Brand {
  logo: LinkTarget;
  /** Accent colour as `#rrggbb`; hex digits in either case. */
  accent: string;
}

/** Optional features of the server. `voice` is left out by a server without voice (§10); `actions` and `cards` are present in the specification's example, but no sentence requires them, so a server may leave them out (notes N-19). */
export interface Capabilities {
  voice?: VoiceCapabilities;
  actions?: ActionCapabilities;
  cards?: CardCapabilities;
}

/** A result card (§6) sent in a `talkie.card` event or stored with a thread message. `fallbackText` stands in for the whole card where a client cannot draw it. Every member of the specification's example is required (notes N-26). */
export interface Card {
  /** Card id, unique within the thread. */
  id: string;
  /** Revision of this card; a later revision with the same `id` replaces an earlier one. */
  version: number;
  /** Card title. */
  title: string;
  /** Secondary line under the title. */
  subtitle: string;
  url: LinkTarget;
  /** Blocks in display order. */
  blocks: Array<CardBlock>;
  /** Plain-text replacement for the whole card. */
  fallbackText: string;
  /** Label read by screen readers. */
  a11yLabel: string;
}

/** One block of a card, tagged by `type`. A client that cannot render some block shows the card's `fallbackText` instead of the whole card. */
export type CardBlock = HeadingBlock | TextBlock | FieldsBlock | ListBlock | LinkBlock | FileBlock | BadgeBlock | UnknownBlock;

/** Card block types the server emits. The set is open: a client renders the blocks it knows and falls back to the card's `fallbackText` otherwise. */
export interface CardCapabilities {
  /** Block type names; talkie/1 defines heading, text, fields, list, link, file and badge. */
  blocks: Array<string>;
}

/** CUSTOM event carrying a result card (§6). */
export interface CardEvent {
  /** Event type tag. */
  type: "CUSTOM";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Talkie event name. */
  name: "talkie.card";
  value: Card;
}

/** One label/value pair. */
export interface CardField {
  /** Label. */
  label: string;
  /** Value as display text. */
  value: string;
}

/** Whether a conversation (or one of its messages) was typed (`chat`) or spoken (`voice`). */
export type Channel = "chat" | "voice";

/** The OAuth Client ID Metadata Document the Talkie app (or a fork of it) publishes. The app is a public client: its `client_id` is the https URL of this very document, it has no secret, and it signs in with the authorization code grant plus PKCE. Field names follow RFC 7591 client metadata; an authorization server ignores members it does not understand, so the object stays open. */
export interface ClientMetadata {
  /** Must equal the URL the document is served from: https with a path, no fragment. */
  client_id: string;
  /** Name the authorization server shows on its consent screen. */
  client_name: string;
  /** Where the authorization response may go. For the app this is the private-use scheme URI `cz.firemnicrm.talkie:/oauth/callback` (RFC 8252 §7.1: reverse domain name, one slash); https and loopback redirects are also accepted for forks. */
  redirect_uris: Array<string>;
  /** Must include `authorization_code`; `refresh_token` enables offline access. */
  grant_types?: Array<string>;
  /** Must include `code`. */
  response_types?: Array<string>;
  /** A public client authenticates with nothing but PKCE. */
  token_endpoint_auth_method: "none";
  /** Space-separated scopes the client may ask for. */
  scope?: string;
  /** Home page of the client. */
  client_uri?: string;
  /** Logo shown on the consent screen. */
  logo_uri?: string;
  /** Privacy policy. */
  policy_uri?: string;
  /** Terms of service. */
  tos_uri?: string;
}

/** A way to confirm. */
export type ConfirmMethod = "button" | "voice";

/** Extra words the client adds to its own vocabularies for confirming or refusing an action by voice (§10.4). */
export interface Consent {
  /** Words that count as yes. */
  confirm: Array<string>;
  /** Words that count as no. */
  refuse: Array<string>;
}

/** One part of a multi-part message body, tagged by `type`. */
export type ContentPart = TextPart | ImagePart | AudioPart | VideoPart | DocumentPart;

/** A piece of ambient information for the run. */
export interface Context {
  /** What the value is. */
  description: string;
  /** The information. */
  value: string;
}

/** A generic AG-UI CUSTOM event: any `name`, any `value`. Talkie's own names are typed in the `talkie.*` event files; clients ignore names they do not know. */
export interface CustomEvent {
  /** Event type tag. */
  type: "CUSTOM";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Event name. */
  name: string;
  /** Payload; any JSON value (required, may be null). */
  value: unknown;
}

/** Bytes carried inline (base64). */
export interface DataSource {
  /** Source type tag. */
  type: "data";
  /** The data, URL or provider handle, depending on `type`. */
  value: string;
  /** Media type of the bytes. */
  mimeType: string;
}

/** What the person decided. */
export type Decision = "confirm" | "cancel";

/** Body of `POST decision`. Only the client sends it, after a human gesture or utterance. `method` says how the person decided, for the audit only (notes N-06). Unknown fields are ignored. */
export interface DecisionRequest {
  decision: Decision;
  /** `paramsHash` of the action as the person saw it; a mismatch gives 409 `stale`. */
  paramsHash: string;
  method: ConfirmMethod;
}

/** Answer of `POST decision` (also of a repeated identical decision): the current action and the events the decision produced, such as a result card. */
export interface DecisionResponse {
  action: Action;
  /** Events to show, in order. */
  events: Array<StreamEvent>;
}

/** A developer instruction. */
export interface DeveloperMessage {
  /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
  id: string;
  /** Author role (union tag). */
  role: "developer";
  /** Display name. */
  name?: string;
  /** Opaque provider artefact a consumer hands back on a later turn. */
  encryptedValue?: string;
  /** Instruction text. */
  content: string;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** A document part. */
export interface DocumentPart {
  /** Part type tag. */
  type: "document";
  /** Optional id of the part. */
  id?: string;
  source: PartSource;
  /** Free-form extra data about the part; any JSON value. */
  metadata?: unknown;
}

/** Where one endpoint lives. Normally a path template that starts with a single `/` and is resolved against the issuer origin (never against the manifest URL). `{name}` placeholders stand for one URL-encoded path segment each. An absolute `https://` URL is accepted by the schema only so that a client can recognise an endpoint on another origin and ask the user about it; conforming servers publish same-origin paths (notes N-02). */
export type EndpointTemplate = string;

/** Endpoint templates by name. An endpoint the server does not support is left out (§1 line 74; for example every `voice*` entry on a server without voice); none is required by the text, and a client does without what is missing (notes N-19). */
/**  */
/** - `status`: GET: who is signed in, what is enabled, usage meters (§4). */
/** - `run`: POST: start a chat run and stream its AG-UI events (§5). */
/** - `cancelRun`: POST: stop a run explicitly; template carries `{runId}` (§5). */
/** - `threads`: GET: the user's threads, newest first (§9). */
/** - `thread`: GET or DELETE one thread; template carries `{threadId}` (§9). */
/** - `action`: GET: the authoritative state of one action; template carries `{actionId}` (§8). */
/** - `decision`: POST: a person's confirm/cancel for one action; template carries `{actionId}` (§8). */
/** - `voiceSessions`: POST: open a voice session (§10.1). */
/** - `voiceTool`: POST: run one tool call during voice; template carries `{voiceSessionId}` and `{name}` (§10.2). */
/** - `voiceTranscript`: POST: store one transcript item; template carries `{voiceSessionId}` (§10.3). */
/** - `voiceUsage`: POST: report spoken seconds; template carries `{voiceSessionId}` (§10.3). */
export interface Endpoints {
  status?: EndpointTemplate;
  run?: EndpointTemplate;
  cancelRun?: EndpointTemplate;
  threads?: EndpointTemplate;
  thread?: EndpointTemplate;
  action?: EndpointTemplate;
  decision?: EndpointTemplate;
  voiceSessions?: EndpointTemplate;
  voiceTool?: EndpointTemplate;
  voiceTranscript?: EndpointTemplate;
  voiceUsage?: EndpointTemplate;
}

/** What went wrong and whether trying again later can help. `upstream_unavailable` is always retryable (§3). */
export interface ErrorBody {
  code: ErrorCode;
  /** Human-readable explanation in the user's language. */
  message: string;
  /** `true` when the same request may succeed later unchanged. */
  retryable: boolean;
}

/** Machine-readable reason of a failed request. The set is open: servers should use the codes catalogued in `x-talkie-catalogue`, and receivers must cope with any other lower-case code by falling back to the HTTP status (notes N-07). `$defs/KnownErrorCode` lists the catalogued codes as a closed set for generated constants. */
export type ErrorCode = string;

/** Body of every non-2xx answer of a Talkie endpoint, and of a run that fails before its stream starts. The message is meant for the user, in their language; the code and `retryable` are for the client's logic. */
export interface ErrorResponse {
  error: ErrorBody;
}

/** Any event a Talkie server sends in a run stream or in an `events` array, tagged by `type`. CUSTOM here means one of the `talkie.*` events. */
export type Event = RunStartedEvent | RunFinishedEvent | RunErrorEvent | TextMessageStartEvent | TextMessageContentEvent | TextMessageEndEvent | ToolCallStartEvent | ToolCallEndEvent | ToolCallResultEvent | TalkieCustomEvent;

/** The open `metadata` object every AG-UI 1.0 event may carry. Talkie puts its own additions here and only here; the keys below are typed, any other key is allowed and ignored by receivers that do not know it. The key `ag-ui` is reserved by AG-UI itself. */
export interface EventMetadata {
  /** Short status line a client may show while a tool runs (TOOL_CALL_START). */
  label?: string;
  /** Whether the tool call succeeded (TOOL_CALL_END). */
  ok?: boolean;
  /** Why the tool call failed, readable by a person (TOOL_CALL_END with `ok: false`). */
  error?: string;
  /** Whether sending the same message again may succeed (RUN_ERROR). */
  retryable?: boolean;
}

/** Label/value pairs, e.g. facts about a record. */
export interface FieldsBlock {
  /** Block type tag. */
  type: "fields";
  /** The pairs, in display order. */
  fields: Array<CardField>;
}

/** A downloadable file. A same-origin URL is fetched with the bearer token, any other URL opens in the browser without it. */
export interface FileBlock {
  /** Block type tag. */
  type: "file";
  /** File name shown to the user. */
  name: string;
  /** Media type, e.g. `application/pdf`. */
  mime?: string;
  /** Size in bytes. */
  size?: number;
  url: LinkTarget;
}

/** Bytes already held by the provider under a handle. */
export interface FileSource {
  /** Source type tag. */
  type: "file";
  /** The data, URL or provider handle, depending on `type`. */
  value: string;
  /** Media type of the bytes. */
  mimeType?: string;
  /** Which provider issued the handle. */
  provider?: string;
}

/** Name and JSON-encoded arguments of a call. */
export interface FunctionCall {
  /** Function name. */
  name: string;
  /** Arguments as a JSON text. */
  arguments: string;
}

/** A heading line inside a card. */
export interface HeadingBlock {
  /** Block type tag. */
  type: "heading";
  /** Heading text (plain). */
  text: string;
}

/** An image part. */
export interface ImagePart {
  /** Part type tag. */
  type: "image";
  /** Optional id of the part. */
  id?: string;
  source: PartSource;
  /** Free-form extra data about the part; any JSON value. */
  metadata?: unknown;
}

/** Something an AG-UI run waits for. */
export interface Interrupt {
  /** Interrupt id. */
  id: string;
  /** Why the run stopped. */
  reason: string;
  /** Prompt for a person. */
  message?: string;
  /** Tool call concerned. */
  toolCallId?: string;
  /** JSON Schema of the expected answer. */
  responseSchema?: { [key: string]: unknown };
  /** When the interrupt lapses (ISO 8601 by convention). */
  expiresAt?: string;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Free-form extra data. */
  metadata?: { [key: string]: unknown };
}

/** The error codes talkie/1 itself defines (§3). */
export type KnownErrorCode = "invalid_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "stale" | "expired" | "too_large" | "rate_limited" | "quota_exceeded" | "upstream_unavailable" | "internal";

/** The event types talkie/1 defines (the tags of `Event`). */
export type KnownEventType = "RUN_STARTED" | "RUN_FINISHED" | "RUN_ERROR" | "TEXT_MESSAGE_START" | "TEXT_MESSAGE_CONTENT" | "TEXT_MESSAGE_END" | "TOOL_CALL_START" | "TOOL_CALL_END" | "TOOL_CALL_RESULT" | "CUSTOM";

/** Limits the server enforces on client input. */
export interface Limits {
  /** Most Unicode code points one user message's `content` may have (notes N-08); a longer message is answered with `413 too_large`. */
  maxMessageChars: number;
}

/** A link the user may open by tapping it. */
export interface LinkBlock {
  /** Block type tag. */
  type: "link";
  /** Link text. */
  label: string;
  url: LinkTarget;
}

/** Target of a link in a card, a block or `talkie.open`: either a same-origin path (one leading `/`, never `//` or `/\`, resolved against the issuer origin) or an absolute `https:` URL (notes N-09). Same-origin files are fetched with the bearer token; other URLs open in the browser without it. */
export type LinkTarget = string;

/** A short list of entries; `more` says how many were left out. */
export interface ListBlock {
  /** Block type tag. */
  type: "list";
  /** Entries shown. */
  items: Array<ListItem>;
  /** Number of further entries not shown. */
  more?: number;
}

/** One entry of a list block. */
export interface ListItem {
  /** Entry title. */
  title: string;
  /** Secondary line. */
  subtitle?: string;
  url?: LinkTarget;
}

/** What a Talkie server publishes at `/.well-known/talkie.json`: who it is, how to sign in, where its endpoints are and which optional features it has. Clients ignore fields they do not know, so every object here is open. `issuer` is the origin the manifest must be served from: `https://host[:port]`, or `http://` only for `localhost`, `127.0.0.1`, `[::1]`, the private IPv4 ranges (10/8, 172.16/12, 192.168/16), IPv4 link-local (169.254/16), IPv6 unique local (fc00::/7) and IPv6 link-local (fe80::/10) addresses, as allowed for development builds (notes N-19). Every member the specification's example shows is required except `auth.token` (MAY be omitted), the endpoints a server does not support and `capabilities.voice` (notes N-26). */
export interface Manifest {
  /** Protocol version. A server sends exactly `talkie/1`; this schema is the server's side. A client refuses only another major version, so it accepts `talkie/1` and a minor form `talkie/1.<n>` (notes N-27). */
  spec: "talkie/1";
  /** Canonical origin of the server, no path and no trailing slash. */
  issuer: string;
  /** Identifier that stays the same for the whole life of the deployment; clients key tokens and settings by it. */
  serverId: string;
  /** Display name of the server. */
  name: string;
  /** One line about what the assistant does. */
  description: string;
  /** Default language of the server as a BCP 47 tag. */
  locale: string;
  brand: Brand;
  auth: Auth;
  endpoints: Endpoints;
  capabilities: Capabilities;
  limits: Limits;
  /** `true` only on fixture servers where the conformance suite may run destructive tests; `false` on production. */
  testMode: boolean;
}

/** One AG-UI message, tagged by `role`. Talkie clients send `user` messages with string content; the other roles are accepted because AG-UI clients may send them. */
export type Message = UserMessage | AssistantMessage | SystemMessage | DeveloperMessage | ToolMessage | ActivityMessage | ReasoningMessage;

/** Who wrote a stored message or spoke a transcript line. */
export type MessageRole = "user" | "assistant";

/** The production sign-in: OAuth 2.1 authorization code with PKCE against this authorization server. Its metadata is discovered from `issuer` (RFC 8414, notes N-01). */
export interface OAuthAuth {
  /** Issuer identifier of the authorization server: an `https` URL without query or fragment (plain `http` only for the development hosts of §1). */
  issuer: string;
  /** Scopes the client requests, normally `talkie` and `offline_access`. */
  scopes: Array<string>;
}

/** Plain acknowledgement returned by cancelRun, DELETE thread and the voice transcript endpoint. */
export interface OkResponse {
  ok: true;
}

/** CUSTOM event suggesting a link; opened only on the user's tap. */
export interface OpenEvent {
  /** Event type tag. */
  type: "CUSTOM";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Talkie event name. */
  name: "talkie.open";
  value: OpenLink;
}

/** Value of `talkie.open`: a link the agent suggests. The client shows it and opens it only when the user taps. */
export interface OpenLink {
  url: LinkTarget;
  /** Link text. */
  label: string;
}

/** Where a media part's bytes are, tagged by `type`. */
export type PartSource = DataSource | UrlSource | FileSource;

/** Reasoning text of a model. */
export interface ReasoningMessage {
  /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
  id: string;
  /** Author role (union tag). */
  role: "reasoning";
  /** Reasoning text. */
  content: string;
  /** Opaque provider artefact a consumer hands back on a later turn. */
  encryptedValue?: string;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** An answer to an interrupt of an earlier run (AG-UI 1.0; Talkie uses actions instead). */
export interface ResumeEntry {
  /** The interrupt answered. */
  interruptId: string;
  status: ResumeStatus;
  /** The answer; any JSON value. */
  payload?: unknown;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** How an interrupt was answered. */
export type ResumeStatus = "resolved" | "cancelled";

/** Server's risk rating of the action. An open string: the specification shows `medium` and names `low` and `high`; receivers tolerate other values (notes N-07). */
export type RiskLevel = string;

/** Body of `POST run` (§5): an AG-UI 1.0 RunAgentInput. A Talkie client sends only the new user message(s); the server keeps the thread history itself. Every object here is open, since the server is the receiver and must ignore fields it does not know. */
export interface RunAgentInput {
  /** Thread id; a client makes one up for a new thread, the server may replace it (see RUN_STARTED). */
  threadId: string;
  /** Run id generated by the client; used to cancel the run. */
  runId: string;
  /** AG-UI version the client speaks, e.g. `1.0`. */
  protocolVersion?: string;
  /** Run that spawned this one (AG-UI); Talkie servers may ignore it. */
  parentRunId?: string;
  /** AG-UI agent state; any JSON value, `null` included. Talkie servers ignore it. */
  state?: unknown;
  /** New messages of this turn. */
  messages: Array<Message>;
  /** Client tools (usually empty). */
  tools?: Array<Tool>;
  /** Ambient context (usually empty). */
  context?: Array<Context>;
  /** AG-UI forwarded properties; any JSON value, `null` included. When it is an object, Talkie reads its `talkie` key. */
  forwardedProps?: TalkieForwardedProps | Array<unknown> | string | number | boolean | null;
  /** Interrupt answers (AG-UI). */
  resume?: Array<ResumeEntry>;
}

/** Last event of a run that failed. Talkie requires a §3 error code and `metadata.retryable`, so a client can offer to resend the message. */
export interface RunErrorEvent {
  /** Event type tag. */
  type: "RUN_ERROR";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata: RunErrorMetadata;
  /** What went wrong, in the user's language. */
  message: string;
  code: ErrorCode;
  /** Token usage spent before the failure. */
  usage?: Array<TokenUsage>;
}

/** Event metadata of RUN_ERROR, where `retryable` is required. */
export type RunErrorMetadata = EventMetadata & Required<Pick<EventMetadata, "retryable">>;

/** The run was stopped on request before it completed (Talkie: `POST cancelRun`). */
export interface RunFinishedCancelledOutcome {
  /** Outcome tag. */
  type: "cancelled";
}

/** Last event of a run that did not fail. A run stopped by `cancelRun` also ends with it, carrying `outcome: {"type": "cancelled"}` (notes N-04). */
export interface RunFinishedEvent {
  /** Event type tag. */
  type: "RUN_FINISHED";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** The thread the run belongs to. */
  threadId: string;
  /** The run that ended. */
  runId: string;
  /** Return value of the run, if any; any JSON value but null. */
  result?: unknown;
  outcome?: RunFinishedOutcome;
  /** Token usage per provider and model. */
  usage?: Array<TokenUsage>;
}

/** The run paused waiting for outside input (AG-UI interrupts; Talkie uses actions instead). */
export interface RunFinishedInterruptOutcome {
  /** Outcome tag. */
  type: "interrupt";
  /** What is awaited. */
  interrupts: Array<Interrupt>;
}

/** Why the run ended; absent means success. Talkie ends a cancelled run with `cancelled` (notes N-04). */
export type RunFinishedOutcome = RunFinishedSuccessOutcome | RunFinishedInterruptOutcome | RunFinishedCancelledOutcome | UnknownOutcome;

/** The run completed. */
export interface RunFinishedSuccessOutcome {
  /** Outcome tag. */
  type: "success";
  /** Client tool calls left unanswered. */
  pendingToolCallIds?: Array<string>;
}

/** First event of every run stream. Its `threadId` is authoritative: a client adopts it even when it sent another one. */
export interface RunStartedEvent {
  /** Event type tag. */
  type: "RUN_STARTED";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** The thread the run belongs to. */
  threadId: string;
  /** The run id (the client's). */
  runId: string;
  /** AG-UI version the server speaks. */
  protocolVersion?: string;
  /** Run that spawned this one, if any. */
  parentRunId?: string;
  input?: RunAgentInput;
}

/** Where the client posts its SDP offer (body `application/sdp`, bearer `clientSecret`) to get the SDP answer. The URL is https with a host from `capabilities.voice.signalingHosts`; plain http only on the §1 development hosts (notes N-03). */
export interface Signaling {
  /** SDP offer/answer over one HTTP POST. */
  type: "sdp-post";
  /** The signalling URL. */
  url: string;
}

/** Answer of `GET status`: the signed-in user, which channels are on for them, and their usage meters. */
export interface Status {
  user: StatusUser;
  /** Whether text chat is available to this user now. */
  chat: boolean;
  /** Whether voice is available to this user now. */
  voice: boolean;
  /** Usage meters to display; may be empty. */
  usage: Array<UsageMeter>;
}

/** The person the bearer token belongs to. */
export interface StatusUser {
  /** Server-side user identifier. */
  id: string;
  /** Display name. */
  name: string;
  /** E-mail address, when the server has one. */
  email: string;
}

/** What may appear in a run stream. Known types must match their schema exactly; an event type Talkie does not define, or a CUSTOM event with a name that is not a `talkie.*` name defined here, is tolerated (clients ignore it). */
export type StreamEvent = Event | UnknownEvent | UnknownCustomEvent;

/** A system instruction. */
export interface SystemMessage {
  /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
  id: string;
  /** Author role (union tag). */
  role: "system";
  /** Display name. */
  name?: string;
  /** Opaque provider artefact a consumer hands back on a later turn. */
  encryptedValue?: string;
  /** Instruction text. */
  content: string;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** A CUSTOM event with one of Talkie's own names, tagged by `name`. */
export type TalkieCustomEvent = CardEvent | ActionEvent | OpenEvent | UsageEvent;

/** The CUSTOM names talkie/1 defines (the tags of `TalkieCustomEvent`). */
export type TalkieCustomName = "talkie.card" | "talkie.action" | "talkie.open" | "talkie.usage";

/** The `forwardedProps` object of a Talkie run. Talkie reads only the `talkie` key; other keys belong to the application and are passed through. */
export interface TalkieForwardedProps {
  talkie?: TalkieProps;
}

/** Talkie's own run options. */
export interface TalkieProps {
  channel?: Channel;
}

/** A paragraph of Markdown-subset text (§7; no HTML, no images). */
export interface TextBlock {
  /** Block type tag. */
  type: "text";
  /** The text. */
  text: string;
}

/** A piece of text appended to an open message. The piece may be empty (AG-UI allows it, for example as a keep-alive); an empty echo may also be a message without content events (notes N-10). */
export interface TextMessageContentEvent {
  /** Event type tag. */
  type: "TEXT_MESSAGE_CONTENT";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Message the text belongs to. */
  messageId: string;
  /** Text to append. */
  delta: string;
}

/** Closes a text message. */
export interface TextMessageEndEvent {
  /** Event type tag. */
  type: "TEXT_MESSAGE_END";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Message being closed. */
  messageId: string;
}

/** Author role of a streamed text message; Talkie servers send `assistant`. */
export type TextMessageRole = "developer" | "system" | "assistant" | "user";

/** Opens an assistant text message; its text follows in TEXT_MESSAGE_CONTENT events (Markdown subset, §7). */
export interface TextMessageStartEvent {
  /** Event type tag. */
  type: "TEXT_MESSAGE_START";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Id of the message being streamed. */
  messageId: string;
  role?: TextMessageRole;
  /** Display name of the author. */
  name?: string;
}

/** A text part. */
export interface TextPart {
  /** Part type tag. */
  type: "text";
  /** Optional id of the part. */
  id?: string;
  /** The text. */
  text: string;
  /** Free-form extra data about the part; any JSON value. */
  metadata?: unknown;
}

/** Answer of `GET thread`: the thread, its messages oldest first, and the actions proposed in it. A client uses it to recover after a dropped stream. */
export interface ThreadDetail {
  thread: ThreadSummary;
  /** Messages in chronological order. */
  messages: Array<ThreadMessage>;
  /** Actions proposed in the thread, with their current status. */
  actions: Array<Action>;
}

/** Answer of `GET threads`: at most 50 threads, the most recently updated first (notes N-09). */
export interface ThreadList {
  threads: Array<ThreadSummary>;
}

/** One stored message of a thread, in chronological order. `cards` is always present (an empty list on user messages and on answers without cards); only `channel` is optional (§9). */
export interface ThreadMessage {
  /** Message identifier; for user messages the id the client chose. */
  id: string;
  role: MessageRole;
  /** Text of the message (Markdown subset for the assistant). */
  content: string;
  /** When the message was stored. */
  createdAt: string;
  /** Cards attached to the message, in display order. */
  cards: Array<Card>;
  channel?: Channel;
}

/** One conversation as listed by `GET threads` and as the head of `GET thread`. */
export interface ThreadSummary {
  /** Thread identifier (the one `RUN_STARTED` made authoritative). */
  id: string;
  /** Short title for the list. */
  title: string;
  channel: Channel;
  /** When the thread was created. */
  createdAt: string;
  /** When anything in the thread last changed; the list sorts by it. */
  updatedAt: string;
}

/** Present when the server also accepts a pasted bearer token. Meant for development; production builds of the client keep it behind a developer switch. */
export interface TokenAuth {
  /** Tells the user where to create such a token. */
  hint: string;
}

/** Token counts of one provider and model (AG-UI 1.0). */
export interface TokenUsage {
  /** Provider name. */
  provider?: string;
  /** Model name. */
  model?: string;
  /** All prompt tokens charged. */
  inputTokens?: number;
  /** All generated tokens. */
  outputTokens?: number;
  /** Input plus output. */
  totalTokens?: number;
  /** Part of output spent on reasoning. */
  reasoningTokens?: number;
  /** Part of input read from a cache. */
  cachedInputTokens?: number;
  /** Part of input written to a cache. */
  cacheWriteInputTokens?: number;
}

/** A client-side tool offered to the agent. Talkie servers own their tools and may ignore these. */
export interface Tool {
  /** Tool name. */
  name: string;
  /** What the tool does. */
  description: string;
  /** JSON Schema of the arguments, carried as is. */
  parameters?: unknown;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** A function call inside an assistant message. */
export interface ToolCall {
  /** Call id. */
  id: string;
  /** Always `function`. */
  type: "function";
  function: FunctionCall;
  /** Opaque provider artefact a consumer hands back on a later turn. */
  encryptedValue?: string;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** The tool finished. Talkie requires `metadata.ok`; `metadata.error` explains a failure. */
export interface ToolCallEndEvent {
  /** Event type tag. */
  type: "TOOL_CALL_END";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata: ToolCallEndMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Id of the finished call. */
  toolCallId: string;
}

/** Event metadata of TOOL_CALL_END, where `ok` is required. */
export type ToolCallEndMetadata = EventMetadata & Required<Pick<EventMetadata, "ok">>;

/** Optional raw output of a tool. Clients do not show it to the user. */
export interface ToolCallResultEvent {
  /** Event type tag. */
  type: "TOOL_CALL_RESULT";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Id of the tool message this result forms. */
  messageId: string;
  /** The call answered. */
  toolCallId: string;
  /** Tool output: text or a list of content parts. */
  content: string | Array<ContentPart>;
  /** Always `tool` when present. */
  role?: "tool";
}

/** The agent started a tool. Clients show `metadata.label` (or a generic status) while it runs. */
export interface ToolCallStartEvent {
  /** Event type tag. */
  type: "TOOL_CALL_START";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Id of the call; TOOL_CALL_END and TOOL_CALL_RESULT refer to it. */
  toolCallId: string;
  /** Tool name. */
  toolCallName: string;
  /** Assistant message that holds the call, if any. */
  parentMessageId?: string;
}

/** What a tool returned for one call. */
export interface ToolMessage {
  /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
  id: string;
  /** Author role (union tag). */
  role: "tool";
  /** Message content: plain text or an ordered list of parts. */
  content: string | Array<ContentPart>;
  /** The call this answers. */
  toolCallId: string;
  /** Failure text when the tool failed. */
  error?: string;
  /** Opaque provider artefact a consumer hands back on a later turn. */
  encryptedValue?: string;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** A well-formed CUSTOM event whose name is not one of Talkie's. Its shape, closed to other members, is the generic CUSTOM event's. */
export type UnknownCustomEvent = CustomEvent & {
  /** Any other name. */
  name?: string;
};

/** An event whose `type` Talkie does not define (for example other AG-UI events). Open. */
export interface UnknownEvent {
  /** Any other type. */
  type: string;
}

/** Bytes behind a URL. */
export interface UrlSource {
  /** Source type tag. */
  type: "url";
  /** The data, URL or provider handle, depending on `type`. */
  value: string;
  /** Media type of the bytes. */
  mimeType?: string;
}

/** CUSTOM event with fresh usage meters. */
export interface UsageEvent {
  /** Event type tag. */
  type: "CUSTOM";
  /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
  timestamp?: number;
  /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
  rawEvent?: unknown;
  metadata?: EventMetadata;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Talkie event name. */
  name: "talkie.usage";
  value: UsageReport;
}

/** One line of usage shown to the user (in status and in `talkie.usage`). Every line names what is counted, how much is used, the limit and the unit, all four as in the specification's example; amounts are whole numbers of `unit` (notes N-21). */
export interface UsageMeter {
  /** What is counted, in the user's language. */
  label: string;
  /** Amount consumed so far. */
  used: number;
  /** Amount allowed in the period. */
  limit: number;
  /** Unit for display, e.g. `tokens`, `minutes`. */
  unit: string;
}

/** Value of `talkie.usage`: the user's current usage meters, shaped like `usage` in the status answer. */
export interface UsageReport {
  /** Meters. */
  usage: Array<UsageMeter>;
}

/** What the person wrote. */
export interface UserMessage {
  /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
  id: string;
  /** Author role (union tag). */
  role: "user";
  /** Display name of the author. */
  name?: string;
  /** Opaque provider artefact a consumer hands back on a later turn. */
  encryptedValue?: string;
  /** Message content: plain text or an ordered list of parts. */
  content: string | Array<ContentPart>;
  /** Marks work done by one subagent invocation; absent when the main agent produced it. */
  subagentRunId?: string;
  /** Free-form extra data about the message. */
  metadata?: { [key: string]: unknown };
}

/** A video part. */
export interface VideoPart {
  /** Part type tag. */
  type: "video";
  /** Optional id of the part. */
  id?: string;
  source: PartSource;
  /** Free-form extra data about the part; any JSON value. */
  metadata?: unknown;
}

/** Present when the server offers real-time voice: how the device connects to the speech provider and which hosts may receive the SDP offer. */
export interface VoiceCapabilities {
  /** Media transports offered; talkie/1 knows `webrtc`. */
  transports: Array<string>;
  /** Data-channel event dialects, e.g. `openai-realtime/1`. */
  eventProtocols: Array<string>;
  /** Hosts (optionally with port) that `signaling.url` of a voice session may point at; the client refuses any other. */
  signalingHosts: Array<string>;
}

/** Extra rule for a spoken confirmation. */
export interface VoiceConfirm {
  /** Word the confirming utterance must contain. */
  keyword?: string;
}

/** Answer of `POST voiceSessions`: how the device reaches the speech provider directly. The server has already fixed model, instructions and tools; the short-lived `clientSecret` only opens the connection. Every member is required except `consent` (§10.1 marks it OPTIONAL). */
export interface VoiceSession {
  /** Identifier used in the voice tool, transcript and usage URLs. */
  voiceSessionId: string;
  /** Thread the transcript is stored in. */
  threadId: string;
  /** Media transport, e.g. `webrtc`. */
  transport: string;
  /** Data-channel dialect, e.g. `openai-realtime/1`. */
  eventProtocol: string;
  signaling: Signaling;
  /** Ephemeral credential for `signaling.url` and nothing else. */
  clientSecret: string;
  /** When `clientSecret` stops opening connections. */
  expiresAt: string;
  /** Longest allowed session length. */
  maxSeconds: number;
  /** How long before `maxSeconds` the client warns the user. */
  warnSeconds: number;
  /** Language of the session. */
  locale: string;
  /** Short status text to show while a tool of the given name runs. */
  labels: { [key: string]: string };
  consent?: Consent;
}

/** Body of `POST voiceSessions`. Both members are optional: without `threadId` the server starts a new thread. Servers ignore members they do not know. */
export interface VoiceSessionRequest {
  /** Continue this thread by voice. */
  threadId?: string;
  /** Language the user wants to speak. */
  locale?: string;
}

/** Body of `POST voiceTool`: one function call the speech provider asked for, forwarded by the client. The server binds it to the voice session and refuses a `callId` it has already seen. */
export interface VoiceToolRequest {
  /** The provider's call identifier. */
  callId: string;
  /** The call's arguments exactly as the provider sent them: JSON as text. */
  arguments: string;
}

/** Answer of `POST voiceTool`: the text the client hands back to the model unchanged, plus AG-UI events (cards, actions) the client shows on screen. All three members are always present; `events` may be empty. */
export interface VoiceToolResponse {
  /** Whether the tool succeeded; `output` explains a failure. */
  ok: boolean;
  /** Sent to the model as the function call output. */
  output: string;
  /** Events to show, in order, as if they came in a run stream. */
  events: Array<StreamEvent>;
}

/** Body of `POST voiceTranscript`: one finished transcript item, which the server stores in the thread. */
export interface VoiceTranscriptRequest {
  role: MessageRole;
  /** What was said. */
  text: string;
  /** The provider's conversation item id; lets the server drop repeats. */
  itemId: string;
}

/** Body of `POST voiceUsage`, sent about every 30 seconds and once more at the end. `seconds` is the running total of the session, so a lost report never undercounts (notes N-11). */
export interface VoiceUsageRequest {
  /** Seconds used in this session so far. */
  seconds: number;
  /** `true` on the last report; the session is then closed. */
  final: boolean;
}

/** Answer of `POST voiceUsage`: how many seconds the session still has (never below zero). */
export interface VoiceUsageResponse {
  ok: true;
  /** `maxSeconds` minus the reported total, floored at zero. */
  remainingSeconds: number;
}

/** A CardBlock member whose `type` this version does not know (the parser's fallback). */
export interface UnknownBlock {
  /** Always "unknown": no CardBlock member uses it. */
  type: "unknown";
  /** The `type` as received. */
  tag: string;
  /** The member as received. */
  raw: { readonly [key: string]: unknown };
}

/** A RunFinishedOutcome member whose `type` this version does not know (the parser's fallback). */
export interface UnknownOutcome {
  /** Always "unknown": no RunFinishedOutcome member uses it. */
  type: "unknown";
  /** The `type` as received. */
  tag: string;
  /** The member as received. */
  raw: { readonly [key: string]: unknown };
}

/** Every schema's type by its title: `SchemaTypes["Manifest"]` is `Manifest`. */
export interface SchemaTypes {
  Action: Action;
  ActionCapabilities: ActionCapabilities;
  ActionConfirm: ActionConfirm;
  ActionEvent: ActionEvent;
  ActionStatus: ActionStatus;
  ActivityMessage: ActivityMessage;
  AssistantMessage: AssistantMessage;
  AudioPart: AudioPart;
  Auth: Auth;
  BadgeBlock: BadgeBlock;
  BadgeTone: BadgeTone;
  Brand: Brand;
  Capabilities: Capabilities;
  Card: Card;
  CardBlock: CardBlock;
  CardCapabilities: CardCapabilities;
  CardEvent: CardEvent;
  CardField: CardField;
  Channel: Channel;
  ClientMetadata: ClientMetadata;
  ConfirmMethod: ConfirmMethod;
  Consent: Consent;
  ContentPart: ContentPart;
  Context: Context;
  CustomEvent: CustomEvent;
  DataSource: DataSource;
  Decision: Decision;
  DecisionRequest: DecisionRequest;
  DecisionResponse: DecisionResponse;
  DeveloperMessage: DeveloperMessage;
  DocumentPart: DocumentPart;
  EndpointTemplate: EndpointTemplate;
  Endpoints: Endpoints;
  ErrorBody: ErrorBody;
  ErrorCode: ErrorCode;
  ErrorResponse: ErrorResponse;
  Event: Event;
  EventMetadata: EventMetadata;
  FieldsBlock: FieldsBlock;
  FileBlock: FileBlock;
  FileSource: FileSource;
  FunctionCall: FunctionCall;
  HeadingBlock: HeadingBlock;
  ImagePart: ImagePart;
  Interrupt: Interrupt;
  KnownErrorCode: KnownErrorCode;
  KnownEventType: KnownEventType;
  Limits: Limits;
  LinkBlock: LinkBlock;
  LinkTarget: LinkTarget;
  ListBlock: ListBlock;
  ListItem: ListItem;
  Manifest: Manifest;
  Message: Message;
  MessageRole: MessageRole;
  OAuthAuth: OAuthAuth;
  OkResponse: OkResponse;
  OpenEvent: OpenEvent;
  OpenLink: OpenLink;
  PartSource: PartSource;
  ReasoningMessage: ReasoningMessage;
  ResumeEntry: ResumeEntry;
  ResumeStatus: ResumeStatus;
  RiskLevel: RiskLevel;
  RunAgentInput: RunAgentInput;
  RunErrorEvent: RunErrorEvent;
  RunErrorMetadata: RunErrorMetadata;
  RunFinishedCancelledOutcome: RunFinishedCancelledOutcome;
  RunFinishedEvent: RunFinishedEvent;
  RunFinishedInterruptOutcome: RunFinishedInterruptOutcome;
  RunFinishedOutcome: RunFinishedOutcome;
  RunFinishedSuccessOutcome: RunFinishedSuccessOutcome;
  RunStartedEvent: RunStartedEvent;
  Signaling: Signaling;
  Status: Status;
  StatusUser: StatusUser;
  StreamEvent: StreamEvent;
  SystemMessage: SystemMessage;
  TalkieCustomEvent: TalkieCustomEvent;
  TalkieCustomName: TalkieCustomName;
  TalkieForwardedProps: TalkieForwardedProps;
  TalkieProps: TalkieProps;
  TextBlock: TextBlock;
  TextMessageContentEvent: TextMessageContentEvent;
  TextMessageEndEvent: TextMessageEndEvent;
  TextMessageRole: TextMessageRole;
  TextMessageStartEvent: TextMessageStartEvent;
  TextPart: TextPart;
  ThreadDetail: ThreadDetail;
  ThreadList: ThreadList;
  ThreadMessage: ThreadMessage;
  ThreadSummary: ThreadSummary;
  TokenAuth: TokenAuth;
  TokenUsage: TokenUsage;
  Tool: Tool;
  ToolCall: ToolCall;
  ToolCallEndEvent: ToolCallEndEvent;
  ToolCallEndMetadata: ToolCallEndMetadata;
  ToolCallResultEvent: ToolCallResultEvent;
  ToolCallStartEvent: ToolCallStartEvent;
  ToolMessage: ToolMessage;
  UnknownCustomEvent: UnknownCustomEvent;
  UnknownEvent: UnknownEvent;
  UrlSource: UrlSource;
  UsageEvent: UsageEvent;
  UsageMeter: UsageMeter;
  UsageReport: UsageReport;
  UserMessage: UserMessage;
  VideoPart: VideoPart;
  VoiceCapabilities: VoiceCapabilities;
  VoiceConfirm: VoiceConfirm;
  VoiceSession: VoiceSession;
  VoiceSessionRequest: VoiceSessionRequest;
  VoiceToolRequest: VoiceToolRequest;
  VoiceToolResponse: VoiceToolResponse;
  VoiceTranscriptRequest: VoiceTranscriptRequest;
  VoiceUsageRequest: VoiceUsageRequest;
  VoiceUsageResponse: VoiceUsageResponse;
}
