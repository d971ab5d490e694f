// Generated from schemas/ — do not edit; regenerate with `python3 dev.py codegen`.
/** Every talkie/1 schema by `$id` (examples left out); read by the tolerant validator. */
export const SCHEMAS: { readonly [id: string]: unknown } = {
 "https://talkie-protocol.org/schemas/1/action-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/action-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "name": {
    "const": "talkie.action",
    "type": "string"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "CUSTOM",
    "type": "string"
   },
   "value": {
    "$ref": "action.json"
   }
  },
  "required": [
   "type",
   "name",
   "value"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/action.json": {
  "$defs": {
   "ActionConfirm": {
    "additionalProperties": false,
    "properties": {
     "methods": {
      "items": {
       "$ref": "#/$defs/ConfirmMethod"
      },
      "minItems": 1,
      "type": "array",
      "uniqueItems": true
     },
     "voice": {
      "$ref": "#/$defs/VoiceConfirm"
     }
    },
    "required": [
     "methods"
    ],
    "type": "object"
   },
   "ActionStatus": {
    "enum": [
     "pending",
     "running",
     "done",
     "failed",
     "cancelled",
     "expired"
    ]
   },
   "ConfirmMethod": {
    "enum": [
     "button",
     "voice"
    ],
    "x-talkie-open": true
   },
   "RiskLevel": {
    "minLength": 1,
    "type": "string"
   },
   "VoiceConfirm": {
    "additionalProperties": false,
    "properties": {
     "keyword": {
      "minLength": 1,
      "type": "string"
     }
    },
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/action.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "confirm": {
    "$ref": "#/$defs/ActionConfirm"
   },
   "createdAt": {
    "format": "date-time",
    "type": "string"
   },
   "expiresAt": {
    "format": "date-time",
    "type": "string"
   },
   "id": {
    "minLength": 1,
    "type": "string"
   },
   "paramsHash": {
    "minLength": 1,
    "type": "string"
   },
   "riskLevel": {
    "$ref": "#/$defs/RiskLevel"
   },
   "status": {
    "$ref": "#/$defs/ActionStatus"
   },
   "summary": {
    "minLength": 1,
    "type": "string"
   },
   "threadId": {
    "minLength": 1,
    "type": "string"
   },
   "toolCallId": {
    "type": "string"
   },
   "undoUntil": {
    "format": "date-time",
    "type": "string"
   },
   "version": {
    "minimum": 1,
    "type": "integer"
   }
  },
  "required": [
   "id",
   "version",
   "threadId",
   "toolCallId",
   "summary",
   "riskLevel",
   "status",
   "paramsHash",
   "createdAt",
   "expiresAt",
   "confirm"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/badge-block.json": {
  "$defs": {
   "BadgeTone": {
    "enum": [
     "neutral",
     "positive",
     "warning",
     "negative"
    ],
    "type": "string",
    "x-talkie-open": true
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/badge-block.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "text": {
    "minLength": 1,
    "type": "string"
   },
   "tone": {
    "$ref": "#/$defs/BadgeTone"
   },
   "type": {
    "const": "badge",
    "type": "string"
   }
  },
  "required": [
   "type",
   "text"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/card-block.json": {
  "$id": "https://talkie-protocol.org/schemas/1/card-block.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "discriminator": {
   "mapping": {
    "badge": "badge-block.json",
    "fields": "fields-block.json",
    "file": "file-block.json",
    "heading": "heading-block.json",
    "link": "link-block.json",
    "list": "list-block.json",
    "text": "text-block.json"
   },
   "propertyName": "type"
  },
  "oneOf": [
   {
    "$ref": "heading-block.json"
   },
   {
    "$ref": "text-block.json"
   },
   {
    "$ref": "fields-block.json"
   },
   {
    "$ref": "list-block.json"
   },
   {
    "$ref": "link-block.json"
   },
   {
    "$ref": "file-block.json"
   },
   {
    "$ref": "badge-block.json"
   }
  ]
 },
 "https://talkie-protocol.org/schemas/1/card-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/card-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "name": {
    "const": "talkie.card",
    "type": "string"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "CUSTOM",
    "type": "string"
   },
   "value": {
    "$ref": "card.json"
   }
  },
  "required": [
   "type",
   "name",
   "value"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/card.json": {
  "$id": "https://talkie-protocol.org/schemas/1/card.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "a11yLabel": {
    "type": "string"
   },
   "blocks": {
    "items": {
     "$ref": "card-block.json"
    },
    "type": "array"
   },
   "fallbackText": {
    "minLength": 1,
    "type": "string"
   },
   "id": {
    "minLength": 1,
    "type": "string"
   },
   "subtitle": {
    "type": "string"
   },
   "title": {
    "minLength": 1,
    "type": "string"
   },
   "url": {
    "$ref": "link-target.json"
   },
   "version": {
    "minimum": 1,
    "type": "integer"
   }
  },
  "required": [
   "id",
   "version",
   "title",
   "subtitle",
   "url",
   "blocks",
   "fallbackText",
   "a11yLabel"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/client-metadata.json": {
  "$id": "https://talkie-protocol.org/schemas/1/client-metadata.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "not": {
   "anyOf": [
    {
     "required": [
      "client_secret"
     ]
    },
    {
     "required": [
      "client_secret_expires_at"
     ]
    }
   ]
  },
  "properties": {
   "client_id": {
    "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?/[^\\s#?]*$",
    "type": "string"
   },
   "client_name": {
    "minLength": 1,
    "type": "string"
   },
   "client_uri": {
    "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
    "type": "string"
   },
   "grant_types": {
    "contains": {
     "const": "authorization_code",
     "type": "string"
    },
    "items": {
     "minLength": 1,
     "type": "string"
    },
    "type": "array",
    "uniqueItems": true
   },
   "logo_uri": {
    "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
    "type": "string"
   },
   "policy_uri": {
    "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
    "type": "string"
   },
   "redirect_uris": {
    "items": {
     "pattern": "^(?:[a-z][a-z0-9+-]*(?:\\.[a-z0-9+-]+)+:/(?:[^/\\s][^\\s#]*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:/[^\\s#]*)?|http://(?:127\\.0\\.0\\.1|\\[::1\\])(?::[0-9]{1,5})?(?:/[^\\s#]*)?)$",
     "type": "string"
    },
    "minItems": 1,
    "type": "array",
    "uniqueItems": true
   },
   "response_types": {
    "contains": {
     "const": "code",
     "type": "string"
    },
    "items": {
     "minLength": 1,
     "type": "string"
    },
    "type": "array",
    "uniqueItems": true
   },
   "scope": {
    "pattern": "^[\\x21\\x23-\\x5B\\x5D-\\x7E]+(?: [\\x21\\x23-\\x5B\\x5D-\\x7E]+)*$",
    "type": "string"
   },
   "token_endpoint_auth_method": {
    "const": "none",
    "type": "string"
   },
   "tos_uri": {
    "pattern": "^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
    "type": "string"
   }
  },
  "required": [
   "client_id",
   "client_name",
   "redirect_uris",
   "token_endpoint_auth_method"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/custom-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/custom-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "name": {
    "type": "string"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "CUSTOM",
    "type": "string"
   },
   "value": {}
  },
  "required": [
   "type",
   "name",
   "value"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/decision-request.json": {
  "$defs": {
   "Decision": {
    "enum": [
     "confirm",
     "cancel"
    ],
    "type": "string"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/decision-request.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "properties": {
   "decision": {
    "$ref": "#/$defs/Decision"
   },
   "method": {
    "$ref": "action.json#/$defs/ConfirmMethod"
   },
   "paramsHash": {
    "minLength": 1,
    "type": "string"
   }
  },
  "required": [
   "decision",
   "paramsHash",
   "method"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/decision-response.json": {
  "$id": "https://talkie-protocol.org/schemas/1/decision-response.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "action": {
    "$ref": "action.json"
   },
   "events": {
    "items": {
     "$ref": "stream-event.json"
    },
    "type": "array"
   }
  },
  "required": [
   "action",
   "events"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/error-code.json": {
  "$defs": {
   "KnownErrorCode": {
    "enum": [
     "invalid_request",
     "unauthorized",
     "forbidden",
     "not_found",
     "conflict",
     "stale",
     "expired",
     "too_large",
     "rate_limited",
     "quota_exceeded",
     "upstream_unavailable",
     "internal"
    ],
    "type": "string"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/error-code.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "pattern": "^[a-z][a-z0-9_]*$",
  "type": "string",
  "x-talkie-catalogue": [
   {
    "code": "invalid_request",
    "httpStatus": [
     400
    ],
    "meaning": "The request body or parameters could not be accepted.",
    "retryable": false
   },
   {
    "code": "unauthorized",
    "httpStatus": [
     401
    ],
    "meaning": "No bearer token, or the token is no longer valid.",
    "retryable": false
   },
   {
    "code": "forbidden",
    "httpStatus": [
     403
    ],
    "meaning": "The signed-in user may not do this.",
    "retryable": false
   },
   {
    "code": "not_found",
    "httpStatus": [
     404
    ],
    "meaning": "No such thread, action or voice session.",
    "retryable": false
   },
   {
    "code": "conflict",
    "httpStatus": [
     409
    ],
    "meaning": "The request clashes with an earlier one (opposite decision, reused voice callId).",
    "retryable": false
   },
   {
    "code": "stale",
    "httpStatus": [
     409
    ],
    "meaning": "The action changed since the client saw it: `paramsHash` differs.",
    "retryable": false
   },
   {
    "code": "expired",
    "httpStatus": [
     410
    ],
    "meaning": "The action or voice session is past its lifetime.",
    "retryable": false
   },
   {
    "code": "too_large",
    "httpStatus": [
     413
    ],
    "meaning": "A user message is longer than `limits.maxMessageChars`.",
    "retryable": false
   },
   {
    "code": "rate_limited",
    "httpStatus": [
     429
    ],
    "meaning": "Too many requests right now; retry after a pause.",
    "retryable": true
   },
   {
    "code": "quota_exceeded",
    "httpStatus": [
     429
    ],
    "meaning": "The user's allowance (for example for the day) is used up.",
    "retryable": false
   },
   {
    "code": "upstream_unavailable",
    "httpStatus": [
     502,
     503
    ],
    "meaning": "The model or speech provider cannot be reached.",
    "retryable": true
   },
   {
    "code": "internal",
    "httpStatus": [
     500
    ],
    "meaning": "Any other server failure.",
    "retryable": false
   }
  ]
 },
 "https://talkie-protocol.org/schemas/1/error-response.json": {
  "$defs": {
   "ErrorBody": {
    "additionalProperties": false,
    "if": {
     "additionalProperties": true,
     "properties": {
      "code": {
       "const": "upstream_unavailable",
       "type": "string"
      }
     },
     "required": [
      "code"
     ]
    },
    "properties": {
     "code": {
      "$ref": "error-code.json"
     },
     "message": {
      "minLength": 1,
      "type": "string"
     },
     "retryable": {
      "type": "boolean"
     }
    },
    "required": [
     "code",
     "message",
     "retryable"
    ],
    "then": {
     "additionalProperties": true,
     "properties": {
      "retryable": {
       "const": true,
       "type": "boolean"
      }
     }
    },
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/error-response.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "error": {
    "$ref": "#/$defs/ErrorBody"
   }
  },
  "required": [
   "error"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/event-metadata.json": {
  "$id": "https://talkie-protocol.org/schemas/1/event-metadata.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "properties": {
   "error": {
    "type": "string"
   },
   "label": {
    "type": "string"
   },
   "ok": {
    "type": "boolean"
   },
   "retryable": {
    "type": "boolean"
   }
  },
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "discriminator": {
   "mapping": {
    "CUSTOM": "talkie-custom-event.json",
    "RUN_ERROR": "run-error-event.json",
    "RUN_FINISHED": "run-finished-event.json",
    "RUN_STARTED": "run-started-event.json",
    "TEXT_MESSAGE_CONTENT": "text-message-content-event.json",
    "TEXT_MESSAGE_END": "text-message-end-event.json",
    "TEXT_MESSAGE_START": "text-message-start-event.json",
    "TOOL_CALL_END": "tool-call-end-event.json",
    "TOOL_CALL_RESULT": "tool-call-result-event.json",
    "TOOL_CALL_START": "tool-call-start-event.json"
   },
   "propertyName": "type"
  },
  "oneOf": [
   {
    "$ref": "run-started-event.json"
   },
   {
    "$ref": "run-finished-event.json"
   },
   {
    "$ref": "run-error-event.json"
   },
   {
    "$ref": "text-message-start-event.json"
   },
   {
    "$ref": "text-message-content-event.json"
   },
   {
    "$ref": "text-message-end-event.json"
   },
   {
    "$ref": "tool-call-start-event.json"
   },
   {
    "$ref": "tool-call-end-event.json"
   },
   {
    "$ref": "tool-call-result-event.json"
   },
   {
    "$ref": "talkie-custom-event.json"
   }
  ]
 },
 "https://talkie-protocol.org/schemas/1/fields-block.json": {
  "$defs": {
   "CardField": {
    "additionalProperties": false,
    "properties": {
     "label": {
      "minLength": 1,
      "type": "string"
     },
     "value": {
      "type": "string"
     }
    },
    "required": [
     "label",
     "value"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/fields-block.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "fields": {
    "items": {
     "$ref": "#/$defs/CardField"
    },
    "minItems": 1,
    "type": "array"
   },
   "type": {
    "const": "fields",
    "type": "string"
   }
  },
  "required": [
   "type",
   "fields"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/file-block.json": {
  "$id": "https://talkie-protocol.org/schemas/1/file-block.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "mime": {
    "pattern": "^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$",
    "type": "string"
   },
   "name": {
    "minLength": 1,
    "type": "string"
   },
   "size": {
    "format": "int64",
    "minimum": 0,
    "type": "integer"
   },
   "type": {
    "const": "file",
    "type": "string"
   },
   "url": {
    "$ref": "link-target.json"
   }
  },
  "required": [
   "type",
   "name",
   "url"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/heading-block.json": {
  "$id": "https://talkie-protocol.org/schemas/1/heading-block.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "text": {
    "minLength": 1,
    "type": "string"
   },
   "type": {
    "const": "heading",
    "type": "string"
   }
  },
  "required": [
   "type",
   "text"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/link-block.json": {
  "$id": "https://talkie-protocol.org/schemas/1/link-block.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "label": {
    "minLength": 1,
    "type": "string"
   },
   "type": {
    "const": "link",
    "type": "string"
   },
   "url": {
    "$ref": "link-target.json"
   }
  },
  "required": [
   "type",
   "label",
   "url"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/link-target.json": {
  "$id": "https://talkie-protocol.org/schemas/1/link-target.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "pattern": "^(?:/(?:[^/\\\\\\s][^\\s]*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?)$",
  "type": "string"
 },
 "https://talkie-protocol.org/schemas/1/list-block.json": {
  "$defs": {
   "ListItem": {
    "additionalProperties": false,
    "properties": {
     "subtitle": {
      "type": "string"
     },
     "title": {
      "minLength": 1,
      "type": "string"
     },
     "url": {
      "$ref": "link-target.json"
     }
    },
    "required": [
     "title"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/list-block.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "items": {
    "items": {
     "$ref": "#/$defs/ListItem"
    },
    "type": "array"
   },
   "more": {
    "format": "int64",
    "minimum": 0,
    "type": "integer"
   },
   "type": {
    "const": "list",
    "type": "string"
   }
  },
  "required": [
   "type",
   "items"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/manifest.json": {
  "$defs": {
   "ActionCapabilities": {
    "additionalProperties": true,
    "properties": {
     "voiceConfirm": {
      "type": "boolean"
     }
    },
    "required": [
     "voiceConfirm"
    ],
    "type": "object"
   },
   "Auth": {
    "additionalProperties": true,
    "properties": {
     "oauth": {
      "$ref": "#/$defs/OAuthAuth"
     },
     "token": {
      "$ref": "#/$defs/TokenAuth"
     }
    },
    "required": [
     "oauth"
    ],
    "type": "object"
   },
   "Brand": {
    "additionalProperties": true,
    "properties": {
     "accent": {
      "pattern": "^#[0-9a-fA-F]{6}$",
      "type": "string"
     },
     "logo": {
      "$ref": "link-target.json"
     }
    },
    "required": [
     "logo",
     "accent"
    ],
    "type": "object"
   },
   "Capabilities": {
    "additionalProperties": true,
    "properties": {
     "actions": {
      "$ref": "#/$defs/ActionCapabilities"
     },
     "cards": {
      "$ref": "#/$defs/CardCapabilities"
     },
     "voice": {
      "$ref": "#/$defs/VoiceCapabilities"
     }
    },
    "type": "object"
   },
   "CardCapabilities": {
    "additionalProperties": true,
    "properties": {
     "blocks": {
      "items": {
       "pattern": "^[a-z][a-zA-Z0-9_-]*$",
       "type": "string"
      },
      "type": "array",
      "uniqueItems": true
     }
    },
    "required": [
     "blocks"
    ],
    "type": "object"
   },
   "EndpointTemplate": {
    "pattern": "^(?:/(?:(?:[^/\\\\\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})(?:[^\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:/(?:[^\\s{}]|\\{[A-Za-z_][A-Za-z0-9_]*\\})*)?)$",
    "type": "string"
   },
   "Endpoints": {
    "additionalProperties": true,
    "properties": {
     "action": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "cancelRun": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "decision": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "run": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "status": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "thread": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "threads": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "voiceSessions": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "voiceTool": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "voiceTranscript": {
      "$ref": "#/$defs/EndpointTemplate"
     },
     "voiceUsage": {
      "$ref": "#/$defs/EndpointTemplate"
     }
    },
    "type": "object"
   },
   "Limits": {
    "additionalProperties": true,
    "properties": {
     "maxMessageChars": {
      "minimum": 1,
      "type": "integer"
     }
    },
    "required": [
     "maxMessageChars"
    ],
    "type": "object"
   },
   "OAuthAuth": {
    "additionalProperties": true,
    "properties": {
     "issuer": {
      "pattern": "^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?(?:/[^\\s?#]*)?$",
      "type": "string"
     },
     "scopes": {
      "items": {
       "pattern": "^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$",
       "type": "string"
      },
      "minItems": 1,
      "type": "array",
      "uniqueItems": true
     }
    },
    "required": [
     "issuer",
     "scopes"
    ],
    "type": "object"
   },
   "TokenAuth": {
    "additionalProperties": true,
    "properties": {
     "hint": {
      "type": "string"
     }
    },
    "required": [
     "hint"
    ],
    "type": "object"
   },
   "VoiceCapabilities": {
    "additionalProperties": true,
    "properties": {
     "eventProtocols": {
      "items": {
       "minLength": 1,
       "type": "string"
      },
      "minItems": 1,
      "type": "array",
      "uniqueItems": true
     },
     "signalingHosts": {
      "items": {
       "pattern": "^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$",
       "type": "string"
      },
      "minItems": 1,
      "type": "array",
      "uniqueItems": true
     },
     "transports": {
      "items": {
       "minLength": 1,
       "type": "string"
      },
      "minItems": 1,
      "type": "array",
      "uniqueItems": true
     }
    },
    "required": [
     "transports",
     "eventProtocols",
     "signalingHosts"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/manifest.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "properties": {
   "auth": {
    "$ref": "#/$defs/Auth"
   },
   "brand": {
    "$ref": "#/$defs/Brand"
   },
   "capabilities": {
    "$ref": "#/$defs/Capabilities"
   },
   "description": {
    "type": "string"
   },
   "endpoints": {
    "$ref": "#/$defs/Endpoints"
   },
   "issuer": {
    "pattern": "^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?$",
    "type": "string"
   },
   "limits": {
    "$ref": "#/$defs/Limits"
   },
   "locale": {
    "pattern": "^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$",
    "type": "string"
   },
   "name": {
    "minLength": 1,
    "type": "string"
   },
   "serverId": {
    "maxLength": 255,
    "minLength": 1,
    "type": "string"
   },
   "spec": {
    "const": "talkie/1",
    "type": "string"
   },
   "testMode": {
    "type": "boolean"
   }
  },
  "required": [
   "spec",
   "issuer",
   "serverId",
   "name",
   "description",
   "locale",
   "brand",
   "auth",
   "endpoints",
   "capabilities",
   "limits",
   "testMode"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/ok-response.json": {
  "$id": "https://talkie-protocol.org/schemas/1/ok-response.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "ok": {
    "const": true,
    "type": "boolean"
   }
  },
  "required": [
   "ok"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/open-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/open-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "name": {
    "const": "talkie.open",
    "type": "string"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "CUSTOM",
    "type": "string"
   },
   "value": {
    "$ref": "open-link.json"
   }
  },
  "required": [
   "type",
   "name",
   "value"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/open-link.json": {
  "$id": "https://talkie-protocol.org/schemas/1/open-link.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "label": {
    "minLength": 1,
    "type": "string"
   },
   "url": {
    "$ref": "link-target.json"
   }
  },
  "required": [
   "url",
   "label"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/run-agent-input.json": {
  "$defs": {
   "ActivityMessage": {
    "additionalProperties": true,
    "properties": {
     "activityType": {
      "type": "string"
     },
     "content": {
      "additionalProperties": true,
      "type": "object"
     },
     "id": {
      "minLength": 1,
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "role": {
      "const": "activity",
      "type": "string"
     },
     "subagentRunId": {
      "type": "string"
     }
    },
    "required": [
     "id",
     "role",
     "activityType",
     "content"
    ],
    "type": "object"
   },
   "AssistantMessage": {
    "additionalProperties": true,
    "properties": {
     "content": {
      "type": "string"
     },
     "encryptedValue": {
      "type": "string"
     },
     "id": {
      "minLength": 1,
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "name": {
      "type": "string"
     },
     "role": {
      "const": "assistant",
      "type": "string"
     },
     "subagentRunId": {
      "type": "string"
     },
     "toolCalls": {
      "items": {
       "$ref": "#/$defs/ToolCall"
      },
      "type": "array"
     }
    },
    "required": [
     "id",
     "role"
    ],
    "type": "object"
   },
   "AudioPart": {
    "additionalProperties": true,
    "properties": {
     "id": {
      "type": "string"
     },
     "metadata": {},
     "source": {
      "$ref": "#/$defs/PartSource"
     },
     "type": {
      "const": "audio",
      "type": "string"
     }
    },
    "required": [
     "type",
     "source"
    ],
    "type": "object"
   },
   "ContentPart": {
    "discriminator": {
     "mapping": {
      "audio": "#/$defs/AudioPart",
      "document": "#/$defs/DocumentPart",
      "image": "#/$defs/ImagePart",
      "text": "#/$defs/TextPart",
      "video": "#/$defs/VideoPart"
     },
     "propertyName": "type"
    },
    "oneOf": [
     {
      "$ref": "#/$defs/TextPart"
     },
     {
      "$ref": "#/$defs/ImagePart"
     },
     {
      "$ref": "#/$defs/AudioPart"
     },
     {
      "$ref": "#/$defs/VideoPart"
     },
     {
      "$ref": "#/$defs/DocumentPart"
     }
    ]
   },
   "Context": {
    "additionalProperties": true,
    "properties": {
     "description": {
      "type": "string"
     },
     "value": {
      "type": "string"
     }
    },
    "required": [
     "description",
     "value"
    ],
    "type": "object"
   },
   "DataSource": {
    "additionalProperties": true,
    "properties": {
     "mimeType": {
      "type": "string"
     },
     "type": {
      "const": "data",
      "type": "string"
     },
     "value": {
      "type": "string"
     }
    },
    "required": [
     "type",
     "value",
     "mimeType"
    ],
    "type": "object"
   },
   "DeveloperMessage": {
    "additionalProperties": true,
    "properties": {
     "content": {
      "type": "string"
     },
     "encryptedValue": {
      "type": "string"
     },
     "id": {
      "minLength": 1,
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "name": {
      "type": "string"
     },
     "role": {
      "const": "developer",
      "type": "string"
     },
     "subagentRunId": {
      "type": "string"
     }
    },
    "required": [
     "id",
     "role",
     "content"
    ],
    "type": "object"
   },
   "DocumentPart": {
    "additionalProperties": true,
    "properties": {
     "id": {
      "type": "string"
     },
     "metadata": {},
     "source": {
      "$ref": "#/$defs/PartSource"
     },
     "type": {
      "const": "document",
      "type": "string"
     }
    },
    "required": [
     "type",
     "source"
    ],
    "type": "object"
   },
   "FileSource": {
    "additionalProperties": true,
    "properties": {
     "mimeType": {
      "type": "string"
     },
     "provider": {
      "type": "string"
     },
     "type": {
      "const": "file",
      "type": "string"
     },
     "value": {
      "type": "string"
     }
    },
    "required": [
     "type",
     "value"
    ],
    "type": "object"
   },
   "FunctionCall": {
    "additionalProperties": true,
    "properties": {
     "arguments": {
      "type": "string"
     },
     "name": {
      "type": "string"
     }
    },
    "required": [
     "name",
     "arguments"
    ],
    "type": "object"
   },
   "ImagePart": {
    "additionalProperties": true,
    "properties": {
     "id": {
      "type": "string"
     },
     "metadata": {},
     "source": {
      "$ref": "#/$defs/PartSource"
     },
     "type": {
      "const": "image",
      "type": "string"
     }
    },
    "required": [
     "type",
     "source"
    ],
    "type": "object"
   },
   "Message": {
    "discriminator": {
     "mapping": {
      "activity": "#/$defs/ActivityMessage",
      "assistant": "#/$defs/AssistantMessage",
      "developer": "#/$defs/DeveloperMessage",
      "reasoning": "#/$defs/ReasoningMessage",
      "system": "#/$defs/SystemMessage",
      "tool": "#/$defs/ToolMessage",
      "user": "#/$defs/UserMessage"
     },
     "propertyName": "role"
    },
    "oneOf": [
     {
      "$ref": "#/$defs/UserMessage"
     },
     {
      "$ref": "#/$defs/AssistantMessage"
     },
     {
      "$ref": "#/$defs/SystemMessage"
     },
     {
      "$ref": "#/$defs/DeveloperMessage"
     },
     {
      "$ref": "#/$defs/ToolMessage"
     },
     {
      "$ref": "#/$defs/ActivityMessage"
     },
     {
      "$ref": "#/$defs/ReasoningMessage"
     }
    ]
   },
   "PartSource": {
    "discriminator": {
     "mapping": {
      "data": "#/$defs/DataSource",
      "file": "#/$defs/FileSource",
      "url": "#/$defs/UrlSource"
     },
     "propertyName": "type"
    },
    "oneOf": [
     {
      "$ref": "#/$defs/DataSource"
     },
     {
      "$ref": "#/$defs/UrlSource"
     },
     {
      "$ref": "#/$defs/FileSource"
     }
    ]
   },
   "ReasoningMessage": {
    "additionalProperties": true,
    "properties": {
     "content": {
      "type": "string"
     },
     "encryptedValue": {
      "type": "string"
     },
     "id": {
      "minLength": 1,
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "role": {
      "const": "reasoning",
      "type": "string"
     },
     "subagentRunId": {
      "type": "string"
     }
    },
    "required": [
     "id",
     "role",
     "content"
    ],
    "type": "object"
   },
   "ResumeEntry": {
    "additionalProperties": true,
    "properties": {
     "interruptId": {
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "payload": {},
     "status": {
      "$ref": "#/$defs/ResumeStatus"
     }
    },
    "required": [
     "interruptId",
     "status"
    ],
    "type": "object"
   },
   "ResumeStatus": {
    "enum": [
     "resolved",
     "cancelled"
    ],
    "type": "string"
   },
   "SystemMessage": {
    "additionalProperties": true,
    "properties": {
     "content": {
      "type": "string"
     },
     "encryptedValue": {
      "type": "string"
     },
     "id": {
      "minLength": 1,
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "name": {
      "type": "string"
     },
     "role": {
      "const": "system",
      "type": "string"
     },
     "subagentRunId": {
      "type": "string"
     }
    },
    "required": [
     "id",
     "role",
     "content"
    ],
    "type": "object"
   },
   "TalkieForwardedProps": {
    "additionalProperties": true,
    "properties": {
     "talkie": {
      "$ref": "#/$defs/TalkieProps"
     }
    },
    "type": "object"
   },
   "TalkieProps": {
    "additionalProperties": true,
    "properties": {
     "channel": {
      "$ref": "thread-summary.json#/$defs/Channel"
     }
    },
    "type": "object"
   },
   "TextPart": {
    "additionalProperties": true,
    "properties": {
     "id": {
      "type": "string"
     },
     "metadata": {},
     "text": {
      "type": "string"
     },
     "type": {
      "const": "text",
      "type": "string"
     }
    },
    "required": [
     "type",
     "text"
    ],
    "type": "object"
   },
   "Tool": {
    "additionalProperties": true,
    "properties": {
     "description": {
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "name": {
      "type": "string"
     },
     "parameters": {}
    },
    "required": [
     "name",
     "description"
    ],
    "type": "object"
   },
   "ToolCall": {
    "additionalProperties": true,
    "properties": {
     "encryptedValue": {
      "type": "string"
     },
     "function": {
      "$ref": "#/$defs/FunctionCall"
     },
     "id": {
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "type": {
      "const": "function",
      "type": "string"
     }
    },
    "required": [
     "id",
     "type",
     "function"
    ],
    "type": "object"
   },
   "ToolMessage": {
    "additionalProperties": true,
    "properties": {
     "content": {
      "oneOf": [
       {
        "type": "string"
       },
       {
        "items": {
         "$ref": "#/$defs/ContentPart"
        },
        "type": "array"
       }
      ]
     },
     "encryptedValue": {
      "type": "string"
     },
     "error": {
      "type": "string"
     },
     "id": {
      "minLength": 1,
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "role": {
      "const": "tool",
      "type": "string"
     },
     "subagentRunId": {
      "type": "string"
     },
     "toolCallId": {
      "type": "string"
     }
    },
    "required": [
     "id",
     "role",
     "content",
     "toolCallId"
    ],
    "type": "object"
   },
   "UrlSource": {
    "additionalProperties": true,
    "properties": {
     "mimeType": {
      "type": "string"
     },
     "type": {
      "const": "url",
      "type": "string"
     },
     "value": {
      "type": "string"
     }
    },
    "required": [
     "type",
     "value"
    ],
    "type": "object"
   },
   "UserMessage": {
    "additionalProperties": true,
    "properties": {
     "content": {
      "oneOf": [
       {
        "type": "string"
       },
       {
        "items": {
         "$ref": "#/$defs/ContentPart"
        },
        "type": "array"
       }
      ]
     },
     "encryptedValue": {
      "type": "string"
     },
     "id": {
      "minLength": 1,
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "name": {
      "type": "string"
     },
     "role": {
      "const": "user",
      "type": "string"
     },
     "subagentRunId": {
      "type": "string"
     }
    },
    "required": [
     "id",
     "role",
     "content"
    ],
    "type": "object"
   },
   "VideoPart": {
    "additionalProperties": true,
    "properties": {
     "id": {
      "type": "string"
     },
     "metadata": {},
     "source": {
      "$ref": "#/$defs/PartSource"
     },
     "type": {
      "const": "video",
      "type": "string"
     }
    },
    "required": [
     "type",
     "source"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/run-agent-input.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "properties": {
   "context": {
    "items": {
     "$ref": "#/$defs/Context"
    },
    "type": "array"
   },
   "forwardedProps": {
    "oneOf": [
     {
      "$ref": "#/$defs/TalkieForwardedProps"
     },
     {
      "items": {},
      "type": "array"
     },
     {
      "type": "string"
     },
     {
      "type": "number"
     },
     {
      "type": "boolean"
     },
     {
      "type": "null"
     }
    ]
   },
   "messages": {
    "items": {
     "$ref": "#/$defs/Message"
    },
    "type": "array"
   },
   "parentRunId": {
    "type": "string"
   },
   "protocolVersion": {
    "type": "string"
   },
   "resume": {
    "items": {
     "$ref": "#/$defs/ResumeEntry"
    },
    "type": "array"
   },
   "runId": {
    "minLength": 1,
    "type": "string"
   },
   "state": {},
   "threadId": {
    "minLength": 1,
    "type": "string"
   },
   "tools": {
    "items": {
     "$ref": "#/$defs/Tool"
    },
    "type": "array"
   }
  },
  "required": [
   "threadId",
   "runId",
   "messages"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/run-error-event.json": {
  "$defs": {
   "RunErrorMetadata": {
    "additionalProperties": true,
    "allOf": [
     {
      "$ref": "event-metadata.json"
     }
    ],
    "required": [
     "retryable"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/run-error-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "if": {
   "additionalProperties": true,
   "properties": {
    "code": {
     "const": "upstream_unavailable",
     "type": "string"
    }
   },
   "required": [
    "code"
   ]
  },
  "properties": {
   "code": {
    "$ref": "error-code.json"
   },
   "message": {
    "type": "string"
   },
   "metadata": {
    "$ref": "#/$defs/RunErrorMetadata"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "RUN_ERROR",
    "type": "string"
   },
   "usage": {
    "items": {
     "$ref": "run-finished-event.json#/$defs/TokenUsage"
    },
    "type": "array"
   }
  },
  "required": [
   "type",
   "message",
   "code",
   "metadata"
  ],
  "then": {
   "additionalProperties": true,
   "properties": {
    "metadata": {
     "additionalProperties": true,
     "properties": {
      "retryable": {
       "const": true,
       "type": "boolean"
      }
     },
     "type": "object"
    }
   }
  },
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/run-finished-event.json": {
  "$defs": {
   "Interrupt": {
    "additionalProperties": false,
    "properties": {
     "expiresAt": {
      "type": "string"
     },
     "id": {
      "type": "string"
     },
     "message": {
      "type": "string"
     },
     "metadata": {
      "additionalProperties": true,
      "type": "object"
     },
     "reason": {
      "type": "string"
     },
     "responseSchema": {
      "additionalProperties": true,
      "type": "object"
     },
     "subagentRunId": {
      "type": "string"
     },
     "toolCallId": {
      "type": "string"
     }
    },
    "required": [
     "id",
     "reason"
    ],
    "type": "object"
   },
   "RunFinishedCancelledOutcome": {
    "additionalProperties": false,
    "properties": {
     "type": {
      "const": "cancelled",
      "type": "string"
     }
    },
    "required": [
     "type"
    ],
    "type": "object"
   },
   "RunFinishedInterruptOutcome": {
    "additionalProperties": false,
    "properties": {
     "interrupts": {
      "items": {
       "$ref": "#/$defs/Interrupt"
      },
      "minItems": 1,
      "type": "array"
     },
     "type": {
      "const": "interrupt",
      "type": "string"
     }
    },
    "required": [
     "type",
     "interrupts"
    ],
    "type": "object"
   },
   "RunFinishedOutcome": {
    "discriminator": {
     "mapping": {
      "cancelled": "#/$defs/RunFinishedCancelledOutcome",
      "interrupt": "#/$defs/RunFinishedInterruptOutcome",
      "success": "#/$defs/RunFinishedSuccessOutcome"
     },
     "propertyName": "type"
    },
    "oneOf": [
     {
      "$ref": "#/$defs/RunFinishedSuccessOutcome"
     },
     {
      "$ref": "#/$defs/RunFinishedInterruptOutcome"
     },
     {
      "$ref": "#/$defs/RunFinishedCancelledOutcome"
     }
    ]
   },
   "RunFinishedSuccessOutcome": {
    "additionalProperties": false,
    "properties": {
     "pendingToolCallIds": {
      "items": {
       "type": "string"
      },
      "type": "array"
     },
     "type": {
      "const": "success",
      "type": "string"
     }
    },
    "required": [
     "type"
    ],
    "type": "object"
   },
   "TokenUsage": {
    "additionalProperties": false,
    "properties": {
     "cacheWriteInputTokens": {
      "format": "int64",
      "maximum": 9007199254740991,
      "minimum": 0,
      "type": "integer"
     },
     "cachedInputTokens": {
      "format": "int64",
      "maximum": 9007199254740991,
      "minimum": 0,
      "type": "integer"
     },
     "inputTokens": {
      "format": "int64",
      "maximum": 9007199254740991,
      "minimum": 0,
      "type": "integer"
     },
     "model": {
      "type": "string"
     },
     "outputTokens": {
      "format": "int64",
      "maximum": 9007199254740991,
      "minimum": 0,
      "type": "integer"
     },
     "provider": {
      "type": "string"
     },
     "reasoningTokens": {
      "format": "int64",
      "maximum": 9007199254740991,
      "minimum": 0,
      "type": "integer"
     },
     "totalTokens": {
      "format": "int64",
      "maximum": 9007199254740991,
      "minimum": 0,
      "type": "integer"
     }
    },
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/run-finished-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "outcome": {
    "$ref": "#/$defs/RunFinishedOutcome"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "result": {
    "not": {
     "type": "null"
    }
   },
   "runId": {
    "type": "string"
   },
   "threadId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "RUN_FINISHED",
    "type": "string"
   },
   "usage": {
    "items": {
     "$ref": "#/$defs/TokenUsage"
    },
    "type": "array"
   }
  },
  "required": [
   "type",
   "threadId",
   "runId"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/run-started-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/run-started-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "input": {
    "$ref": "run-agent-input.json"
   },
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "parentRunId": {
    "type": "string"
   },
   "protocolVersion": {
    "type": "string"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "runId": {
    "type": "string"
   },
   "threadId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "RUN_STARTED",
    "type": "string"
   }
  },
  "required": [
   "type",
   "threadId",
   "runId"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/status.json": {
  "$defs": {
   "StatusUser": {
    "additionalProperties": false,
    "properties": {
     "email": {
      "pattern": "^[^@\\s]+@[^@\\s]+$",
      "type": "string"
     },
     "id": {
      "minLength": 1,
      "type": "string"
     },
     "name": {
      "minLength": 1,
      "type": "string"
     }
    },
    "required": [
     "id",
     "name",
     "email"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/status.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "chat": {
    "type": "boolean"
   },
   "usage": {
    "items": {
     "$ref": "usage-meter.json"
    },
    "type": "array"
   },
   "user": {
    "$ref": "#/$defs/StatusUser"
   },
   "voice": {
    "type": "boolean"
   }
  },
  "required": [
   "user",
   "chat",
   "voice",
   "usage"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/stream-event.json": {
  "$defs": {
   "KnownEventType": {
    "enum": [
     "RUN_STARTED",
     "RUN_FINISHED",
     "RUN_ERROR",
     "TEXT_MESSAGE_START",
     "TEXT_MESSAGE_CONTENT",
     "TEXT_MESSAGE_END",
     "TOOL_CALL_START",
     "TOOL_CALL_END",
     "TOOL_CALL_RESULT",
     "CUSTOM"
    ],
    "type": "string"
   },
   "TalkieCustomName": {
    "enum": [
     "talkie.card",
     "talkie.action",
     "talkie.open",
     "talkie.usage"
    ],
    "type": "string"
   },
   "UnknownCustomEvent": {
    "additionalProperties": true,
    "allOf": [
     {
      "$ref": "custom-event.json"
     },
     {
      "additionalProperties": true,
      "properties": {
       "name": {
        "not": {
         "$ref": "#/$defs/TalkieCustomName"
        },
        "type": "string"
       }
      }
     }
    ],
    "type": "object"
   },
   "UnknownEvent": {
    "additionalProperties": true,
    "properties": {
     "type": {
      "not": {
       "$ref": "#/$defs/KnownEventType"
      },
      "type": "string"
     }
    },
    "required": [
     "type"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/stream-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "oneOf": [
   {
    "$ref": "event.json"
   },
   {
    "$ref": "#/$defs/UnknownEvent"
   },
   {
    "$ref": "#/$defs/UnknownCustomEvent"
   }
  ]
 },
 "https://talkie-protocol.org/schemas/1/talkie-custom-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/talkie-custom-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "discriminator": {
   "mapping": {
    "talkie.action": "action-event.json",
    "talkie.card": "card-event.json",
    "talkie.open": "open-event.json",
    "talkie.usage": "usage-event.json"
   },
   "propertyName": "name"
  },
  "oneOf": [
   {
    "$ref": "card-event.json"
   },
   {
    "$ref": "action-event.json"
   },
   {
    "$ref": "open-event.json"
   },
   {
    "$ref": "usage-event.json"
   }
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/text-block.json": {
  "$id": "https://talkie-protocol.org/schemas/1/text-block.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "text": {
    "minLength": 1,
    "type": "string"
   },
   "type": {
    "const": "text",
    "type": "string"
   }
  },
  "required": [
   "type",
   "text"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/text-message-content-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/text-message-content-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "delta": {
    "type": "string"
   },
   "messageId": {
    "type": "string"
   },
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "TEXT_MESSAGE_CONTENT",
    "type": "string"
   }
  },
  "required": [
   "type",
   "messageId",
   "delta"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/text-message-end-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/text-message-end-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "messageId": {
    "type": "string"
   },
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "TEXT_MESSAGE_END",
    "type": "string"
   }
  },
  "required": [
   "type",
   "messageId"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/text-message-start-event.json": {
  "$defs": {
   "TextMessageRole": {
    "enum": [
     "developer",
     "system",
     "assistant",
     "user"
    ],
    "type": "string",
    "x-talkie-open": true
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/text-message-start-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "messageId": {
    "type": "string"
   },
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "name": {
    "type": "string"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "role": {
    "$ref": "#/$defs/TextMessageRole"
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "TEXT_MESSAGE_START",
    "type": "string"
   }
  },
  "required": [
   "type",
   "messageId"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/thread-detail.json": {
  "$id": "https://talkie-protocol.org/schemas/1/thread-detail.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "actions": {
    "items": {
     "$ref": "action.json"
    },
    "type": "array"
   },
   "messages": {
    "items": {
     "$ref": "thread-message.json"
    },
    "type": "array"
   },
   "thread": {
    "$ref": "thread-summary.json"
   }
  },
  "required": [
   "thread",
   "messages",
   "actions"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/thread-list.json": {
  "$id": "https://talkie-protocol.org/schemas/1/thread-list.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "threads": {
    "items": {
     "$ref": "thread-summary.json"
    },
    "maxItems": 50,
    "type": "array"
   }
  },
  "required": [
   "threads"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/thread-message.json": {
  "$defs": {
   "MessageRole": {
    "enum": [
     "user",
     "assistant"
    ],
    "type": "string",
    "x-talkie-open": true
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/thread-message.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "cards": {
    "items": {
     "$ref": "card.json"
    },
    "type": "array"
   },
   "channel": {
    "$ref": "thread-summary.json#/$defs/Channel"
   },
   "content": {
    "type": "string"
   },
   "createdAt": {
    "format": "date-time",
    "type": "string"
   },
   "id": {
    "minLength": 1,
    "type": "string"
   },
   "role": {
    "$ref": "#/$defs/MessageRole"
   }
  },
  "required": [
   "id",
   "role",
   "content",
   "createdAt",
   "cards"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/thread-summary.json": {
  "$defs": {
   "Channel": {
    "enum": [
     "chat",
     "voice"
    ],
    "type": "string",
    "x-talkie-open": true
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/thread-summary.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "channel": {
    "$ref": "#/$defs/Channel"
   },
   "createdAt": {
    "format": "date-time",
    "type": "string"
   },
   "id": {
    "minLength": 1,
    "type": "string"
   },
   "title": {
    "type": "string"
   },
   "updatedAt": {
    "format": "date-time",
    "type": "string"
   }
  },
  "required": [
   "id",
   "title",
   "channel",
   "createdAt",
   "updatedAt"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/tool-call-end-event.json": {
  "$defs": {
   "ToolCallEndMetadata": {
    "additionalProperties": true,
    "allOf": [
     {
      "$ref": "event-metadata.json"
     }
    ],
    "required": [
     "ok"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/tool-call-end-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "metadata": {
    "$ref": "#/$defs/ToolCallEndMetadata"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "toolCallId": {
    "type": "string"
   },
   "type": {
    "const": "TOOL_CALL_END",
    "type": "string"
   }
  },
  "required": [
   "type",
   "toolCallId",
   "metadata"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/tool-call-result-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/tool-call-result-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "content": {
    "oneOf": [
     {
      "type": "string"
     },
     {
      "items": {
       "$ref": "run-agent-input.json#/$defs/ContentPart"
      },
      "type": "array"
     }
    ]
   },
   "messageId": {
    "type": "string"
   },
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "role": {
    "const": "tool",
    "type": "string"
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "toolCallId": {
    "type": "string"
   },
   "type": {
    "const": "TOOL_CALL_RESULT",
    "type": "string"
   }
  },
  "required": [
   "type",
   "messageId",
   "toolCallId",
   "content"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/tool-call-start-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/tool-call-start-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "parentMessageId": {
    "type": "string"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "toolCallId": {
    "type": "string"
   },
   "toolCallName": {
    "type": "string"
   },
   "type": {
    "const": "TOOL_CALL_START",
    "type": "string"
   }
  },
  "required": [
   "type",
   "toolCallId",
   "toolCallName"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/usage-event.json": {
  "$id": "https://talkie-protocol.org/schemas/1/usage-event.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "metadata": {
    "$ref": "event-metadata.json"
   },
   "name": {
    "const": "talkie.usage",
    "type": "string"
   },
   "rawEvent": {
    "not": {
     "type": "null"
    }
   },
   "subagentRunId": {
    "type": "string"
   },
   "timestamp": {
    "format": "int64",
    "maximum": 9007199254740991,
    "minimum": -9007199254740991,
    "type": "integer"
   },
   "type": {
    "const": "CUSTOM",
    "type": "string"
   },
   "value": {
    "$ref": "usage-report.json"
   }
  },
  "required": [
   "type",
   "name",
   "value"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/usage-meter.json": {
  "$id": "https://talkie-protocol.org/schemas/1/usage-meter.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "label": {
    "minLength": 1,
    "type": "string"
   },
   "limit": {
    "format": "int64",
    "minimum": 0,
    "type": "integer"
   },
   "unit": {
    "minLength": 1,
    "type": "string"
   },
   "used": {
    "format": "int64",
    "minimum": 0,
    "type": "integer"
   }
  },
  "required": [
   "label",
   "used",
   "limit",
   "unit"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/usage-report.json": {
  "$id": "https://talkie-protocol.org/schemas/1/usage-report.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "usage": {
    "items": {
     "$ref": "usage-meter.json"
    },
    "type": "array"
   }
  },
  "required": [
   "usage"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/voice-session-request.json": {
  "$id": "https://talkie-protocol.org/schemas/1/voice-session-request.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "properties": {
   "locale": {
    "pattern": "^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$",
    "type": "string"
   },
   "threadId": {
    "minLength": 1,
    "type": "string"
   }
  },
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/voice-session.json": {
  "$defs": {
   "Consent": {
    "additionalProperties": false,
    "properties": {
     "confirm": {
      "items": {
       "minLength": 1,
       "type": "string"
      },
      "type": "array"
     },
     "refuse": {
      "items": {
       "minLength": 1,
       "type": "string"
      },
      "type": "array"
     }
    },
    "required": [
     "confirm",
     "refuse"
    ],
    "type": "object"
   },
   "Signaling": {
    "additionalProperties": false,
    "properties": {
     "type": {
      "const": "sdp-post",
      "type": "string"
     },
     "url": {
      "pattern": "^(?:https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]|10\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|192\\.168\\.[0-9]{1,3}\\.[0-9]{1,3}|172\\.(?:1[6-9]|2[0-9]|3[01])\\.[0-9]{1,3}\\.[0-9]{1,3}|169\\.254\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[(?:[fF][cCdD][0-9A-Fa-f]{2}|[fF][eE][89aAbB][0-9A-Fa-f]):[0-9A-Fa-f:.]*\\]))(?::[0-9]{1,5})?(?:[/?][^\\s#]*)?$",
      "type": "string"
     }
    },
    "required": [
     "type",
     "url"
    ],
    "type": "object"
   }
  },
  "$id": "https://talkie-protocol.org/schemas/1/voice-session.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "clientSecret": {
    "minLength": 1,
    "type": "string"
   },
   "consent": {
    "$ref": "#/$defs/Consent"
   },
   "eventProtocol": {
    "minLength": 1,
    "type": "string"
   },
   "expiresAt": {
    "format": "date-time",
    "type": "string"
   },
   "labels": {
    "additionalProperties": {
     "type": "string"
    },
    "type": "object"
   },
   "locale": {
    "pattern": "^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$",
    "type": "string"
   },
   "maxSeconds": {
    "minimum": 1,
    "type": "integer"
   },
   "signaling": {
    "$ref": "#/$defs/Signaling"
   },
   "threadId": {
    "minLength": 1,
    "type": "string"
   },
   "transport": {
    "minLength": 1,
    "type": "string"
   },
   "voiceSessionId": {
    "minLength": 1,
    "type": "string"
   },
   "warnSeconds": {
    "minimum": 0,
    "type": "integer"
   }
  },
  "required": [
   "voiceSessionId",
   "threadId",
   "transport",
   "eventProtocol",
   "signaling",
   "clientSecret",
   "expiresAt",
   "maxSeconds",
   "warnSeconds",
   "locale",
   "labels"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/voice-tool-request.json": {
  "$id": "https://talkie-protocol.org/schemas/1/voice-tool-request.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "properties": {
   "arguments": {
    "contentMediaType": "application/json",
    "type": "string"
   },
   "callId": {
    "minLength": 1,
    "type": "string"
   }
  },
  "required": [
   "callId",
   "arguments"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/voice-tool-response.json": {
  "$id": "https://talkie-protocol.org/schemas/1/voice-tool-response.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "events": {
    "items": {
     "$ref": "stream-event.json"
    },
    "type": "array"
   },
   "ok": {
    "type": "boolean"
   },
   "output": {
    "type": "string"
   }
  },
  "required": [
   "ok",
   "output",
   "events"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/voice-transcript-request.json": {
  "$id": "https://talkie-protocol.org/schemas/1/voice-transcript-request.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "properties": {
   "itemId": {
    "minLength": 1,
    "type": "string"
   },
   "role": {
    "$ref": "thread-message.json#/$defs/MessageRole"
   },
   "text": {
    "type": "string"
   }
  },
  "required": [
   "role",
   "text",
   "itemId"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/voice-usage-request.json": {
  "$id": "https://talkie-protocol.org/schemas/1/voice-usage-request.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": true,
  "properties": {
   "final": {
    "type": "boolean"
   },
   "seconds": {
    "minimum": 0,
    "type": "integer"
   }
  },
  "required": [
   "seconds",
   "final"
  ],
  "type": "object"
 },
 "https://talkie-protocol.org/schemas/1/voice-usage-response.json": {
  "$id": "https://talkie-protocol.org/schemas/1/voice-usage-response.json",
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "additionalProperties": false,
  "properties": {
   "ok": {
    "const": true,
    "type": "boolean"
   },
   "remainingSeconds": {
    "minimum": 0,
    "type": "integer"
   }
  },
  "required": [
   "ok",
   "remainingSeconds"
  ],
  "type": "object"
 }
};
