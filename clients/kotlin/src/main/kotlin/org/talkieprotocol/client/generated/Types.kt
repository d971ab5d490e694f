// Generated from schemas/ — do not edit; regenerate with `python3 dev.py codegen`.

@file:OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)

package org.talkieprotocol.client.generated

import kotlinx.serialization.EncodeDefault
import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/** A value of a type this version does not know, kept as received: [raw] is all of it. */
public interface Opaque {
    /** The object as received, every member under its wire name. */
    public val raw: JsonObject
}

internal fun JsonObject.tagOrEmpty(name: String): String =
    (this[name] as? JsonPrimitive)?.takeIf { it.isString }?.content ?: ""

/** A proposed operation that waits for a human decision (§8). The server chooses `confirm.methods` per action as a UI policy; `GET action` returns the authoritative current state. */
@Serializable
public data class Action(
    /** Action id. */
    @SerialName("id") val id: String,
    /** Revision; grows each time the action changes. */
    @SerialName("version") val version: Long,
    /** Thread the action was proposed in. */
    @SerialName("threadId") val threadId: String,
    /** Tool call that proposed it, if any. */
    @SerialName("toolCallId") val toolCallId: String,
    /** One sentence saying what will happen, for the user to judge. */
    @SerialName("summary") val summary: String,
    @SerialName("riskLevel") val riskLevel: RiskLevel,
    @SerialName("status") val status: ActionStatus,
    /** Opaque fingerprint of the exact parameters; a decision must repeat it. Servers are recommended to use `sha256:` followed by 64 lowercase hex digits. */
    @SerialName("paramsHash") val paramsHash: String,
    /** When it was proposed. */
    @SerialName("createdAt") val createdAt: String,
    /** After this instant a decision gets 410 `expired`. */
    @SerialName("expiresAt") val expiresAt: String,
    /** While `running`, a `cancel` is still accepted until this instant. */
    @SerialName("undoUntil") val undoUntil: String? = null,
    @SerialName("confirm") val confirm: ActionConfirm,
)

/** Present when the agent proposes actions for a person to decide (§8). */
@Serializable
public data class ActionCapabilities(
    /** Whether some actions may be confirmed by voice (§10.4). */
    @SerialName("voiceConfirm") val voiceConfirm: Boolean,
)

/** How the client may collect the decision. */
@Serializable
public data class ActionConfirm(
    /** Allowed ways to confirm. */
    @SerialName("methods") val methods: List<ConfirmMethod>,
    @SerialName("voice") val voice: VoiceConfirm? = null,
)

/** CUSTOM event carrying an action that awaits a decision (§8). */
@Serializable
public data class ActionEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "CUSTOM",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Talkie event name. */
    @SerialName("name") @EncodeDefault override val name: String = "talkie.action",
    @SerialName("value") val value: Action,
) : TalkieCustomEvent

/** Lifecycle: pending → (running →) done | failed, or cancelled | expired. */
@Serializable
@JvmInline
public value class ActionStatus(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val PENDING: ActionStatus = ActionStatus("pending")
        public val RUNNING: ActionStatus = ActionStatus("running")
        public val DONE: ActionStatus = ActionStatus("done")
        public val FAILED: ActionStatus = ActionStatus("failed")
        public val CANCELLED: ActionStatus = ActionStatus("cancelled")
        public val EXPIRED: ActionStatus = ActionStatus("expired")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("pending", "running", "done", "failed", "cancelled", "expired")
    }
}

/** A structured activity record. */
@Serializable
public data class ActivityMessage(
    /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
    @SerialName("id") val id: String,
    /** Author role (union tag). */
    @SerialName("role") @EncodeDefault override val role: String = "activity",
    /** Kind of activity. */
    @SerialName("activityType") val activityType: String,
    /** Activity payload. */
    @SerialName("content") val content: JsonObject,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
) : Message

/** An earlier answer of the agent (Talkie servers keep history themselves and ignore these). */
@Serializable
public data class AssistantMessage(
    /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
    @SerialName("id") val id: String,
    /** Author role (union tag). */
    @SerialName("role") @EncodeDefault override val role: String = "assistant",
    /** Display name of the author. */
    @SerialName("name") val name: String? = null,
    /** Opaque provider artefact a consumer hands back on a later turn. */
    @SerialName("encryptedValue") val encryptedValue: String? = null,
    /** Answer text. */
    @SerialName("content") val content: String? = null,
    /** Calls the agent made. */
    @SerialName("toolCalls") val toolCalls: List<ToolCall>? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
) : Message

/** An audio part. */
@Serializable
public data class AudioPart(
    /** Part type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "audio",
    /** Optional id of the part. */
    @SerialName("id") val id: String? = null,
    @SerialName("source") val source: PartSource,
    /** Free-form extra data about the part; any JSON value. */
    @SerialName("metadata") val metadata: JsonElement? = null,
) : ContentPart

/** How a user signs in. OAuth is mandatory; the pasted token is an optional extra. */
@Serializable
public data class Auth(
    @SerialName("oauth") val oauth: OAuthAuth,
    @SerialName("token") val token: TokenAuth? = null,
)

/** A short status badge. */
@Serializable
public data class BadgeBlock(
    /** Block type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "badge",
    /** Badge text. */
    @SerialName("text") val text: String,
    @SerialName("tone") val tone: BadgeTone? = null,
) : CardBlock

/** Colour hint of a badge; absent means neutral. */
@Serializable
@JvmInline
public value class BadgeTone(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val NEUTRAL: BadgeTone = BadgeTone("neutral")
        public val POSITIVE: BadgeTone = BadgeTone("positive")
        public val WARNING: BadgeTone = BadgeTone("warning")
        public val NEGATIVE: BadgeTone = BadgeTone("negative")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("neutral", "positive", "warning", "negative")
    }
}

/** Visual identity the client may show next to the server: a logo and one accent colour, nothing more; unknown members are ignored like everywhere in the manifest. `logo`: PNG or JPEG image of at most 256 kB: a same-origin path or an `https:` URL. */
@Serializable
public data class Brand(
    @SerialName("logo") val logo: LinkTarget,
    /** Accent colour as `#rrggbb`; hex digits in either case. */
    @SerialName("accent") val accent: String,
)

/** Optional features of the server. `voice` is left out by a server without voice (§10); `actions` and `cards` are present in the specification's example, but no sentence requires them, so a server may leave them out (notes N-19). */
@Serializable
public data class Capabilities(
    @SerialName("voice") val voice: VoiceCapabilities? = null,
    @SerialName("actions") val actions: ActionCapabilities? = null,
    @SerialName("cards") val cards: CardCapabilities? = null,
)

/** A result card (§6) sent in a `talkie.card` event or stored with a thread message. `fallbackText` stands in for the whole card where a client cannot draw it. Every member of the specification's example is required (notes N-26). */
@Serializable
public data class Card(
    /** Card id, unique within the thread. */
    @SerialName("id") val id: String,
    /** Revision of this card; a later revision with the same `id` replaces an earlier one. */
    @SerialName("version") val version: Long,
    /** Card title. */
    @SerialName("title") val title: String,
    /** Secondary line under the title. */
    @SerialName("subtitle") val subtitle: String,
    @SerialName("url") val url: LinkTarget,
    /** Blocks in display order. */
    @SerialName("blocks") val blocks: List<CardBlock>,
    /** Plain-text replacement for the whole card. */
    @SerialName("fallbackText") val fallbackText: String,
    /** Label read by screen readers. */
    @SerialName("a11yLabel") val a11yLabel: String,
)

