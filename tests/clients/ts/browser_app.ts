/** Runs the app in a page: `await talkieApp(origin, token)` resolves with the report lines. */
import { main } from "./app.js";

async function talkieApp(origin: string, token: string): Promise<string[]> {
  const lines: string[] = [];
  await main(origin, token, (line) => lines.push(line));
  return lines;
}

Object.assign(globalThis, { talkieApp });
