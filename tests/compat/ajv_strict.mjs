// Compiles every schema of a folder with Ajv's JSON Schema 2020-12 class in its default (strict) mode.
// Usage: node ajv_strict.mjs <node tools dir> <schemas dir> [keyword ...]
// The keywords named after the folder are declared as annotation-only vocabulary (addVocabulary), the way a
// strict validator is told about keywords beyond 2020-12. Strict-mode warnings (strictTypes, strictTuples log
// by default) count too. Prints {"<file>": [] | ["<error or warning>", ...]} as JSON.
import { createRequire } from "node:module";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [toolsDir, schemaDir, ...vocabulary] = process.argv.slice(2);
const require = createRequire(join(resolve(toolsDir), "package.json"));
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const files = readdirSync(schemaDir).filter((name) => name.endsWith(".json")).sort();
const schemas = files.map((name) => JSON.parse(readFileSync(join(schemaDir, name), "utf8")));
const result = {};
let problems = [];
console.warn = (...args) => problems.push(args.join(" ").split("\n")[0]);
for (const [index, name] of files.entries()) {
  // A fresh instance per file, so one broken schema cannot hide behind another's error.
  const ajv = new Ajv2020();
  addFormats(ajv);
  if (vocabulary.length) ajv.addVocabulary(vocabulary);
  problems = [];
  try {
    schemas.forEach((schema, other) => other !== index && ajv.addSchema(schema));
    ajv.compile(schemas[index]);
  } catch (error) {
    problems.push(String(error.message).split("\n")[0]);
  }
  result[name] = [...new Set(problems)];
}
console.log(JSON.stringify(result));