/** One block of a card, tagged by `type`. A client that cannot render some block shows the card's `fallbackText` instead of the whole card. */
@Serializable(with = CardBlockSerializer::class)
public sealed interface CardBlock {
    public val type: String
}

/** Card block types the server emits. The set is open: a client renders the blocks it knows and falls back to the card's `fallbackText` otherwise. */
@Serializable
public data class CardCapabilities(
    /** Block type names; talkie/1 defines heading, text, fields, list, link, file and badge. */
    @SerialName("blocks") val blocks: List<String>,
)

/** CUSTOM event carrying a result card (§6). */
@Serializable
public data class CardEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "CUSTOM",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Talkie event name. */
    @SerialName("name") @EncodeDefault override val name: String = "talkie.card",
    @SerialName("value") val value: Card,
) : TalkieCustomEvent

/** One label/value pair. */
@Serializable
public data class CardField(
    /** Label. */
    @SerialName("label") val label: String,
    /** Value as display text. */
    @SerialName("value") val value: String,
)

/** Whether a conversation (or one of its messages) was typed (`chat`) or spoken (`voice`). */
@Serializable
@JvmInline
public value class Channel(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val CHAT: Channel = Channel("chat")
        public val VOICE: Channel = Channel("voice")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("chat", "voice")
    }
}

/** The OAuth Client ID Metadata Document the Talkie app (or a fork of it) publishes. The app is a public client: its `client_id` is the https URL of this very document, it has no secret, and it signs in with the authorization code grant plus PKCE. Field names follow RFC 7591 client metadata; an authorization server ignores members it does not understand, so the object stays open. */
@Serializable
public data class ClientMetadata(
    /** Must equal the URL the document is served from: https with a path, no fragment. */
    @SerialName("client_id") val clientId: String,
    /** Name the authorization server shows on its consent screen. */
    @SerialName("client_name") val clientName: String,
    /** Where the authorization response may go. For the app this is the private-use scheme URI `cz.firemnicrm.talkie:/oauth/callback` (RFC 8252 §7.1: reverse domain name, one slash); https and loopback redirects are also accepted for forks. */
    @SerialName("redirect_uris") val redirectUris: List<String>,
    /** Must include `authorization_code`; `refresh_token` enables offline access. */
    @SerialName("grant_types") val grantTypes: List<String>? = null,
    /** Must include `code`. */
    @SerialName("response_types") val responseTypes: List<String>? = null,
    /** A public client authenticates with nothing but PKCE. */
    @SerialName("token_endpoint_auth_method") @EncodeDefault val tokenEndpointAuthMethod: String = "none",
    /** Space-separated scopes the client may ask for. */
    @SerialName("scope") val scope: String? = null,
    /** Home page of the client. */
    @SerialName("client_uri") val clientUri: String? = null,
    /** Logo shown on the consent screen. */
    @SerialName("logo_uri") val logoUri: String? = null,
    /** Privacy policy. */
    @SerialName("policy_uri") val policyUri: String? = null,
    /** Terms of service. */
    @SerialName("tos_uri") val tosUri: String? = null,
)

/** A way to confirm. */
@Serializable
@JvmInline
public value class ConfirmMethod(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val BUTTON: ConfirmMethod = ConfirmMethod("button")
        public val VOICE: ConfirmMethod = ConfirmMethod("voice")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("button", "voice")
    }
}

/** Extra words the client adds to its own vocabularies for confirming or refusing an action by voice (§10.4). */
@Serializable
public data class Consent(
    /** Words that count as yes. */
    @SerialName("confirm") val confirm: List<String>,
    /** Words that count as no. */
    @SerialName("refuse") val refuse: List<String>,
)

/** One part of a multi-part message body, tagged by `type`. */
@Serializable(with = ContentPartSerializer::class)
public sealed interface ContentPart {
    public val type: String
}

/** A piece of ambient information for the run. */
@Serializable
public data class Context(
    /** What the value is. */
    @SerialName("description") val description: String,
    /** The information. */
    @SerialName("value") val value: String,
)

/** A generic AG-UI CUSTOM event: any `name`, any `value`. Talkie's own names are typed in the `talkie.*` event files; clients ignore names they do not know. */
@Serializable
public data class CustomEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault val type: String = "CUSTOM",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Event name. */
    @SerialName("name") val name: String,
    /** Payload; any JSON value (required, may be null). */
    @SerialName("value") val value: JsonElement,
)

/** Bytes carried inline (base64). */
@Serializable
public data class DataSource(
    /** Source type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "data",
    /** The data, URL or provider handle, depending on `type`. */
    @SerialName("value") val value: String,
    /** Media type of the bytes. */
    @SerialName("mimeType") val mimeType: String,
) : PartSource

/** What the person decided. */
@Serializable
@JvmInline
public value class Decision(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val CONFIRM: Decision = Decision("confirm")
        public val CANCEL: Decision = Decision("cancel")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("confirm", "cancel")
    }
}

/** Body of `POST decision`. Only the client sends it, after a human gesture or utterance. `method` says how the person decided, for the audit only (notes N-06). Unknown fields are ignored. */
@Serializable
public data class DecisionRequest(
    @SerialName("decision") val decision: Decision,
    /** `paramsHash` of the action as the person saw it; a mismatch gives 409 `stale`. */
    @SerialName("paramsHash") val paramsHash: String,
    @SerialName("method") val method: ConfirmMethod,
)

/** Answer of `POST decision` (also of a repeated identical decision): the current action and the events the decision produced, such as a result card. */
@Serializable
public data class DecisionResponse(
    @SerialName("action") val action: Action,
    /** Events to show, in order. */
    @SerialName("events") val events: List<StreamEvent>,
)

/** A developer instruction. */
@Serializable
public data class DeveloperMessage(
    /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
    @SerialName("id") val id: String,
    /** Author role (union tag). */
    @SerialName("role") @EncodeDefault override val role: String = "developer",
    /** Display name. */
    @SerialName("name") val name: String? = null,
    /** Opaque provider artefact a consumer hands back on a later turn. */
    @SerialName("encryptedValue") val encryptedValue: String? = null,
    /** Instruction text. */
    @SerialName("content") val content: String,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
) : Message

/** A document part. */
@Serializable
public data class DocumentPart(
    /** Part type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "document",
    /** Optional id of the part. */
    @SerialName("id") val id: String? = null,
    @SerialName("source") val source: PartSource,
    /** Free-form extra data about the part; any JSON value. */
    @SerialName("metadata") val metadata: JsonElement? = null,
) : ContentPart

/** Where one endpoint lives. Normally a path template that starts with a single `/` and is resolved against the issuer origin (never against the manifest URL). `{name}` placeholders stand for one URL-encoded path segment each. An absolute `https://` URL is accepted by the schema only so that a client can recognise an endpoint on another origin and ask the user about it; conforming servers publish same-origin paths (notes N-02). */
public typealias EndpointTemplate = String

