package org.talkieprotocol.client

import kotlinx.serialization.SerializationException
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import okio.Source
import org.talkieprotocol.client.generated.Event
import org.talkieprotocol.client.generated.StreamEvent
import org.talkieprotocol.client.generated.StreamEventSerializer

/** What one event payload turned out to be. */
public sealed interface ParseResult {
    /** A talkie/1 event (a known type and, for CUSTOM, a known `talkie.*` name). */
    public data class Known(val event: Event) : ParseResult

    /** An event type or CUSTOM name talkie/1 does not define: an `UnknownEvent` or `UnknownCustomEvent`. */
    public data class Unknown(val event: StreamEvent) : ParseResult

    /** Not an event, or a known event that breaks its schema (a required member missing…). */
    public data class Invalid(val type: String?, val message: String) : ParseResult
}

/**
 * The tolerant parser: reads an event the way talkie/1 §5 tells a client to. Unknown members are ignored,
 * unknown event types and CUSTOM names become [ParseResult.Unknown], unknown card blocks and run outcomes
 * stay opaque inside a known event, and nothing a receiver must ignore throws. A known event that breaks
 * its schema is [ParseResult.Invalid]. Mirrors the tolerant profile of talkie-models and talkie-types.
 */
public object EventParser {
    /** Read one event from the JSON text of an SSE `data` field. */
    public fun parse(text: String): ParseResult {
        val element = try {
            TalkieJson.parseToJsonElement(text)
        } catch (error: SerializationException) {
            return ParseResult.Invalid(null, "event is not JSON: ${error.message}")
        }
        return parse(element)
    }

    /** Read one already decoded event. */
    public fun parse(element: JsonElement): ParseResult {
        val value = element as? JsonObject ?: return ParseResult.Invalid(null, "event is not a JSON object")
        val type = (value["type"] as? JsonPrimitive)?.takeIf { it.isString }?.content
            ?: return ParseResult.Invalid(null, "event has no string `type`")
        val event = try {
            TalkieJson.decodeFromJsonElement(StreamEventSerializer, value)
        } catch (error: SerializationException) {
            return ParseResult.Invalid(type, "invalid $type event: ${error.message}")
        } catch (error: IllegalArgumentException) {
            return ParseResult.Invalid(type, "invalid $type event: ${error.message}")
        }
        return if (event is Event) ParseResult.Known(event) else ParseResult.Unknown(event)
    }

    /**
     * Every event of a run's SSE body: SSE parsing, chunk expansion ([ChunkExpander]) and tolerant parsing
     * in one lazy sequence. Blocks while the peer is silent; bounded as [SseReader] is.
     */
    public fun readEvents(source: Source): Sequence<ParseResult> = readEvents(SseReader.of(source))

    /** As [readEvents] over a reader you configured (bounds, comment callback). */
    public fun readEvents(reader: SseReader): Sequence<ParseResult> = sequence {
        val expander = ChunkExpander()
        for (message in reader.messages()) {
            val element = try {
                TalkieJson.parseToJsonElement(message.data)
            } catch (error: SerializationException) {
                yield(ParseResult.Invalid(null, "event is not JSON: ${error.message}"))
                continue
            }
            val events = try {
                expander.push(element)
            } catch (error: ChunkException) {
                yield(ParseResult.Invalid(error.type, error.message ?: "invalid chunk"))
                continue
            }
            for (event in events) yield(parse(event))
        }
        for (event in expander.close()) yield(parse(event))
    }
}
