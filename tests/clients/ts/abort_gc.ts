/**
 * Aborting a run once a garbage collection has run (`node --expose-gc`): a loopback server streams an endless
 * run, the app aborts its signal after forced collections, and the script prints how many results still came
 * after the abort (it stops counting at 1000, so it ends whatever the client does) and whether the server saw
 * the connection close.
 *
 * Usage: node --expose-gc abort_gc.js <manifest example JSON>
 */
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { TalkieClient } from "talkie-types";

const collect: unknown = Reflect.get(globalThis, "gc");
if (typeof collect !== "function") throw new Error("run with node --expose-gc");
const gc = (): unknown => Reflect.apply(collect, globalThis, []);

const example: unknown = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8"));
let closed: () => void = () => undefined;
const serverClosed = new Promise<void>((resolve) => (closed = resolve));

function endless(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream" });
  const frame = (event: object): string => `data: ${JSON.stringify(event)}\n\n`;
  response.write(frame({ type: "RUN_STARTED", threadId: "thr_gc", runId: "run_gc" }));
  response.write(frame({ type: "TEXT_MESSAGE_START", messageId: "msg_gc", role: "assistant" }));
  let open = true;
  response.on("close", () => {
    open = false;
    closed();
  });
  const pump = (): void => {
    while (open && response.write(frame({ type: "TEXT_MESSAGE_CONTENT", messageId: "msg_gc", delta: "slovo " })));
    if (open) response.once("drain", pump);
  };
  pump();
}

const server = createServer((request, response) => {
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (request.url === "/.well-known/talkie.json") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ ...(example as object), issuer: origin }));
  } else if (request.url === "/talkie/v1/run") {
    request.resume();
    endless(response);
  } else {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;

const client = await TalkieClient.connect(`http://127.0.0.1:${port}/.well-known/talkie.json`, { development: true, checks: false, tokens: "tk_gc" });
const controller = new AbortController();
const run = client.run("Dobrý den", { signal: controller.signal });
let before = 0;
let after = 0;
for await (const result of run) {
  void result;
  if (controller.signal.aborted) {
    if (++after >= 1000) break;
    continue;
  }
  if (++before === 50) {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    controller.abort();
  }
}
let timer: ReturnType<typeof setTimeout> | undefined;
const deadline = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 10_000)));
const closedInTime = await Promise.race([serverClosed.then(() => true), deadline]);
clearTimeout(timer);
console.log(JSON.stringify({ before, after, dropped: run.dropped, serverClosed: closedInTime }));
server.closeAllConnections();
server.close();
