package org.talkieprotocol.client

import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.delay
import kotlinx.coroutines.ensureActive
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.flow.flowOn
import kotlinx.coroutines.flow.map
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.SerializationException
import kotlinx.serialization.SerializationStrategy
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put
import kotlinx.serialization.json.putJsonObject
import okhttp3.HttpUrl
import okhttp3.HttpUrl.Companion.toHttpUrlOrNull
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody
import okhttp3.RequestBody.Companion.toRequestBody
import okhttp3.Response
import org.talkieprotocol.client.generated.Action
import org.talkieprotocol.client.generated.ConfirmMethod
import org.talkieprotocol.client.generated.Decision
import org.talkieprotocol.client.generated.DecisionRequest
import org.talkieprotocol.client.generated.DecisionResponse
import org.talkieprotocol.client.generated.ErrorResponse
import org.talkieprotocol.client.generated.Manifest
import org.talkieprotocol.client.generated.MessageRole
import org.talkieprotocol.client.generated.OkResponse
import org.talkieprotocol.client.generated.RunAgentInput
import org.talkieprotocol.client.generated.RunErrorEvent
import org.talkieprotocol.client.generated.RunFinishedEvent
import org.talkieprotocol.client.generated.RunStartedEvent
import org.talkieprotocol.client.generated.Status
import org.talkieprotocol.client.generated.StreamEvent
import org.talkieprotocol.client.generated.ThreadDetail
import org.talkieprotocol.client.generated.ThreadList
import org.talkieprotocol.client.generated.ThreadMessage
import org.talkieprotocol.client.generated.UserMessage
import org.talkieprotocol.client.generated.VoiceSession
import org.talkieprotocol.client.generated.VoiceSessionRequest
import org.talkieprotocol.client.generated.VoiceToolRequest
import org.talkieprotocol.client.generated.VoiceToolResponse
import org.talkieprotocol.client.generated.VoiceTranscriptRequest
import org.talkieprotocol.client.generated.VoiceUsageRequest
import org.talkieprotocol.client.generated.VoiceUsageResponse
import java.util.UUID

/** Where the bearer token comes from: a pasted development token, or OAuth tokens the app refreshes. */
public interface TokenProvider {
    /** The access token for the next request, or null to send none. */
    public suspend fun token(): String?

    /** Called once after a `401`: a fresh token (an OAuth refresh), or null to give up (§2.1). */
    public suspend fun refresh(): String? = null

    public companion object {
        /** A fixed token (§2.2, development). */
        public fun of(token: String): TokenProvider = object : TokenProvider {
            override suspend fun token(): String = token
        }
    }
}

/** What [Run.recover] hands back: the stored thread and the stored messages that answer the run's message. */
public data class Recovery(
    val thread: ThreadDetail,
    /** Stored messages after the run's user message: the reply the stream did not deliver. */
    val reply: List<ThreadMessage>,
)

/** One run in progress: its ids, its events, and whether its stream was dropped. */
public class Run internal constructor(
    private val client: TalkieClient,
    /** The run id the client chose (§5); [TalkieClient.cancel] takes it. */
    public val runId: String,
    threadId: String,
    /** The id of the user message this run sent (null for a `RunAgentInput` without one). */
    public val messageId: String?,
    events: (Run) -> Flow<StreamEvent>,
) {
    /** The thread id: the one sent, then the one `RUN_STARTED` names, which is authoritative (§5). */
    @Volatile
    public var threadId: String = threadId
        internal set

    /**
     * Whether the stream ended without its terminal event (`RUN_FINISHED`, `RUN_ERROR`): the connection ended
     * or broke, stayed quiet past [TalkieClient.Options.runIdleTimeoutMillis], or the collector left early. The
     * run goes on at the server (§5: disconnect is not cancel); call [recover] for what it stored.
     */
    @Volatile
    public var dropped: Boolean = false
        internal set

    /** Reloads the thread after a drop: what the server stored for this run (§5, §9; notes N-90). */
    public suspend fun recover(attempts: Int = 40, intervalMillis: Long = 500): Recovery {
        val id = messageId ?: throw TalkieException("this run sent no user message to recover the reply of")
        return client.recover(threadId, id, attempts, intervalMillis)
    }

    /**
     * The run's events, known and unknown, in order; cold: collecting it sends the request. Cancelling the
     * collecting coroutine closes the connection, which is not a cancel of the run (§5): call
     * [TalkieClient.cancel] for that. The flow completes normally also when the stream is dropped (see
     * [dropped]); it throws [TalkieException] when the run could not start, its stream breaks the SSE reader's
     * caps, or it passes [TalkieClient.Options.maxRunBytes] or [TalkieClient.Options.maxRunEvents]. What the
     * collector itself throws reaches it unchanged.
     */
    public val events: Flow<StreamEvent> = events(this)
}

