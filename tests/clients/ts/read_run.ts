// A talkie/1 client in 40 lines: manifest -> run -> events, typed and parsed by talkie-types.
import { type Event, type Manifest, type RunAgentInput, readEvents } from "talkie-types";

const [origin = "", token = "", text = ""] = process.argv.slice(2);
const manifest = (await (await fetch(new URL("/.well-known/talkie.json", origin))).json()) as Manifest;
const body: RunAgentInput = {
  threadId: "thr_ts_client", runId: `run_${Date.now()}`, tools: [], context: [], state: {},
  messages: [{ id: `msg_${Date.now()}`, role: "user", content: text }],
  forwardedProps: { talkie: { channel: "chat" } },
};
const run = manifest.endpoints.run;  // a server leaves out what it does not support (§1)
if (run === undefined) throw new Error("this server offers no chat runs");
const response = await fetch(new URL(run, manifest.issuer), {
  method: "POST", body: JSON.stringify(body),
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "text/event-stream" },
});
const never = (value: never): never => { throw new Error(`unhandled ${JSON.stringify(value)}`); };
function show(e: Event): string {
  switch (e.type) {
    case "RUN_STARTED": return `started ${e.threadId}`;
    case "RUN_FINISHED": return "finished";
    case "RUN_ERROR": return `error ${e.code} retryable=${e.metadata.retryable}`;
    case "TEXT_MESSAGE_START": return "text";
    case "TEXT_MESSAGE_CONTENT": return `delta ${e.delta}`;
    case "TEXT_MESSAGE_END": return "text end";
    case "TOOL_CALL_START": return `tool ${e.toolCallName}`;
    case "TOOL_CALL_END": return `tool ok=${e.metadata.ok}`;
    case "TOOL_CALL_RESULT": return "tool result";
    case "CUSTOM":
      switch (e.name) {
        case "talkie.card": return `card ${e.value.fallbackText}`;
        case "talkie.action": return `action ${e.value.status}`;
        case "talkie.open": return `open ${e.value.url}`;
        case "talkie.usage": return `usage ${e.value.usage.length}`;
        default: return never(e);
      }
    default: return never(e);
  }
}
for await (const r of readEvents(response.body!)) console.log(r.kind === "event" ? show(r.event) : r.kind);
