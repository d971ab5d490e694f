// Test data straight from the contract: the schema files, their examples and invalid cases, recorded streams.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// build/test/support.js -> the repository's schemas/ folder
export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..", "schemas");

export interface SchemaFile {
  file: string;
  id: string;
  examples: unknown[];
}

const read = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));

export function schemaFiles(): SchemaFile[] {
  return readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((file) => {
      const schema = read(join(SCHEMA_DIR, file)) as { $id: string; examples?: unknown[] };
      return { file, id: schema.$id, examples: schema.examples ?? [] };
    });
}

export interface InvalidCase {
  name: string;
  keyword: string;
  instance: unknown;
}

export function invalidCases(file: string): InvalidCase[] {
  const dir = join(SCHEMA_DIR, "invalid", file.replace(/\.json$/, ""));
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
  } catch {
    return [];
  }
  return names.map((name) => ({ name, ...(read(join(dir, name)) as Omit<InvalidCase, "name">) }));
}

/** Every recorded run stream of schemas/examples/ (a JSON array of events). */
export function recordedStreams(): { name: string; events: unknown[] }[] {
  const dir = join(SCHEMA_DIR, "examples");
  return readdirSync(dir)
    .filter((name) => name.startsWith("stream-") && name.endsWith(".json"))
    .sort()
    .map((name) => ({ name, events: read(join(dir, name)) as unknown[] }));
}
