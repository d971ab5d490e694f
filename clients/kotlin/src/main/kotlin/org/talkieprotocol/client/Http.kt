package org.talkieprotocol.client

import kotlinx.coroutines.suspendCancellableCoroutine
import okhttp3.Call
import okhttp3.Callback
import okhttp3.HttpUrl
import okhttp3.HttpUrl.Companion.toHttpUrlOrNull
import okhttp3.Response
import okhttp3.ResponseBody
import okio.Buffer
import okio.ForwardingSource
import okio.Source
import java.io.IOException
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException

/** The call's response, suspending; cancelling the coroutine cancels the call. */
internal suspend fun Call.await(): Response = suspendCancellableCoroutine { continuation ->
    continuation.invokeOnCancellation { cancel() }
    enqueue(
        object : Callback {
            override fun onFailure(call: Call, e: IOException) {
                if (continuation.isActive) continuation.resumeWithException(e)
            }

            override fun onResponse(call: Call, response: Response) {
                if (continuation.isActive) continuation.resume(response) else response.close()
            }
        },
    )
}

/**
 * [block], with a transport failure turned into the package's one exception: a [TalkieException] with
 * [TalkieException.network] set, saying [what] failed, the `IOException` as its cause (notes N-134).
 */
internal inline fun <T> network(what: String, block: () -> T): T =
    try {
        block()
    } catch (error: IOException) {
        throw TalkieException("$what: ${error.message ?: error.javaClass.simpleName}", cause = error, network = true)
    }

/** A run's body that refuses to bring more than [limit] bytes in all (notes N-130). */
internal class RunBytes(source: Source, private val limit: Long) : ForwardingSource(source) {
    private var total = 0L

    override fun read(sink: Buffer, byteCount: Long): Long {
        val read = super.read(sink, byteCount)
        if (read > 0) {
            total += read
            if (total > limit) throw TalkieException("the run stream brought more than $limit bytes (Options.maxRunBytes)")
        }
        return read
    }
}

/** The body as text, refusing one longer than [limit] bytes without buffering past it. */
internal fun ResponseBody.readCapped(limit: Long, what: String): String {
    val source = source()
    if (source.request(limit + 1)) throw TalkieException("$what is larger than $limit bytes")
    val buffer = Buffer()
    source.readAll(buffer)
    return buffer.readUtf8()
}

/** `scheme://host:port` of a URL: what talkie/1 calls its origin. */
internal fun HttpUrl.origin(): String = "$scheme://$host:$port"

internal fun sameOrigin(a: HttpUrl, b: HttpUrl): Boolean = a.scheme == b.scheme && a.host == b.host && a.port == b.port

/** One path segment, percent-encoded as §1 asks of `{name}` placeholders (a `/` becomes `%2F`). */
internal fun encodeSegment(value: String): String =
    SEGMENT_BASE.newBuilder().addPathSegment(value).build().encodedPath.removePrefix("/")

private val SEGMENT_BASE: HttpUrl = "http://segment.invalid/".toHttpUrlOrNull()!!

/** Hosts §1 lets a development build reach over plain `http`: loopback and private LAN addresses. */
internal fun isLocalHost(host: String): Boolean {
    if (host == "localhost" || host == "::1" || host.endsWith(".localhost")) return true
    val parts = host.split('.').mapNotNull { it.toIntOrNull() }
    if (parts.size != 4 || parts.any { it !in 0..255 }) return false
    val (a, b) = parts
    return a == 127 || a == 10 || (a == 172 && b in 16..31) || (a == 192 && b == 168)
}

/** `Retry-After` in seconds: the delay, or the seconds until its date (never negative). */
internal fun retryAfterSeconds(response: Response): Long? {
    val text = response.header("Retry-After")?.trim() ?: return null
    text.toLongOrNull()?.let { return maxOf(it, 0) }
    val date = response.headers.getDate("Retry-After") ?: return null
    return maxOf((date.time - System.currentTimeMillis() + 999) / 1000, 0)
}
