/**
 * Decodes every case of a forward-compatibility corpus folder with the tolerant parser and checks its
 * `expect`: `node corpus.js FOLDER` prints one JSON line per case, `{file, problems}`.
 * A pointer of `expect.values` names a place in the input; where the parser handed a part on as its typed
 * `Unknown…` value, the pointer continues in that value's `raw` (what the server sent).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { decode, formatPath, isSchemaTitle, parseEvent, type PathSegment } from "talkie-types";

interface Outcome {
  kind: string;
  type: unknown;
  value: unknown;
  opaque: string[];
}

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function read(schema: string, input: unknown): Outcome | string {
  if (schema === "StreamEvent") {
    const result = parseEvent(input);
    if (result.kind === "error") return `${result.message}: ${result.errors.join("; ")}`;
    const opaque = result.kind === "event" ? result.opaque : [];
    return { kind: result.kind === "event" ? "known" : "unknown", type: result.event.type, value: result.event, opaque };
  }
  if (!isSchemaTitle(schema)) return `no schema titled ${schema}`;
  const decoded = decode(schema, input);
  if (!decoded.ok) return decoded.errors.join("; ");
  const value: unknown = decoded.value;
  // `expect.type` is the value's own `type` member (tests/compat/corpus/README.md), whatever the union's tag.
  const type = isRecord(value) ? value["type"] : undefined;
  return { kind: "known", type, value, opaque: decoded.opaque };
}

/** The value at a JSON pointer of the input, looked up in the decoded value. */
function at(outcome: Outcome, pointer: string): unknown {
  const tokens = pointer.split("/").slice(1).map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = outcome.value;
  const path: PathSegment[] = [];
  for (const token of tokens) {
    if (outcome.opaque.includes(formatPath(path)) && isRecord(node)) node = node["raw"];
    if (Array.isArray(node)) {
      const index = Number(token);
      path.push(index);
      node = node[index];
    } else if (isRecord(node)) {
      path.push(token);
      node = node[token];
    } else return undefined;
  }
  if (outcome.opaque.includes(formatPath(path)) && isRecord(node)) node = node["raw"];
  return node;
}

const folder = process.argv[2];
if (folder === undefined) throw new Error("usage: node corpus.js FOLDER");
for (const file of readdirSync(folder).filter((name) => name.endsWith(".json")).sort()) {
  const problems: string[] = [];
  const parsed: unknown = JSON.parse(readFileSync(join(folder, file), "utf-8"));
  if (!isRecord(parsed) || typeof parsed["schema"] !== "string" || !isRecord(parsed["expect"])) {
    console.log(JSON.stringify({ file, problems: ["not a corpus case"] }));
    continue;
  }
  const expect = parsed["expect"];
  const outcome = read(parsed["schema"], parsed["input"]);
  if (typeof outcome === "string") problems.push(outcome);
  else {
    if (outcome.kind !== expect["kind"]) problems.push(`read as ${outcome.kind}, expected ${String(expect["kind"])}`);
    if ("type" in expect && outcome.type !== expect["type"]) {
      problems.push(`type ${JSON.stringify(outcome.type)}, expected ${JSON.stringify(expect["type"])}`);
    }
    const values = isRecord(expect["values"]) ? expect["values"] : {};
    for (const [pointer, want] of Object.entries(values)) {
      const have = at(outcome, pointer);
      if (JSON.stringify(have) !== JSON.stringify(want)) {
        problems.push(`${pointer}: ${JSON.stringify(have)}, expected ${JSON.stringify(want)}`);
      }
    }
  }
  console.log(JSON.stringify({ file, problems }));
}
