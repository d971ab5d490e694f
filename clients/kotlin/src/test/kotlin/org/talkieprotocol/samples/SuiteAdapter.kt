package org.talkieprotocol.samples

import kotlinx.coroutines.runBlocking
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import org.talkieprotocol.client.TalkieClient
import org.talkieprotocol.client.TalkieException
import org.talkieprotocol.client.TokenProvider
import org.talkieprotocol.client.generated.Action
import org.talkieprotocol.client.generated.ActionEvent
import org.talkieprotocol.client.generated.Card
import org.talkieprotocol.client.generated.CardEvent
import org.talkieprotocol.client.generated.ConfirmMethod
import org.talkieprotocol.client.generated.Decision
import org.talkieprotocol.client.generated.FileBlock
import org.talkieprotocol.client.generated.LinkBlock
import org.talkieprotocol.client.generated.ListBlock
import org.talkieprotocol.client.generated.OpenEvent
import org.talkieprotocol.client.generated.StreamEvent
import org.talkieprotocol.client.generated.TextMessageContentEvent
import org.talkieprotocol.client.generated.UnknownBlock

/**
 * The adapter of this client for `talkie-mock clients run` (docs/guides/client-suite.md): connects to the
 * scenario's manifest URL with the development token, sends "Hello", reads the run (recovering the reply
 * from the thread after a drop) and prints what an app would show, one JSON object a line. It makes the
 * person's gestures of `TALKIE_PERSON` this client supports and says `unable` for the others.
 *
 * `java -cp <classpath> org.talkieprotocol.samples.SuiteAdapterKt {url} {token}`
 */
fun main(args: Array<String>) {
    val url = args.getOrNull(0) ?: System.getenv("TALKIE_URL").orEmpty()
    val token = args.getOrNull(1) ?: System.getenv("TALKIE_TOKEN").orEmpty()
    val person = System.getenv("TALKIE_PERSON").orEmpty().split(",").map { it.trim() }.filter { it.isNotEmpty() }
    val unable = person.filter { it !in GESTURES }
    for (gesture in unable) show("unable", "gesture" to gesture)
    if (unable.isNotEmpty()) return
    val failed = runBlocking {
        try {
            Adapter(person).converse(url, token)
            false
        } catch (error: TalkieException) {
            show("error", "message" to error.message.orEmpty())
            true
        }
    }
    if (failed) kotlin.system.exitProcess(1)
}

/** The gestures this adapter makes; sign-in, sign-out and voice are not in this client's surface. */
private val GESTURES = setOf("stop", "approve", "reject", "open", "again", "production")

/** The blocks this app draws; a card with any other block shows as its `fallbackText` (§6). */
private fun renders(card: Card): Boolean = card.blocks.none { it is UnknownBlock }

private class Adapter(private val person: List<String>) {
    private val actions = LinkedHashMap<String, Action>()

    suspend fun converse(url: String, token: String) {
        // a development build may reach the suite's plain-http loopback origin; a production build may not (§1)
        val options = TalkieClient.Options(development = "production" !in person)
        TalkieClient.connect(url, TokenProvider.of(token), options = options).use { client ->
            conversation(client)
            if ("again" in person) conversation(client)
        }
    }

    /** One conversation: a new thread, one message, the reply shown, then the person's taps. */
    private suspend fun conversation(client: TalkieClient) {
        val texts = LinkedHashMap<String, StringBuilder>()
        val cards = LinkedHashMap<String, Card>()
        val links = ArrayList<String>()
        actions.clear()
        val run = client.run("Hello")
        var stopped = false
        run.events.collect { event ->
            when (event) {
                is TextMessageContentEvent -> {
                    texts.getOrPut(event.messageId) { StringBuilder() }.append(event.delta)
                    if ("stop" in person && !stopped) { // the person presses stop once the first words show
                        stopped = true
                        try {
                            client.cancel(run.runId)
                        } catch (error: TalkieException) { // told, and the run is read on to its end
                            show("error", "message" to "stop failed: ${error.message}")
                        }
                    }
                }
                is CardEvent -> cards[event.value.id] = event.value
                is ActionEvent -> actions[event.value.id] = event.value
                is OpenEvent -> links += event.value.url
                else -> Unit // the rest, and events of types this version does not know (§5)
            }
        }
        if (run.dropped) { // the run goes on at the server: its reply is in the stored thread (§5, §9)
            val recovery = run.recover(attempts = 20, intervalMillis = 200)
            show("text", "text" to recovery.reply.joinToString(" ") { it.content })
            for (card in recovery.reply.flatMap { it.cards }) cards[card.id] = card
            for (action in recovery.thread.actions) actions[action.id] = action
        } else {
            for (text in texts.values) show("text", "text" to text.toString())
        }
        cards.values.forEach(::showCard)
        // the links offered: talkie.open's and the link blocks of the cards drawn
        val cardLinks = cards.values.filter(::renders).flatMap { it.blocks.filterIsInstance<LinkBlock>().map { b -> b.url } }
        for (link in links + cardLinks) show("link", "url" to link)
        decide(client, cards)
        if ("open" in person) open(client, links, cards.values)
    }

