// Runs the official AG-UI TypeScript client (`HttpAgent` of @ag-ui/client) against a live talkie-mock.
//
// Usage: node run.mjs <run-endpoint-url> <bearer-token> <message>...
// Each message is sent as its own run on its own thread; the script prints one JSON document on stdout:
// {"runs": [{"message", "threadId", "runId", "events": [...], "error": null | "..."}]}.
// Nothing else is written to stdout; any warning the client logs goes to stderr, which the test requires empty.
// The client's package is resolved from tools/node (or TALKIE_NODE_TOOLS), so no install step lives here.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const tools = process.env.TALKIE_NODE_TOOLS ?? path.resolve(here, "../../../tools/node");
const require = createRequire(path.join(tools, "package.json"));
const { HttpAgent } = require("@ag-ui/client");

const [url, token, ...messages] = process.argv.slice(2);
if (!url || !token || messages.length === 0) {
  process.stderr.write("usage: node run.mjs <run-url> <token> <message>...\n");
  process.exit(2);
}

const runs = [];
for (const [index, message] of messages.entries()) {
  const threadId = `t_node_${index}`;
  const runId = `r_node_${index}`;
  const agent = new HttpAgent({
    url,
    headers: { Authorization: `Bearer ${token}` },
    threadId,
    initialMessages: [{ id: `m_node_${index}`, role: "user", content: message }],
  });
  const events = [];
  let error = null;
  try {
    await agent.runAgent(
      { runId, forwardedProps: { talkie: { channel: "chat" } } },
      { onEvent: ({ event }) => { events.push(event); } },
    );
  } catch (caught) {
    error = String(caught?.message ?? caught);
  }
  runs.push({ message, threadId, runId, events, error });
}
process.stdout.write(JSON.stringify({ runs }) + "\n");
