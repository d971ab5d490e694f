// Decodes every corpus case with the generated Kotlin models, as an app would, and writes what came out.
//
// For each case: the class the receiver ended up with (union wrappers unwrapped) and the value encoded
// again with the same Json, or the error. tests/compat/test_kotlin_jvm.py compares that with `expect`.
// The only setup is what the schemas README tells an app to do (`configuredJson`).

import java.io.File
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonEncoder
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.put
import org.junit.jupiter.api.Test
import org.openapitools.client.infrastructure.Serializer

/** Any JSON value, kept as a JsonElement tree. */
object AnyJson : KSerializer<Any> {
    override val descriptor: SerialDescriptor = JsonElement.serializer().descriptor

    override fun deserialize(decoder: Decoder): Any =
        (decoder as? JsonDecoder ?: throw SerializationException("JSON only")).decodeJsonElement()

    override fun serialize(encoder: Encoder, value: Any) {
        val json = encoder as? JsonEncoder ?: throw SerializationException("JSON only")
        json.encodeJsonElement(value as? JsonElement ?: JsonPrimitive(value.toString()))
    }
}

/** The model a union decoded to: openapi-generator's wrappers hold it in `value` (`…Value` for a member of a
 *  union without a discriminator, `…Wrapper` for a tagged one). */
fun leaf(decoded: Any?): Any? {
    var current = decoded
    while (current != null && current.javaClass.simpleName.let { it.endsWith("Value") || it.endsWith("Wrapper") }) {
        val getter = current.javaClass.methods.firstOrNull { it.name == "getValue" && it.parameterCount == 0 }
            ?: break
        current = getter.invoke(current)
    }
    return current
}

/** The generated client's Json with the setup the schemas README asks for ("Kotlin"), once per JVM: members
 *  typed "any JSON value" as JSON trees, and absent members left out of what the app sends (the generated
 *  `Json` writes them as `null`, which a server refuses where the contract types them). */
val configuredJson by lazy {
    Serializer.kotlinxSerializationAdaptersConfiguration = { contextual(Any::class, AnyJson) }
    Serializer.kotlinxSerializationJsonConfiguration = { explicitNulls = false }
    Serializer.kotlinxSerializationJson
}

class CorpusDecodeTest {
    @Test
    fun decodeEveryCase() {
        val json = configuredJson
        val corpus = File(System.getProperty("corpus.dir"))
        val results = mutableMapOf<String, JsonElement>()
        for (file in corpus.listFiles { f -> f.name.endsWith(".json") }!!.sortedBy { it.name }) {
            val case = json.parseToJsonElement(file.readText()).jsonObject
            val schema = (case["schema"] as JsonPrimitive).content
            val serializer = corpusTypes[schema]
            val name = file.name.removeSuffix(".json")
            if (serializer == null) {
                results[name] = buildJsonObject { put("error", "no generated type $schema") }
                continue
            }
            @Suppress("UNCHECKED_CAST")
            val typed = serializer as KSerializer<Any>
            results[name] = try {
                val decoded = json.decodeFromJsonElement(typed, case["input"] ?: JsonNull)
                buildJsonObject {
                    put("class", leaf(decoded)?.javaClass?.simpleName ?: "null")
                    put("output", json.encodeToJsonElement(typed, decoded))
                }
            } catch (e: Exception) {
                buildJsonObject { put("error", "${e.javaClass.simpleName}: ${e.message?.take(300)}") }
            }
        }
        File(System.getProperty("results.file")).writeText(JsonObject(results).toString())
        check(results.isNotEmpty()) { "no corpus case found in $corpus" }
    }
}
