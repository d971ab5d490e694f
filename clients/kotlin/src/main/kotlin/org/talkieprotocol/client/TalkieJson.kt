package org.talkieprotocol.client

import kotlinx.serialization.json.Json

/**
 * The one JSON configuration of the package: what a talkie/1 receiver must accept. Unknown members are
 * ignored (§1, §5), absent optional members decode as null, and nulls and defaulted members are not sent
 * (tags are constants the generated types always encode).
 */
public val TalkieJson: Json = Json {
    ignoreUnknownKeys = true
    explicitNulls = false
    encodeDefaults = false
}
