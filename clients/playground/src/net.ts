/**
 * The `fetch` the client is given: every request and answer goes into the current trace turn (the bearer
 * token masked), a non-2xx answer is checked against the §3 error shape, and in forwarding mode a URL on the
 * target's origin becomes `<forward><path><query>` on the playground with the developer key, while any other
 * origin is refused (the page never reaches a third party through the forwarder).
 */
import { decode, ERROR_CATALOGUE } from "../../typescript/src/index.js";
import type { Turn } from "./trace.js";

/** Where a request's lines go: the trace's current turn, or the turn that owns the URL (a voice call's). */
export interface TurnSource {
  here(title: string, url: URL): Turn;
}

export interface Forwarding {
  /** The target's origin: the only one the forwarder reaches. */
  origin: string;
  /** `/_mock/playground/forward` on the playground's own origin. */
  prefix: string;
  key: string;
}

/** The URL the browser really asks for: the same URL, or its forwarded form; undefined when refused. */
export function routed(url: URL, forwarding: Forwarding | undefined): URL | undefined {
  if (forwarding === undefined) return url;
  if (url.origin !== forwarding.origin) return undefined;
  return new URL(forwarding.prefix + url.pathname + url.search, location.origin);
}

function masked(headers: Headers): { [name: string]: string } {
  const out: { [name: string]: string } = {};
  headers.forEach((value, name) => {
    out[name] = name === "authorization" ? value.replace(/^(\w+)\s+(.{0,4}).*$/, "$1 $2…") : value;
  });
  return out;
}

const has = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

/** ERR-001 (a §3 body) and ERR-003 (a listed code only with its status) on one non-2xx answer. */
export function checkErrorBody(status: number, text: string, report: (rule: string, ok: boolean, message: string) => void): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const decoded = decode("ErrorResponse", body);
  if (!decoded.ok) {
    report("ERR-001", false, `HTTP ${status} answered without a §3 error body: ${text.slice(0, 120)}`);
    return;
  }
  report("ERR-001", true, `HTTP ${status} with a §3 error body`);
  const code = decoded.value.error.code;
  if (has(ERROR_CATALOGUE, code)) {
    const statuses: readonly number[] = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].httpStatus;
    report("ERR-003", statuses.includes(status), `code ${code} with HTTP ${status} (the table pairs it with ${statuses.join(", ")})`);
  }
}

/** A `fetch` that traces into `trace` and, with `forwarding`, goes through the playground's forwarder. */
export function tracedFetch(trace: TurnSource, forwarding: Forwarding | undefined, base: typeof fetch = globalThis.fetch.bind(globalThis)): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const method = (init?.method ?? "GET").toUpperCase();
    const turn = trace.here(`${method} ${url.pathname}`, url);
    const headers = new Headers(init?.headers);
    const target = routed(url, forwarding);
    if (target === undefined) {
      turn.add("error", `refused ${method} ${url.href}: the playground forwards only to ${forwarding?.origin ?? ""}`);
      throw new TypeError(`the playground forwards only to the target's origin, not to ${url.origin}`);
    }
    let sent: unknown = undefined;
    if (typeof init?.body === "string") {
      try {
        sent = JSON.parse(init.body);
      } catch {
        sent = init.body.slice(0, 2000);
      }
    }
    turn.add("request", `${method} ${url.href}${target === url ? "" : " (forwarded)"}`, { headers: masked(headers), ...(sent === undefined ? {} : { body: sent }) });
    if (forwarding !== undefined) headers.set("X-Talkie-Mock-Key", forwarding.key);
    let response: Response;
    try {
      response = await base(target.href, { ...init, headers });
    } catch (error) {
      turn.add("error", `${method} ${url.pathname}: no answer (${error instanceof Error ? error.message : String(error)})`);
      throw error;
    }
    const type = response.headers.get("content-type") ?? "";
    turn.add("response", `${response.status} ${url.pathname} ${type}`);
    if (response.status >= 400) {
      const text = await response.clone().text().catch(() => "");
      const report = (rule: string, ok: boolean, message: string): void => turn.check(rule, ok, message);
      checkErrorBody(response.status, text, report);
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: shown as text
      }
      turn.add("note", `error body of ${url.pathname}`, body);
    }
    return response;
  };
}
