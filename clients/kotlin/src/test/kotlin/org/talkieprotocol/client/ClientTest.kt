package org.talkieprotocol.client

import kotlinx.coroutines.runBlocking
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import mockwebserver3.MockResponse
import mockwebserver3.MockWebServer
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.io.File
import java.util.concurrent.TimeUnit

/** Discovery and the request rules (§1, §2.1, §3) against scripted servers on loopback. */
class ClientTest {
    private val server = MockWebServer()
    private val other = MockWebServer()

    @BeforeEach
    fun start() {
        server.start()
        other.start()
    }

    @AfterEach
    fun stop() {
        server.close()
        other.close()
    }

    private val options = TalkieClient.Options(development = true)
    private val token = TokenProvider.of("tk_ivana_dev")

    private fun manifest(issuer: String, spec: String = "talkie/1", endpoints: Map<String, String> = emptyMap()): String {
        val example = Contract.read(File(Contract.schemas, "manifest.json")).jsonObject.getValue("examples").jsonArray[0].jsonObject
        val paths = JsonObject(example.getValue("endpoints").jsonObject + endpoints.mapValues { JsonPrimitive(it.value) })
        return JsonObject(example + mapOf("issuer" to JsonPrimitive(issuer), "spec" to JsonPrimitive(spec), "endpoints" to paths)).toString()
    }

    private fun origin(server: MockWebServer) = server.url("/").toString().removeSuffix("/")

    private fun json(body: String, code: Int = 200) =
        MockResponse.Builder().code(code).setHeader("Content-Type", "application/json").body(body).build()

    private fun connect(path: String = TalkieClient.WELL_KNOWN_PATH) =
        runBlocking { TalkieClient.connect(server.url(path).toString(), token, options = options) }

    @Test
    fun `a same-origin redirect is followed and the token goes to the issuer`() {
        server.enqueue(MockResponse.Builder().code(302).setHeader("Location", TalkieClient.WELL_KNOWN_PATH).build())
        server.enqueue(json(manifest(origin(server))))
        server.enqueue(json("""{"user":{"id":"u1","name":"Ivana Horáková","email":"ivana@example.com"},"chat":true,"voice":false,"usage":[]}"""))
        val client = connect("/start")
        assertEquals(true, runBlocking { client.status() }.chat)
        assertNull(server.takeRequest(5, TimeUnit.SECONDS)!!.headers["Authorization"]) // the redirect
        assertNull(server.takeRequest(5, TimeUnit.SECONDS)!!.headers["Authorization"]) // the public manifest
        assertEquals("Bearer tk_ivana_dev", server.takeRequest(5, TimeUnit.SECONDS)!!.headers["Authorization"])
    }

    @Test
    fun `a redirect to another origin is not followed`() {
        server.enqueue(MockResponse.Builder().code(302).setHeader("Location", other.url(TalkieClient.WELL_KNOWN_PATH)).build())
        val error = assertThrows<TalkieException> { connect() }
        assertTrue("another origin" in error.message!!, error.message)
        assertEquals(0, other.requestCount)
    }

    @Test
    fun `another major version is refused, a minor version of talkie-1 is accepted`() {
        server.enqueue(json(manifest(origin(server), spec = "talkie/2")))
        assertTrue("talkie/2" in assertThrows<TalkieException> { connect() }.message!!)
        server.enqueue(json(manifest(origin(server), spec = "talkie/1.4")))
        assertEquals("talkie/1.4", connect().manifest.spec)
    }

    @Test
    fun `a manifest over 64 kB is refused`() {
        val big = manifest(origin(server)).replaceFirst("{", "{\"padding\":\"${"x".repeat(70_000)}\",")
        server.enqueue(json(big))
        assertTrue("larger" in assertThrows<TalkieException> { connect() }.message!!)
    }

    @Test
    fun `a manifest whose issuer is another origin is refused`() {
        server.enqueue(json(manifest(origin(other))))
        assertTrue("issuer" in assertThrows<TalkieException> { connect() }.message!!)
    }