/**
 * Endpoint templates by name. An endpoint the server does not support is left out (§1 line 74; for example every `voice*` entry on a server without voice); none is required by the text, and a client does without what is missing (notes N-19).
 *
 * - `status`: GET: who is signed in, what is enabled, usage meters (§4).
 * - `run`: POST: start a chat run and stream its AG-UI events (§5).
 * - `cancelRun`: POST: stop a run explicitly; template carries `{runId}` (§5).
 * - `threads`: GET: the user's threads, newest first (§9).
 * - `thread`: GET or DELETE one thread; template carries `{threadId}` (§9).
 * - `action`: GET: the authoritative state of one action; template carries `{actionId}` (§8).
 * - `decision`: POST: a person's confirm/cancel for one action; template carries `{actionId}` (§8).
 * - `voiceSessions`: POST: open a voice session (§10.1).
 * - `voiceTool`: POST: run one tool call during voice; template carries `{voiceSessionId}` and `{name}` (§10.2).
 * - `voiceTranscript`: POST: store one transcript item; template carries `{voiceSessionId}` (§10.3).
 * - `voiceUsage`: POST: report spoken seconds; template carries `{voiceSessionId}` (§10.3).
 */
@Serializable
public data class Endpoints(
    @SerialName("status") val status: EndpointTemplate? = null,
    @SerialName("run") val run: EndpointTemplate? = null,
    @SerialName("cancelRun") val cancelRun: EndpointTemplate? = null,
    @SerialName("threads") val threads: EndpointTemplate? = null,
    @SerialName("thread") val thread: EndpointTemplate? = null,
    @SerialName("action") val action: EndpointTemplate? = null,
    @SerialName("decision") val decision: EndpointTemplate? = null,
    @SerialName("voiceSessions") val voiceSessions: EndpointTemplate? = null,
    @SerialName("voiceTool") val voiceTool: EndpointTemplate? = null,
    @SerialName("voiceTranscript") val voiceTranscript: EndpointTemplate? = null,
    @SerialName("voiceUsage") val voiceUsage: EndpointTemplate? = null,
)

/** What went wrong and whether trying again later can help. `upstream_unavailable` is always retryable (§3). */
@Serializable
public data class ErrorBody(
    @SerialName("code") val code: ErrorCode,
    /** Human-readable explanation in the user's language. */
    @SerialName("message") val message: String,
    /** `true` when the same request may succeed later unchanged. */
    @SerialName("retryable") val retryable: Boolean,
)

/** Machine-readable reason of a failed request. The set is open: servers should use the codes catalogued in `x-talkie-catalogue`, and receivers must cope with any other lower-case code by falling back to the HTTP status (notes N-07). `$defs/KnownErrorCode` lists the catalogued codes as a closed set for generated constants. */
public typealias ErrorCode = String

/** Body of every non-2xx answer of a Talkie endpoint, and of a run that fails before its stream starts. The message is meant for the user, in their language; the code and `retryable` are for the client's logic. */
@Serializable
public data class ErrorResponse(
    @SerialName("error") val error: ErrorBody,
)

/** Any event a Talkie server sends in a run stream or in an `events` array, tagged by `type`. CUSTOM here means one of the `talkie.*` events. */
@Serializable(with = EventSerializer::class)
public sealed interface Event : StreamEvent

/** The open `metadata` object every AG-UI 1.0 event may carry. Talkie puts its own additions here and only here; the keys below are typed, any other key is allowed and ignored by receivers that do not know it. The key `ag-ui` is reserved by AG-UI itself. */
@Serializable
public data class EventMetadata(
    /** Short status line a client may show while a tool runs (TOOL_CALL_START). */
    @SerialName("label") val label: String? = null,
    /** Whether the tool call succeeded (TOOL_CALL_END). */
    @SerialName("ok") val ok: Boolean? = null,
    /** Why the tool call failed, readable by a person (TOOL_CALL_END with `ok: false`). */
    @SerialName("error") val error: String? = null,
    /** Whether sending the same message again may succeed (RUN_ERROR). */
    @SerialName("retryable") val retryable: Boolean? = null,
)

/** Label/value pairs, e.g. facts about a record. */
@Serializable
public data class FieldsBlock(
    /** Block type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "fields",
    /** The pairs, in display order. */
    @SerialName("fields") val fields: List<CardField>,
) : CardBlock

/** A downloadable file. A same-origin URL is fetched with the bearer token, any other URL opens in the browser without it. */
@Serializable
public data class FileBlock(
    /** Block type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "file",
    /** File name shown to the user. */
    @SerialName("name") val name: String,
    /** Media type, e.g. `application/pdf`. */
    @SerialName("mime") val mime: String? = null,
    /** Size in bytes. */
    @SerialName("size") val size: Long? = null,
    @SerialName("url") val url: LinkTarget,
) : CardBlock

/** Bytes already held by the provider under a handle. */
@Serializable
public data class FileSource(
    /** Source type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "file",
    /** The data, URL or provider handle, depending on `type`. */
    @SerialName("value") val value: String,
    /** Media type of the bytes. */
    @SerialName("mimeType") val mimeType: String? = null,
    /** Which provider issued the handle. */
    @SerialName("provider") val provider: String? = null,
) : PartSource

/** Name and JSON-encoded arguments of a call. */
@Serializable
public data class FunctionCall(
    /** Function name. */
    @SerialName("name") val name: String,
    /** Arguments as a JSON text. */
    @SerialName("arguments") val arguments: String,
)

/** A heading line inside a card. */
@Serializable
public data class HeadingBlock(
    /** Block type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "heading",
    /** Heading text (plain). */
    @SerialName("text") val text: String,
) : CardBlock

/** An image part. */
@Serializable
public data class ImagePart(
    /** Part type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "image",
    /** Optional id of the part. */
    @SerialName("id") val id: String? = null,
    @SerialName("source") val source: PartSource,
    /** Free-form extra data about the part; any JSON value. */
    @SerialName("metadata") val metadata: JsonElement? = null,
) : ContentPart

/** Something an AG-UI run waits for. */
@Serializable
public data class Interrupt(
    /** Interrupt id. */
    @SerialName("id") val id: String,
    /** Why the run stopped. */
    @SerialName("reason") val reason: String,
    /** Prompt for a person. */
    @SerialName("message") val message: String? = null,
    /** Tool call concerned. */
    @SerialName("toolCallId") val toolCallId: String? = null,
    /** JSON Schema of the expected answer. */
    @SerialName("responseSchema") val responseSchema: JsonObject? = null,
    /** When the interrupt lapses (ISO 8601 by convention). */
    @SerialName("expiresAt") val expiresAt: String? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Free-form extra data. */
    @SerialName("metadata") val metadata: JsonObject? = null,
)

