// The adapter of talkie-types' TalkieClient for `talkie-mock clients run`: connect to the scenario's manifest
// URL with the development token, send one message, read the run (recovering from the thread after a drop),
// and print what an app would show as the suite's adapter lines (one JSON object a line).
import { TalkieClient, TalkieError } from "talkie-types";

const [url = process.env.TALKIE_URL ?? "", token = process.env.TALKIE_TOKEN ?? ""] = process.argv.slice(2);
const RENDERED = new Set<string>(["heading", "text", "fields", "list", "link", "file", "badge"]);
const show = (kind: string, data: { [key: string]: unknown }): void => console.log(JSON.stringify({ kind, ...data }));

try {
  const client = await TalkieClient.connect(url, {
    tokens: token,
    development: true,
    onWarning: (w) => show("warning", { rule: w.rule, message: w.message }),
  });
  const run = client.run("Hello");
  await run.complete();
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
  }
  // a decision is the person's: offered here, never taken by the adapter (ACT-014)
  for (const action of run.state.actions.values()) show("decision", { action: action.id, offered: action.confirm.methods, taken: null });
  for (const link of run.state.links) show("link", { url: link.url });
} catch (error) {
  show("error", { rule: error instanceof TalkieError ? error.rule : undefined, message: String(error) });
  process.exitCode = 1;
}
