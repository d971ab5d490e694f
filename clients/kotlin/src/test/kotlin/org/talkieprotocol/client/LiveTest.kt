package org.talkieprotocol.client

import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.take
import kotlinx.coroutines.flow.takeWhile
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertInstanceOf
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.talkieprotocol.client.generated.ActionEvent
import org.talkieprotocol.client.generated.ActionStatus
import org.talkieprotocol.client.generated.CardEvent
import org.talkieprotocol.client.generated.ConfirmMethod
import org.talkieprotocol.client.generated.Decision
import org.talkieprotocol.client.generated.FieldsBlock
import org.talkieprotocol.client.generated.RunErrorEvent
import org.talkieprotocol.client.generated.RunFinishedCancelledOutcome
import org.talkieprotocol.client.generated.RunFinishedEvent
import org.talkieprotocol.client.generated.RunStartedEvent
import org.talkieprotocol.client.generated.StreamEvent
import org.talkieprotocol.client.generated.TextMessageContentEvent
import org.talkieprotocol.client.generated.ToolCallEndEvent
import org.talkieprotocol.client.generated.ToolCallStartEvent
import org.talkieprotocol.samples.ask
import java.io.File
import java.util.concurrent.TimeUnit
import kotlin.concurrent.thread

/**
 * Against a live `talkie-mock serve`: the system properties `talkie.live.manifest` and `talkie.live.token`
 * name it, `talkie.live.slow.manifest` a second one started with `--slow-stream 14,count=1` (14 s of quiet
 * before each event of its first run); tests/clients/test_kotlin.py always sets them; a plain `mvn verify`
 * without them skips these.
 */
class LiveTest {
    private val manifestUrl: String? = System.getProperty("talkie.live.manifest")?.takeIf { it.isNotBlank() }
    private val slowManifestUrl: String? = System.getProperty("talkie.live.slow.manifest")?.takeIf { it.isNotBlank() }
    private val token: String = System.getProperty("talkie.live.token").orEmpty()

    @BeforeEach
    fun needsTheMock() = assumeTrue(manifestUrl != null, "no live mock (set -Dtalkie.live.manifest)")

    private fun live(url: String? = manifestUrl, block: suspend (TalkieClient) -> Unit): Unit = runBlocking {
        assumeTrue(url != null, "no live mock for this test")
        withTimeout(120_000) {
            TalkieClient.connect(url!!, TokenProvider.of(token), options = TalkieClient.Options(development = true)).use { block(it) }
        }
    }

    private fun text(events: List<StreamEvent>) = events.filterIsInstance<TextMessageContentEvent>().joinToString("") { it.delta }

    @Test
    fun echo() = live { client ->
        val run = client.run("talkie-test:echo Dobrý den, Kotline")
        val events = run.events.toList()
        val started = assertInstanceOf(RunStartedEvent::class.java, events.first())
        assertInstanceOf(RunFinishedEvent::class.java, events.last())
        assertEquals("Dobrý den, Kotline", text(events))
        assertEquals(started.threadId, run.threadId)
        val stored = client.thread(run.threadId)
        assertTrue(stored.messages.any { it.content == "Dobrý den, Kotline" }, "the thread keeps the answer")
        assertTrue(client.threads().threads.any { it.id == run.threadId })
        assertEquals(true, client.deleteThread(run.threadId).ok)
    }

    @Test
    fun card() = live { client ->
        val events = client.run("talkie-test:card").events.toList()
        assertEquals(true, events.filterIsInstance<ToolCallEndEvent>().single().metadata.ok)
        assertTrue(events.any { it is ToolCallStartEvent })
        val card = events.filterIsInstance<CardEvent>().single().value
        assertTrue(card.blocks.any { it is FieldsBlock })
        assertTrue(card.fallbackText.isNotEmpty())
    }

    @Test
    fun `action and its decision`() = live { client ->
        val events = client.run("talkie-test:action").events.toList()
        val action = events.filterIsInstance<ActionEvent>().single().value
        assertEquals(ActionStatus.PENDING, action.status)
        assertTrue(ConfirmMethod.VOICE in action.confirm.methods)
        val decided = client.decide(action.id, Decision.CONFIRM, action.paramsHash, ConfirmMethod.BUTTON)
        assertEquals(ActionStatus.DONE, decided.action.status)
        assertEquals(ActionStatus.DONE, client.action(action.id).status)
        val again = client.decide(action.id, Decision.CONFIRM, action.paramsHash, ConfirmMethod.BUTTON)
        assertEquals(ActionStatus.DONE, again.action.status) // idempotent (§8)
        val conflict = runCatching { client.decide(action.id, Decision.CANCEL, action.paramsHash) }.exceptionOrNull()
        assertEquals(409, (conflict as TalkieException).status)
        assertEquals("conflict", conflict.code)
    }