/** The error codes talkie/1 itself defines (§3). */
@Serializable
@JvmInline
public value class KnownErrorCode(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val INVALID_REQUEST: KnownErrorCode = KnownErrorCode("invalid_request")
        public val UNAUTHORIZED: KnownErrorCode = KnownErrorCode("unauthorized")
        public val FORBIDDEN: KnownErrorCode = KnownErrorCode("forbidden")
        public val NOT_FOUND: KnownErrorCode = KnownErrorCode("not_found")
        public val CONFLICT: KnownErrorCode = KnownErrorCode("conflict")
        public val STALE: KnownErrorCode = KnownErrorCode("stale")
        public val EXPIRED: KnownErrorCode = KnownErrorCode("expired")
        public val TOO_LARGE: KnownErrorCode = KnownErrorCode("too_large")
        public val RATE_LIMITED: KnownErrorCode = KnownErrorCode("rate_limited")
        public val QUOTA_EXCEEDED: KnownErrorCode = KnownErrorCode("quota_exceeded")
        public val UPSTREAM_UNAVAILABLE: KnownErrorCode = KnownErrorCode("upstream_unavailable")
        public val INTERNAL: KnownErrorCode = KnownErrorCode("internal")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("invalid_request", "unauthorized", "forbidden", "not_found", "conflict", "stale", "expired", "too_large", "rate_limited", "quota_exceeded", "upstream_unavailable", "internal")
    }
}

/** The event types talkie/1 defines (the tags of `Event`). */
@Serializable
@JvmInline
public value class KnownEventType(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val RUN_STARTED: KnownEventType = KnownEventType("RUN_STARTED")
        public val RUN_FINISHED: KnownEventType = KnownEventType("RUN_FINISHED")
        public val RUN_ERROR: KnownEventType = KnownEventType("RUN_ERROR")
        public val TEXT_MESSAGE_START: KnownEventType = KnownEventType("TEXT_MESSAGE_START")
        public val TEXT_MESSAGE_CONTENT: KnownEventType = KnownEventType("TEXT_MESSAGE_CONTENT")
        public val TEXT_MESSAGE_END: KnownEventType = KnownEventType("TEXT_MESSAGE_END")
        public val TOOL_CALL_START: KnownEventType = KnownEventType("TOOL_CALL_START")
        public val TOOL_CALL_END: KnownEventType = KnownEventType("TOOL_CALL_END")
        public val TOOL_CALL_RESULT: KnownEventType = KnownEventType("TOOL_CALL_RESULT")
        public val CUSTOM: KnownEventType = KnownEventType("CUSTOM")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("RUN_STARTED", "RUN_FINISHED", "RUN_ERROR", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "TOOL_CALL_START", "TOOL_CALL_END", "TOOL_CALL_RESULT", "CUSTOM")
    }
}

/** Limits the server enforces on client input. */
@Serializable
public data class Limits(
    /** Most Unicode code points one user message's `content` may have (notes N-08); a longer message is answered with `413 too_large`. */
    @SerialName("maxMessageChars") val maxMessageChars: Long,
)

/** A link the user may open by tapping it. */
@Serializable
public data class LinkBlock(
    /** Block type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "link",
    /** Link text. */
    @SerialName("label") val label: String,
    @SerialName("url") val url: LinkTarget,
) : CardBlock

/** Target of a link in a card, a block or `talkie.open`: either a same-origin path (one leading `/`, never `//` or `/\`, resolved against the issuer origin) or an absolute `https:` URL (notes N-09). Same-origin files are fetched with the bearer token; other URLs open in the browser without it. */
public typealias LinkTarget = String

/** A short list of entries; `more` says how many were left out. */
@Serializable
public data class ListBlock(
    /** Block type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "list",
    /** Entries shown. */
    @SerialName("items") val items: List<ListItem>,
    /** Number of further entries not shown. */
    @SerialName("more") val more: Long? = null,
) : CardBlock

/** One entry of a list block. */
@Serializable
public data class ListItem(
    /** Entry title. */
    @SerialName("title") val title: String,
    /** Secondary line. */
    @SerialName("subtitle") val subtitle: String? = null,
    @SerialName("url") val url: LinkTarget? = null,
)

/** What a Talkie server publishes at `/.well-known/talkie.json`: who it is, how to sign in, where its endpoints are and which optional features it has. Clients ignore fields they do not know, so every object here is open. `issuer` is the origin the manifest must be served from: `https://host[:port]`, or `http://` only for `localhost`, `127.0.0.1`, `[::1]`, the private IPv4 ranges (10/8, 172.16/12, 192.168/16), IPv4 link-local (169.254/16), IPv6 unique local (fc00::/7) and IPv6 link-local (fe80::/10) addresses, as allowed for development builds (notes N-19). Every member the specification's example shows is required except `auth.token` (MAY be omitted), the endpoints a server does not support and `capabilities.voice` (notes N-26). */
@Serializable
public data class Manifest(
    /** Protocol version. A server sends exactly `talkie/1`; this schema is the server's side. A client refuses only another major version, so it accepts `talkie/1` and a minor form `talkie/1.<n>` (notes N-27). */
    @SerialName("spec") @EncodeDefault val spec: String = "talkie/1",
    /** Canonical origin of the server, no path and no trailing slash. */
    @SerialName("issuer") val issuer: String,
    /** Identifier that stays the same for the whole life of the deployment; clients key tokens and settings by it. */
    @SerialName("serverId") val serverId: String,
    /** Display name of the server. */
    @SerialName("name") val name: String,
    /** One line about what the assistant does. */
    @SerialName("description") val description: String,
    /** Default language of the server as a BCP 47 tag. */
    @SerialName("locale") val locale: String,
    @SerialName("brand") val brand: Brand,
    @SerialName("auth") val auth: Auth,
    @SerialName("endpoints") val endpoints: Endpoints,
    @SerialName("capabilities") val capabilities: Capabilities,
    @SerialName("limits") val limits: Limits,
    /** `true` only on fixture servers where the conformance suite may run destructive tests; `false` on production. */
    @SerialName("testMode") val testMode: Boolean,
)

/** One AG-UI message, tagged by `role`. Talkie clients send `user` messages with string content; the other roles are accepted because AG-UI clients may send them. */
@Serializable(with = MessageSerializer::class)
public sealed interface Message {
    public val role: String
}

/** Who wrote a stored message or spoke a transcript line. */
@Serializable
@JvmInline
public value class MessageRole(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val USER: MessageRole = MessageRole("user")
        public val ASSISTANT: MessageRole = MessageRole("assistant")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("user", "assistant")
    }
}

/** The production sign-in: OAuth 2.1 authorization code with PKCE against this authorization server. Its metadata is discovered from `issuer` (RFC 8414, notes N-01). */
@Serializable
public data class OAuthAuth(
    /** Issuer identifier of the authorization server: an `https` URL without query or fragment (plain `http` only for the development hosts of §1). */
    @SerialName("issuer") val issuer: String,
    /** Scopes the client requests, normally `talkie` and `offline_access`. */
    @SerialName("scopes") val scopes: List<String>,
)

/** Plain acknowledgement returned by cancelRun, DELETE thread and the voice transcript endpoint. */
@Serializable
public data class OkResponse(
    @SerialName("ok") @EncodeDefault val ok: Boolean = true,
)

/** CUSTOM event suggesting a link; opened only on the user's tap. */
@Serializable
public data class OpenEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "CUSTOM",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Talkie event name. */
    @SerialName("name") @EncodeDefault override val name: String = "talkie.open",
    @SerialName("value") val value: OpenLink,
) : TalkieCustomEvent

/** Value of `talkie.open`: a link the agent suggests. The client shows it and opens it only when the user taps. */
@Serializable
public data class OpenLink(
    @SerialName("url") val url: LinkTarget,
    /** Link text. */
    @SerialName("label") val label: String,
)

/** Where a media part's bytes are, tagged by `type`. */
@Serializable(with = PartSourceSerializer::class)
public sealed interface PartSource {
    public val type: String
}

