// Generated from schemas/ — do not edit; regenerate with `python3 dev.py codegen`.

@file:OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)

package org.talkieprotocol.client.generated

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.KSerializer
import kotlinx.serialization.SerializationException
import kotlinx.serialization.descriptors.SerialDescriptor
import kotlinx.serialization.encoding.Decoder
import kotlinx.serialization.encoding.Encoder
import kotlinx.serialization.json.JsonDecoder
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

private fun readObject(decoder: Decoder, what: String): Pair<JsonDecoder, JsonObject> {
    val input = decoder as? JsonDecoder
        ?: throw SerializationException("$what is read from JSON only")
    val element: JsonElement = input.decodeJsonElement()
    val value = element as? JsonObject
        ?: throw SerializationException("$what must be a JSON object")
    return input to value
}

private fun JsonObject.tag(name: String): String? =
    (this[name] as? JsonPrimitive)?.takeIf { it.isString }?.content

/** Reads [CardBlock] by its `type` tag; an unknown tag gives [UnknownBlock]. */
public object CardBlockSerializer : KSerializer<CardBlock> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.CardBlock", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): CardBlock {
        val (input, value) = readObject(decoder, "CardBlock")
        val strategy: DeserializationStrategy<CardBlock> = select(value)
        return input.json.decodeFromJsonElement(strategy, value)
    }

    private fun select(value: JsonObject): DeserializationStrategy<CardBlock> {
        return when (value.tag("type")) {
            "heading" -> HeadingBlock.serializer()
            "text" -> TextBlock.serializer()
            "fields" -> FieldsBlock.serializer()
            "list" -> ListBlock.serializer()
            "link" -> LinkBlock.serializer()
            "file" -> FileBlock.serializer()
            "badge" -> BadgeBlock.serializer()
            else -> UnknownBlockSerializer
        }
    }

    /** The `type` values of the known members. */
    public val TAGS: Set<String> = setOf("heading", "text", "fields", "list", "link", "file", "badge")

    override fun serialize(encoder: Encoder, value: CardBlock) {
        when (value) {
            is HeadingBlock -> encoder.encodeSerializableValue(HeadingBlock.serializer(), value)
            is TextBlock -> encoder.encodeSerializableValue(TextBlock.serializer(), value)
            is FieldsBlock -> encoder.encodeSerializableValue(FieldsBlock.serializer(), value)
            is ListBlock -> encoder.encodeSerializableValue(ListBlock.serializer(), value)
            is LinkBlock -> encoder.encodeSerializableValue(LinkBlock.serializer(), value)
            is FileBlock -> encoder.encodeSerializableValue(FileBlock.serializer(), value)
            is BadgeBlock -> encoder.encodeSerializableValue(BadgeBlock.serializer(), value)
            is UnknownBlock -> encoder.encodeSerializableValue(UnknownBlockSerializer, value)
        }
    }
}

/** Reads [ContentPart] by its `type` tag; an unknown tag gives [UnknownContentPart]. */
public object ContentPartSerializer : KSerializer<ContentPart> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.ContentPart", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): ContentPart {
        val (input, value) = readObject(decoder, "ContentPart")
        val strategy: DeserializationStrategy<ContentPart> = select(value)
        return input.json.decodeFromJsonElement(strategy, value)
    }

    private fun select(value: JsonObject): DeserializationStrategy<ContentPart> {
        return when (value.tag("type")) {
            "text" -> TextPart.serializer()
            "image" -> ImagePart.serializer()
            "audio" -> AudioPart.serializer()
            "video" -> VideoPart.serializer()
            "document" -> DocumentPart.serializer()
            else -> UnknownContentPartSerializer
        }
    }

    /** The `type` values of the known members. */
    public val TAGS: Set<String> = setOf("text", "image", "audio", "video", "document")

    override fun serialize(encoder: Encoder, value: ContentPart) {
        when (value) {
            is TextPart -> encoder.encodeSerializableValue(TextPart.serializer(), value)
            is ImagePart -> encoder.encodeSerializableValue(ImagePart.serializer(), value)
            is AudioPart -> encoder.encodeSerializableValue(AudioPart.serializer(), value)
            is VideoPart -> encoder.encodeSerializableValue(VideoPart.serializer(), value)
            is DocumentPart -> encoder.encodeSerializableValue(DocumentPart.serializer(), value)
            is UnknownContentPart -> encoder.encodeSerializableValue(UnknownContentPartSerializer, value)
        }
    }
}