/**
 * A talkie/1 client for one server, made from its manifest by [connect].
 *
 * Every endpoint is resolved against the manifest's issuer and must be on its origin; the bearer token goes
 * to that origin only, and no request follows a redirect (§1, §2.1). Every failure is a [TalkieException]
 * (non-2xx answers with the §3 body). [close] it when done: a JVM program then exits at once.
 */
public class TalkieClient private constructor(
    /** The manifest as discovered. */
    public val manifest: Manifest,
    /** The issuer origin every endpoint is resolved against. */
    public val issuer: HttpUrl,
    private val http: OkHttpClient,
    private val tokens: TokenProvider,
    private val options: Options,
    /** Whether [http] was made by [connect] (then [close] shuts its threads down) or given by the app. */
    private val ownsHttp: Boolean,
) : java.io.Closeable {
    /** For run streams: the same connections and threads, read timeout = the idle deadline. */
    private val runHttp: OkHttpClient =
        http.newBuilder().readTimeout(options.runIdleTimeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS).build()

    /** Choices of the app. */
    public data class Options(
        /** A development build: plain `http` is allowed to loopback and private LAN hosts (§1). */
        val development: Boolean = false,
        /** Called for each event of a run that breaks its schema (the tolerant parser's `Invalid`). */
        val onInvalidEvent: (ParseResult.Invalid) -> Unit = {},
        /** The largest JSON body read from an endpoint. */
        val maxBodyBytes: Long = 8L shl 20,
        /**
         * The longest quiet (not a byte, not even a `: ping`) a run stream is kept through. The server pings at
         * least every 15 s (§5), so the default leaves room for three missed pings; past it the connection is
         * given up and the run is [Run.dropped] (notes N-135).
         */
        val runIdleTimeoutMillis: Long = DEFAULT_RUN_IDLE_TIMEOUT_MILLIS,
        /** The most bytes one run stream may bring; past it the stream is closed and the run throws (N-130). */
        val maxRunBytes: Long = DEFAULT_MAX_RUN_BYTES,
        /** The most events one run stream may bring; past it the stream is closed and the run throws (N-130). */
        val maxRunEvents: Long = DEFAULT_MAX_RUN_EVENTS,
    )

    /**
     * Releases what the client holds: idle connections are closed and, when [connect] made the `OkHttpClient`,
     * its dispatcher's threads end, so a JVM program exits as soon as its `main` returns. An `OkHttpClient`
     * the app passed to [connect] stays the app's (its connections to this server are still evicted). Calls
     * after `close` fail with [TalkieException].
     */
    override fun close() {
        if (ownsHttp) http.dispatcher.executorService.shutdown()
        http.connectionPool.evictAll()
    }

    /** `GET status` (§4). */
    public suspend fun status(): Status = get(endpoint("status", manifest.endpoints.status), Status.serializer())

    /** `GET threads` (§9): newest first, at most 50. */
    public suspend fun threads(): ThreadList = get(endpoint("threads", manifest.endpoints.threads), ThreadList.serializer())

    /** `GET thread` (§9): the thread, its messages with their cards, and its actions, as the server stored them. */
    public suspend fun thread(threadId: String): ThreadDetail =
        get(endpoint("thread", manifest.endpoints.thread, "threadId" to threadId), ThreadDetail.serializer())

    /** `DELETE thread` (§9); pending actions are cancelled. */
    public suspend fun deleteThread(threadId: String): OkResponse {
        val url = endpoint("thread", manifest.endpoints.thread, "threadId" to threadId)
        return call(Request.Builder().url(url).delete(), OkResponse.serializer())
    }

    /** `GET action` (§8): the authoritative current state of an action. */
    public suspend fun action(actionId: String): Action =
        get(endpoint("action", manifest.endpoints.action, "actionId" to actionId), Action.serializer())

    /**
     * A run of one user message (§5): a new thread when [threadId] is null (the client makes its id), the
     * message id and [runId] made here unless given.
     */
    public fun run(
        text: String,
        threadId: String? = null,
        runId: String = newId("run"),
        messageId: String = newId("msg"),
    ): Run {
        val forwarded = buildJsonObject { putJsonObject("talkie") { put("channel", "chat") } }
        val message = UserMessage(id = messageId, content = JsonPrimitive(text))
        val input = RunAgentInput(
            threadId = threadId ?: newId("thr"),
            runId = runId,
            messages = listOf(message),
            tools = emptyList(),
            context = emptyList(),
            state = JsonObject(emptyMap()),
            forwardedProps = forwarded,
        )
        return run(input)
    }

    /** A run of a whole `RunAgentInput` (AG-UI clients that build their own). */
    public fun run(input: RunAgentInput): Run {
        val messageId = (input.messages.lastOrNull { it is UserMessage } as UserMessage?)?.id
        return Run(this, input.runId, input.threadId, messageId) { run -> events(run, input) }
    }

    /**
     * A failure of the read, queued behind the events already read: the read runs on [Dispatchers.IO] ahead of
     * the collector, and a failure thrown there would cancel the events still buffered, so the collector would
     * see fewer than were read (a run past [Options.maxRunEvents] shows the app exactly that many first).
     */
    private class ReadFailure(val error: Throwable)

    private fun events(run: Run, input: RunAgentInput): Flow<StreamEvent> = flow<Any> {
        try {
            val url = endpoint("run", manifest.endpoints.run)
            val body = json(RunAgentInput.serializer(), input)
            val request = Request.Builder().url(url).post(body).header("Accept", "text/event-stream")
            var started = false // the stream began: from here, an end without a terminal event is a drop
            var ended = false
            try {
                val (call, response) = send(request, runHttp, "run")
                response.use {
                    if (!response.isSuccessful) throw failure(response)
                    val type = response.body.contentType()
                    if (type == null || type.type != "text" || type.subtype != "event-stream") {
                        throw TalkieException("the run answered $type, not text/event-stream", response.code)
                    }
                    started = true
                    coroutineScope {
                        // A blocked read does not see cancellation: cancelling the call unblocks it.
                        val watcher = launch(start = CoroutineStart.UNDISPATCHED) {
                            try {
                                awaitCancellation()
                            } finally {
                                call.cancel()
                            }
                        }
                        try {
                            val source = RunBytes(response.body.source(), options.maxRunBytes)
                            val results = EventParser.readEvents(source).iterator()
                            var count = 0L
                            while (true) {
                                // Only the network read sits inside the drop handling: what the collector throws
                                // reaches it unchanged (notes N-132).
                                val result = try {
                                    if (!results.hasNext()) break
                                    results.next()
                                } catch (error: SseLimitException) {
                                    throw TalkieException("the run stream is not a talkie/1 event stream: ${error.message}", response.code, cause = error)
                                } catch (error: java.io.IOException) {
                                    // The collector left (its read was unblocked by cancelling the call): a
                                    // cancellation. Any other broken or too quiet read is a drop (§5; notes N-90).
                                    currentCoroutineContext().ensureActive()
                                    break
                                }
                                if (++count > options.maxRunEvents) {
                                    throw TalkieException("the run stream brought more than ${options.maxRunEvents} events (Options.maxRunEvents)")
                                }
                                when (result) {
                                    is ParseResult.Known -> {
                                        val event = result.event
                                        if (event is RunStartedEvent) run.threadId = event.threadId
                                        if (event is RunFinishedEvent || event is RunErrorEvent) ended = true
                                        emit(event)
                                    }
                                    is ParseResult.Unknown -> emit(result.event)
                                    is ParseResult.Invalid -> options.onInvalidEvent(result)
                                }
                            }
                        } finally {
                            watcher.cancel()
                        }
                    }
                }
            } finally {
                run.dropped = started && !ended
            }
        } catch (cancelled: CancellationException) {
            throw cancelled
        } catch (error: Throwable) {
            emit(ReadFailure(error))
        }
    }.flowOn(Dispatchers.IO).map { item -> if (item is ReadFailure) throw item.error else item as StreamEvent }

    /**
     * Loads the thread until a stored reply follows the user message [messageId] and is the same on two loads
     * in a row, at most [attempts] loads [intervalMillis] apart; then hands back what is stored, also a partial
     * reply while the server is still writing (§5 "the client recovers by loading the thread"; notes N-90).
     */
    public suspend fun recover(threadId: String, messageId: String, attempts: Int = 40, intervalMillis: Long = 500): Recovery {
        var last: List<ThreadMessage>? = null
        var recovery: Recovery? = null
        repeat(attempts) { attempt ->
            val stored = try {
                thread(threadId)
            } catch (error: TalkieException) {
                if (error.status != 404) throw error
                null // not stored yet
            }
            if (stored != null) {
                val at = stored.messages.indexOfFirst { it.id == messageId }
                val reply = if (at == -1) emptyList() else stored.messages.drop(at + 1)
                val found = Recovery(stored, reply)
                recovery = found
                if (reply.isNotEmpty() && reply == last) return found
                last = reply
            }
            if (attempt < attempts - 1) delay(intervalMillis)
        }
        return recovery ?: throw TalkieException("thread $threadId was not stored")
    }

    /** `POST cancelRun` (§5): stops a run; `{ok: true}` also when it already ended. */
    public suspend fun cancel(runId: String): OkResponse {
        val url = endpoint("cancelRun", manifest.endpoints.cancelRun, "runId" to runId)
        return call(Request.Builder().url(url).post(EMPTY), OkResponse.serializer())
    }

    /**
     * `POST decision` (§8), on a human gesture or utterance only: [paramsHash] repeats the action's, [method]
     * says how the person decided (recorded for audit).
     */
    public suspend fun decide(
        actionId: String,
        decision: Decision,
        paramsHash: String,
        method: ConfirmMethod = ConfirmMethod.BUTTON,
    ): DecisionResponse {
        val url = endpoint("decision", manifest.endpoints.decision, "actionId" to actionId)
        val body = json(DecisionRequest.serializer(), DecisionRequest(decision, paramsHash, method))
        return call(Request.Builder().url(url).post(body), DecisionResponse.serializer())
    }

    /**
     * Where a link target of a card, a block or `talkie.open` leads (§6): a same-origin path (one leading `/`)
     * resolved against the issuer, or an absolute `https:` URL; null for anything else, which is not a link
     * talkie/1 lets a client open. A same-origin file is fetched with [download]; any other target opens in
     * the system browser without the token.
     */
    public fun linkUrl(target: String): HttpUrl? {
        if (target.startsWith("/")) {
            if (target.startsWith("//") || target.startsWith("/\\")) return null
            return issuer.resolve(target)?.takeIf { sameOrigin(it, issuer) }
        }
        return target.toHttpUrlOrNull()?.takeIf { it.isHttps }
    }

    /** Whether [url] is on the issuer's origin, the one origin the bearer token goes to. */
    public fun isSameOrigin(url: HttpUrl): Boolean = sameOrigin(url, issuer)

    /**
     * Downloads a same-origin `file` block's URL with the bearer token (§6), at most [maxBytes]; a target on
     * another origin is refused (it opens in the system browser without the token), and no redirect is
     * followed.
     */
    public suspend fun download(target: String, maxBytes: Long = options.maxBodyBytes): ByteArray {
        val url = linkUrl(target) ?: throw TalkieException("`$target` is neither a same-origin path nor an https URL (§6)")
        if (!sameOrigin(url, issuer)) {
            throw TalkieException("${url.origin()} is not the issuer's origin: open it in the browser, without the token (§6)")
        }
        val (_, response) = send(Request.Builder().url(url).get())
        return response.use {
            if (!response.isSuccessful) throw failure(response)
            withContext(Dispatchers.IO) {
                network("the file ${url.encodedPath}") {
                    val source = response.body.source()
                    if (source.request(maxBytes + 1)) throw TalkieException("the file ${url.encodedPath} is larger than $maxBytes bytes")
                    source.readByteArray()
                }
            }
        }
    }

    /** `POST voiceSessions` (§10.1). */
    public suspend fun voiceSession(threadId: String? = null, locale: String? = null): VoiceSession {
        val url = endpoint("voiceSessions", manifest.endpoints.voiceSessions)
        val body = json(VoiceSessionRequest.serializer(), VoiceSessionRequest(threadId, locale))
        return call(Request.Builder().url(url).post(body), VoiceSession.serializer())
    }

    /** `POST voiceTool` (§10.2): pass [VoiceToolResponse.output] to the model unchanged. */
    public suspend fun voiceTool(voiceSessionId: String, name: String, callId: String, arguments: String): VoiceToolResponse {
        val url = endpoint("voiceTool", manifest.endpoints.voiceTool, "voiceSessionId" to voiceSessionId, "name" to name)
        val body = json(VoiceToolRequest.serializer(), VoiceToolRequest(callId, arguments))
        return call(Request.Builder().url(url).post(body), VoiceToolResponse.serializer())
    }

    /** `POST voiceTranscript` (§10.3): one final utterance, stored in the thread. */
    public suspend fun voiceTranscript(voiceSessionId: String, role: MessageRole, text: String, itemId: String) {
        val url = endpoint("voiceTranscript", manifest.endpoints.voiceTranscript, "voiceSessionId" to voiceSessionId)
        val body = json(VoiceTranscriptRequest.serializer(), VoiceTranscriptRequest(role, text, itemId))
        send(Request.Builder().url(url).post(body)).second.use { if (!it.isSuccessful) throw failure(it) }
    }

    /** `POST voiceUsage` (§10.3): every 30 s and at the end (`final`). */
    public suspend fun voiceUsage(voiceSessionId: String, seconds: Long, final: Boolean): VoiceUsageResponse {
        val url = endpoint("voiceUsage", manifest.endpoints.voiceUsage, "voiceSessionId" to voiceSessionId)
        val body = json(VoiceUsageRequest.serializer(), VoiceUsageRequest(seconds, final))
        return call(Request.Builder().url(url).post(body), VoiceUsageResponse.serializer())
    }

    /**
     * An endpoint's URL: its template's `{name}` placeholders filled with encoded path segments, resolved
     * against the issuer; refused when the server omits it or it lies on another origin (§1).
     */
    public fun endpoint(name: String, template: String?, vararg values: Pair<String, String>): HttpUrl {
        var path: String = template ?: throw TalkieException("the server offers no `$name` endpoint")
        for ((key, value) in values) path = path.replace("{$key}", encodeSegment(value))
        val url = issuer.resolve(path) ?: throw TalkieException("the `$name` endpoint `$template` is not a URL")
        if (!sameOrigin(url, issuer)) {
            throw TalkieException("the `$name` endpoint is on ${url.origin()}, not the issuer ${issuer.origin()} (§1)")
        }
        return url
    }

    private suspend fun <T> get(url: HttpUrl, strategy: DeserializationStrategy<T>): T =
        call(Request.Builder().url(url).get(), strategy)

    private suspend fun <T> call(request: Request.Builder, strategy: DeserializationStrategy<T>): T {
        val (_, response) = send(request)
        return response.use {
            if (!response.isSuccessful) throw failure(response)
            val text = withContext(Dispatchers.IO) {
                network("the answer of ${response.request.url.encodedPath}") { response.body.readCapped(options.maxBodyBytes, "the answer") }
            }
            try {
                TalkieJson.decodeFromString(strategy, text)
            } catch (error: SerializationException) {
                throw TalkieException("the answer of ${response.request.url} is not what talkie/1 says: ${error.message}", response.code, cause = error)
            } catch (error: IllegalArgumentException) {
                throw TalkieException("the answer of ${response.request.url} is not what talkie/1 says: ${error.message}", response.code, cause = error)
            }
        }
    }

    /**
     * Sends with the bearer token (same origin only); after a `401`, once more with a refreshed token. A
     * connection that fails is a [TalkieException] with [TalkieException.network] set.
     */
    private suspend fun send(builder: Request.Builder, client: OkHttpClient = http, what: String? = null): Pair<okhttp3.Call, Response> {
        val first = authorized(builder, tokens.token())
        val name = what ?: first.url.encodedPath
        var call = client.newCall(first)
        var response = network("no answer from ${issuer.origin()} ($name)") { call.await() }
        if (response.code == 401) {
            val fresh = tokens.refresh()
            if (fresh != null) {
                response.close()
                call = client.newCall(authorized(builder, fresh))
                response = network("no answer from ${issuer.origin()} ($name)") { call.await() }
            }
        }
        return call to response
    }

    private fun authorized(builder: Request.Builder, token: String?): Request {
        val request = builder.build()
        if (token == null || !sameOrigin(request.url, issuer)) return request.newBuilder().removeHeader("Authorization").build()
        return request.newBuilder().header("Authorization", "Bearer $token").build()
    }

    public companion object {
        /** The well-known path of the manifest (§1). */
        public const val WELL_KNOWN_PATH: String = "/.well-known/talkie.json"

        /** The largest manifest a client reads (§1). */
        public const val MAX_MANIFEST_BYTES: Long = 64L * 1024

        /** [Options.runIdleTimeoutMillis] unless the app says otherwise: three missed 15 s pings (§5). */
        public const val DEFAULT_RUN_IDLE_TIMEOUT_MILLIS: Long = 45_000

        /** [Options.maxRunBytes] unless the app says otherwise: 64 MiB. */
        public const val DEFAULT_MAX_RUN_BYTES: Long = 64L shl 20

        /** [Options.maxRunEvents] unless the app says otherwise. */
        public const val DEFAULT_MAX_RUN_EVENTS: Long = 100_000

        private const val MAX_REDIRECTS = 5
        private val JSON_TYPE = "application/json".toMediaType()
        private val EMPTY: RequestBody = ByteArray(0).toRequestBody(null)
        private val MAJOR = Regex("""^talkie/(\d+)(\.\d+)?$""")

        /**
         * The manifest URL for what a user typed: a host (`crm.example.com`) or a full manifest URL (§1). A bare
         * local host (`127.0.0.1:8000`, `localhost`, a private LAN address) in a development build means plain
         * `http`, the one place §1 allows it (notes N-131); any other bare host means `https`.
         */
        public fun manifestUrl(address: String, development: Boolean = false): HttpUrl {
            val text = address.trim()
            var url = if ("://" in text) text.toHttpUrlOrNull() else "https://$text$WELL_KNOWN_PATH".toHttpUrlOrNull()
            url ?: throw TalkieException("`$address` is neither a host nor a URL")
            if ("://" !in text && development && isLocalHost(url.host)) {
                url = "http://$text$WELL_KNOWN_PATH".toHttpUrlOrNull() ?: url
            }
            checkScheme(url, development)
            return url
        }

        /**
         * Discover a server (§1): fetch its manifest (at most 64 kB, same-origin redirects only), refuse another
         * major version, check that the manifest comes from its issuer's origin.
         */
        public suspend fun connect(
            manifestUrl: String,
            tokens: TokenProvider,
            http: OkHttpClient? = null,
            options: Options = Options(),
        ): TalkieClient {
            val client = (http ?: OkHttpClient()).newBuilder().followRedirects(false).followSslRedirects(false).build()
            try {
                return discover(manifestUrl, client, tokens, options, ownsHttp = http == null)
            } catch (error: Throwable) {
                if (http == null) client.dispatcher.executorService.shutdown() // nothing of it outlives a failed connect
                throw error
            }
        }

        private suspend fun discover(
            manifestUrl: String,
            client: OkHttpClient,
            tokens: TokenProvider,
            options: Options,
            ownsHttp: Boolean,
        ): TalkieClient {
            var url = manifestUrl(manifestUrl, options.development)
            for (hop in 0..MAX_REDIRECTS) {
                val request = Request.Builder().url(url).header("Accept", "application/json").build()
                val response = network("no answer from ${url.origin()} (the manifest)") { client.newCall(request).await() }
                response.use {
                    if (response.isRedirect) {
                        val location = response.header("Location")
                            ?: throw TalkieException("the manifest redirects without a Location", response.code)
                        val next = url.resolve(location)
                            ?: throw TalkieException("the manifest redirects to `$location`, not a URL", response.code)
                        if (!sameOrigin(next, url)) {
                            throw TalkieException(
                                "the manifest redirects to another origin (${next.origin()}); §1 forbids following it",
                                response.code,
                            )
                        }
                        url = next
                    } else {
                        if (!response.isSuccessful) throw failure(response)
                        val text = withContext(Dispatchers.IO) {
                            network("the manifest from ${url.origin()}") { response.body.readCapped(MAX_MANIFEST_BYTES, "the manifest") }
                        }
                        return fromManifest(url, text, client, tokens, options, ownsHttp)
                    }
                }
            }
            throw TalkieException("the manifest redirects more than $MAX_REDIRECTS times")
        }

        private fun fromManifest(
            url: HttpUrl,
            text: String,
            http: OkHttpClient,
            tokens: TokenProvider,
            options: Options,
            ownsHttp: Boolean,
        ): TalkieClient {
            val element = try {
                TalkieJson.parseToJsonElement(text) as? JsonObject
            } catch (error: SerializationException) {
                throw TalkieException("the manifest is not JSON: ${error.message}", cause = error)
            } ?: throw TalkieException("the manifest is not a JSON object")
            val spec = (element["spec"] as? JsonPrimitive)?.takeIf { it.isString }?.content
            val major = spec?.let { MAJOR.matchEntire(it) }?.groupValues?.get(1)
            if (major != "1") throw TalkieException("the server speaks `$spec`; this client speaks talkie/1 (§1)")
            val manifest = try {
                TalkieJson.decodeFromJsonElement(Manifest.serializer(), element)
            } catch (error: SerializationException) {
                throw TalkieException("the manifest is not what talkie/1 says: ${error.message}", cause = error)
            } catch (error: IllegalArgumentException) {
                throw TalkieException("the manifest is not what talkie/1 says: ${error.message}", cause = error)
            }
            val issuer = manifest.issuer.toHttpUrlOrNull()
                ?: throw TalkieException("the manifest's issuer `${manifest.issuer}` is not a URL")
            if (!sameOrigin(issuer, url)) {
                throw TalkieException("the manifest at ${url.origin()} names the issuer ${issuer.origin()}; §1 wants it served from there")
            }
            checkScheme(issuer, options.development)
            val origin = issuer.newBuilder().encodedPath("/").query(null).fragment(null).build()
            return TalkieClient(manifest, origin, http, tokens, options, ownsHttp)
        }

        private fun checkScheme(url: HttpUrl, development: Boolean) {
            if (url.isHttps) return
            if (development && isLocalHost(url.host)) return
            throw TalkieException("${url.origin()}: talkie/1 requires https (plain http only to local hosts in development, §1)")
        }

        internal fun failure(response: Response): TalkieException {
            val text = try {
                response.body.readCapped(64L * 1024, "the error body")
            } catch (error: java.io.IOException) {
                null
            } catch (error: TalkieException) {
                null
            }
            val body = text?.let {
                try {
                    TalkieJson.decodeFromString(ErrorResponse.serializer(), it)
                } catch (error: SerializationException) {
                    null
                } catch (error: IllegalArgumentException) {
                    null
                }
            }
            val what = body?.error?.let { "${it.code}: ${it.message}" } ?: "no talkie/1 error body"
            return TalkieException("HTTP ${response.code} from ${response.request.url.encodedPath} ($what)", response.code, body, retryAfterSeconds(response))
        }

        private fun <T> json(strategy: SerializationStrategy<T>, value: T): RequestBody =
            TalkieJson.encodeToString(strategy, value).toRequestBody(JSON_TYPE)

        private fun newId(prefix: String): String = "${prefix}_" + UUID.randomUUID().toString().replace("-", "")
    }
}