    @Test
    fun `an endpoint on another origin is refused and gets no token`() {
        server.enqueue(json(manifest(origin(server), endpoints = mapOf("status" to other.url("/status").toString()))))
        val client = connect()
        assertThrows<TalkieException> { runBlocking { client.status() } }
        assertEquals(0, other.requestCount)
    }

    @Test
    fun `plain http to a public host is refused even in development`() {
        assertThrows<TalkieException> { TalkieClient.manifestUrl("http://crm.example.com/.well-known/talkie.json", true) }
        assertEquals("https://crm.example.com/.well-known/talkie.json", TalkieClient.manifestUrl("crm.example.com").toString())
    }

    @Test
    fun `a non-2xx answer is one exception with the error body, status and Retry-After`() {
        server.enqueue(json(manifest(origin(server))))
        server.enqueue(
            MockResponse.Builder().code(429).setHeader("Retry-After", "7").setHeader("Content-Type", "application/json")
                .body("""{"error":{"code":"rate_limited","message":"Zpomalte, prosím.","retryable":true}}""").build(),
        )
        val client = connect()
        val error = assertThrows<TalkieException> { runBlocking { client.threads() } }
        assertEquals(429, error.status)
        assertEquals("rate_limited", error.code)
        assertTrue(error.retryable)
        assertEquals(7L, error.retryAfterSeconds)
    }

    @Test
    fun `placeholders are encoded path segments`() {
        server.enqueue(json(manifest(origin(server))))
        val client = connect()
        val template = client.manifest.endpoints.cancelRun ?: error("the test manifest has a cancelRun endpoint")
        assertTrue("{runId}" in template)
        val url = client.endpoint("cancelRun", template, "runId" to "r/1 x")
        assertEquals(template.replace("{runId}", "r%2F1%20x"), url.encodedPath)
    }

    @Test
    fun `a 401 asks the provider once for a fresh token`() {
        server.enqueue(json(manifest(origin(server))))
        server.enqueue(json("""{"error":{"code":"unauthorized","message":"Přihlaste se.","retryable":false}}""", 401))
        server.enqueue(json("""{"threads":[]}"""))
        val refreshing = object : TokenProvider {
            override suspend fun token(): String = "old"
            override suspend fun refresh(): String = "new"
        }
        val client = runBlocking { TalkieClient.connect(server.url(TalkieClient.WELL_KNOWN_PATH).toString(), refreshing, options = options) }
        assertEquals(0, runBlocking { client.threads() }.threads.size)
        server.takeRequest(5, TimeUnit.SECONDS)
        assertEquals("Bearer old", server.takeRequest(5, TimeUnit.SECONDS)!!.headers["Authorization"])
        assertEquals("Bearer new", server.takeRequest(5, TimeUnit.SECONDS)!!.headers["Authorization"])
    }

    @Test
    fun `a same-origin file is downloaded with the token, a link elsewhere is neither fetched nor given it`() {
        server.enqueue(json(manifest(origin(server))))
        server.enqueue(MockResponse.Builder().setHeader("Content-Type", "application/pdf").body("%PDF-1.7").build())
        val client = connect()
        assertEquals("%PDF-1.7", String(runBlocking { client.download("/api/files/123.pdf") }))
        server.takeRequest(5, TimeUnit.SECONDS) // the manifest
        val file = server.takeRequest(5, TimeUnit.SECONDS)!!
        assertEquals("/api/files/123.pdf", file.url.encodedPath)
        assertEquals("Bearer tk_ivana_dev", file.headers["Authorization"])
        val elsewhere = other.url("/file.pdf").newBuilder().scheme("https").build().toString()
        assertTrue(client.linkUrl(elsewhere) != null && !client.isSameOrigin(client.linkUrl(elsewhere)!!))
        assertThrows<TalkieException> { runBlocking { client.download(elsewhere) } }
        assertNull(client.linkUrl("//elsewhere.example/file.pdf"))
        assertNull(client.linkUrl("http://elsewhere.example/file.pdf"))
        assertEquals(0, other.requestCount)
    }
}