/** Reads [Event] by its `type` tag; an unknown tag is an error. */
public object EventSerializer : KSerializer<Event> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.Event", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): Event {
        val (input, value) = readObject(decoder, "Event")
        val strategy: DeserializationStrategy<Event> = select(value)
        return input.json.decodeFromJsonElement(strategy, value)
    }

    private fun select(value: JsonObject): DeserializationStrategy<Event> {
        return when (value.tag("type")) {
            "RUN_STARTED" -> RunStartedEvent.serializer()
            "RUN_FINISHED" -> RunFinishedEvent.serializer()
            "RUN_ERROR" -> RunErrorEvent.serializer()
            "TEXT_MESSAGE_START" -> TextMessageStartEvent.serializer()
            "TEXT_MESSAGE_CONTENT" -> TextMessageContentEvent.serializer()
            "TEXT_MESSAGE_END" -> TextMessageEndEvent.serializer()
            "TOOL_CALL_START" -> ToolCallStartEvent.serializer()
            "TOOL_CALL_END" -> ToolCallEndEvent.serializer()
            "TOOL_CALL_RESULT" -> ToolCallResultEvent.serializer()
            "CUSTOM" -> TalkieCustomEventSerializer
            else -> throw SerializationException("not a known Event `type`")
        }
    }

    /** The `type` values of the known members. */
    public val TAGS: Set<String> = setOf("RUN_STARTED", "RUN_FINISHED", "RUN_ERROR", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "TOOL_CALL_START", "TOOL_CALL_END", "TOOL_CALL_RESULT", "CUSTOM")

    override fun serialize(encoder: Encoder, value: Event) {
        when (value) {
            is RunStartedEvent -> encoder.encodeSerializableValue(RunStartedEvent.serializer(), value)
            is RunFinishedEvent -> encoder.encodeSerializableValue(RunFinishedEvent.serializer(), value)
            is RunErrorEvent -> encoder.encodeSerializableValue(RunErrorEvent.serializer(), value)
            is TextMessageStartEvent -> encoder.encodeSerializableValue(TextMessageStartEvent.serializer(), value)
            is TextMessageContentEvent -> encoder.encodeSerializableValue(TextMessageContentEvent.serializer(), value)
            is TextMessageEndEvent -> encoder.encodeSerializableValue(TextMessageEndEvent.serializer(), value)
            is ToolCallStartEvent -> encoder.encodeSerializableValue(ToolCallStartEvent.serializer(), value)
            is ToolCallEndEvent -> encoder.encodeSerializableValue(ToolCallEndEvent.serializer(), value)
            is ToolCallResultEvent -> encoder.encodeSerializableValue(ToolCallResultEvent.serializer(), value)
            is TalkieCustomEvent -> encoder.encodeSerializableValue(TalkieCustomEventSerializer, value)
        }
    }
}

/** Reads [Message] by its `role` tag; an unknown tag gives [UnknownMessage]. */
public object MessageSerializer : KSerializer<Message> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.Message", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): Message {
        val (input, value) = readObject(decoder, "Message")
        val strategy: DeserializationStrategy<Message> = select(value)
        return input.json.decodeFromJsonElement(strategy, value)
    }

    private fun select(value: JsonObject): DeserializationStrategy<Message> {
        return when (value.tag("role")) {
            "user" -> UserMessage.serializer()
            "assistant" -> AssistantMessage.serializer()
            "system" -> SystemMessage.serializer()
            "developer" -> DeveloperMessage.serializer()
            "tool" -> ToolMessage.serializer()
            "activity" -> ActivityMessage.serializer()
            "reasoning" -> ReasoningMessage.serializer()
            else -> UnknownMessageSerializer
        }
    }

    /** The `role` values of the known members. */
    public val TAGS: Set<String> = setOf("user", "assistant", "system", "developer", "tool", "activity", "reasoning")

    override fun serialize(encoder: Encoder, value: Message) {
        when (value) {
            is UserMessage -> encoder.encodeSerializableValue(UserMessage.serializer(), value)
            is AssistantMessage -> encoder.encodeSerializableValue(AssistantMessage.serializer(), value)
            is SystemMessage -> encoder.encodeSerializableValue(SystemMessage.serializer(), value)
            is DeveloperMessage -> encoder.encodeSerializableValue(DeveloperMessage.serializer(), value)
            is ToolMessage -> encoder.encodeSerializableValue(ToolMessage.serializer(), value)
            is ActivityMessage -> encoder.encodeSerializableValue(ActivityMessage.serializer(), value)
            is ReasoningMessage -> encoder.encodeSerializableValue(ReasoningMessage.serializer(), value)
            is UnknownMessage -> encoder.encodeSerializableValue(UnknownMessageSerializer, value)
        }
    }
}

