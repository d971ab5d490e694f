/**
 * The trace pane: one turn per thing the person did (a message, a decision, a thread load, a voice session),
 * holding every request and event in order with the milliseconds since the turn began, and the verdicts of
 * the client-side checks with their rule ids linked to the rule's block on the site. A turn exports as JSON.
 */
import { SITE_RULES } from "./generated/rules.js";

export type EntryKind = "request" | "response" | "event" | "note" | "error";

export interface TraceEntry {
  at: number;
  kind: EntryKind;
  text: string;
  data?: unknown;
}

/** One rule the page checked in this turn: passed, or broken with what the server did. */
export interface Verdict {
  rule: string;
  ok: boolean;
  message: string;
}

let turns = 0;

/** A rule's block on the site; the rules matrix for an id the table does not hold. */
export function ruleUrl(rule: string): string {
  return SITE_RULES[rule]?.url ?? "https://talkie-protocol.org/reference/rules/";
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export class Turn {
  readonly id: string;
  readonly startedAt = new Date().toISOString();
  readonly entries: TraceEntry[] = [];
  readonly verdicts: Verdict[] = [];
  readonly element: HTMLElement;
  private readonly started = performance.now();
  private readonly list: HTMLOListElement;
  private readonly verdictList: HTMLUListElement;
  private readonly summary: HTMLElement;

  constructor(readonly title: string) {
    this.id = `turn-${++turns}`;
    this.element = el("article", "turn");
    this.element.id = this.id;
    this.element.setAttribute("aria-labelledby", `${this.id}-title`);
    const head = el("header", "turn-head");
    const h = el("h3", undefined, title);
    h.id = `${this.id}-title`;
    this.summary = el("span", "verdict");
    const exportButton = el("button", "small", "Export turn");
    exportButton.type = "button";
    exportButton.setAttribute("aria-label", `Export turn: ${title}`);
    exportButton.addEventListener("click", () => this.download());
    head.append(h, this.summary, exportButton);
    this.verdictList = el("ul", "verdicts");
    this.verdictList.setAttribute("aria-label", "Checks");
    const details = el("details", "entries");
    const label = el("summary", undefined, "Requests and events");
    this.list = el("ol");
    details.append(label, this.list);
    details.open = true;
    this.element.append(head, this.verdictList, details);
    this.renderSummary();
  }

  /** Add one line to the turn: what happened, at how many ms since it began. */
  add(kind: EntryKind, text: string, data?: unknown): void {
    const entry: TraceEntry = { at: Math.round(performance.now() - this.started), kind, text };
    if (data !== undefined) entry.data = data;
    this.entries.push(entry);
    const li = el("li", `entry ${kind}`);
    li.append(el("span", "at", `${entry.at} ms`), el("span", "kind", kind), el("span", "text", text));
    if (data !== undefined) {
      const body = el("details", "data");
      body.append(el("summary", undefined, "JSON"), el("pre", undefined, JSON.stringify(data, null, 1)));
      li.append(body);
    }
    this.list.append(li);
  }

  /** Record the verdict of one client-side check (a broken rule also goes into the entries). */
  check(rule: string, ok: boolean, message: string): void {
    this.verdicts.push({ rule, ok, message });
    if (!ok) {
      const li = el("li", "problem");
      const link = el("a", "rule", rule);
      link.href = ruleUrl(rule);
      link.target = "_blank";
      link.rel = "noopener noreferrer";
      const statement = SITE_RULES[rule]?.statement;
      if (statement !== undefined) link.title = statement;
      li.append(link, document.createTextNode(` ${message}`));
      this.verdictList.append(li);
    }
    this.renderSummary();
  }

  get problems(): Verdict[] {
    return this.verdicts.filter((v) => !v.ok);
  }

  private renderSummary(): void {
    const bad = this.problems.length;
    const rules = new Set(this.verdicts.map((v) => v.rule)).size;
    this.summary.textContent = bad === 0 ? `${rules} rules checked, no problem` : `${bad} problem${bad === 1 ? "" : "s"} (${rules} rules checked)`;
    this.summary.className = bad === 0 ? "verdict ok" : "verdict bad";
  }

  toJSON(): object {
    return { id: this.id, title: this.title, startedAt: this.startedAt, entries: this.entries, verdicts: this.verdicts };
  }

  private download(): void {
    const blob = new Blob([JSON.stringify(this.toJSON(), null, 1)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = el("a");
    a.href = url;
    a.download = `talkie-${this.id}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** All turns of the session, newest at the top of the pane. */
export class Trace {
  readonly turns: Turn[] = [];
  current: Turn | undefined;

  constructor(private readonly pane: HTMLElement) {}

  begin(title: string): Turn {
    const turn = new Turn(title);
    this.turns.push(turn);
    this.current = turn;
    this.pane.prepend(turn.element);
    return turn;
  }

  /** The current turn, or a new one titled `title` when none was begun. */
  here(title: string): Turn {
    return this.current ?? this.begin(title);
  }
}
