package org.talkieprotocol.client

import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import java.io.File

/** The repository's contract files, found through the `talkie.root` system property Maven sets. */
internal object Contract {
    val root: File = File(System.getProperty("talkie.root") ?: "../..").canonicalFile
    val schemas: File = File(root, "schemas")
    val corpus: File = File(root, "tests/compat/corpus")

    fun read(file: File): JsonElement = TalkieJson.parseToJsonElement(file.readText())

    /** The value at a JSON pointer (RFC 6901), or null when it names nothing. */
    fun at(document: JsonElement, pointer: String): JsonElement? {
        if (pointer.isEmpty()) return document
        var node: JsonElement = document
        for (raw in pointer.removePrefix("/").split("/")) {
            val token = raw.replace("~1", "/").replace("~0", "~")
            node = when (node) {
                is JsonObject -> node[token] ?: return null
                is JsonArray -> token.toIntOrNull()?.let { node.getOrNull(it) } ?: return null
                else -> return null
            }
        }
        return node
    }
}
