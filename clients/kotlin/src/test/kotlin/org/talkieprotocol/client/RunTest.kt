package org.talkieprotocol.client

import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.collect
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.talkieprotocol.client.Scripted.Companion.FINISHED
import org.talkieprotocol.client.Scripted.Companion.RUN_PATH
import org.talkieprotocol.client.Scripted.Companion.STARTED
import org.talkieprotocol.client.Scripted.Companion.TEXT
import org.talkieprotocol.client.Scripted.Companion.TEXT_END
import org.talkieprotocol.client.Scripted.Companion.TEXT_START
import org.talkieprotocol.client.Scripted.Companion.answer
import org.talkieprotocol.client.Scripted.Companion.event
import org.talkieprotocol.client.generated.RunFinishedEvent
import org.talkieprotocol.client.generated.RunStartedEvent
import org.talkieprotocol.client.generated.StreamEvent
import org.talkieprotocol.client.generated.TextMessageContentEvent
import java.io.File
import java.io.IOException
import java.io.OutputStream
import java.net.ServerSocket

/**
 * A run stream on the wire, byte by byte (§5): quiet spells, drops, recovery, the client's caps, and the one
 * exception type at the boundary.
 */
class RunTest {
    private val sse = "text/event-stream"

    private fun <T> scripted(script: (String, OutputStream) -> Unit, options: TalkieClient.Options = TalkieClient.Options(development = true), block: suspend (TalkieClient) -> T): T =
        Scripted(script).use { server ->
            runBlocking {
                withTimeout(120_000) {
                    TalkieClient.connect(server.manifestUrl, TokenProvider.of("tk_dev"), options = options).use { block(it) }
                }
            }
        }

    /** An endless run stream: RUN_STARTED, a text message opened, then deltas until the client hangs up. */
    private val endless: (String, OutputStream) -> Unit = { path, out ->
        if (path == RUN_PATH) {
            out.answer(sse)
            out.event(STARTED)
            out.event(TEXT_START)
            while (true) out.event(TEXT)
        }
    }

    @Test
    fun `a stream quiet for 14 s, under the default idle deadline, is read to its end`() {
        val events = scripted({ path, out ->
            if (path == RUN_PATH) {
                out.answer(sse)
                out.event(STARTED)
                Thread.sleep(14_000) // no byte at all, not even a ping
                for (event in listOf(TEXT_START, TEXT, TEXT_END, FINISHED)) out.event(event)
            }
        }) { client ->
            val run = client.run("Dobrý den")
            val events = run.events.toList()
            assertFalse(run.dropped)
            events
        }
        assertInstanceOf(RunStartedEvent::class.java, events.first())
        assertInstanceOf(RunFinishedEvent::class.java, events.last())
        assertEquals("Dobrý den", events.filterIsInstance<TextMessageContentEvent>().single().delta)
    }

    @Test
    fun `a stream quiet past the idle deadline is given up as a drop`() {
        val options = TalkieClient.Options(development = true, runIdleTimeoutMillis = 500)
        scripted({ path, out ->
            if (path == RUN_PATH) {
                out.answer(sse)
                out.event(STARTED)
                Thread.sleep(30_000) // until the client hangs up
            }
        }, options) { client ->
            val run = client.run("Dobrý den")
            val events = run.events.toList()
            assertEquals(1, events.size)
            assertTrue(run.dropped, "given up: the run is dropped, recover() reloads the thread")
        }
    }

    @Test
    fun `a clean end of the connection in the middle of an event is a drop, and recover reads what was stored`() {
        val messageId = "msg_user_1"
        // the contract's example thread: a user message (given this run's message id), then the stored reply
        val example = Contract.at(Contract.read(File(Contract.schemas, "thread-detail.json")), "/examples/0")
        val thread = example.toString().replace("\"msg_c1f0\"", "\"$messageId\"")
        var loads = 0
        scripted({ path, out ->
            when {
                path == RUN_PATH -> {
                    out.answer(sse)
                    out.event(STARTED)
                    out.write("data: {\"type\":\"TEXT_MESSAGE_START\",".toByteArray()) // and the connection ends
                }
                path.startsWith("/talkie/v1/threads/") -> {
                    loads++
                    out.answer("application/json", thread)
                }
            }
        }) { client ->
            val run = client.run("Jaké nabídky čekají na schválení?", messageId = messageId)
            val events = run.events.toList()
            assertEquals(listOf("RunStartedEvent"), events.map { it::class.simpleName })
            assertTrue(run.dropped, "no terminal event: dropped")
            assertEquals("thr_1", run.threadId)
            val recovery = run.recover(intervalMillis = 10)
            assertEquals(listOf("msg_c1f1"), recovery.reply.map { it.id })
            assertEquals(2, loads, "the reply is taken once two loads agree")
        }
    }

