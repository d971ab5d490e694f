// Marks dist/cjs as CommonJS, so Node and TypeScript (`node16`) read its .js and .d.ts files as such.
import { writeFileSync } from "node:fs";

writeFileSync(new URL("../dist/cjs/package.json", import.meta.url), '{ "type": "commonjs" }\n');
