/**
 * Run-stream checks on the client side: the grammar the conformance suite holds a server to (RUN_STARTED
 * first, one terminal event last, text messages and tool calls opened before use and closed once), so a
 * developer sees a broken server while building the app. Problems are warnings naming the rule: the client
 * still reads the stream tolerantly, as talkie/1 tells it to.
 */
import { RULES, type RuleId } from "./generated/rules.js";
import type { ParseResult } from "./parse.js";

/** One rule a stream broke. */
export interface StreamWarning {
  rule: RuleId;
  /** The rule's statement, from spec/rules.yaml. */
  statement: string;
  /** What this stream did, with the event's position. */
  message: string;
  /** 0-based position of the event in the stream (after chunk expansion). */
  index: number;
}

const TERMINAL = new Set(["RUN_FINISHED", "RUN_ERROR"]);

/** Feed every parse result of one stream in order, then `end()`; each call returns the new warnings. */
export class StreamChecker {
  private index = -1;
  private started = false;
  private terminal: string | undefined;
  private readonly openText = new Set<string>();
  private readonly closedText = new Set<string>();
  private readonly openTools = new Set<string>();
  private readonly startedTools = new Set<string>();

  private warn(rule: RuleId, message: string): StreamWarning {
    return { rule, statement: RULES[rule].statement, message, index: this.index };
  }

  /** The warnings one more event adds. */
  push(result: ParseResult): StreamWarning[] {
    this.index++;
    const out: StreamWarning[] = [];
    const at = `event #${this.index}`;
    if (result.kind === "error") {
      out.push(this.warn("RUN-010", `${at}: ${result.message} (${result.errors.slice(0, 3).join("; ")})`));
      if (result.type === undefined) return out;
    }
    const type = result.kind === "error" ? result.type ?? "" : result.event.type;
    if (this.terminal !== undefined) {
      out.push(this.warn("RUN-024", `${at}: ${type} after ${this.terminal}`));
    }
    if (this.index === 0 && type !== "RUN_STARTED") {
      out.push(this.warn("RUN-014", `${at}: the stream opens with ${type}, not RUN_STARTED`));
    } else if (this.index > 0 && type === "RUN_STARTED") {
      out.push(this.warn("RUN-014", `${at}: RUN_STARTED again`));
    }
    this.started ||= type === "RUN_STARTED";
    if (result.kind === "event") out.push(...this.nesting(result, at));
    if (TERMINAL.has(type) && this.terminal === undefined) this.terminal = type;
    return out;
  }

  private nesting(result: Extract<ParseResult, { kind: "event" }>, at: string): StreamWarning[] {
    const event = result.event;
    const out: StreamWarning[] = [];
    switch (event.type) {
      case "TEXT_MESSAGE_START":
        if (this.openText.has(event.messageId) || this.closedText.has(event.messageId)) {
          out.push(this.warn("RUN-015", `${at}: text message ${event.messageId} started twice`));
        }
        this.openText.add(event.messageId);
        break;
      case "TEXT_MESSAGE_CONTENT":
        if (!this.openText.has(event.messageId)) {
          out.push(this.warn("RUN-015", `${at}: content for text message ${event.messageId}, which is not open`));
        }
        break;
      case "TEXT_MESSAGE_END":
        if (!this.openText.has(event.messageId)) {
          out.push(this.warn("RUN-015", `${at}: end of text message ${event.messageId}, which is not open`));
        }
        this.openText.delete(event.messageId);
        this.closedText.add(event.messageId);
        break;
      case "TOOL_CALL_START":
        if (this.startedTools.has(event.toolCallId)) {
          out.push(this.warn("RUN-016", `${at}: tool call ${event.toolCallId} started twice`));
        }
        this.openTools.add(event.toolCallId);
        this.startedTools.add(event.toolCallId);
        break;
      case "TOOL_CALL_END":
        if (!this.openTools.has(event.toolCallId)) {
          out.push(this.warn("RUN-018", `${at}: end of tool call ${event.toolCallId}, which is not open`));
        }
        this.openTools.delete(event.toolCallId);
        break;
      case "TOOL_CALL_RESULT":
        if (!this.startedTools.has(event.toolCallId)) {
          out.push(this.warn("RUN-016", `${at}: result for tool call ${event.toolCallId}, never started`));
        }
        break;
      case "RUN_FINISHED":
        if (this.openText.size > 0) {
          out.push(this.warn("RUN-015", `${at}: RUN_FINISHED with text still open: ${[...this.openText].join(", ")}`));
        }
        if (this.openTools.size > 0) {
          out.push(this.warn("RUN-018", `${at}: RUN_FINISHED with tool calls open: ${[...this.openTools].join(", ")}`));
        }
        break;
      default:
    }
    return out;
  }

  /**
   * The stream is over. `complete`: it ended as a stream does (not dropped or aborted), so a missing
   * terminal event is the server's fault; a dropped stream is only a reason to recover (RUN-029).
   */
  end(complete: boolean): StreamWarning[] {
    this.index++;
    if (this.index === 0 && complete) return [this.warn("RUN-014", "the stream carried no event at all")];
    if (complete && this.terminal === undefined) {
      return [this.warn("RUN-024", "the stream ended without RUN_FINISHED or RUN_ERROR")];
    }
    return [];
  }
}
