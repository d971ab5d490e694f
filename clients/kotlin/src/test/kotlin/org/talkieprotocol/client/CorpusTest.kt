package org.talkieprotocol.client

import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import org.talkieprotocol.client.generated.Catalogue
import org.talkieprotocol.client.generated.Opaque

/**
 * The forward-compatibility corpus (tests/compat/corpus/): each case decodes with the serializer of its
 * schema title, is typed "unknown" (an opaque value) or "known" as it says, and every value it names
 * survives a decode and encode at its JSON pointer.
 */
class CorpusTest {
    @TestFactory
    fun corpus(): List<DynamicTest> {
        val files = Contract.corpus.listFiles { file -> file.name.endsWith(".json") }.orEmpty().sortedBy { it.name }
        assertTrue(files.size >= 6, "the corpus at ${Contract.corpus} has ${files.size} cases")
        return files.map { file -> DynamicTest.dynamicTest(file.name) { check(Contract.read(file).jsonObject) } }
    }

    private fun check(case: JsonObject) {
        val title = case.getValue("schema").jsonPrimitive.content
        val input = case.getValue("input")
        val expect = case.getValue("expect").jsonObject
        @Suppress("UNCHECKED_CAST")
        val serializer = Catalogue.serializers[title] as KSerializer<Any?>? ?: error("no serializer for $title")
        val value = TalkieJson.decodeFromJsonElement(serializer, input)
        val kind = expect.getValue("kind").jsonPrimitive.content
        assertEquals(kind == "unknown", value is Opaque, "kind $kind, decoded as ${value?.let { it::class.simpleName }}")
        val encoded = TalkieJson.encodeToJsonElement(serializer, value)
        expect["type"]?.jsonPrimitive?.content?.let { type ->
            val wire = (Contract.at(encoded, "/type") as? JsonPrimitive)?.content
            assertEquals(type, wire, "type at /type")
        }
        for ((pointer, want) in expect["values"]?.jsonObject.orEmpty()) {
            assertEquals(want, Contract.at(encoded, pointer), "value at $pointer")
        }
    }
}