    @Test
    fun cancel() = live { client ->
        val run = client.run("talkie-test:slow")
        val all = mutableListOf<StreamEvent>()
        run.events.collect { event ->
            all += event
            if (event is TextMessageContentEvent && all.count { it is TextMessageContentEvent } == 1) {
                assertEquals(true, client.cancel(run.runId).ok)
            }
        }
        val finished = assertInstanceOf(RunFinishedEvent::class.java, all.last())
        assertInstanceOf(RunFinishedCancelledOutcome::class.java, finished.outcome)
        assertEquals(true, client.cancel(run.runId).ok) // also when the run already ended (§5)
    }

    @Test
    fun `an error run ends with RUN_ERROR, retryable`() = live { client ->
        val error = client.run("talkie-test:error").events.toList().last()
        assertEquals(true, (error as RunErrorEvent).metadata.retryable)
        assertEquals("upstream_unavailable", error.code)
    }

    @Test
    fun `leaving a stream early closes it without cancelling the run`() = live { client ->
        val run = client.run("talkie-test:slow")
        val first = run.events.take(2).toList()
        assertInstanceOf(RunStartedEvent::class.java, first.first())
        // The run goes on on the server: a later cancel still finds it, and the thread holds it.
        assertEquals(true, client.cancel(run.runId).ok)
        assertEquals(run.threadId, client.thread(run.threadId).thread.id)
    }

    @Test
    fun `status answers for the token`() = live { client ->
        assertTrue(client.status().chat)
        assertInstanceOf(RunStartedEvent::class.java, client.run("talkie-test:echo x").events.first())
    }

    @Test
    fun `the README quickstart runs`() = live { _ ->
        assertEquals("Ahoj", ask(manifestUrl!!, token, "talkie-test:echo Ahoj"))
    }

    @Test
    fun `a run stream quiet for 14 s before each event is kept`() = live(slowManifestUrl) { client ->
        val run = client.run("talkie-test:echo Dobrý den")
        val first = run.events.take(2).toList() // two quiet spells of 14 s, no ping in either
        assertInstanceOf(RunStartedEvent::class.java, first.first())
        assertEquals(2, first.size)
        assertEquals(run.threadId, (first.first() as RunStartedEvent).threadId)
    }

    @Test
    fun `a dropped stream is recovered from the stored thread`() = live { client ->
        val run = client.run("talkie-test:slow")
        val seen = run.events.takeWhile { it !is TextMessageContentEvent }.toList() // then the collector leaves
        assertInstanceOf(RunStartedEvent::class.java, seen.first())
        assertTrue(run.dropped, "left before RUN_FINISHED: dropped")
        val recovery = run.recover(intervalMillis = 300)
        assertTrue(recovery.reply.any { it.content.isNotEmpty() }, "the server finished the run and stored its reply")
        assertEquals(run.threadId, recovery.thread.thread.id)
    }

    @Test
    fun `the README quickstart as a program exits once main returns`() {
        assumeTrue(manifestUrl != null, "no live mock")
        val java = File(System.getProperty("java.home"), "bin/java").path
        val classpath = System.getProperty("surefire.test.class.path")?.takeIf { it.isNotBlank() } ?: System.getProperty("java.class.path")
        val process = ProcessBuilder(java, "-cp", classpath, "org.talkieprotocol.samples.QuickstartKt", manifestUrl, token)
            .redirectErrorStream(true)
            .start()
        try {
            val output = StringBuilder()
            val reader = thread(isDaemon = true) { output.append(process.inputStream.bufferedReader().readText()) }
            // OkHttp keeps an unclosed client's threads alive 60 s after its last call; a closed one's end at once.
            val exited = process.waitFor(45, TimeUnit.SECONDS)
            reader.join(5_000)
            assertTrue(exited, "the JVM was still running 45 s after start: $output")
            assertEquals(0, process.exitValue(), output.toString())
            assertTrue("done in thread" in output, output.toString())
        } finally {
            process.destroyForcibly()
        }
    }
}