    private fun showCard(card: Card) {
        val fallback = !renders(card)
        show("card", "fallback" to fallback, "text" to if (fallback) card.fallbackText else card.title)
    }

    /** Each action is offered; with approve or reject the person taps it (§8: a human gesture only). */
    private suspend fun decide(client: TalkieClient, cards: MutableMap<String, Card>) {
        val decision = when {
            "approve" in person -> Decision.CONFIRM
            "reject" in person -> Decision.CANCEL
            else -> null
        }
        // a server without a decision endpoint has no decisions to offer (MAN-020)
        val decides = client.manifest.endpoints.decision != null
        for (copy in actions.values) {
            // an event's copy may be stale: GET action is what the person is shown and decides on (ACT-005)
            val action = if (client.manifest.endpoints.action == null) copy else try {
                client.action(copy.id)
            } catch (error: TalkieException) {
                copy
            }
            val offered = if (decides) action.confirm.methods.map { it.value } else emptyList()
            val pending = action.status.value == "pending"
            if (decision == null || !pending || !decides || ConfirmMethod.BUTTON !in action.confirm.methods) {
                show("decision", "action" to action.id, "offered" to offered, "taken" to null)
                continue
            }
            val answer = try {
                client.decide(action.id, decision, action.paramsHash, ConfirmMethod.BUTTON)
            } catch (error: TalkieException) {
                show("decision", "action" to action.id, "offered" to offered, "taken" to null)
                throw error
            }
            show("decision", "action" to action.id, "offered" to offered, "taken" to decision.value)
            for (event in answer.events) showResult(event, cards)
        }
    }

    private fun showResult(event: StreamEvent, cards: MutableMap<String, Card>) {
        if (event is CardEvent) {
            cards[event.value.id] = event.value
            showCard(event.value)
        }
    }

    /** The person taps every link and file shown: a same-origin file is downloaded with the token, any other
     *  link opens in the system browser, which this adapter says without making a request (§6). */
    private suspend fun open(client: TalkieClient, links: List<String>, cards: Collection<Card>) {
        val files = cards.flatMap { card -> card.blocks.filterIsInstance<FileBlock>().map { it.url } }
        val others = links + cards.flatMap { card ->
            listOf(card.url) + card.blocks.flatMap { block ->
                when (block) {
                    is LinkBlock -> listOf(block.url)
                    is ListBlock -> block.items.mapNotNull { it.url }
                    else -> emptyList()
                }
            }
        }
        for (target in files) {
            val url = client.linkUrl(target) ?: continue
            if (client.isSameOrigin(url)) {
                val bytes = client.download(target)
                show("opened", "url" to target, "how" to "download", "bytes" to bytes.size)
            } else {
                show("opened", "url" to target, "how" to "browser")
            }
        }
        for (target in others) {
            if (client.linkUrl(target) != null) show("opened", "url" to target, "how" to "browser")
        }
    }
}

private fun json(value: Any?): JsonElement = when (value) {
    null -> JsonNull
    is String -> JsonPrimitive(value)
    is Number -> JsonPrimitive(value)
    is Boolean -> JsonPrimitive(value)
    is List<*> -> JsonArray(value.map(::json))
    else -> JsonPrimitive(value.toString())
}

private fun show(kind: String, vararg members: Pair<String, Any?>) {
    val line = JsonObject(mapOf("kind" to JsonPrimitive(kind)) + members.associate { (name, value) -> name to json(value) })
    println(line)
}
