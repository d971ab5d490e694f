/**
 * The one exception the client throws: a §3 error answer of the server, a request that never got an answer,
 * or something the client refused to do because talkie/1 forbids it (each refusal names its rule).
 */
import { ERROR_CATALOGUE, INTERNAL, type KnownErrorCodeValue } from "./generated/errors.js";
import type { RuleId } from "./generated/rules.js";
import type { ErrorResponse } from "./generated/types.js";
import { decode } from "./parse.js";

/** Where a `TalkieError` comes from. */
export type TalkieErrorKind =
  /** The server answered non-2xx; `response` holds its §3 body (or one made from the status). */
  | "http"
  /** No answer: the connection failed or the request was aborted. */
  | "network"
  /** The client refused what it got or was asked to do; `rule` names the talkie/1 rule. */
  | "protocol"
  /** A run stream went past one of the client's own caps (`maxRunBytes`, `maxRunEvents`); it was closed. */
  | "limit";

const has = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

/** The catalogued code of an HTTP status, for answers whose body is not a §3 error. */
function codeOfStatus(status: number): KnownErrorCodeValue {
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
    if (entry.httpStatus.includes(status)) return code as KnownErrorCodeValue;
  }
  return INTERNAL;
}

/** `Retry-After` in seconds (a number of seconds or an HTTP date), when the header has a usable value. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

export class TalkieError extends Error {
  override readonly name = "TalkieError";

  private constructor(
    message: string,
    readonly kind: TalkieErrorKind,
    /** The §3 body: as the server sent it, or made from the HTTP status when it sent none. */
    readonly response: ErrorResponse,
    /** The HTTP status; undefined when there was no answer. */
    readonly status: number | undefined,
    /** Seconds the server asked the client to wait (`Retry-After`). */
    readonly retryAfter: number | undefined,
    /** The rule a refusal of the client rests on. */
    readonly rule: RuleId | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The §3 code (`stale`, `rate_limited`, …); open: a server may send one not catalogued. */
  get code(): string {
    return this.response.error.code;
  }

  /** Whether sending the same request again later may succeed. */
  get retryable(): boolean {
    return this.response.error.retryable;
  }

  /** A non-2xx answer; `body` is its decoded JSON (anything: a proxy may answer HTML). */
  static fromResponse(status: number, body: unknown, headers: { get(name: string): string | null }): TalkieError {
    const decoded = decode("ErrorResponse", body);
    const fallbackCode = codeOfStatus(status);
    const catalogued = ERROR_CATALOGUE[fallbackCode].retryable;
    const response: ErrorResponse = decoded.ok
      ? decoded.value
      : {
          error: {
            code: fallbackCode,
            message: `HTTP ${status} without a talkie/1 error body`,
            retryable: catalogued ?? status >= 500,
          },
        };
    const code = response.error.code;
    const known = has(ERROR_CATALOGUE, code) ? code : "uncatalogued";
    return new TalkieError(
      `${status} ${known === "uncatalogued" ? code : known}: ${response.error.message}`,
      "http",
      response,
      status,
      retryAfterSeconds(headers.get("retry-after")),
      undefined,
    );
  }

  /** No answer came (connection refused, reset, aborted). Retryable unless the app aborted it. */
  static network(message: string, cause: unknown, aborted = false): TalkieError {
    const response = { error: { code: "network", message, retryable: !aborted } };
    return new TalkieError(message, "network", response, undefined, undefined, undefined, { cause });
  }

  /** A run stream went past one of the client's caps; the client closed it (not a rule of talkie/1: N-130). */
  static limit(message: string): TalkieError {
    const response = { error: { code: "limit", message, retryable: false } };
    return new TalkieError(message, "limit", response, undefined, undefined, undefined);
  }

  /** The client refuses: the server broke `rule`, or the app asked for what `rule` forbids. */
  static protocol(rule: RuleId, message: string, cause?: unknown): TalkieError {
    const response = { error: { code: "protocol", message, retryable: false } };
    return new TalkieError(`${rule}: ${message}`, "protocol", response, undefined, undefined, rule, { cause });
  }
}
