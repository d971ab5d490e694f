package org.talkieprotocol.client

import okio.Buffer
import okio.Source
import okio.Timeout
import okio.buffer
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import java.io.ByteArrayInputStream

class SseReaderTest {
    private fun data(text: String): List<String> = SseReader.of(text).messages().map { it.data }.toList()

    @Test
    fun `CR, LF and CRLF end lines, data lines join with LF, comments carry nothing`() {
        assertEquals(listOf("a\nb", "c", "d"), data(": ping\r\ndata: a\rdata:b\r\n\r\ndata: c\n\ndata: d\r\r"))
    }

    @Test
    fun `an event cut off by the end of the stream is dropped`() {
        assertEquals(listOf("one"), data("data: one\n\ndata: two\n"))
    }

    @Test
    fun `fields event, id and retry are read, and a BOM at the start is skipped`() {
        val messages = SseReader.of("\uFEFFevent: update\nid: 7\nretry: 1500\ndata: x\n\ndata: y\n\n").messages().toList()
        assertEquals(SseMessage("x", "update", "7", 1500), messages[0])
        assertEquals(SseMessage("y", "message", "7", null), messages[1])
    }

    @Test
    fun `bytes split anywhere, inside a character or between CR and LF, read the same`() {
        val bytes = "data: Žluťoučký kůň\r\n\r\ndata: 2\r\n\r\n".encodeToByteArray()
        val source = object : Source {
            var at = 0
            override fun read(sink: Buffer, byteCount: Long): Long {
                if (at == bytes.size) return -1
                sink.write(bytes, at, 1) // one byte at a time
                at += 1
                return 1
            }
            override fun timeout(): Timeout = Timeout.NONE
            override fun close() = Unit
        }
        assertEquals(listOf("Žluťoučký kůň", "2"), SseReader.of(source).messages().map { it.data }.toList())
    }

    @Test
    fun `an InputStream is read through its adapter`() {
        val stream = ByteArrayInputStream("data: {\"type\":\"X\"}\n\n".encodeToByteArray())
        assertEquals("{\"type\":\"X\"}", SseReader.of(stream).next()?.data)
    }

    @Test
    fun `a line longer than the cap stops the stream before it is buffered whole`() {
        val endless = object : Source {
            var sent = 0L
            override fun read(sink: Buffer, byteCount: Long): Long {
                sink.writeUtf8("x".repeat(8192))
                sent += 8192
                check(sent < 64L shl 20) { "read far past the cap" }
                return 8192
            }
            override fun timeout(): Timeout = Timeout.NONE
            override fun close() = Unit
        }
        val reader = SseReader(Buffer().writeUtf8("data: "), 1024)
        assertEquals(null, reader.next()) // a short unterminated line at the end: nothing
        assertThrows(SseLimitException::class.java) { SseReader(endless.buffer(), maxLineBytes = 1L shl 16).next() }
    }

    @Test
    fun `an event whose data passes the cap stops the stream`() {
        val text = "data: ${"y".repeat(600)}\n".repeat(4) + "\n"
        assertThrows(SseLimitException::class.java) {
            SseReader(Buffer().writeUtf8(text), maxEventBytes = 2000).next()
        }
    }
}
