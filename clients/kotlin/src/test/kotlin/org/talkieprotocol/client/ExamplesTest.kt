package org.talkieprotocol.client

import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.TestFactory
import org.talkieprotocol.client.generated.Catalogue
import org.talkieprotocol.client.generated.DecisionResponse
import org.talkieprotocol.client.generated.EventSerializer
import java.io.File

/** Every example of the contract decodes with the generated types, and re-encodes to what was read. */
class ExamplesTest {
    @TestFactory
    fun schemaExamples(): List<DynamicTest> {
        val tests = mutableListOf<DynamicTest>()
        for (file in Contract.schemas.listFiles { f -> f.name.endsWith(".json") }.orEmpty().sortedBy { it.name }) {
            val schema = Contract.read(file).jsonObject
            collect(schema, file.name, tests)
        }
        assertTrue(tests.size > 100, "only ${tests.size} examples found")
        return tests
    }

    private fun collect(schema: JsonObject, where: String, into: MutableList<DynamicTest>) {
        val title = schema["title"]?.jsonPrimitive?.content
        val examples = schema["examples"]?.jsonArray.orEmpty()
        if (title != null) {
            examples.forEachIndexed { index, example ->
                into += DynamicTest.dynamicTest("$where $title #$index") { roundTrip(title, example) }
            }
        }
        for ((_, sub) in schema["\$defs"]?.jsonObject.orEmpty()) collect(sub.jsonObject, where, into)
    }

    private fun roundTrip(title: String, example: JsonElement) {
        @Suppress("UNCHECKED_CAST")
        val serializer = Catalogue.serializers[title] as KSerializer<Any?>? ?: error("no serializer for $title")
        val value = TalkieJson.decodeFromJsonElement(serializer, example)
        val encoded = TalkieJson.encodeToJsonElement(serializer, value)
        val dropped = mutableListOf<String>()
        compare(example, encoded, "", dropped)
        // An open object drops what the contract does not name (the consumer view); nothing named may go.
        val named = dropped.filter { it.substringAfterLast('/') in declared }
        assertTrue(named.isEmpty(), "$title loses $named")
    }

    /** Everything in [encoded] is in [example] unchanged; members of [example] it lacks go to [dropped]. */
    private fun compare(example: JsonElement, encoded: JsonElement, path: String, dropped: MutableList<String>) {
        when {
            example is JsonObject && encoded is JsonObject -> {
                for ((key, value) in example) {
                    val other = encoded[key]
                    if (other == null) dropped += "$path/$key" else compare(value, other, "$path/$key", dropped)
                }
                assertTrue(example.keys.containsAll(encoded.keys), "$path gained ${encoded.keys - example.keys}")
            }
            example is JsonArray && encoded is JsonArray -> {
                assertEquals(example.size, encoded.size, "$path: array length")
                example.indices.forEach { compare(example[it], encoded[it], "$path/$it", dropped) }
            }
            else -> assertEquals(example, encoded, path)
        }
    }

    /** Every member name some schema declares (under `properties`). */
    private val declared: Set<String> by lazy {
        val names = mutableSetOf<String>()
        fun walk(node: JsonElement) {
            when (node) {
                is JsonObject -> node.forEach { (key, value) ->
                    if (key == "properties" && value is JsonObject) names += value.keys
                    if (key != "examples") walk(value)
                }
                is JsonArray -> node.forEach(::walk)
                else -> Unit
            }
        }
        Contract.schemas.listFiles { f -> f.name.endsWith(".json") }.orEmpty().forEach { walk(Contract.read(it)) }
        names
    }

    @TestFactory
    fun recordedStreams(): List<DynamicTest> {
        val files = File(Contract.schemas, "examples").listFiles { f -> f.name.startsWith("stream-") }.orEmpty()
        assertTrue(files.isNotEmpty())
        return files.sortedBy { it.name }.map { file ->
            DynamicTest.dynamicTest(file.name) {
                val events = Contract.read(file).jsonArray
                val sse = events.joinToString("") { "data: $it\n\n" }
                val parsed = EventParser.readEvents(SseReader.of(": ping\n\n$sse")).toList()
                assertEquals(events.size, parsed.size)
                parsed.zip(events).forEach { (result, event) ->
                    assertTrue(result is ParseResult.Known, "$event gave $result")
                    val known = (result as ParseResult.Known).event
                    assertEquals(event, TalkieJson.encodeToJsonElement(EventSerializer, known))
                }
            }
        }
    }

    @TestFactory
    fun recordedBodies(): List<DynamicTest> =
        File(Contract.schemas, "examples").listFiles { f -> f.name.startsWith("decision-response") }.orEmpty().map { file ->
            DynamicTest.dynamicTest(file.name) {
                val body = Contract.read(file)
                val value = TalkieJson.decodeFromJsonElement(DecisionResponse.serializer(), body)
                assertEquals(body, TalkieJson.encodeToJsonElement(DecisionResponse.serializer(), value))
                assertTrue(body.jsonObject["events"] is JsonArray)
            }
        }
}
