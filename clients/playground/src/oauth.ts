/**
 * OAuth 2.1 sign-in as a browser app on loopback: Authorization Code + PKCE `S256`, `state` bound to the
 * server that started the flow, `iss` checked (RFC 9207), the redirect to the playground's own loopback
 * callback (RFC 8252 §7.3), refresh with rotation, sign-out by revocation (RFC 7009). The client id is the
 * URL of the playground's Client ID Metadata Document on its own origin.
 */

/** The authorization server metadata fields the page uses (RFC 8414). */
export interface AsMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint?: string;
  authorization_response_iss_parameter_supported?: boolean;
}

export interface Tokens {
  access: string;
  refresh: string | undefined;
  /** Epoch ms when the access token ends (undefined: not said). */
  expiresAt: number | undefined;
}

/** What the page keeps between leaving for the authorization endpoint and coming back. */
interface Pending {
  state: string;
  verifier: string;
  serverId: string;
  issuer: string;
  target: string;
  metadata: AsMetadata;
}

const PENDING = "talkie-playground-oauth-pending";
const TOKENS = "talkie-playground-tokens:";

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function random(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return base64url(buffer);
}

/** The S256 challenge of a verifier (RFC 7636 §4.2). */
export async function challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export function clientId(): string {
  return `${location.origin}/_mock/playground/client.json`;
}

export function redirectUri(): string {
  return `${location.origin}/_mock/playground/callback`;
}

function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readMetadata(body: unknown, issuer: string): AsMetadata | undefined {
  if (!isObject(body)) return undefined;
  const { authorization_endpoint: auth, token_endpoint: token, revocation_endpoint: revoke, authorization_response_iss_parameter_supported: iss } = body;
  if (body.issuer !== issuer || typeof auth !== "string" || typeof token !== "string") return undefined;
  const metadata: AsMetadata = { issuer, authorization_endpoint: auth, token_endpoint: token };
  if (typeof revoke === "string") metadata.revocation_endpoint = revoke;
  if (typeof iss === "boolean") metadata.authorization_response_iss_parameter_supported = iss;
  return metadata;
}

/** The AS metadata: RFC 8414's inserted well-known path, §2.1's appended one, then OpenID's. */
export async function discover(issuer: string, doFetch: typeof fetch): Promise<AsMetadata> {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, "");
  const candidates = [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/oauth-authorization-server`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
  for (const candidate of [...new Set(candidates)]) {
    const response = await doFetch(candidate, { headers: { accept: "application/json" }, redirect: "error" }).catch(() => undefined);
    if (response === undefined || !response.ok) continue;
    const metadata = readMetadata(await response.json().catch(() => undefined), issuer);
    if (metadata !== undefined) return metadata;
  }
  throw new Error(`no authorization server metadata for ${issuer} (tried ${candidates.join(", ")})`);
}

/** Leave for the authorization endpoint; the page comes back at the callback. */
export async function start(options: { serverId: string; issuer: string; target: string; scopes: string[]; metadata: AsMetadata }): Promise<URL> {
  const verifier = random();
  const pending: Pending = { state: random(16), verifier, serverId: options.serverId, issuer: options.issuer, target: options.target, metadata: options.metadata };
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const url = new URL(options.metadata.authorization_endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", clientId());
  url.searchParams.set("redirect_uri", redirectUri());
  url.searchParams.set("scope", options.scopes.join(" "));
  url.searchParams.set("state", pending.state);
  url.searchParams.set("code_challenge", await challenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  return url;
}

function readTokens(body: unknown, previousRefresh: string | undefined): Tokens {
  if (!isObject(body) || typeof body.access_token !== "string") throw new Error("the token endpoint answered without an access_token");
  const refresh = typeof body.refresh_token === "string" ? body.refresh_token : previousRefresh;
  const expires = typeof body.expires_in === "number" ? Date.now() + body.expires_in * 1000 : undefined;
  return { access: body.access_token, refresh, expiresAt: expires };
}

async function tokenRequest(endpoint: string, form: { [name: string]: string }, doFetch: typeof fetch, previousRefresh?: string): Promise<Tokens> {
  const response = await doFetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(form).toString(),
    redirect: "error",
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = isObject(body) ? `${String(body.error)}: ${String(body.error_description ?? "")}` : `HTTP ${response.status}`;
    throw new Error(`the token endpoint refused: ${error}`);
  }
  return readTokens(body, previousRefresh);
}

/** The callback: `state` must be the one this tab sent, `iss` the AS issuer; then the code is exchanged. */
export async function finish(params: URLSearchParams, doFetch: (url: string) => typeof fetch): Promise<{ tokens: Tokens; pending: Pending }> {
  const stored = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  const pending = stored === null ? undefined : (JSON.parse(stored) as Pending);
  if (pending === undefined || params.get("state") !== pending.state) throw new Error("the sign-in answer carries a state this tab did not send: sign in again");
  const error = params.get("error");
  if (error !== null) throw new Error(`the authorization server says ${error}: ${params.get("error_description") ?? ""}`);
  const iss = params.get("iss");
  if (iss !== null && iss !== pending.metadata.issuer) throw new Error(`the answer's iss ${iss} is not the authorization server ${pending.metadata.issuer} (RFC 9207)`);
  if (iss === null && pending.metadata.authorization_response_iss_parameter_supported === true) throw new Error("the answer lacks the iss its server promised (RFC 9207)");
  const code = params.get("code");
  if (code === null) throw new Error("the sign-in answer has no code");
  const endpoint = pending.metadata.token_endpoint;
  const tokens = await tokenRequest(
    endpoint,
    { grant_type: "authorization_code", code, redirect_uri: redirectUri(), client_id: clientId(), code_verifier: pending.verifier },
    doFetch(endpoint),
  );
  return { tokens, pending };
}

/** Refresh once; the server may rotate the refresh token. */
export function refresh(metadata: AsMetadata, tokens: Tokens, doFetch: typeof fetch): Promise<Tokens> {
  if (tokens.refresh === undefined) return Promise.reject(new Error("no refresh token: sign in again"));
  return tokenRequest(metadata.token_endpoint, { grant_type: "refresh_token", refresh_token: tokens.refresh, client_id: clientId() }, doFetch, tokens.refresh);
}

/** Sign-out: revoke the refresh token (or the access token) when the AS offers revocation. */
export async function revoke(metadata: AsMetadata, tokens: Tokens, doFetch: typeof fetch): Promise<boolean> {
  if (metadata.revocation_endpoint === undefined) return false;
  const token = tokens.refresh ?? tokens.access;
  const response = await doFetch(metadata.revocation_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, token_type_hint: tokens.refresh === undefined ? "access_token" : "refresh_token", client_id: clientId() }).toString(),
    redirect: "error",
  });
  return response.ok;
}

/** Tokens are kept per server (by serverId, as §1 says) in this tab only. */
export function saveTokens(serverId: string, value: { tokens: Tokens; metadata: AsMetadata } | undefined): void {
  if (value === undefined) sessionStorage.removeItem(TOKENS + serverId);
  else sessionStorage.setItem(TOKENS + serverId, JSON.stringify(value));
}

export function loadTokens(serverId: string): { tokens: Tokens; metadata: AsMetadata } | undefined {
  const text = sessionStorage.getItem(TOKENS + serverId);
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value) && isObject(value.tokens) && isObject(value.metadata) && typeof value.tokens.access === "string") {
      return value as { tokens: Tokens; metadata: AsMetadata };
    }
  } catch {
    // a damaged entry is forgotten
  }
  return undefined;
}
