package org.talkieprotocol.client

import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import java.io.File
import java.io.IOException
import java.io.InputStream
import java.io.OutputStream
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import kotlin.concurrent.thread

/**
 * A loopback HTTP/1.1 server whose answers are scripts writing raw bytes, one connection per request, closed
 * when the script returns: what a run stream does on the wire (quiet spells, a clean end in the middle of an
 * event, no end at all) is the script's to say, to the byte. `/.well-known/talkie.json` answers the
 * contract's example manifest with this server as its issuer.
 */
internal class Scripted(private val script: (path: String, out: OutputStream) -> Unit) : AutoCloseable {
    private val socket = ServerSocket(0, 50, InetAddress.getLoopbackAddress())
    val origin: String = "http://127.0.0.1:${socket.localPort}"
    val manifestUrl: String = "$origin${TalkieClient.WELL_KNOWN_PATH}"

    init {
        thread(isDaemon = true, name = "scripted-accept") {
            while (!socket.isClosed) {
                val client = try {
                    socket.accept()
                } catch (error: IOException) {
                    break
                }
                thread(isDaemon = true, name = "scripted-answer") { client.use { answer(it) } }
            }
        }
    }

    private fun answer(client: Socket) {
        val input = client.getInputStream()
        val head = generateSequence { line(input) }.takeWhile { it.isNotEmpty() }.toList()
        val path = head.firstOrNull()?.split(" ")?.getOrNull(1) ?: return
        val length = head.firstOrNull { it.startsWith("content-length:", ignoreCase = true) }
            ?.substringAfter(":")?.trim()?.toInt() ?: 0
        input.readNBytes(length)
        val out = client.getOutputStream()
        try {
            if (path == TalkieClient.WELL_KNOWN_PATH) out.answer("application/json", manifest()) else script(path, out)
            out.flush()
        } catch (error: IOException) {
            // the client closed the connection: the script ends with it
        }
    }

    private fun line(input: InputStream): String? {
        val bytes = StringBuilder()
        while (true) {
            val byte = input.read()
            if (byte == -1) return if (bytes.isEmpty()) null else bytes.toString()
            if (byte == '\n'.code) return bytes.toString().removeSuffix("\r")
            bytes.append(byte.toChar())
        }
    }

    private fun manifest(): String {
        val example = Contract.read(File(Contract.schemas, "manifest.json")).jsonObject.getValue("examples").jsonArray[0].jsonObject
        return JsonObject(example + mapOf("issuer" to JsonPrimitive(origin))).toString()
    }

    override fun close() = socket.close()

    companion object {
        const val RUN_PATH: String = "/talkie/v1/run"

        /** A 200 head (the body runs until the connection closes), then [body] when given. */
        fun OutputStream.answer(type: String, body: String? = null) {
            write("HTTP/1.1 200 OK\r\nContent-Type: $type\r\nConnection: close\r\n\r\n".toByteArray())
            if (body != null) write(body.toByteArray())
            flush()
        }

        /** One SSE event carrying [json], flushed at once. */
        fun OutputStream.event(json: String) {
            write("data: $json\n\n".toByteArray())
            flush()
        }

        const val STARTED: String = """{"type":"RUN_STARTED","threadId":"thr_1","runId":"run_1"}"""
        const val TEXT_START: String = """{"type":"TEXT_MESSAGE_START","messageId":"msg_a","role":"assistant"}"""
        const val TEXT: String = """{"type":"TEXT_MESSAGE_CONTENT","messageId":"msg_a","delta":"Dobrý den"}"""
        const val TEXT_END: String = """{"type":"TEXT_MESSAGE_END","messageId":"msg_a"}"""
        const val FINISHED: String = """{"type":"RUN_FINISHED","threadId":"thr_1","runId":"run_1"}"""
    }
}