    @Test
    fun `a run past maxRunEvents fails clearly and its stream is closed`() {
        val options = TalkieClient.Options(development = true, maxRunEvents = 50)
        scripted(endless, options) { client ->
            var seen = 0
            // A slow app: the read runs ahead of it, and the cap's failure still comes after every event read.
            val error = assertThrows<TalkieException> {
                runBlocking {
                    client.run("x").events.collect { if (seen++ == 0) delay(300) }
                }
            }
            assertTrue("maxRunEvents" in error.message!!, error.message)
            assertEquals(50, seen)
            assertFalse(error.retryable)
        }
    }

    @Test
    fun `a run past maxRunBytes fails clearly and its stream is closed`() {
        val options = TalkieClient.Options(development = true, maxRunBytes = 64L * 1024)
        scripted(endless, options) { client ->
            var seen = 0
            val error = assertThrows<TalkieException> { runBlocking { client.run("x").events.collect { seen++ } } }
            assertTrue("maxRunBytes" in error.message!!, error.message)
            assertTrue(seen < 64 * 1024 / TEXT.length, "$seen events")
        }
        assertEquals(64L shl 20, TalkieClient.Options().maxRunBytes)
        assertEquals(100_000L, TalkieClient.Options().maxRunEvents)
        assertEquals(45_000L, TalkieClient.Options().runIdleTimeoutMillis)
    }

    @Test
    fun `a stream that breaks the SSE reader's caps is a TalkieException`() {
        scripted({ path, out ->
            if (path == RUN_PATH) {
                out.answer(sse)
                out.event(STARTED)
                out.write("data: ".toByteArray())
                val chunk = ByteArray(64 * 1024) { 'x'.code.toByte() }
                repeat(64) { out.write(chunk) } // a 4 MiB line
                out.flush()
            }
        }) { client ->
            val error = assertThrows<TalkieException> { runBlocking { client.run("x").events.collect() } }
            assertInstanceOf(SseLimitException::class.java, error.cause)
        }
    }

    @Test
    fun `a run refused before its stream began is a TalkieException, not a drop`() {
        val body = """{"error":{"code":"upstream_unavailable","message":"Zkuste to znovu.","retryable":true}}"""
        scripted({ path, out ->
            if (path == RUN_PATH) {
                val head = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n" +
                    "Content-Length: ${body.toByteArray().size}\r\nConnection: close\r\n\r\n"
                out.write((head + body).toByteArray())
            }
        }) { client ->
            val run = client.run("x")
            val error = assertThrows<TalkieException> { runBlocking { run.events.collect() } }
            assertEquals(503, error.status)
            assertEquals("upstream_unavailable", error.code)
            assertFalse(run.dropped, "no stream began: nothing was dropped")
        }
    }

    @Test
    fun `a failed connection is a TalkieException, not an IOException`() {
        val port = ServerSocket(0).use { it.localPort } // free, and nobody listens on it now
        val error = assertThrows<TalkieException> {
            runBlocking { TalkieClient.connect("http://127.0.0.1:$port/.well-known/talkie.json", TokenProvider.of("t"), options = TalkieClient.Options(development = true)) }
        }
        assertTrue(error.network)
        assertTrue(error.retryable)
        assertInstanceOf(IOException::class.java, error.cause)
        assertEquals(null, error.status)
    }

    @Test
    fun `what the collector throws reaches it unchanged, even an IOException`() {
        val mine = IOException("the app's own failure")
        scripted(endless) { client ->
            val run = client.run("x")
            val thrown = assertThrows<IOException> {
                runBlocking { run.events.collect { event: StreamEvent -> if (event is TextMessageContentEvent) throw mine } }
            }
            // itself, or (kotlinx.coroutines' stack-trace recovery under -ea) a copy of it whose cause it is
            assertTrue(thrown === mine || thrown.cause === mine, "$thrown")
            assertEquals(mine.message, thrown.message)
        }
    }

    @Test
    fun `a bare local host in a development build means http, any other bare host https`() {
        assertEquals("http://127.0.0.1:8000/.well-known/talkie.json", TalkieClient.manifestUrl("127.0.0.1:8000", development = true).toString())
        assertEquals("https://crm.example.com/.well-known/talkie.json", TalkieClient.manifestUrl("crm.example.com", development = true).toString())
        assertEquals("https://127.0.0.1:8443/.well-known/talkie.json", TalkieClient.manifestUrl("https://127.0.0.1:8443/.well-known/talkie.json", development = true).toString())
        assertEquals("https", TalkieClient.manifestUrl("127.0.0.1:8000").scheme, "not a development build: https")
    }
}