/** Reasoning text of a model. */
@Serializable
public data class ReasoningMessage(
    /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
    @SerialName("id") val id: String,
    /** Author role (union tag). */
    @SerialName("role") @EncodeDefault override val role: String = "reasoning",
    /** Reasoning text. */
    @SerialName("content") val content: String,
    /** Opaque provider artefact a consumer hands back on a later turn. */
    @SerialName("encryptedValue") val encryptedValue: String? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
) : Message

/** An answer to an interrupt of an earlier run (AG-UI 1.0; Talkie uses actions instead). */
@Serializable
public data class ResumeEntry(
    /** The interrupt answered. */
    @SerialName("interruptId") val interruptId: String,
    @SerialName("status") val status: ResumeStatus,
    /** The answer; any JSON value. */
    @SerialName("payload") val payload: JsonElement? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
)

/** How an interrupt was answered. */
@Serializable
@JvmInline
public value class ResumeStatus(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val RESOLVED: ResumeStatus = ResumeStatus("resolved")
        public val CANCELLED: ResumeStatus = ResumeStatus("cancelled")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("resolved", "cancelled")
    }
}

/** Server's risk rating of the action. An open string: the specification shows `medium` and names `low` and `high`; receivers tolerate other values (notes N-07). */
public typealias RiskLevel = String

/** Body of `POST run` (§5): an AG-UI 1.0 RunAgentInput. A Talkie client sends only the new user message(s); the server keeps the thread history itself. Every object here is open, since the server is the receiver and must ignore fields it does not know. */
@Serializable
public data class RunAgentInput(
    /** Thread id; a client makes one up for a new thread, the server may replace it (see RUN_STARTED). */
    @SerialName("threadId") val threadId: String,
    /** Run id generated by the client; used to cancel the run. */
    @SerialName("runId") val runId: String,
    /** AG-UI version the client speaks, e.g. `1.0`. */
    @SerialName("protocolVersion") val protocolVersion: String? = null,
    /** Run that spawned this one (AG-UI); Talkie servers may ignore it. */
    @SerialName("parentRunId") val parentRunId: String? = null,
    /** AG-UI agent state; any JSON value, `null` included. Talkie servers ignore it. */
    @SerialName("state") val state: JsonElement? = null,
    /** New messages of this turn. */
    @SerialName("messages") val messages: List<Message>,
    /** Client tools (usually empty). */
    @SerialName("tools") val tools: List<Tool>? = null,
    /** Ambient context (usually empty). */
    @SerialName("context") val context: List<Context>? = null,
    /** AG-UI forwarded properties; any JSON value, `null` included. When it is an object, Talkie reads its `talkie` key. */
    @SerialName("forwardedProps") val forwardedProps: JsonElement? = null,
    /** Interrupt answers (AG-UI). */
    @SerialName("resume") val resume: List<ResumeEntry>? = null,
)

/** Last event of a run that failed. Talkie requires a §3 error code and `metadata.retryable`, so a client can offer to resend the message. */
@Serializable
public data class RunErrorEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "RUN_ERROR",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: RunErrorMetadata,
    /** What went wrong, in the user's language. */
    @SerialName("message") val message: String,
    @SerialName("code") val code: ErrorCode,
    /** Token usage spent before the failure. */
    @SerialName("usage") val usage: List<TokenUsage>? = null,
) : Event

/** Event metadata of RUN_ERROR, where `retryable` is required. */
@Serializable
public data class RunErrorMetadata(
    /** Short status line a client may show while a tool runs (TOOL_CALL_START). */
    @SerialName("label") val label: String? = null,
    /** Whether the tool call succeeded (TOOL_CALL_END). */
    @SerialName("ok") val ok: Boolean? = null,
    /** Why the tool call failed, readable by a person (TOOL_CALL_END with `ok: false`). */
    @SerialName("error") val error: String? = null,
    /** Whether sending the same message again may succeed (RUN_ERROR). */
    @SerialName("retryable") val retryable: Boolean,
)

/** The run was stopped on request before it completed (Talkie: `POST cancelRun`). */
@Serializable
public data class RunFinishedCancelledOutcome(
    /** Outcome tag. */
    @SerialName("type") @EncodeDefault override val type: String = "cancelled",
) : RunFinishedOutcome

/** Last event of a run that did not fail. A run stopped by `cancelRun` also ends with it, carrying `outcome: {"type": "cancelled"}` (notes N-04). */
@Serializable
public data class RunFinishedEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "RUN_FINISHED",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** The thread the run belongs to. */
    @SerialName("threadId") val threadId: String,
    /** The run that ended. */
    @SerialName("runId") val runId: String,
    /** Return value of the run, if any; any JSON value but null. */
    @SerialName("result") val result: JsonElement? = null,
    @SerialName("outcome") val outcome: RunFinishedOutcome? = null,
    /** Token usage per provider and model. */
    @SerialName("usage") val usage: List<TokenUsage>? = null,
) : Event

/** The run paused waiting for outside input (AG-UI interrupts; Talkie uses actions instead). */
@Serializable
public data class RunFinishedInterruptOutcome(
    /** Outcome tag. */
    @SerialName("type") @EncodeDefault override val type: String = "interrupt",
    /** What is awaited. */
    @SerialName("interrupts") val interrupts: List<Interrupt>,
) : RunFinishedOutcome

/** Why the run ended; absent means success. Talkie ends a cancelled run with `cancelled` (notes N-04). */
@Serializable(with = RunFinishedOutcomeSerializer::class)
public sealed interface RunFinishedOutcome {
    public val type: String
}

/** The run completed. */
@Serializable
public data class RunFinishedSuccessOutcome(
    /** Outcome tag. */
    @SerialName("type") @EncodeDefault override val type: String = "success",
    /** Client tool calls left unanswered. */
    @SerialName("pendingToolCallIds") val pendingToolCallIds: List<String>? = null,
) : RunFinishedOutcome

/** First event of every run stream. Its `threadId` is authoritative: a client adopts it even when it sent another one. */
@Serializable
public data class RunStartedEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "RUN_STARTED",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** The thread the run belongs to. */
    @SerialName("threadId") val threadId: String,
    /** The run id (the client's). */
    @SerialName("runId") val runId: String,
    /** AG-UI version the server speaks. */
    @SerialName("protocolVersion") val protocolVersion: String? = null,
    /** Run that spawned this one, if any. */
    @SerialName("parentRunId") val parentRunId: String? = null,
    @SerialName("input") val input: RunAgentInput? = null,
) : Event

/** Where the client posts its SDP offer (body `application/sdp`, bearer `clientSecret`) to get the SDP answer. The URL is https with a host from `capabilities.voice.signalingHosts`; plain http only on the §1 development hosts (notes N-03). */
@Serializable
public data class Signaling(
    /** SDP offer/answer over one HTTP POST. */
    @SerialName("type") @EncodeDefault val type: String = "sdp-post",
    /** The signalling URL. */
    @SerialName("url") val url: String,
)

/** Answer of `GET status`: the signed-in user, which channels are on for them, and their usage meters. */
@Serializable
public data class Status(
    @SerialName("user") val user: StatusUser,
    /** Whether text chat is available to this user now. */
    @SerialName("chat") val chat: Boolean,
    /** Whether voice is available to this user now. */
    @SerialName("voice") val voice: Boolean,
    /** Usage meters to display; may be empty. */
    @SerialName("usage") val usage: List<UsageMeter>,
)

