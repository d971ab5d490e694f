package org.talkieprotocol.client

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.talkieprotocol.client.generated.CardEvent
import org.talkieprotocol.client.generated.RunErrorEvent
import org.talkieprotocol.client.generated.RunFinishedEvent
import org.talkieprotocol.client.generated.TextMessageContentEvent
import org.talkieprotocol.client.generated.TextMessageEndEvent
import org.talkieprotocol.client.generated.TextMessageStartEvent
import org.talkieprotocol.client.generated.ToolCallStartEvent
import org.talkieprotocol.client.generated.UnknownBlock
import org.talkieprotocol.client.generated.UnknownCustomEvent
import org.talkieprotocol.client.generated.UnknownEvent
import org.talkieprotocol.client.generated.UnknownOutcome

class EventParserTest {
    private fun known(text: String) = (EventParser.parse(text) as ParseResult.Known).event

    @Test
    fun `unknown types and names are typed unknown values, never errors`() {
        val type = EventParser.parse("""{"type":"STATE_SNAPSHOT","snapshot":{"a":1}}""")
        assertEquals("STATE_SNAPSHOT", ((type as ParseResult.Unknown).event as UnknownEvent).type)
        val name = EventParser.parse("""{"type":"CUSTOM","name":"acme.x","value":[1]}""") as ParseResult.Unknown
        assertEquals("acme.x", (name.event as UnknownCustomEvent).name)
    }

    @Test
    fun `a card with a future block keeps the block opaque and its fallbackText`() {
        val card = known(
            """{"type":"CUSTOM","name":"talkie.card","value":{"id":"c","version":1,"title":"T","subtitle":"S",
            "url":"/x","blocks":[{"type":"gauge","level":3}],"fallbackText":"F","a11yLabel":"A"},"extra":1}""",
        ) as CardEvent
        assertEquals("F", card.value.fallbackText)
        assertEquals("gauge", (card.value.blocks.single() as UnknownBlock).type)
    }

    @Test
    fun `an unknown outcome is opaque and a timestamp past 2^31 survives`() {
        val event = known("""{"type":"RUN_FINISHED","threadId":"t","runId":"r","timestamp":1924992000000,"outcome":{"type":"later"}}""")
        event as RunFinishedEvent
        assertEquals(1924992000000L, event.timestamp)
        assertEquals("later", (event.outcome as UnknownOutcome).type)
    }

    @Test
    fun `a broken known event is invalid, and so is what is not an event`() {
        val broken = EventParser.parse("""{"type":"RUN_ERROR","message":"x","code":"internal"}""")
        assertEquals("RUN_ERROR", (broken as ParseResult.Invalid).type)
        assertTrue(EventParser.parse("[1]") is ParseResult.Invalid)
        assertTrue(EventParser.parse("{") is ParseResult.Invalid)
        assertTrue(EventParser.parse("""{"type":"CUSTOM","name":7}""") is ParseResult.Invalid)
        assertTrue(known("""{"type":"RUN_ERROR","message":"x","code":"upstream_unavailable","metadata":{"retryable":true}}""") is RunErrorEvent)
    }

    @Test
    fun `chunk events expand into the start, content and end they stand for`() {
        val stream = listOf(
            """{"type":"TEXT_MESSAGE_CHUNK","messageId":"m1","delta":"Ahoj "}""",
            """{"type":"TEXT_MESSAGE_CHUNK","delta":"Jarmilo"}""",
            """{"type":"TOOL_CALL_CHUNK","toolCallId":"c1","toolCallName":"hledej","delta":"{}"}""",
            """{"type":"TEXT_MESSAGE_CHUNK","messageId":"m2","delta":"Hotovo"}""",
        ).joinToString("") { "data: $it\n\n" }
        val results = EventParser.readEvents(SseReader.of(stream)).toList()
        val kinds = results.map { result ->
            when (result) {
                is ParseResult.Known -> result.event::class.simpleName
                is ParseResult.Unknown -> "unknown " + result.event.type
                is ParseResult.Invalid -> "invalid"
            }
        }
        assertEquals(
            listOf(
                TextMessageStartEvent::class.simpleName, TextMessageContentEvent::class.simpleName,
                TextMessageContentEvent::class.simpleName, TextMessageEndEvent::class.simpleName,
                ToolCallStartEvent::class.simpleName, "unknown TOOL_CALL_ARGS",
                TextMessageStartEvent::class.simpleName, TextMessageContentEvent::class.simpleName,
                TextMessageEndEvent::class.simpleName,
            ),
            kinds,
        )
        val text = results.mapNotNull { ((it as? ParseResult.Known)?.event as? TextMessageContentEvent)?.delta }
        assertEquals("Ahoj Jarmilo", text.take(2).joinToString(""))
    }

    @Test
    fun `a chunk that continues nothing is invalid and the stream goes on`() {
        val stream = "data: {\"type\":\"TEXT_MESSAGE_CHUNK\",\"delta\":\"x\"}\n\ndata: {\"type\":\"TEXT_MESSAGE_END\",\"messageId\":\"m\"}\n\n"
        val results = EventParser.readEvents(SseReader.of(stream)).toList()
        assertTrue(results[0] is ParseResult.Invalid)
        assertTrue((results[1] as ParseResult.Known).event is TextMessageEndEvent)
    }
}
