package org.talkieprotocol.client

import org.talkieprotocol.client.generated.Catalogue
import org.talkieprotocol.client.generated.ErrorResponse

/**
 * The one exception of the package: a talkie/1 request that did not give what it asks for.
 *
 * For a non-2xx answer it carries the HTTP [status], the §3 [error] body when the server sent one, and the
 * `Retry-After` header in seconds; for a refusal of the client itself (another major version, a cross-origin
 * redirect or endpoint, a manifest over 64 kB, a body that is not what the contract says, a run past the
 * client's caps) [status] is the answer's status or null and [error] is null; when no answer came (the
 * connection failed or broke while a body was read) [network] is true and [cause] is the transport's
 * `IOException`. No other exception leaves the client (notes N-134).
 */
public class TalkieException(
    message: String,
    /** The HTTP status of the answer, or null when none came or the client refused on its own. */
    public val status: Int? = null,
    /** The §3 error body, when the server sent one. */
    public val error: ErrorResponse? = null,
    /** `Retry-After` in seconds (a date is turned into the seconds from now), when present. */
    public val retryAfterSeconds: Long? = null,
    cause: Throwable? = null,
    /** True when no answer came: the connection failed or broke (the cause is the transport's `IOException`). */
    public val network: Boolean = false,
) : Exception(message, cause) {
    /** The §3 code of the body (open set: go by [status] for one you do not know), or null. */
    public val code: String? get() = error?.error?.code

    /**
     * Whether sending the same request again may succeed: the body's `retryable`, else what the §3 catalogue
     * says of its code, else true for 429, 502 and 503 (notes N-07) and for a failed connection.
     */
    public val retryable: Boolean
        get() = error?.error?.retryable
            ?: code?.let { Catalogue.errorCodes[it]?.retryable }
            ?: (status == 429 || status == 502 || status == 503 || network)
}