/** The person the bearer token belongs to. */
@Serializable
public data class StatusUser(
    /** Server-side user identifier. */
    @SerialName("id") val id: String,
    /** Display name. */
    @SerialName("name") val name: String,
    /** E-mail address, when the server has one. */
    @SerialName("email") val email: String,
)

/** What may appear in a run stream. Known types must match their schema exactly; an event type Talkie does not define, or a CUSTOM event with a name that is not a `talkie.*` name defined here, is tolerated (clients ignore it). */
@Serializable(with = StreamEventSerializer::class)
public sealed interface StreamEvent {
    public val type: String
}

/** A system instruction. */
@Serializable
public data class SystemMessage(
    /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
    @SerialName("id") val id: String,
    /** Author role (union tag). */
    @SerialName("role") @EncodeDefault override val role: String = "system",
    /** Display name. */
    @SerialName("name") val name: String? = null,
    /** Opaque provider artefact a consumer hands back on a later turn. */
    @SerialName("encryptedValue") val encryptedValue: String? = null,
    /** Instruction text. */
    @SerialName("content") val content: String,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
) : Message

/** A CUSTOM event with one of Talkie's own names, tagged by `name`. */
@Serializable(with = TalkieCustomEventSerializer::class)
public sealed interface TalkieCustomEvent : Event {
    public val name: String
}

/** The CUSTOM names talkie/1 defines (the tags of `TalkieCustomEvent`). */
@Serializable
@JvmInline
public value class TalkieCustomName(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val TALKIE_CARD: TalkieCustomName = TalkieCustomName("talkie.card")
        public val TALKIE_ACTION: TalkieCustomName = TalkieCustomName("talkie.action")
        public val TALKIE_OPEN: TalkieCustomName = TalkieCustomName("talkie.open")
        public val TALKIE_USAGE: TalkieCustomName = TalkieCustomName("talkie.usage")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("talkie.card", "talkie.action", "talkie.open", "talkie.usage")
    }
}

/** The `forwardedProps` object of a Talkie run. Talkie reads only the `talkie` key; other keys belong to the application and are passed through. */
@Serializable
public data class TalkieForwardedProps(
    @SerialName("talkie") val talkie: TalkieProps? = null,
)

/** Talkie's own run options. */
@Serializable
public data class TalkieProps(
    @SerialName("channel") val channel: Channel? = null,
)

/** A paragraph of Markdown-subset text (§7; no HTML, no images). */
@Serializable
public data class TextBlock(
    /** Block type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "text",
    /** The text. */
    @SerialName("text") val text: String,
) : CardBlock

/** A piece of text appended to an open message. The piece may be empty (AG-UI allows it, for example as a keep-alive); an empty echo may also be a message without content events (notes N-10). */
@Serializable
public data class TextMessageContentEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "TEXT_MESSAGE_CONTENT",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Message the text belongs to. */
    @SerialName("messageId") val messageId: String,
    /** Text to append. */
    @SerialName("delta") val delta: String,
) : Event

/** Closes a text message. */
@Serializable
public data class TextMessageEndEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "TEXT_MESSAGE_END",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Message being closed. */
    @SerialName("messageId") val messageId: String,
) : Event

/** Author role of a streamed text message; Talkie servers send `assistant`. */
@Serializable
@JvmInline
public value class TextMessageRole(public val value: String) {
    /** Whether the value is one talkie/1 names; any other is kept as received. */
    public val isKnown: Boolean get() = value in KNOWN

    override fun toString(): String = value

    public companion object {
        public val DEVELOPER: TextMessageRole = TextMessageRole("developer")
        public val SYSTEM: TextMessageRole = TextMessageRole("system")
        public val ASSISTANT: TextMessageRole = TextMessageRole("assistant")
        public val USER: TextMessageRole = TextMessageRole("user")

        /** Every value talkie/1 names, in the order of the schema. */
        public val KNOWN: Set<String> = setOf("developer", "system", "assistant", "user")
    }
}

/** Opens an assistant text message; its text follows in TEXT_MESSAGE_CONTENT events (Markdown subset, §7). */
@Serializable
public data class TextMessageStartEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "TEXT_MESSAGE_START",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Id of the message being streamed. */
    @SerialName("messageId") val messageId: String,
    @SerialName("role") val role: TextMessageRole? = null,
    /** Display name of the author. */
    @SerialName("name") val name: String? = null,
) : Event

/** A text part. */
@Serializable
public data class TextPart(
    /** Part type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "text",
    /** Optional id of the part. */
    @SerialName("id") val id: String? = null,
    /** The text. */
    @SerialName("text") val text: String,
    /** Free-form extra data about the part; any JSON value. */
    @SerialName("metadata") val metadata: JsonElement? = null,
) : ContentPart

/** Answer of `GET thread`: the thread, its messages oldest first, and the actions proposed in it. A client uses it to recover after a dropped stream. */
@Serializable
public data class ThreadDetail(
    @SerialName("thread") val thread: ThreadSummary,
    /** Messages in chronological order. */
    @SerialName("messages") val messages: List<ThreadMessage>,
    /** Actions proposed in the thread, with their current status. */
    @SerialName("actions") val actions: List<Action>,
)

/** Answer of `GET threads`: at most 50 threads, the most recently updated first (notes N-09). */
@Serializable
public data class ThreadList(
    @SerialName("threads") val threads: List<ThreadSummary>,
)

/** One stored message of a thread, in chronological order. `cards` is always present (an empty list on user messages and on answers without cards); only `channel` is optional (§9). */
@Serializable
public data class ThreadMessage(
    /** Message identifier; for user messages the id the client chose. */
    @SerialName("id") val id: String,
    @SerialName("role") val role: MessageRole,
    /** Text of the message (Markdown subset for the assistant). */
    @SerialName("content") val content: String,
    /** When the message was stored. */
    @SerialName("createdAt") val createdAt: String,
    /** Cards attached to the message, in display order. */
    @SerialName("cards") val cards: List<Card>,
    @SerialName("channel") val channel: Channel? = null,
)

/** One conversation as listed by `GET threads` and as the head of `GET thread`. */
@Serializable
public data class ThreadSummary(
    /** Thread identifier (the one `RUN_STARTED` made authoritative). */
    @SerialName("id") val id: String,
    /** Short title for the list. */
    @SerialName("title") val title: String,
    @SerialName("channel") val channel: Channel,
    /** When the thread was created. */
    @SerialName("createdAt") val createdAt: String,
    /** When anything in the thread last changed; the list sorts by it. */
    @SerialName("updatedAt") val updatedAt: String,
)

/** Present when the server also accepts a pasted bearer token. Meant for development; production builds of the client keep it behind a developer switch. */
@Serializable
public data class TokenAuth(
    /** Tells the user where to create such a token. */
    @SerialName("hint") val hint: String,
)

