// Runs json-schema-to-typescript with its default options on every schema file, one .ts module per file.
// Usage: node json_schema_to_typescript.mjs <node tools dir> <schemas dir> <output dir>
import { createRequire } from "node:module";
import { readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [toolsDir, schemaDir, outDir] = process.argv.slice(2);
const require = createRequire(join(resolve(toolsDir), "package.json"));
const { compileFromFile } = require("json-schema-to-typescript");

for (const name of readdirSync(schemaDir).filter((n) => n.endsWith(".json")).sort()) {
  const source = await compileFromFile(join(schemaDir, name), { cwd: resolve(schemaDir) });
  writeFileSync(join(outDir, name.replace(/\.json$/, ".ts")), source);
}
