// The Retrofit client of the jvm-retrofit2 recipe against a live mock, as an app would use it: the generated
// ApiClient with the development token, its services for the manifest, four runs (the §11 test messages),
// a decision, the status, the thread list and the thread. Compiled only with the pom's `retrofit2` profile.
//
// For each answer it writes the raw body (kept by a network interceptor) as `input`, the class the generated
// models decoded it to and that value encoded again; tests/compat/test_kotlin_jvm.py judges them as corpus
// cases made of those bodies.

import java.io.File
import kotlinx.serialization.KSerializer
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put
import okhttp3.OkHttpClient
import org.junit.jupiter.api.Test
import org.openapitools.client.apis.ActionsApi
import org.openapitools.client.apis.DiscoveryApi
import org.openapitools.client.apis.RunsApi
import org.openapitools.client.apis.StatusApi
import org.openapitools.client.apis.ThreadsApi
import org.openapitools.client.infrastructure.ApiClient
import org.openapitools.client.models.ActionEvent
import org.openapitools.client.models.DecisionRequest
import org.openapitools.client.models.DecisionResponse
import org.openapitools.client.models.Manifest
import org.openapitools.client.models.RunAgentInput
import org.openapitools.client.models.RunStartedEvent
import org.openapitools.client.models.Status
import org.openapitools.client.models.StreamEvent
import org.openapitools.client.models.ThreadDetail
import org.openapitools.client.models.ThreadList

/** The `data` values of an SSE body, one per event. */
fun sseData(body: String): List<String> =
    body.split(Regex("\r?\n\r?\n")).mapNotNull { block ->
        val data = block.lines().filter { it.startsWith("data:") }.map { it.removePrefix("data:").trimStart() }
        if (data.isEmpty()) null else data.joinToString("\n")
    }

class LiveApiTest {
    @Test
    fun readALiveMock() {
        val origin = checkNotNull(System.getProperty("live.origin")) { "live.origin is not set" }
        val token = checkNotNull(System.getProperty("live.token")) { "live.token is not set" }
        val json = configuredJson
        val bodies = ArrayDeque<String>()
        val http = OkHttpClient.Builder().addNetworkInterceptor { chain ->
            val response = chain.proceed(chain.request())
            bodies.addLast(response.peekBody(Long.MAX_VALUE).string())
            response
        }
        val client = ApiClient("$origin/", http, "bearerToken", token)
        val results = mutableMapOf<String, JsonElement>()

        fun <T : Any> keep(name: String, schema: String, serializer: KSerializer<T>, value: T, raw: String) {
            results["api-$name"] = buildJsonObject {
                put("schema", schema)
                put("input", json.parseToJsonElement(raw))
                put("class", leaf(value)?.javaClass?.simpleName ?: "null")
                put("output", json.encodeToJsonElement(serializer, value))
            }
        }

        fun <T : Any> answer(name: String, schema: String, serializer: KSerializer<T>, call: retrofit2.Call<T>): T {
            val response = call.execute()
            check(response.isSuccessful) { "$name: HTTP ${response.code()} ${response.errorBody()?.string()}" }
            val value = checkNotNull(response.body()) { "$name: no body" }
            keep(name, schema, serializer, value, bodies.removeLast())
            return value
        }

        answer("manifest", "Manifest", Manifest.serializer(), client.createService(DiscoveryApi::class.java).getManifest())
        var threadId = "thr_kotlin${System.nanoTime()}"
        var action: ActionEvent? = null
        val messages = listOf("talkie-test:echo Ahoj", "talkie-test:card", "talkie-test:action", "talkie-test:error")
        for ((number, content) in messages.withIndex()) {
            val input = json.decodeFromString(
                RunAgentInput.serializer(),
                """{"threadId": "$threadId", "runId": "run_kotlin${number}_${System.nanoTime()}",
                   "messages": [{"id": "msg_kotlin${number}_${System.nanoTime()}", "role": "user", "content": "$content"}],
                   "tools": [], "context": [], "state": {}, "forwardedProps": {"talkie": {"channel": "chat"}}}""",
            )
            val response = client.createService(RunsApi::class.java).startRun(input).execute()
            check(response.isSuccessful) { "run $content: HTTP ${response.code()} ${response.errorBody()?.string()}" }
            bodies.removeLast()
            for ((index, data) in sseData(checkNotNull(response.body())).withIndex()) {
                val event = json.decodeFromString(StreamEvent.serializer(), data)
                keep("run${number + 1}-${"%02d".format(index + 1)}", "StreamEvent", StreamEvent.serializer(), event, data)
                when (val decoded = leaf(event)) {
                    is RunStartedEvent -> threadId = decoded.threadId
                    is ActionEvent -> action = decoded
                }
            }
        }
        val offered = checkNotNull(action) { "the action run offered no action" }.value
        val decision = json.decodeFromString(
            DecisionRequest.serializer(),
            """{"decision": "confirm", "paramsHash": "${offered.paramsHash}", "method": "button"}""",
        )
        val actions = client.createService(ActionsApi::class.java)
        answer("decision", "DecisionResponse", DecisionResponse.serializer(), actions.decideAction(offered.id, decision))
        answer("status", "Status", Status.serializer(), client.createService(StatusApi::class.java).getStatus())
        val threads = client.createService(ThreadsApi::class.java)
        answer("threads", "ThreadList", ThreadList.serializer(), threads.listThreads())
        answer("thread", "ThreadDetail", ThreadDetail.serializer(), threads.getThread(threadId))
        File(System.getProperty("live.results")).writeText(JsonObject(results).toString())
    }
}
