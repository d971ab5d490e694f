// Generated from schemas/ — do not edit; regenerate with `python3 dev.py codegen`.

/** The error codes of talkie/1 §3, from `x-talkie-catalogue` in error-code.json. */

/** The request body or parameters could not be accepted. */
export const INVALID_REQUEST = "invalid_request";
/** No bearer token, or the token is no longer valid. */
export const UNAUTHORIZED = "unauthorized";
/** The signed-in user may not do this. */
export const FORBIDDEN = "forbidden";
/** No such thread, action or voice session. */
export const NOT_FOUND = "not_found";
/** The request clashes with an earlier one (opposite decision, reused voice callId). */
export const CONFLICT = "conflict";
/** The action changed since the client saw it: `paramsHash` differs. */
export const STALE = "stale";
/** The action or voice session is past its lifetime. */
export const EXPIRED = "expired";
/** A user message is longer than `limits.maxMessageChars`. */
export const TOO_LARGE = "too_large";
/** Too many requests right now; retry after a pause. */
export const RATE_LIMITED = "rate_limited";
/** The user's allowance (for example for the day) is used up. */
export const QUOTA_EXCEEDED = "quota_exceeded";
/** The model or speech provider cannot be reached. */
export const UPSTREAM_UNAVAILABLE = "upstream_unavailable";
/** Any other server failure. */
export const INTERNAL = "internal";

/** Every catalogued code, in the order of the catalogue. */
export const ERROR_CODES = [INVALID_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, CONFLICT, STALE, EXPIRED, TOO_LARGE, RATE_LIMITED, QUOTA_EXCEEDED, UPSTREAM_UNAVAILABLE, INTERNAL] as const;

/** A catalogued code. The wire set is open: receivers go by the HTTP status for any other. */
export type KnownErrorCodeValue = (typeof ERROR_CODES)[number];

/** What the protocol says of each catalogued code. */
export const ERROR_CATALOGUE: {
  readonly [code in KnownErrorCodeValue]: {
    readonly httpStatus: readonly number[];
    readonly retryable: boolean | null;
    readonly meaning: string;
  };
} = {
  "invalid_request": {
    "httpStatus": [
      400
    ],
    "retryable": false,
    "meaning": "The request body or parameters could not be accepted."
  },
  "unauthorized": {
    "httpStatus": [
      401
    ],
    "retryable": false,
    "meaning": "No bearer token, or the token is no longer valid."
  },
  "forbidden": {
    "httpStatus": [
      403
    ],
    "retryable": false,
    "meaning": "The signed-in user may not do this."
  },
  "not_found": {
    "httpStatus": [
      404
    ],
    "retryable": false,
    "meaning": "No such thread, action or voice session."
  },
  "conflict": {
    "httpStatus": [
      409
    ],
    "retryable": false,
    "meaning": "The request clashes with an earlier one (opposite decision, reused voice callId)."
  },
  "stale": {
    "httpStatus": [
      409
    ],
    "retryable": false,
    "meaning": "The action changed since the client saw it: `paramsHash` differs."
  },
  "expired": {
    "httpStatus": [
      410
    ],
    "retryable": false,
    "meaning": "The action or voice session is past its lifetime."
  },
  "too_large": {
    "httpStatus": [
      413
    ],
    "retryable": false,
    "meaning": "A user message is longer than `limits.maxMessageChars`."
  },
  "rate_limited": {
    "httpStatus": [
      429
    ],
    "retryable": true,
    "meaning": "Too many requests right now; retry after a pause."
  },
  "quota_exceeded": {
    "httpStatus": [
      429
    ],
    "retryable": false,
    "meaning": "The user's allowance (for example for the day) is used up."
  },
  "upstream_unavailable": {
    "httpStatus": [
      502,
      503
    ],
    "retryable": true,
    "meaning": "The model or speech provider cannot be reached."
  },
  "internal": {
    "httpStatus": [
      500
    ],
    "retryable": false,
    "meaning": "Any other server failure."
  }
};
