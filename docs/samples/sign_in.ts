/**
 * Signing in to a talkie/1 server from a program on the person's computer, with talkie-types: OAuth 2.1
 * Authorization Code with PKCE (S256) and a loopback redirect (RFC 8252 §7.3), then calls with the access
 * token, a refresh after a 401, and sign-out.
 *
 *     node sign_in.js <server address>        (TALKIE_DEVELOPMENT=1 for plain http on this machine)
 *
 * It prints the address to open in a browser; after the person approves, the browser comes back to
 * http://127.0.0.1:<port>/callback, where the program listens.
 */
// --8<-- [start:setup]
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { TalkieClient, type TokenProvider } from "talkie-types";

/** The URL of this program's Client ID Metadata Document (cli_client.json): its client_id (§2.1). */
const CLIENT_ID = "https://tools.example.org/talkie-cli/client.json";
const CALLBACK_PATH = "/callback"; // the document lists http://127.0.0.1/callback; any port is allowed
const SIGN_IN_SECONDS = 300; // how long the program waits for the person
const development = process.env.TALKIE_DEVELOPMENT === "1"; // plain http on this machine (§1)

/** The members of the authorization server's metadata (RFC 8414) that this program uses. */
interface ServerMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint?: string;
  code_challenge_methods_supported?: string[];
}

/** A token response (RFC 6749 §5.1). */
interface Tokens {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
}
// --8<-- [end:setup]

// --8<-- [start:metadata]
/** https, or plain http to this machine in a development build. */
function checkTransport(address: string): URL {
  const url = new URL(address);
  const local = url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !(development && local)) throw new Error(`${url.origin} is not https`);
  return url;
}

/** The authorization server the manifest names in auth.oauth, read from its metadata. */
async function authorizationServer(client: TalkieClient): Promise<ServerMetadata> {
  const issuer = client.manifest.auth.oauth.issuer;
  const url = checkTransport(`${issuer.replace(/\/+$/, "")}/.well-known/oauth-authorization-server`);
  const answer = await fetch(url, { redirect: "error", headers: { accept: "application/json" } });
  if (!answer.ok) throw new Error(`no authorization server metadata at ${url} (HTTP ${answer.status})`);
  const metadata = (await answer.json()) as ServerMetadata;
  if (metadata.issuer !== issuer) throw new Error(`the metadata names ${metadata.issuer}, not ${issuer}`);
  if (!(metadata.code_challenge_methods_supported ?? []).includes("S256")) {
    throw new Error(`${issuer} does not offer PKCE with S256, which talkie/1 requires`);
  }
  checkTransport(metadata.authorization_endpoint);
  checkTransport(metadata.token_endpoint);
  return metadata;
}
// --8<-- [end:metadata]

// --8<-- [start:pkce]
/** A fresh code_verifier, its S256 code_challenge, and a state nobody can guess. */
function pkce(): { verifier: string; challenge: string; state: string } {
  const verifier = randomBytes(32).toString("base64url"); // 43 characters of [A-Za-z0-9_-]
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge, state: randomBytes(16).toString("base64url") };
}

/** Sign-ins under way, by state: each bound to the server (serverId + issuer) that started it (§2.1). */
const pending = new Map<string, { serverId: string; issuer: string }>();
// --8<-- [end:pkce]

// --8<-- [start:loopback]
/**
 * Listen on 127.0.0.1, on a port the system picks, for the one redirect of this sign-in. `answer` resolves
 * with the query the browser brought back; the listener closes then, or after SIGN_IN_SECONDS.
 */