/** Token counts of one provider and model (AG-UI 1.0). */
@Serializable
public data class TokenUsage(
    /** Provider name. */
    @SerialName("provider") val provider: String? = null,
    /** Model name. */
    @SerialName("model") val model: String? = null,
    /** All prompt tokens charged. */
    @SerialName("inputTokens") val inputTokens: Long? = null,
    /** All generated tokens. */
    @SerialName("outputTokens") val outputTokens: Long? = null,
    /** Input plus output. */
    @SerialName("totalTokens") val totalTokens: Long? = null,
    /** Part of output spent on reasoning. */
    @SerialName("reasoningTokens") val reasoningTokens: Long? = null,
    /** Part of input read from a cache. */
    @SerialName("cachedInputTokens") val cachedInputTokens: Long? = null,
    /** Part of input written to a cache. */
    @SerialName("cacheWriteInputTokens") val cacheWriteInputTokens: Long? = null,
)

/** A client-side tool offered to the agent. Talkie servers own their tools and may ignore these. */
@Serializable
public data class Tool(
    /** Tool name. */
    @SerialName("name") val name: String,
    /** What the tool does. */
    @SerialName("description") val description: String,
    /** JSON Schema of the arguments, carried as is. */
    @SerialName("parameters") val parameters: JsonElement? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
)

/** A function call inside an assistant message. */
@Serializable
public data class ToolCall(
    /** Call id. */
    @SerialName("id") val id: String,
    /** Always `function`. */
    @SerialName("type") @EncodeDefault val type: String = "function",
    @SerialName("function") val function: FunctionCall,
    /** Opaque provider artefact a consumer hands back on a later turn. */
    @SerialName("encryptedValue") val encryptedValue: String? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
)

/** The tool finished. Talkie requires `metadata.ok`; `metadata.error` explains a failure. */
@Serializable
public data class ToolCallEndEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "TOOL_CALL_END",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: ToolCallEndMetadata,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Id of the finished call. */
    @SerialName("toolCallId") val toolCallId: String,
) : Event

/** Event metadata of TOOL_CALL_END, where `ok` is required. */
@Serializable
public data class ToolCallEndMetadata(
    /** Short status line a client may show while a tool runs (TOOL_CALL_START). */
    @SerialName("label") val label: String? = null,
    /** Whether the tool call succeeded (TOOL_CALL_END). */
    @SerialName("ok") val ok: Boolean,
    /** Why the tool call failed, readable by a person (TOOL_CALL_END with `ok: false`). */
    @SerialName("error") val error: String? = null,
    /** Whether sending the same message again may succeed (RUN_ERROR). */
    @SerialName("retryable") val retryable: Boolean? = null,
)

/** Optional raw output of a tool. Clients do not show it to the user. */
@Serializable
public data class ToolCallResultEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "TOOL_CALL_RESULT",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Id of the tool message this result forms. */
    @SerialName("messageId") val messageId: String,
    /** The call answered. */
    @SerialName("toolCallId") val toolCallId: String,
    /** Tool output: text or a list of content parts. */
    @SerialName("content") val content: JsonElement,
    /** Always `tool` when present. */
    @SerialName("role") val role: String? = null,
) : Event

/** The agent started a tool. Clients show `metadata.label` (or a generic status) while it runs. */
@Serializable
public data class ToolCallStartEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "TOOL_CALL_START",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Id of the call; TOOL_CALL_END and TOOL_CALL_RESULT refer to it. */
    @SerialName("toolCallId") val toolCallId: String,
    /** Tool name. */
    @SerialName("toolCallName") val toolCallName: String,
    /** Assistant message that holds the call, if any. */
    @SerialName("parentMessageId") val parentMessageId: String? = null,
) : Event

/** What a tool returned for one call. */
@Serializable
public data class ToolMessage(
    /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
    @SerialName("id") val id: String,
    /** Author role (union tag). */
    @SerialName("role") @EncodeDefault override val role: String = "tool",
    /** Message content: plain text or an ordered list of parts. */
    @SerialName("content") val content: JsonElement,
    /** The call this answers. */
    @SerialName("toolCallId") val toolCallId: String,
    /** Failure text when the tool failed. */
    @SerialName("error") val error: String? = null,
    /** Opaque provider artefact a consumer hands back on a later turn. */
    @SerialName("encryptedValue") val encryptedValue: String? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
) : Message

/** A well-formed CUSTOM event whose name is not one of Talkie's. Its shape, closed to other members, is the generic CUSTOM event's. */
@Serializable(with = UnknownCustomEventSerializer::class)
public data class UnknownCustomEvent(override val raw: JsonObject) : StreamEvent, Opaque {
    /** The `name` as received (empty when it is not a string). */
    val name: String get() = raw.tagOrEmpty("name")
    /** The `type` as received (empty when it is not a string). */
    override val type: String get() = raw.tagOrEmpty("type")
    /** The event's `value` as received. */
    val value: JsonElement? get() = raw["value"]
}

/** An event whose `type` Talkie does not define (for example other AG-UI events). Open. */
@Serializable(with = UnknownEventSerializer::class)
public data class UnknownEvent(override val raw: JsonObject) : StreamEvent, Opaque {
    /** The `type` as received (empty when it is not a string). */
    override val type: String get() = raw.tagOrEmpty("type")
}

/** Bytes behind a URL. */
@Serializable
public data class UrlSource(
    /** Source type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "url",
    /** The data, URL or provider handle, depending on `type`. */
    @SerialName("value") val value: String,
    /** Media type of the bytes. */
    @SerialName("mimeType") val mimeType: String? = null,
) : PartSource

/** CUSTOM event with fresh usage meters. */
@Serializable
public data class UsageEvent(
    /** Event type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "CUSTOM",
    /** When the producer created the event; Talkie servers use milliseconds since the Unix epoch. */
    @SerialName("timestamp") val timestamp: Long? = null,
    /** The upstream event this one was translated from, passed along for debugging. Any JSON value but null. */
    @SerialName("rawEvent") val rawEvent: JsonElement? = null,
    @SerialName("metadata") val metadata: EventMetadata? = null,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Talkie event name. */
    @SerialName("name") @EncodeDefault override val name: String = "talkie.usage",
    @SerialName("value") val value: UsageReport,
) : TalkieCustomEvent

/** One line of usage shown to the user (in status and in `talkie.usage`). Every line names what is counted, how much is used, the limit and the unit, all four as in the specification's example; amounts are whole numbers of `unit` (notes N-21). */
@Serializable
public data class UsageMeter(
    /** What is counted, in the user's language. */
    @SerialName("label") val label: String,
    /** Amount consumed so far. */
    @SerialName("used") val used: Long,
    /** Amount allowed in the period. */
    @SerialName("limit") val limit: Long,
    /** Unit for display, e.g. `tokens`, `minutes`. */
    @SerialName("unit") val unit: String,
)

/** Value of `talkie.usage`: the user's current usage meters, shaped like `usage` in the status answer. */
@Serializable
public data class UsageReport(
    /** Meters. */
    @SerialName("usage") val usage: List<UsageMeter>,
)

/** What the person wrote. */
@Serializable
public data class UserMessage(
    /** Message id chosen by the sender; a Talkie server stores each id once per thread. */
    @SerialName("id") val id: String,
    /** Author role (union tag). */
    @SerialName("role") @EncodeDefault override val role: String = "user",
    /** Display name of the author. */
    @SerialName("name") val name: String? = null,
    /** Opaque provider artefact a consumer hands back on a later turn. */
    @SerialName("encryptedValue") val encryptedValue: String? = null,
    /** Message content: plain text or an ordered list of parts. */
    @SerialName("content") val content: JsonElement,
    /** Marks work done by one subagent invocation; absent when the main agent produced it. */
    @SerialName("subagentRunId") val subagentRunId: String? = null,
    /** Free-form extra data about the message. */
    @SerialName("metadata") val metadata: JsonObject? = null,
) : Message