/** Reads [PartSource] by its `type` tag; an unknown tag gives [UnknownPartSource]. */
public object PartSourceSerializer : KSerializer<PartSource> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.PartSource", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): PartSource {
        val (input, value) = readObject(decoder, "PartSource")
        val strategy: DeserializationStrategy<PartSource> = select(value)
        return input.json.decodeFromJsonElement(strategy, value)
    }

    private fun select(value: JsonObject): DeserializationStrategy<PartSource> {
        return when (value.tag("type")) {
            "data" -> DataSource.serializer()
            "url" -> UrlSource.serializer()
            "file" -> FileSource.serializer()
            else -> UnknownPartSourceSerializer
        }
    }

    /** The `type` values of the known members. */
    public val TAGS: Set<String> = setOf("data", "url", "file")

    override fun serialize(encoder: Encoder, value: PartSource) {
        when (value) {
            is DataSource -> encoder.encodeSerializableValue(DataSource.serializer(), value)
            is UrlSource -> encoder.encodeSerializableValue(UrlSource.serializer(), value)
            is FileSource -> encoder.encodeSerializableValue(FileSource.serializer(), value)
            is UnknownPartSource -> encoder.encodeSerializableValue(UnknownPartSourceSerializer, value)
        }
    }
}

/** Reads [RunFinishedOutcome] by its `type` tag; an unknown tag gives [UnknownOutcome]. */
public object RunFinishedOutcomeSerializer : KSerializer<RunFinishedOutcome> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.RunFinishedOutcome", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): RunFinishedOutcome {
        val (input, value) = readObject(decoder, "RunFinishedOutcome")
        val strategy: DeserializationStrategy<RunFinishedOutcome> = select(value)
        return input.json.decodeFromJsonElement(strategy, value)
    }

    private fun select(value: JsonObject): DeserializationStrategy<RunFinishedOutcome> {
        return when (value.tag("type")) {
            "success" -> RunFinishedSuccessOutcome.serializer()
            "interrupt" -> RunFinishedInterruptOutcome.serializer()
            "cancelled" -> RunFinishedCancelledOutcome.serializer()
            else -> UnknownOutcomeSerializer
        }
    }

    /** The `type` values of the known members. */
    public val TAGS: Set<String> = setOf("success", "interrupt", "cancelled")

    override fun serialize(encoder: Encoder, value: RunFinishedOutcome) {
        when (value) {
            is RunFinishedSuccessOutcome -> encoder.encodeSerializableValue(RunFinishedSuccessOutcome.serializer(), value)
            is RunFinishedInterruptOutcome -> encoder.encodeSerializableValue(RunFinishedInterruptOutcome.serializer(), value)
            is RunFinishedCancelledOutcome -> encoder.encodeSerializableValue(RunFinishedCancelledOutcome.serializer(), value)
            is UnknownOutcome -> encoder.encodeSerializableValue(UnknownOutcomeSerializer, value)
        }
    }
}

/** Reads [StreamEvent] by its `type` tag; an unknown tag gives [UnknownEvent]. */
public object StreamEventSerializer : KSerializer<StreamEvent> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.StreamEvent", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): StreamEvent {
        val (input, value) = readObject(decoder, "StreamEvent")
        val strategy: DeserializationStrategy<StreamEvent> = select(value)
        return input.json.decodeFromJsonElement(strategy, value)
    }

    private fun select(value: JsonObject): DeserializationStrategy<StreamEvent> {
        val type = value.tag("type")
            ?: throw SerializationException("an event needs a string `type`")
        return when (type) {
            "CUSTOM" -> when (value.tag("name")) {
                "talkie.card", "talkie.action", "talkie.open", "talkie.usage" -> TalkieCustomEventSerializer
                null -> throw SerializationException(
                    "a CUSTOM event needs a string `name`",
                )
                else -> UnknownCustomEventSerializer
            }
            in EventSerializer.TAGS -> EventSerializer
            else -> UnknownEventSerializer
        }
    }

    override fun serialize(encoder: Encoder, value: StreamEvent) {
        when (value) {
            is Event -> encoder.encodeSerializableValue(EventSerializer, value)
            is UnknownEvent -> encoder.encodeSerializableValue(UnknownEventSerializer, value)
            is UnknownCustomEvent -> encoder.encodeSerializableValue(UnknownCustomEventSerializer, value)
        }
    }
}

