// The adapter of talkie-types' TalkieClient for `talkie-mock clients run`: connect to the scenario's address
// with the development token, send one message, read the run (recovering from the thread after a drop), make
// the person's gestures of TALKIE_PERSON that talkie-types supports, and print what an app would show as the
// suite's adapter lines (one JSON object a line); `unable` for a gesture it does not make.
import { type Action, type Card, TalkieClient, TalkieError } from "talkie-types";

const [url = process.env.TALKIE_URL ?? "", token = process.env.TALKIE_TOKEN ?? ""] = process.argv.slice(2);
const person = (process.env.TALKIE_PERSON ?? "").split(",").map((g) => g.trim()).filter((g) => g !== "");
const MADE = new Set<string>(["stop", "approve", "reject", "open", "again", "production"]);
const RENDERED = new Set<string>(["heading", "text", "fields", "list", "link", "file", "badge"]);
const show = (kind: string, data: { [key: string]: unknown }): void => console.log(JSON.stringify({ kind, ...data }));

/** Every url of a card a person can tap, with the type of the block it belongs to. */
function urls(card: Card): { url: string; block?: string }[] {
  const found: { url: string; block?: string }[] = card.url === undefined ? [] : [{ url: card.url }];
  for (const block of card.blocks) {
    const b = block as { type: string; url?: unknown; items?: { url?: unknown }[] };
    if (typeof b.url === "string") found.push({ url: b.url, block: b.type });
    for (const item of b.type === "list" && Array.isArray(b.items) ? b.items : []) {
      if (typeof item.url === "string") found.push({ url: item.url, block: "list" });
    }
  }
  return found;
}

/** The person taps a url: a same-origin file is downloaded with the token, anything else opens in the browser. */
async function tap(client: TalkieClient, url: string, block?: string): Promise<void> {
  const target = client.target(url, block);
  if (target.how === "download") await (await client.download(target.url)).arrayBuffer().catch(() => undefined);
  show("opened", { url: target.url.href, how: target.how });
}

/** An action as GET action has it (ACT-005), the methods it lists when it can be decided (ACT-015, MAN-020). */
async function decide(client: TalkieClient, action: Action): Promise<void> {
  const current = client.supports("action") ? await client.action(action.id).catch(() => action) : action;
  const offered = client.supports("decision") ? current.confirm.methods : [];
  const wanted = person.includes("approve") ? "confirm" : person.includes("reject") ? "cancel" : null;
  // a decision is the person's: taken only on their tap of the button (ACT-014)
  const taken = wanted !== null && offered.includes("button") && current.status === "pending" ? wanted : null;
  show("decision", { action: current.id, version: current.version, offered, taken });
  if (taken !== null) {
    await client.decide(current, { decision: taken, paramsHash: current.paramsHash, method: "button" }).catch((error: unknown) => {
      show("error", { message: String(error) });
    });
  }
}

async function conversation(client: TalkieClient): Promise<void> {
  const run = client.run("Hello");
  let stopped = false;
  for await (const result of run) {
    if (person.includes("stop") && !stopped && result.kind === "event" && result.event.type === "TEXT_MESSAGE_CONTENT") {
      stopped = true; // the person presses stop at the first words: the run is cancelled, its stream read to its end
      await run.cancel();
    }
  }
  if (run.dropped) {
    const recovered = await run.recover({ interval: 200 });
    show("text", { text: recovered.reply.map((m) => m.content).join(" ") });
  } else {
    show("text", { text: run.state.text });
  }
  for (const card of run.state.cards.values()) {
    // the blocks this app renders; a card with any other shows as its fallbackText (CARD-004)
    const fallback = card.blocks.some((block) => !RENDERED.has(block.type));
    show("card", { fallback, text: fallback ? card.fallbackText : card.title });
    if (person.includes("open")) for (const { url, block } of urls(card)) await tap(client, url, block);
  }
  for (const action of run.state.actions.values()) await decide(client, action);
  for (const link of run.state.links) {
    show("link", { url: link.url });
    if (person.includes("open")) await tap(client, link.url);
  }
}

for (const gesture of person) if (!MADE.has(gesture)) show("unable", { gesture });
try {
  const client = await TalkieClient.connect(url, {
    tokens: token,
    development: !person.includes("production"),
    onWarning: (w) => show("warning", { rule: w.rule, message: w.message }),
  });
  await conversation(client);
  if (person.includes("again")) await conversation(client); // a second conversation, the manifest kept
} catch (error) {
  show("error", { rule: error instanceof TalkieError ? error.rule : undefined, message: String(error) });
  process.exitCode = 1;
}
