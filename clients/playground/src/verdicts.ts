/**
 * The page's own checks of what a server sent, beyond the client's stream grammar: card shape and urls
 * (§6), the text format (§7), action states (§8) and thread lists (§9). Each reports a verdict naming its
 * rule; nothing here changes what is shown (the page renders tolerantly, as a client must).
 */
import type { Action, ActionStatus, Card, ThreadDetail, ThreadList } from "../../typescript/src/index.js";
import type { Turn } from "./trace.js";

/** Whether a url is a same-origin path or an https address (CARD-005, TEXT-002). */
export function sameOriginOrHttps(url: string, origin: string): boolean {
  try {
    const target = new URL(url, origin);
    return target.protocol === "https:" || target.origin === origin;
  } catch {
    return false;
  }
}

function cardUrls(card: Card): string[] {
  const urls = [card.url];
  for (const block of card.blocks) {
    if (block.type === "link" || block.type === "file") urls.push(block.url);
    if (block.type === "list") for (const item of block.items) if (item.url !== undefined) urls.push(item.url);
  }
  return urls.filter((url) => url !== "");
}

export function checkCard(turn: Turn, card: Card, origin: string): void {
  turn.check("CARD-001", true, `card ${card.id} has the §6 shape`);
  turn.check("CARD-003", card.fallbackText.trim() !== "", `card ${card.id} ${card.fallbackText.trim() === "" ? "has an empty" : "has a"} fallbackText`);
  const unknown = card.blocks.filter((b) => b.type === "unknown");
  turn.check(
    "CARD-002",
    unknown.length === 0,
    unknown.length === 0 ? `card ${card.id}: every block is a §6 type` : `card ${card.id}: block type ${unknown.map((b) => (b.type === "unknown" ? b.tag : "")).join(", ")} is not one of §6 (shown as fallbackText)`,
  );
  const bad = cardUrls(card).filter((url) => !sameOriginOrHttps(url, origin));
  turn.check("CARD-005", bad.length === 0, bad.length === 0 ? `card ${card.id}: every url is same-origin or https` : `card ${card.id}: ${bad.join(", ")} is neither same-origin nor https`);
}

const LINK = /\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)\)/g;

/** TEXT-002 (link targets) and TEXT-003 (no HTML, no images) on one finished assistant text. */
export function checkText(turn: Turn, text: string, origin: string): void {
  const bad = [...text.matchAll(LINK)].map((m) => m[2] ?? "").filter((url) => !sameOriginOrHttps(url, origin));
  turn.check("TEXT-002", bad.length === 0, bad.length === 0 ? "every link in the text is https or same-origin" : `links to ${bad.join(", ")}`);
  const html = /<\/?[a-z][^>]*>|!\[[^\]]*\]\(/i.exec(text);
  turn.check("TEXT-003", html === null, html === null ? "no HTML and no image in the text" : `the text holds ${html[0].slice(0, 60)} (shown as text)`);
}

const NEXT: { readonly [from in ActionStatus]: readonly ActionStatus[] } = {
  pending: ["pending", "running", "done", "failed", "cancelled", "expired"],
  running: ["running", "done", "failed", "cancelled"],
  done: ["done"],
  failed: ["failed"],
  cancelled: ["cancelled"],
  expired: ["expired"],
};

/** ACT-003 (a move the state machine allows) and ACT-018 (`running` carries `undoUntil`). */
export function checkAction(turn: Turn, action: Action, before: Action | undefined): void {
  turn.check("ACT-002", true, `action ${action.id} has the §8 members`);
  if (before !== undefined && before.status !== action.status) {
    const ok = NEXT[before.status].includes(action.status);
    turn.check("ACT-003", ok, `action ${action.id} moved from ${before.status} to ${action.status}`);
  }
  if (action.status === "running") {
    turn.check("ACT-018", action.undoUntil !== undefined, `action ${action.id} is running ${action.undoUntil === undefined ? "without" : "with"} undoUntil`);
  }
}

/** THR-001/THR-002: the list holds at most 50 summaries, newest first by updatedAt. */
export function checkThreads(turn: Turn, list: ThreadList): void {
  turn.check("THR-002", list.threads.length <= 50, `${list.threads.length} threads listed`);
  const times = list.threads.map((t) => Date.parse(t.updatedAt));
  const sorted = times.every((time, i) => i === 0 || (times[i - 1] ?? time) >= time);
  turn.check("THR-002", sorted, sorted ? "threads are newest first" : "threads are not newest first by updatedAt");
}

/** THR-004: the messages of a thread come oldest first. */
export function checkThread(turn: Turn, detail: ThreadDetail): void {
  const times = detail.messages.map((m) => Date.parse(m.createdAt));
  const sorted = times.every((time, i) => i === 0 || (times[i - 1] ?? time) <= time);
  turn.check("THR-004", sorted, sorted ? `${detail.messages.length} messages, oldest first` : "messages are not oldest first");
}