/** Reads [TalkieCustomEvent] by its `name` tag; an unknown tag is an error. */
public object TalkieCustomEventSerializer : KSerializer<TalkieCustomEvent> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.TalkieCustomEvent", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): TalkieCustomEvent {
        val (input, value) = readObject(decoder, "TalkieCustomEvent")
        val strategy: DeserializationStrategy<TalkieCustomEvent> = select(value)
        return input.json.decodeFromJsonElement(strategy, value)
    }

    private fun select(value: JsonObject): DeserializationStrategy<TalkieCustomEvent> {
        return when (value.tag("name")) {
            "talkie.card" -> CardEvent.serializer()
            "talkie.action" -> ActionEvent.serializer()
            "talkie.open" -> OpenEvent.serializer()
            "talkie.usage" -> UsageEvent.serializer()
            else -> throw SerializationException("not a known TalkieCustomEvent `name`")
        }
    }

    /** The `name` values of the known members. */
    public val TAGS: Set<String> = setOf("talkie.card", "talkie.action", "talkie.open", "talkie.usage")

    override fun serialize(encoder: Encoder, value: TalkieCustomEvent) {
        when (value) {
            is CardEvent -> encoder.encodeSerializableValue(CardEvent.serializer(), value)
            is ActionEvent -> encoder.encodeSerializableValue(ActionEvent.serializer(), value)
            is OpenEvent -> encoder.encodeSerializableValue(OpenEvent.serializer(), value)
            is UsageEvent -> encoder.encodeSerializableValue(UsageEvent.serializer(), value)
        }
    }
}

/** Reads and writes [UnknownBlock] as the JSON object it holds. */
public object UnknownBlockSerializer : KSerializer<UnknownBlock> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.UnknownBlock", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): UnknownBlock =
        UnknownBlock(readObject(decoder, "UnknownBlock").second)

    override fun serialize(encoder: Encoder, value: UnknownBlock) {
        encoder.encodeSerializableValue(JsonObject.serializer(), value.raw)
    }
}

/** Reads and writes [UnknownContentPart] as the JSON object it holds. */
public object UnknownContentPartSerializer : KSerializer<UnknownContentPart> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.UnknownContentPart", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): UnknownContentPart =
        UnknownContentPart(readObject(decoder, "UnknownContentPart").second)

    override fun serialize(encoder: Encoder, value: UnknownContentPart) {
        encoder.encodeSerializableValue(JsonObject.serializer(), value.raw)
    }
}

/** Reads and writes [UnknownCustomEvent] as the JSON object it holds. */
public object UnknownCustomEventSerializer : KSerializer<UnknownCustomEvent> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.UnknownCustomEvent", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): UnknownCustomEvent =
        UnknownCustomEvent(readObject(decoder, "UnknownCustomEvent").second)

    override fun serialize(encoder: Encoder, value: UnknownCustomEvent) {
        encoder.encodeSerializableValue(JsonObject.serializer(), value.raw)
    }
}

/** Reads and writes [UnknownEvent] as the JSON object it holds. */
public object UnknownEventSerializer : KSerializer<UnknownEvent> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.UnknownEvent", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): UnknownEvent =
        UnknownEvent(readObject(decoder, "UnknownEvent").second)

    override fun serialize(encoder: Encoder, value: UnknownEvent) {
        encoder.encodeSerializableValue(JsonObject.serializer(), value.raw)
    }
}

/** Reads and writes [UnknownMessage] as the JSON object it holds. */
public object UnknownMessageSerializer : KSerializer<UnknownMessage> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.UnknownMessage", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): UnknownMessage =
        UnknownMessage(readObject(decoder, "UnknownMessage").second)

    override fun serialize(encoder: Encoder, value: UnknownMessage) {
        encoder.encodeSerializableValue(JsonObject.serializer(), value.raw)
    }
}

/** Reads and writes [UnknownOutcome] as the JSON object it holds. */
public object UnknownOutcomeSerializer : KSerializer<UnknownOutcome> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.UnknownOutcome", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): UnknownOutcome =
        UnknownOutcome(readObject(decoder, "UnknownOutcome").second)

    override fun serialize(encoder: Encoder, value: UnknownOutcome) {
        encoder.encodeSerializableValue(JsonObject.serializer(), value.raw)
    }
}

/** Reads and writes [UnknownPartSource] as the JSON object it holds. */
public object UnknownPartSourceSerializer : KSerializer<UnknownPartSource> {
    override val descriptor: SerialDescriptor =
        SerialDescriptor("org.talkieprotocol.client.generated.UnknownPartSource", JsonObject.serializer().descriptor)

    override fun deserialize(decoder: Decoder): UnknownPartSource =
        UnknownPartSource(readObject(decoder, "UnknownPartSource").second)

    override fun serialize(encoder: Encoder, value: UnknownPartSource) {
        encoder.encodeSerializableValue(JsonObject.serializer(), value.raw)
    }
}
