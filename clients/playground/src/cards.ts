/**
 * Cards (§6) and actions (§8) on the page. A card renders every block type; a card with a block this page
 * cannot render shows its `fallbackText` instead of the whole card (CARD-004). Links open on a click only;
 * a same-origin file is downloaded with the bearer token, any other url opens without it (CARD-006/007).
 * An action shows its summary, risk and status, and the buttons its status allows.
 */
import { type Action, type Card, type CardBlock, type ParseResult, TalkieError } from "../../typescript/src/index.js";
import { linkNode, render } from "./markdown.js";
import type { Turn } from "./trace.js";

/** What cards and actions need from the page. */
export interface Context {
  origin: string;
  token(): string | undefined;
  fetch: typeof fetch;
  begin(title: string): Turn;
  decide(action: Action, decision: "confirm" | "cancel", method: "button" | "voice"): Promise<{ action: Action; events: ParseResult[] }>;
  refresh(actionId: string): Promise<Action>;
  /** Whether the manifest names this endpoint: a feature without one is not offered (MAN-020). */
  supports(endpoint: "decision" | "action"): boolean;
  /** Cards that came with a decision's answer. */
  showEvents(events: ParseResult[], into: HTMLElement, turn: Turn): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function open(url: string, label: string, ctx: Context): HTMLElement {
  let target: URL;
  try {
    target = new URL(url, ctx.origin);
  } catch {
    return el("span", "refused-link", `${label} (${url})`);
  }
  if (target.protocol !== "https:" && target.origin !== ctx.origin) return el("span", "refused-link", `${label} (${url})`);
  return linkNode(label, target);
}

function size(bytes: number | undefined): string {
  if (bytes === undefined) return "";
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function fileBlock(block: Extract<CardBlock, { type: "file" }>, ctx: Context): HTMLElement {
  const wrap = el("div", "file");
  const meta = [block.mime, size(block.size)].filter((s) => s !== undefined && s !== "").join(", ");
  let target: URL | undefined;
  try {
    target = new URL(block.url, ctx.origin);
  } catch {
    target = undefined;
  }
  if (target !== undefined && target.origin === ctx.origin) {
    const button = el("button", "small", `Download ${block.name}`);
    button.type = "button";
    button.dataset.url = target.href;
    button.addEventListener("click", () => void download(target, block.name, ctx));
    wrap.append(button);
  } else wrap.append(open(block.url, `Open ${block.name}`, ctx));
  if (meta !== "") wrap.append(el("span", "muted", ` ${meta}`));
  return wrap;
}

/** CARD-006: the bearer token goes with a same-origin file only. */
async function download(url: URL, name: string, ctx: Context): Promise<void> {
  const turn = ctx.begin(`download ${name}`);
  const headers = new Headers();
  const token = ctx.token();
  if (token !== undefined) headers.set("authorization", `Bearer ${token}`);
  try {
    const response = await ctx.fetch(url.href, { headers, redirect: "error" });
    if (!response.ok) {
      turn.add("error", `the download answered ${response.status}`);
      return;
    }
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const a = el("a");
    a.href = href;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    turn.add("note", `downloaded ${name}: ${blob.size} bytes`);
  } catch (error) {
    turn.add("error", `download failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function block(b: CardBlock, ctx: Context): HTMLElement | undefined {
  switch (b.type) {
    case "heading":
      return el("h4", "card-heading", b.text);
    case "text": {
      const div = el("div", "card-text");
      div.append(render(b.text, ctx.origin));
      return div;
    }
    case "fields": {
      const dl = el("dl", "fields");
      for (const f of b.fields) dl.append(el("dt", undefined, f.label), el("dd", undefined, f.value));
      return dl;
    }
    case "list": {
      const ul = el("ul", "card-list");
      for (const item of b.items) {
        const li = el("li");
        li.append(item.url !== undefined ? open(item.url, item.title, ctx) : el("span", "item-title", item.title));
        if (item.subtitle !== undefined) li.append(el("span", "muted", ` ${item.subtitle}`));
        ul.append(li);
      }
      if (b.more !== undefined && b.more > 0) ul.append(el("li", "muted", `and ${b.more} more`));
      return ul;
    }
    case "link": {
      const p = el("p", "card-link");
      p.append(open(b.url, b.label, ctx));
      return p;
    }
    case "file":
      return fileBlock(b, ctx);
    case "badge":
      return el("span", `badge tone-${b.tone ?? "neutral"}`, b.text);
    case "unknown":
      return undefined;
  }
}

/** One card; its `fallbackText` alone when a block cannot be rendered (CARD-004). */
export function cardView(card: Card, ctx: Context): HTMLElement {
  const section = el("section", "card");
  section.setAttribute("aria-label", card.a11yLabel !== "" ? card.a11yLabel : card.title);
  section.dataset.cardId = card.id;
  const rendered = card.blocks.map((b) => block(b, ctx));
  if (rendered.some((node) => node === undefined)) {
    section.classList.add("fallback");
    section.append(el("p", "fallback-text", card.fallbackText));
    return section;
  }
  const head = el("header", "card-head");
  const title = el("h3", "card-title");
  title.append(card.url !== "" ? open(card.url, card.title, ctx) : document.createTextNode(card.title));
  head.append(title);
  if (card.subtitle !== "") head.append(el("p", "card-subtitle", card.subtitle));
  section.append(head);
  for (const node of rendered) if (node !== undefined) section.append(node);
  return section;
}

const FINAL = new Set(["done", "failed", "cancelled", "expired"]);

/** One action: summary, risk, status, expiry or undo window, and the decisions its status allows. */
export class ActionView {
  readonly element = el("section", "action");
  private readonly status = el("p", "action-status");
  private readonly buttons = el("div", "buttons");
  private readonly message = el("p", "action-message");
  private readonly results = el("div", "action-results");
  private busy = false;

  constructor(
    public action: Action,
    private readonly ctx: Context,
  ) {
    this.element.setAttribute("aria-label", `Action: ${action.summary}`);
    this.element.dataset.actionId = action.id;
    this.message.setAttribute("role", "status");
    this.element.append(el("h3", "action-summary", action.summary), this.status, this.buttons, this.message, this.results);
    this.render();
    // an event's copy may be stale: the server's GET action is what the person decides on (ACT-005)
    if (ctx.supports("action")) {
      this.element.dataset.loading = "true";
      ctx
        .refresh(action.id)
        .then((current) => this.update(current))
        .catch(() => undefined)
        .finally(() => delete this.element.dataset.loading);
    }
  }

  /** A newer version from a stream or a thread load (the server's answer is authoritative). */
  update(action: Action): void {
    if (action.version < this.action.version) return;
    this.action = action;
    this.render();
  }

  private render(): void {
    const a = this.action;
    this.element.dataset.status = a.status;
    const decides = this.ctx.supports("decision");
    this.element.dataset.methods = decides ? a.confirm.methods.join(" ") : "";
    const parts = [`Status: ${a.status}`, `risk: ${a.riskLevel}`];
    if (a.status === "pending") parts.push(`expires ${new Date(a.expiresAt).toLocaleTimeString()}`);
    if (a.status === "running" && a.undoUntil !== undefined) parts.push(`cancel possible until ${new Date(a.undoUntil).toLocaleTimeString()}`);
    parts.push(`confirm by ${a.confirm.methods.join(" or ")}`);
    if (a.confirm.voice?.keyword !== undefined) parts.push(`keyword “${a.confirm.voice.keyword}”`);
    if (!decides) parts.push("this server takes no decisions here");
    this.status.textContent = parts.join(" · ");
    this.buttons.replaceChildren();
    const undo = a.status === "running" && a.undoUntil !== undefined && Date.parse(a.undoUntil) > Date.now();
    if (decides && a.status === "pending" && a.confirm.methods.includes("button")) this.buttons.append(this.button("Confirm", "confirm"));
    if (decides && (a.status === "pending" || undo)) this.buttons.append(this.button(undo ? "Undo (cancel)" : "Cancel", "cancel"));
    if (!FINAL.has(a.status) && this.ctx.supports("action")) this.buttons.append(this.reload());
  }

  private button(label: string, decision: "confirm" | "cancel"): HTMLButtonElement {
    const button = el("button", decision === "confirm" ? "primary" : "", label);
    button.type = "button";
    button.disabled = this.busy;
    button.addEventListener("click", () => void this.decide(decision));
    return button;
  }

  private reload(): HTMLButtonElement {
    const button = el("button", "small", "Reload action");
    button.type = "button";
    button.addEventListener("click", () => {
      this.ctx
        .refresh(this.action.id)
        .then((action) => this.update(action))
        .catch((error: unknown) => (this.message.textContent = describe(error)));
    });
    return button;
  }

  /** A person's decision, method `button` or `voice`; the server's refusal is shown as it says it. */
  async decide(decision: "confirm" | "cancel", method: "button" | "voice" = "button"): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.render();
    const turn = this.ctx.begin(`decision: ${decision} ${this.action.id} (${method})`);
    try {
      const answer = await this.ctx.decide(this.action, decision, method);
      this.action = answer.action;
      this.element.dataset.decided = decision;
      this.message.dataset.failed = "false";
      this.message.textContent = `The server says: ${answer.action.status}`;
      this.ctx.showEvents(answer.events, this.results, turn);
    } catch (error) {
      this.message.dataset.failed = "true";
      this.message.textContent = describe(error);
      turn.add("error", describe(error));
      if (error instanceof TalkieError && (error.code === "stale" || error.code === "expired" || error.code === "conflict")) {
        const rule = { stale: "ACT-010", expired: "ACT-011", conflict: "ACT-009" }[error.code];
        turn.add("note", `${error.status ?? ""} ${error.code}: the server refuses as ${rule} says; reloading the action`);
        await this.ctx.refresh(this.action.id).then((action) => (this.action = action)).catch(() => undefined);
      }
    } finally {
      this.busy = false;
      this.render();
    }
  }
}

/** A person-readable line for any failure, with the server's §3 message when there is one. */
export function describe(error: unknown): string {
  if (error instanceof TalkieError) {
    if (error.kind === "http") return `The server says (${error.status ?? ""} ${error.code}): ${error.response.error.message}`;
    if (error.kind === "protocol") return `Refused by the client: ${error.message}`;
    return `No answer: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
