/** Runs the app in Node: `node node_app.js ORIGIN TOKEN`. */
import { main } from "./app.js";

const [origin, token] = process.argv.slice(2);
if (origin === undefined || token === undefined) throw new Error("usage: node node_app.js ORIGIN TOKEN");
await main(origin, token, (line) => console.log(line));
