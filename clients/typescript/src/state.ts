/**
 * What a run has shown so far, kept the way a chat screen needs it: text by message id, cards and actions by
 * id at their latest version, tool calls with their status labels, usage, suggested links and how the run
 * ended. Feed it every parse result (`apply`); UIs re-render on `subscribe`. Unknown events change nothing.
 */
import type {
  Action,
  Card,
  OpenLink,
  RunFinishedOutcome,
  ThreadDetail,
  UsageMeter,
} from "./generated/types.js";
import type { ParseResult } from "./parse.js";

/** One assistant (or other) text message of the run. */
export interface TextState {
  id: string;
  role: string;
  text: string;
  done: boolean;
}

/** One tool call: its status line while it runs, and how it ended. */
export interface ToolCallState {
  id: string;
  name: string;
  /** `metadata.label` of TOOL_CALL_START: the short human status ("Searching contacts…"). */
  label: string | undefined;
  done: boolean;
  ok: boolean | undefined;
  error: string | undefined;
}

/** How the run ended, once it did. */
export type RunEnd =
  | { kind: "finished"; outcome: RunFinishedOutcome | undefined }
  | { kind: "error"; code: string; message: string; retryable: boolean };

export class RunState {
  threadId: string | undefined;
  runId: string | undefined;
  readonly texts = new Map<string, TextState>();
  readonly cards = new Map<string, Card>();
  readonly actions = new Map<string, Action>();
  readonly toolCalls = new Map<string, ToolCallState>();
  readonly links: OpenLink[] = [];
  usage: UsageMeter[] | undefined;
  end: RunEnd | undefined;
  /** Paths of nested parts this version could not read (their cards show `fallbackText`). */
  readonly opaque: string[] = [];
  private readonly listeners = new Set<() => void>();

  /** Call `listener` after every change; returns the function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The text of every message in the order they started, joined by blank lines. */
  get text(): string {
    return [...this.texts.values()].map((t) => t.text).join("\n\n");
  }

  /** Take in one parse result; returns whether anything changed. */
  apply(result: ParseResult): boolean {
    if (result.kind !== "event") return false;
    const changed = this.event(result.event);
    this.opaque.push(...result.opaque);
    if (changed) for (const listener of this.listeners) listener();
    return changed;
  }

  /** Keep a card unless a later version of it is already here. */
  putCard(card: Card): boolean {
    const have = this.cards.get(card.id);
    if (have !== undefined && have.version > card.version) return false;
    this.cards.set(card.id, card);
    return true;
  }

  /** Keep an action unless a later version is here; `authoritative` (GET action, a decision's answer) wins. */
  putAction(action: Action, authoritative = false): boolean {
    const have = this.actions.get(action.id);
    if (!authoritative && have !== undefined && have.version > action.version) return false;
    this.actions.set(action.id, action);
    if (authoritative) for (const listener of this.listeners) listener();
    return true;
  }

  /** After a recovery: the stored thread's cards and actions are what the server holds (ACT-005). */
  adoptThread(detail: ThreadDetail): void {
    for (const message of detail.messages) for (const card of message.cards) this.putCard(card);
    for (const action of detail.actions) this.actions.set(action.id, action);
    for (const listener of this.listeners) listener();
  }

  private event(event: Extract<ParseResult, { kind: "event" }>["event"]): boolean {
    switch (event.type) {
      case "RUN_STARTED":
        this.threadId = event.threadId;
        this.runId = event.runId;
        return true;
      case "TEXT_MESSAGE_START":
        this.texts.set(event.messageId, { id: event.messageId, role: event.role ?? "assistant", text: "", done: false });
        return true;
      case "TEXT_MESSAGE_CONTENT": {
        const text = this.texts.get(event.messageId);
        if (text === undefined) {
          this.texts.set(event.messageId, { id: event.messageId, role: "assistant", text: event.delta, done: false });
        } else text.text += event.delta;
        return true;
      }
      case "TEXT_MESSAGE_END": {
        const text = this.texts.get(event.messageId);
        if (text !== undefined) text.done = true;
        return text !== undefined;
      }
      case "TOOL_CALL_START":
        this.toolCalls.set(event.toolCallId, {
          id: event.toolCallId,
          name: event.toolCallName,
          label: event.metadata?.label,
          done: false,
          ok: undefined,
          error: undefined,
        });
        return true;
      case "TOOL_CALL_END": {
        const call = this.toolCalls.get(event.toolCallId);
        if (call === undefined) return false;
        call.done = true;
        call.ok = event.metadata.ok;
        call.error = event.metadata.error;
        return true;
      }
      case "TOOL_CALL_RESULT":
        return false; // raw tool output is never shown (RUN-020)
      case "RUN_FINISHED":
        this.end = { kind: "finished", outcome: event.outcome };
        return true;
      case "RUN_ERROR":
        this.end = {
          kind: "error",
          code: event.code,
          message: event.message,
          retryable: event.metadata.retryable === true,
        };
        return true;
      case "CUSTOM":
        switch (event.name) {
          case "talkie.card":
            return this.putCard(event.value);
          case "talkie.action":
            return this.putAction(event.value);
          case "talkie.open":
            this.links.push(event.value);
            return true;
          case "talkie.usage":
            this.usage = event.value.usage;
            return true;
        }
    }
  }
}
