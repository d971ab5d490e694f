package org.talkieprotocol.samples

import kotlinx.coroutines.runBlocking
import org.talkieprotocol.client.TalkieClient
import org.talkieprotocol.client.TokenProvider
import org.talkieprotocol.client.generated.CardEvent
import org.talkieprotocol.client.generated.RunErrorEvent
import org.talkieprotocol.client.generated.RunFinishedEvent
import org.talkieprotocol.client.generated.TextMessageContentEvent
import org.talkieprotocol.client.generated.ToolCallStartEvent

/** Sends one message and returns the assistant's text; prints tool labels and cards as they come. */
suspend fun ask(manifestUrl: String, token: String, text: String): String = TalkieClient.connect(
    manifestUrl,
    TokenProvider.of(token),
    options = TalkieClient.Options(development = true), // http to a local mock
).use { client -> // close(): the client's threads end, so the program exits when main returns
    val answer = StringBuilder()
    val run = client.run(text)
    run.events.collect { event ->
        when (event) {
            is TextMessageContentEvent -> answer.append(event.delta)
            is ToolCallStartEvent -> println("… ${event.metadata?.label ?: event.toolCallName}")
            is CardEvent -> println("[card] ${event.value.fallbackText}")
            is RunErrorEvent -> println("failed: ${event.code} (retryable: ${event.metadata.retryable})")
            is RunFinishedEvent -> println("done in thread ${run.threadId}")
            else -> Unit // other events, and those of types this version does not know
        }
    }
    if (run.dropped) { // the connection ended before RUN_FINISHED: the server goes on and stores the reply
        run.recover().reply.joinToString("") { it.content }
    } else {
        answer.toString()
    }
}

fun main(args: Array<String>) = runBlocking {
    val url = args.getOrElse(0) { "http://127.0.0.1:8765/.well-known/talkie.json" }
    val token = args.getOrElse(1) { "dev-token" }
    println(ask(url, token, "talkie-test:echo Dobrý den"))
}
