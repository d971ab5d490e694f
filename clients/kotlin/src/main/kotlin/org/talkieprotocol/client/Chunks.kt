package org.talkieprotocol.client

import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/** A chunk event that cannot be expanded: it continues nothing and names no message or call of its own. */
public class ChunkException(public val type: String, message: String) : RuntimeException(message)

/**
 * Expands AG-UI's chunk shorthands as talkie-models and talkie-types do (notes N-28, N-47).
 *
 * `TEXT_MESSAGE_CHUNK` with a new `messageId` closes an open chunked message and opens the new one (role
 * `assistant` unless given); its `delta` becomes `TEXT_MESSAGE_CONTENT`; without `messageId` it continues the
 * open message. `TOOL_CALL_CHUNK` opens a call (`TOOL_CALL_START`) and turns its `delta` into `TOOL_CALL_ARGS`,
 * which talkie/1 does not use; it never invents a `TOOL_CALL_END`, whose `metadata.ok` only the server can
 * tell. Any other event, and the end of the stream, closes an open chunked message.
 */
public class ChunkExpander {
    private var message: String? = null
    private var toolCall: String? = null

    /** The events that stand for [value]: itself, unless it is a chunk. */
    public fun push(value: JsonElement): List<JsonElement> {
        val event = value as? JsonObject
        val type = (event?.get("type") as? JsonPrimitive)?.takeIf { it.isString }?.content
        return when {
            event != null && type == TEXT_CHUNK -> text(event)
            event != null && type == TOOL_CHUNK -> tool(event)
            else -> close() + value
        }
    }

    /** The end of a chunked sequence (another event, or the end of the stream): close an open message. */
    public fun close(): List<JsonElement> {
        toolCall = null
        val open = message ?: return emptyList()
        message = null
        return listOf(obj("type" to JsonPrimitive("TEXT_MESSAGE_END"), "messageId" to JsonPrimitive(open)))
    }

    private fun text(chunk: JsonObject): List<JsonElement> {
        toolCall = null
        val id = idOf(chunk, "messageId", message)
        val out = mutableListOf<JsonElement>()
        if (id != message) {
            out += close()
            val role = chunk["role"].takeUnless { it == null || it == JsonNull || it == JsonPrimitive("") }
            out += obj(
                "type" to JsonPrimitive("TEXT_MESSAGE_START"),
                "messageId" to JsonPrimitive(id),
                "role" to (role ?: JsonPrimitive("assistant")),
                *carried(chunk, "name"),
            )
            message = id
        }
        present(chunk, "delta")?.let {
            out += obj("type" to JsonPrimitive("TEXT_MESSAGE_CONTENT"), "messageId" to JsonPrimitive(id), "delta" to it)
        }
        return out
    }

    private fun tool(chunk: JsonObject): List<JsonElement> {
        val out = if (message != null) close().toMutableList() else mutableListOf()
        val id = idOf(chunk, "toolCallId", toolCall)
        if (id != toolCall) {
            out += obj(
                "type" to JsonPrimitive("TOOL_CALL_START"),
                "toolCallId" to JsonPrimitive(id),
                "toolCallName" to (chunk["toolCallName"] ?: JsonNull),
                *carried(chunk, "parentMessageId"),
            )
            toolCall = id
        }
        present(chunk, "delta")?.let {
            out += obj("type" to JsonPrimitive("TOOL_CALL_ARGS"), "toolCallId" to JsonPrimitive(id), "delta" to it)
        }
        return out
    }

    private fun idOf(chunk: JsonObject, key: String, open: String?): String {
        val type = (chunk["type"] as JsonPrimitive).content
        val value = present(chunk, key) ?: return open ?: throw ChunkException(type, "invalid $type event: `$key` opens nothing without it")
        val text = (value as? JsonPrimitive)?.takeIf { it.isString }?.content
        return text ?: throw ChunkException(type, "invalid $type event: `$key` must be a string")
    }

    private companion object {
        const val TEXT_CHUNK = "TEXT_MESSAGE_CHUNK"
        const val TOOL_CHUNK = "TOOL_CALL_CHUNK"

        // Members every AG-UI event may carry; a chunk hands them on to the event that opens its sequence.
        val COMMON = listOf("timestamp", "metadata", "subagentRunId")

        fun present(chunk: JsonObject, key: String): JsonElement? = chunk[key]?.takeUnless { it == JsonNull }

        fun carried(chunk: JsonObject, vararg names: String): Array<Pair<String, JsonElement>> =
            (COMMON + names).mapNotNull { name -> present(chunk, name)?.let { name to it } }.toTypedArray()

        fun obj(vararg members: Pair<String, JsonElement>): JsonObject = JsonObject(linkedMapOf(*members))
    }
}
