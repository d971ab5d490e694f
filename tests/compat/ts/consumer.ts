// Compiled with `tsc --strict` against openapi-typescript's output of the consumer view, then run on the
// forward-compatibility corpus: JSON.parse is the decoder, the generated types say what code may read.
// Each function reads a value the corpus says must survive through the generated types only.
import { readFileSync, readdirSync } from "node:fs";
import type { components } from "./api.js";

type S = components["schemas"];

/** The block's tag, known or not: an unknown block still has one, so the card can fall back. */
function blockType(block: S["CardBlock"]): string {
  return block.type;
}

/** What a receiver shows for a card: its blocks' tags and the fallback text, always reachable. */
function card(value: S["Card"]): { types: string[]; fallbackText: string } {
  return { types: value.blocks.map(blockType), fallbackText: value.fallbackText };
}

/** A stream event's tag, its timestamp (a JS number holds every int64 the contract uses exactly). */
function event(value: S["StreamEvent"]): { type: string; timestamp?: number } {
  return { type: value.type, timestamp: "timestamp" in value ? value.timestamp : undefined };
}

/** The outcome of a finished run, known or not. */
function outcome(value: S["RunFinishedEvent"]): string | undefined {
  return value.outcome?.type;
}

const folder = process.argv[2];
const out: Record<string, unknown> = {};
for (const file of readdirSync(folder).filter((f) => f.endsWith(".json")).sort()) {
  const text = readFileSync(`${folder}/${file}`, "utf-8");
  const c = JSON.parse(text) as { schema: string; input: unknown };
  const name = file.replace(/\.json$/, "");
  if (c.schema === "Card") out[name] = card(c.input as S["Card"]);
  else if (c.schema === "StreamEvent") {
    const e = c.input as S["StreamEvent"];
    out[name] = { ...event(e), outcome: e.type === "RUN_FINISHED" ? outcome(e as S["RunFinishedEvent"]) : undefined };
  }
}
console.log(JSON.stringify(out));