async function listenForRedirect(): Promise<{ redirectUri: string; answer: Promise<URLSearchParams> }> {
  const server = createServer();
  const answer = new Promise<URLSearchParams>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("nobody signed in in time")), SIGN_IN_SECONDS * 1000);
    server.on("request", (request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (url.pathname !== CALLBACK_PATH) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      response.end("You can close this window and go back to the program.\n");
      clearTimeout(timer);
      resolve(url.searchParams);
    });
  }).finally(() => server.close());
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return { redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`, answer };
}
// --8<-- [end:loopback]

// --8<-- [start:authorize]
/** Send the person to the authorization endpoint and wait for the code; check state and iss. */
async function authorize(client: TalkieClient, server: ServerMetadata): Promise<{ code: string; verifier: string; redirectUri: string }> {
  const { verifier, challenge, state } = pkce();
  pending.set(state, { serverId: client.manifest.serverId, issuer: server.issuer });
  const { redirectUri, answer } = await listenForRedirect();
  const url = new URL(server.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    scope: client.manifest.auth.oauth.scopes.join(" "),
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  console.log(`Open this address to sign in to ${client.manifest.name}: ${url.href}`);
  const query = await answer;
  const flow = pending.get(query.get("state") ?? "");
  pending.delete(query.get("state") ?? "");
  if (flow === undefined || flow.serverId !== client.manifest.serverId || flow.issuer !== server.issuer) {
    throw new Error("the answer belongs to no sign-in to this server (state)");
  }
  const iss = query.get("iss"); // RFC 9207: when present, it names the server that answered
  if (iss !== null && iss !== server.issuer) throw new Error(`the answer comes from ${iss}, not ${server.issuer}`);
  const error = query.get("error");
  if (error !== null) throw new Error(`sign-in refused: ${error} ${query.get("error_description") ?? ""}`);
  const code = query.get("code");
  if (code === null) throw new Error("the answer carries no code");
  return { code, verifier, redirectUri };
}
// --8<-- [end:authorize]

// --8<-- [start:exchange]
/** POST a form to an endpoint of the authorization server; an OAuth error answer becomes an Error. */
async function post(endpoint: string, form: Record<string, string>): Promise<Response> {
  const answer = await fetch(endpoint, {
    method: "POST",
    redirect: "error",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(form),
  });
  if (!answer.ok) {
    const body = (await answer.json().catch(() => ({}))) as { error?: string; error_description?: string };
    throw new Error(`${endpoint}: ${body.error ?? `HTTP ${answer.status}`} ${body.error_description ?? ""}`);
  }
  return answer;
}

/** Trade the code for tokens: the code_verifier proves this program started the sign-in. */
async function exchange(server: ServerMetadata, code: string, verifier: string, redirectUri: string): Promise<Tokens> {
  const answer = await post(server.token_endpoint, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  const tokens = (await answer.json()) as Tokens;
  if (tokens.token_type.toLowerCase() !== "bearer") throw new Error(`unexpected token type ${tokens.token_type}`);
  return tokens;
}
// --8<-- [end:exchange]

// --8<-- [start:refresh]
/** One server's tokens, as talkie-types asks for them: it calls refresh() once after a 401 (§2.1). */
class Session implements TokenProvider {
  constructor(
    private readonly server: ServerMetadata,
    private tokens: Tokens,
  ) {}

  token(): string {
    return this.tokens.access_token;
  }

  /** A new access token, or undefined when the person must sign in again. */
  async refresh(): Promise<string | undefined> {
    const refreshToken = this.tokens.refresh_token;
    if (refreshToken === undefined) return undefined; // no offline_access
    try {
      const answer = await post(this.server.token_endpoint, {
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: CLIENT_ID,
      });
      const fresh = (await answer.json()) as Tokens;
      this.tokens = { ...fresh, refresh_token: fresh.refresh_token ?? refreshToken }; // keep the rotated one
      return fresh.access_token;
    } catch {
      return undefined; // expired, revoked or reused: sign in again
    }
  }

  /** Sign out: revoke the refresh token (and with it the access token) where the server can, then forget. */
  async signOut(): Promise<void> {
    const token = this.tokens.refresh_token ?? this.tokens.access_token;
    if (this.server.revocation_endpoint !== undefined) {
      await post(this.server.revocation_endpoint, { token, client_id: CLIENT_ID });
    }
    this.tokens = { access_token: "", token_type: "Bearer" };
  }
}
// --8<-- [end:refresh]

// --8<-- [start:main]
async function main(address: string): Promise<void> {
  const discovered = await TalkieClient.connect(address, { development }); // the manifest, before sign-in
  const server = await authorizationServer(discovered);
  const { code, verifier, redirectUri } = await authorize(discovered, server);
  const session = new Session(server, await exchange(server, code, verifier, redirectUri));
  const client = await TalkieClient.connect(address, { development, tokens: session });
  console.log(`signed in as ${(await client.status()).user.name}`);
  // talkie-types refreshes by itself after a 401; here once by hand, to show the rotation works.
  console.log((await session.refresh()) === undefined ? "no refresh token" : "access token refreshed");
  console.log(`still signed in as ${(await client.status()).user.name}`);
  await session.signOut();
  console.log("signed out");
}

const [address] = process.argv.slice(2);
if (address === undefined) {
  console.error("usage: node sign_in.js <server address>");
  process.exit(2);
}
await main(address);
// --8<-- [end:main]
