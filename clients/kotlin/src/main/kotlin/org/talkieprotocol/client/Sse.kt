package org.talkieprotocol.client

import okio.Buffer
import okio.BufferedSource
import okio.ByteString.Companion.encodeUtf8
import okio.Source
import okio.buffer
import okio.source
import java.io.InputStream

/** One dispatched Server-Sent Event. */
public data class SseMessage(
    /** The `data` lines joined by LF. */
    val data: String,
    /** The `event` field; `message` when absent. */
    val event: String,
    /** The last event id seen on the stream so far (an `id` persists across events). */
    val lastEventId: String,
    /** This event's `retry` field in milliseconds, when it had a valid one. */
    val retry: Long?,
)

/** The stream broke a bound of [SseReader]: a line or an event longer than its cap. */
public class SseLimitException(message: String) : java.io.IOException(message)

/**
 * A Server-Sent Events reader (the WHATWG "event stream interpretation") over any okio [BufferedSource].
 *
 * Why our own: talkie/1 runs are POSTs with a bearer token, which no platform EventSource sends. Lines end in
 * CR, LF or CRLF; `data:` lines of one event are joined with LF; comments (`: ping`) carry no event; an event
 * is dispatched on a blank line, and a stream that ends inside an event drops it. Bounded: a line longer than
 * [maxLineBytes] or an event whose data passes [maxEventBytes] stops the stream with [SseLimitException]
 * before it is buffered, whatever the peer sends.
 */
public class SseReader(
    private val source: BufferedSource,
    private val maxLineBytes: Long = DEFAULT_MAX_LINE_BYTES,
    private val maxEventBytes: Long = DEFAULT_MAX_EVENT_BYTES,
    private val onComment: (String) -> Unit = {},
) {
    private var skipLf = false
    private var started = false
    private val data = StringBuilder()
    private var hasData = false
    private var eventType = ""
    private var lastEventId = ""
    private var retry: Long? = null

    /** The next event, or null at the end of the stream. Blocks while the peer sends nothing. */
    public fun next(): SseMessage? {
        while (true) {
            val line = readLine() ?: return null
            val message = line(line)
            if (message != null) return message
        }
    }

    /** Every remaining event, read lazily. */
    public fun messages(): Sequence<SseMessage> = generateSequence { next() }

    private fun readLine(): String? {
        val buffer = source.buffer
        var scanned = 0L
        while (true) {
            if (skipLf && (buffer.size > 0 || source.request(1))) {
                if (buffer[0] == LF) buffer.skip(1)
                skipLf = false
            }
            val end = buffer.indexOfElement(LINE_ENDS, scanned)
            if (end >= 0) {
                if (end > maxLineBytes) throw SseLimitException("an SSE line is longer than $maxLineBytes bytes")
                var text = buffer.readUtf8(end)
                if (buffer.readByte() == CR) skipLf = true
                if (!started) {
                    started = true
                    text = text.removePrefix("\uFEFF")
                }
                return text
            }
            if (buffer.size > maxLineBytes) throw SseLimitException("an SSE line is longer than $maxLineBytes bytes")
            scanned = buffer.size
            if (!source.request(buffer.size + 1)) return null // the end: an unterminated line is dropped
        }
    }

    private fun line(line: String): SseMessage? {
        if (line.isEmpty()) return dispatch()
        if (line.startsWith(":")) {
            onComment(line.substring(1).removePrefix(" "))
            return null
        }
        val colon = line.indexOf(':')
        val field = if (colon < 0) line else line.substring(0, colon)
        val value = if (colon < 0) "" else line.substring(colon + 1).removePrefix(" ")
        when (field) {
            "data" -> {
                if (data.length.toLong() + value.length > maxEventBytes) { // characters: a bound of the same order
                    throw SseLimitException("an SSE event carries more than $maxEventBytes characters of data")
                }
                if (hasData) data.append('\n')
                data.append(value)
                hasData = true
            }
            "event" -> eventType = value
            "id" -> if ('\u0000' !in value) lastEventId = value
            "retry" -> if (value.isNotEmpty() && value.all { it in '0'..'9' }) retry = value.toLongOrNull()
            else -> Unit // unknown fields are ignored
        }
        return null
    }

    private fun dispatch(): SseMessage? {
        val retry = this.retry
        this.retry = null
        if (!hasData) {
            eventType = ""
            return null
        }
        val message = SseMessage(data.toString(), eventType.ifEmpty { "message" }, lastEventId, retry)
        data.setLength(0)
        hasData = false
        eventType = ""
        return message
    }

    public companion object {
        /** 1 MiB: far above any talkie/1 event line, far below what would hurt a phone. */
        public const val DEFAULT_MAX_LINE_BYTES: Long = 1L shl 20

        /** 4 MiB of data in one event. */
        public const val DEFAULT_MAX_EVENT_BYTES: Long = 4L shl 20

        private const val CR: Byte = '\r'.code.toByte()
        private const val LF: Byte = '\n'.code.toByte()
        private val LINE_ENDS = "\r\n".encodeUtf8()

        /** A reader over any okio [Source] (a socket, a file, an OkHttp body). */
        public fun of(source: Source): SseReader = SseReader(if (source is BufferedSource) source else source.buffer())

        /** A reader over an [InputStream]. */
        public fun of(stream: InputStream): SseReader = of(stream.source())

        /** A reader over text already in memory (tests, recorded streams). */
        public fun of(text: String): SseReader = SseReader(Buffer().writeUtf8(text))
    }
}
