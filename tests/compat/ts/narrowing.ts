// What an app developer writes against generated types: switch on `type`, then on `name` for CUSTOM,
// exhaustively (a member without a case is a compile error), and store any stream item, known or not.
// The test prepends the imports of `Event`, `CardBlock` and `StreamEvent` from the generator's output.

const never = (value: never): never => {
  throw new Error(String(value));
};

export function label(e: Event): string {
  switch (e.type) {
    case "RUN_STARTED": return e.threadId;
    case "RUN_FINISHED": return e.runId;
    case "RUN_ERROR": return e.code;
    case "TEXT_MESSAGE_START": return e.messageId;
    case "TEXT_MESSAGE_CONTENT": return e.delta;
    case "TEXT_MESSAGE_END": return e.messageId;
    case "TOOL_CALL_START": return e.toolCallName;
    case "TOOL_CALL_END": return String(e.metadata.ok);
    case "TOOL_CALL_RESULT": return e.toolCallId;
    case "CUSTOM":
      switch (e.name) {
        case "talkie.card": return e.value.fallbackText;
        case "talkie.action": return e.value.summary;
        case "talkie.open": return e.value.label;
        case "talkie.usage": return String(e.value.usage.length);
        default: return never(e);
      }
    default: return never(e);
  }
}

export function block(b: CardBlock): string {
  switch (b.type) {
    case "heading": return b.text;
    case "text": return b.text;
    case "fields": return b.fields.map((f) => f.label).join();
    case "list": return String(b.items.length);
    case "link": return b.url;
    case "file": return b.name;
    case "badge": return b.text;
    default: return never(b);
  }
}

export const stream: StreamEvent[] = [
  { type: "RUN_STARTED", threadId: "thr_1", runId: "run_1" },
  { type: "STATE_SNAPSHOT", snapshot: { step: 2 } },
  { type: "CUSTOM", name: "acme.progress", value: [1, 2] },
];
export const types: string[] = stream.map((s) => s.type);