/** A video part. */
@Serializable
public data class VideoPart(
    /** Part type tag. */
    @SerialName("type") @EncodeDefault override val type: String = "video",
    /** Optional id of the part. */
    @SerialName("id") val id: String? = null,
    @SerialName("source") val source: PartSource,
    /** Free-form extra data about the part; any JSON value. */
    @SerialName("metadata") val metadata: JsonElement? = null,
) : ContentPart

/** Present when the server offers real-time voice: how the device connects to the speech provider and which hosts may receive the SDP offer. */
@Serializable
public data class VoiceCapabilities(
    /** Media transports offered; talkie/1 knows `webrtc`. */
    @SerialName("transports") val transports: List<String>,
    /** Data-channel event dialects, e.g. `openai-realtime/1`. */
    @SerialName("eventProtocols") val eventProtocols: List<String>,
    /** Hosts (optionally with port) that `signaling.url` of a voice session may point at; the client refuses any other. */
    @SerialName("signalingHosts") val signalingHosts: List<String>,
)

/** Extra rule for a spoken confirmation. */
@Serializable
public data class VoiceConfirm(
    /** Word the confirming utterance must contain. */
    @SerialName("keyword") val keyword: String? = null,
)

/** Answer of `POST voiceSessions`: how the device reaches the speech provider directly. The server has already fixed model, instructions and tools; the short-lived `clientSecret` only opens the connection. Every member is required except `consent` (§10.1 marks it OPTIONAL). */
@Serializable
public data class VoiceSession(
    /** Identifier used in the voice tool, transcript and usage URLs. */
    @SerialName("voiceSessionId") val voiceSessionId: String,
    /** Thread the transcript is stored in. */
    @SerialName("threadId") val threadId: String,
    /** Media transport, e.g. `webrtc`. */
    @SerialName("transport") val transport: String,
    /** Data-channel dialect, e.g. `openai-realtime/1`. */
    @SerialName("eventProtocol") val eventProtocol: String,
    @SerialName("signaling") val signaling: Signaling,
    /** Ephemeral credential for `signaling.url` and nothing else. */
    @SerialName("clientSecret") val clientSecret: String,
    /** When `clientSecret` stops opening connections. */
    @SerialName("expiresAt") val expiresAt: String,
    /** Longest allowed session length. */
    @SerialName("maxSeconds") val maxSeconds: Long,
    /** How long before `maxSeconds` the client warns the user. */
    @SerialName("warnSeconds") val warnSeconds: Long,
    /** Language of the session. */
    @SerialName("locale") val locale: String,
    /** Short status text to show while a tool of the given name runs. */
    @SerialName("labels") val labels: JsonObject,
    @SerialName("consent") val consent: Consent? = null,
)

/** Body of `POST voiceSessions`. Both members are optional: without `threadId` the server starts a new thread. Servers ignore members they do not know. */
@Serializable
public data class VoiceSessionRequest(
    /** Continue this thread by voice. */
    @SerialName("threadId") val threadId: String? = null,
    /** Language the user wants to speak. */
    @SerialName("locale") val locale: String? = null,
)

/** Body of `POST voiceTool`: one function call the speech provider asked for, forwarded by the client. The server binds it to the voice session and refuses a `callId` it has already seen. */
@Serializable
public data class VoiceToolRequest(
    /** The provider's call identifier. */
    @SerialName("callId") val callId: String,
    /** The call's arguments exactly as the provider sent them: JSON as text. */
    @SerialName("arguments") val arguments: String,
)

/** Answer of `POST voiceTool`: the text the client hands back to the model unchanged, plus AG-UI events (cards, actions) the client shows on screen. All three members are always present; `events` may be empty. */
@Serializable
public data class VoiceToolResponse(
    /** Whether the tool succeeded; `output` explains a failure. */
    @SerialName("ok") val ok: Boolean,
    /** Sent to the model as the function call output. */
    @SerialName("output") val output: String,
    /** Events to show, in order, as if they came in a run stream. */
    @SerialName("events") val events: List<StreamEvent>,
)

/** Body of `POST voiceTranscript`: one finished transcript item, which the server stores in the thread. */
@Serializable
public data class VoiceTranscriptRequest(
    @SerialName("role") val role: MessageRole,
    /** What was said. */
    @SerialName("text") val text: String,
    /** The provider's conversation item id; lets the server drop repeats. */
    @SerialName("itemId") val itemId: String,
)

/** Body of `POST voiceUsage`, sent about every 30 seconds and once more at the end. `seconds` is the running total of the session, so a lost report never undercounts (notes N-11). */
@Serializable
public data class VoiceUsageRequest(
    /** Seconds used in this session so far. */
    @SerialName("seconds") val seconds: Long,
    /** `true` on the last report; the session is then closed. */
    @SerialName("final") val final: Boolean,
)

/** Answer of `POST voiceUsage`: how many seconds the session still has (never below zero). */
@Serializable
public data class VoiceUsageResponse(
    @SerialName("ok") @EncodeDefault val ok: Boolean = true,
    /** `maxSeconds` minus the reported total, floored at zero. */
    @SerialName("remainingSeconds") val remainingSeconds: Long,
)

/** A member of `CardBlock` whose `type` talkie/1 does not define (a newer server's); kept as received. */
@Serializable(with = UnknownBlockSerializer::class)
public data class UnknownBlock(override val raw: JsonObject) : CardBlock, Opaque {
    /** The `type` as received (empty when it is not a string). */
    override val type: String get() = raw.tagOrEmpty("type")
}

/** A member of `ContentPart` whose `type` talkie/1 does not define (a newer server's); kept as received. */
@Serializable(with = UnknownContentPartSerializer::class)
public data class UnknownContentPart(override val raw: JsonObject) : ContentPart, Opaque {
    /** The `type` as received (empty when it is not a string). */
    override val type: String get() = raw.tagOrEmpty("type")
}

/** A member of `Message` whose `role` talkie/1 does not define (a newer server's); kept as received. */
@Serializable(with = UnknownMessageSerializer::class)
public data class UnknownMessage(override val raw: JsonObject) : Message, Opaque {
    /** The `role` as received (empty when it is not a string). */
    override val role: String get() = raw.tagOrEmpty("role")
}

/** A member of `RunFinishedOutcome` whose `type` talkie/1 does not define (a newer server's); kept as received. */
@Serializable(with = UnknownOutcomeSerializer::class)
public data class UnknownOutcome(override val raw: JsonObject) : RunFinishedOutcome, Opaque {
    /** The `type` as received (empty when it is not a string). */
    override val type: String get() = raw.tagOrEmpty("type")
}

/** A member of `PartSource` whose `type` talkie/1 does not define (a newer server's); kept as received. */
@Serializable(with = UnknownPartSourceSerializer::class)
public data class UnknownPartSource(override val raw: JsonObject) : PartSource, Opaque {
    /** The `type` as received (empty when it is not a string). */
    override val type: String get() = raw.tagOrEmpty("type")
}
