// talkie-mock inspector: polls the control API and draws traffic, state and fault switches.
// Every piece of data is put into the page with textContent, never parsed as markup: Faker text and client
// bodies can contain tags such as <script>, and here they must stay text.
"use strict";

const API = "/_mock/api";
// The developer secret comes in the fragment of the banner's link (/_mock/#key=dk_…), which the browser
// never sends; it is kept for this tab only, taken out of the address bar, and sent as a header on every
// call of the control API. Never a cookie: cookies go to every port of a host.
const KEY_HEADER = "X-Talkie-Mock-Key";
const KEY_ITEM = "talkie-mock-key:" + location.port;
const KEY = (() => {
  const found = /(?:^#|&)key=([^&]+)/.exec(location.hash);
  if (found) {
    sessionStorage.setItem(KEY_ITEM, decodeURIComponent(found[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return sessionStorage.getItem(KEY_ITEM);
})();
const entries = new Map();
// Set when the mock refuses this tab's key (a link of an earlier run, an expired key): the tab stops asking,
// since every call would be refused again, and says which link to open instead.
let refused = false;
let cursor = 0;
let selected = null;

const FAULT_SWITCHES = [
  ["401 expired token (next request)", { kind: "error", code: "unauthorized", count: 1 }],
  ["429 rate_limited (next request)", { kind: "error", code: "rate_limited", count: 1 }],
  ["429 quota_exceeded (next request)", { kind: "error", code: "quota_exceeded", count: 1 }],
  ["503 upstream_unavailable (next request)", { kind: "error", code: "upstream_unavailable", count: 1 }],
  ["500 internal (next request)", { kind: "error", code: "internal", count: 1 }],
  ["Slow streams (0.5 s/event)", { kind: "slowStream", delay: 0.5 }],
  ["Drop next stream after 2 events", { kind: "dropStream", afterEvents: 2, count: 1 }],
  ["RUN_ERROR in next stream", { kind: "runError", afterEvents: 2, count: 1 }],
  ["Unknown event types", { kind: "unknownEvents" }],
  ["Unknown CUSTOM names", { kind: "unknownCustom" }],
  ["Unknown manifest fields", { kind: "manifestFields" }],
];
const CLOCK_SWITCHES = [
  ["+1 min", { seconds: 60 }],
  ["+10 min", { seconds: 600 }],
  ["+1 h", { seconds: 3600 }],
];

const REFUSED =
  "this tab's key is not this mock's (a link of an earlier run, or an expired one): the tab stopped asking. " +
  "Open the latest inspector link talkie-mock printed.";

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

function button(label, onClick, className) {
  const node = el("button", label, className);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (KEY) init.headers[KEY_HEADER] = KEY;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (refused) throw new Error(REFUSED);
  const response = await fetch(API + path, init);
  const data = await response.json().catch(() => null);
  document.getElementById("how-to-open").hidden = response.status !== 401;
  if (response.status === 401) {
    refused = true;
    throw new Error(REFUSED);
  }
  if (!response.ok) {
    const message = data && data.error ? data.error.message : response.statusText;
    throw new Error(message);
  }
  return data;
}

function act(method, path, body) {
  return call(method, path, body).then(refreshState).catch((err) => {
    document.getElementById("connection").textContent = "control API: " + err.message;
  });
}

// -- traffic -------------------------------------------------------------------------------------------------

function verdictCell(entry) {
  const cell = el("td");
  const findings = entry.findings || [];
  if (findings.length === 0 && entry.response.status !== null) cell.append(el("span", "ok", "badge ok"));
  for (const finding of findings) {
    const badge = el("span", finding.rule || finding.level, "badge " + finding.level);
    badge.title = finding.message + (finding.statement ? "\n" + finding.rule + ": " + finding.statement : "");
    badge.dataset.rule = finding.rule || "";
    cell.append(badge);
  }
  const broken = (entry.events || []).filter((e) => !e.valid).length;
  if (broken) cell.append(el("span", broken + " invalid event(s)", "badge error"));
  return cell;
}

function row(entry) {
  const tr = el("tr");
  tr.dataset.id = entry.id;
  if (selected === entry.id) tr.className = "selected";
  tr.append(el("td", entry.id));
  tr.append(el("td", (entry.clock || "").replace("T", " ").replace("Z", "")));
  const request = el("td", entry.method + " " + entry.path + (entry.query ? "?" + entry.query : ""), "request");
  tr.append(request);
  let status = entry.response.status === null ? "…" : String(entry.response.status);
  if (entry.stream) status += " · " + entry.stream + " (" + entry.eventCount + " events)";
  tr.append(el("td", status));
  const faults = el("td");
  if (entry.unsafe) faults.append(unsafeBadge(entry));
  for (const label of entry.faults || []) faults.append(el("span", label, "badge fault"));
  if (entry.repeats) {
    // a refusal of the front door that came again within 10 s: counted on this row, not one row each
    const badge = el("span", "×" + (entry.repeats + 1), "badge repeats");
    badge.title = entry.repeats + " more of the same refusal from the same client within 10 s";
    faults.append(badge);
  }
  const varied = entry.variations || [];
  if (varied.length) {
    const badge = el("span", "vary ×" + varied.length, "badge vary");
    badge.title = varied.join("\n");
    faults.append(badge);
  }
  tr.append(faults);
  tr.append(verdictCell(entry));
  tr.addEventListener("click", () => {
    selected = entry.id;
    drawTraffic();
    drawDetail();
    // the detail sits below the table: bring it on screen, or a click would seem to do nothing
    document.getElementById("detail").scrollIntoView({ block: "start" });
  });
  return tr;
}

// A scenario's `unsafe` step sent this answer outside the schemas on purpose: its own mark, never a variation.
function unsafeBadge(entry) {
  const badge = el("span", "UNSAFE \u2014 content outside the schemas", "badge unsafe");
  badge.title = entry.unsafe + "\nAn app must survive it: skip unknown blocks, refuse http:/javascript: links, render no HTML.";
  return badge;
}

// Every word of the filter must occur in the entry: method, path, status, rules, faults or the request body.
function matches(entry, words) {
  const hay = [
    entry.method, entry.path, entry.query, String(entry.response.status), entry.stream,
    ...(entry.findings || []).map((f) => (f.rule || "") + " " + f.level + " " + f.message),
    ...(entry.faults || []), entry.unsafe ? "unsafe" : "", entry.request.body,
  ].join(" ").toLowerCase();
  return words.every((w) => hay.includes(w));
}

function drawTraffic() {
  const body = document.querySelector("#traffic tbody");
  const words = document.getElementById("filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = [...entries.values()].filter((e) => matches(e, words));
  const rows = shown.sort((a, b) => b.id - a.id).slice(0, 300).map(row);
  body.replaceChildren(...rows);
}

// The request as a curl command; the token is a shell variable (the inspector never shows secrets).
function curlOf(entry) {
  const quote = (text) => "'" + String(text).replace(/'/g, "'\\''") + "'";
  const parts = ["curl", "-X", entry.method, quote(location.origin + entry.path + (entry.query ? "?" + entry.query : ""))];
  for (const [name, value] of Object.entries(entry.request.headers)) {
    const shown = name.toLowerCase() === "authorization" ? "Bearer $TALKIE_TOKEN" : value;
    parts.push("-H", name.toLowerCase() === "authorization" ? '"' + name + ": " + shown + '"' : quote(name + ": " + shown));
  }
  if (entry.request.body) parts.push("--data-raw", quote(entry.request.body));
  return parts.join(" ");
}

function copyCurl() {
  const entry = entries.get(selected);
  if (!entry) return;
  const box = document.getElementById("detail-curl");
  box.textContent = curlOf(entry);
  box.hidden = false;
  if (navigator.clipboard) navigator.clipboard.writeText(box.textContent).catch(() => {});
}

function download(blob, name) {
  const link = el("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

function exportTraffic() {
  const all = [...entries.values()].sort((a, b) => a.id - b.id);
  download(new Blob([JSON.stringify({ exported: new Date().toISOString(), entries: all }, null, 2)],
    { type: "application/json" }), "talkie-mock-traffic.json");
}

// HAR is built by the mock (GET /_mock/api/traffic.har), redacted as the traffic view is.
async function exportHar() {
  try {
    download(new Blob([JSON.stringify(await call("GET", "/traffic.har"), null, 2)], { type: "application/json" }),
      "talkie-mock.har");
  } catch (err) {
    document.getElementById("connection").textContent = "HAR export: " + err.message;
  }
}

function drawDetail() {
  const box = document.getElementById("detail");
  const entry = entries.get(selected);
  if (!entry) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  document.getElementById("detail-curl").hidden = true;
  document.getElementById("detail-title").textContent = entry.method + " " + entry.path;
  const findings = document.getElementById("detail-findings");
  findings.replaceChildren(
    ...(entry.unsafe ? [el("div")] : []).map((line) => {
      line.append(unsafeBadge(entry), el("span", entry.unsafe));
      return line;
    }),
    ...(entry.findings || []).map((f) => {
      const line = el("div");
      line.append(el("span", f.rule || f.level, "badge " + f.level), el("span", f.message));
      if (f.statement) line.append(el("div", f.statement, "muted"));
      return line;
    }),
    ...(entry.variations || []).map((label) => {
      const line = el("div");
      line.append(el("span", "vary", "badge vary"), el("span", label));
      return line;
    }),
  );
  const headers = (h) => Object.entries(h).map(([k, v]) => k + ": " + v).join("\n");
  document.getElementById("detail-request").textContent =
    headers(entry.request.headers) + "\n\n" + entry.request.body;
  document.getElementById("detail-response").textContent =
    headers(entry.response.headers) + "\n\n" + entry.response.body;
  document.getElementById("detail-events").replaceChildren(
    ...(entry.events || []).map((e) => {
      const item = el("li");
      item.append(el("span", e.valid ? "valid" : "INVALID", "badge " + (e.valid ? "ok" : "error")));
      if (e.injected) item.append(el("span", "injected", "badge fault"));
      item.append(el("code", e.data));
      return item;
    }),
  );
}

async function pollTraffic() {
  try {
    const data = await call("GET", "/traffic?since=" + cursor);
    if (data.cursor < cursor) entries.clear();
    cursor = data.cursor;
    for (const entry of data.entries) entries.set(entry.id, entry);
    if (data.entries.length) {
      drawTraffic();
      if (selected !== null) drawDetail();
    }
    document.getElementById("connection").textContent = "";
  } catch (err) {
    document.getElementById("connection").textContent = refused ? err.message : "mock unreachable: " + err.message;
  }
  if (!refused) setTimeout(pollTraffic, 500);
}

// -- state ---------------------------------------------------------------------------------------------------

function drawState(state) {
  document.getElementById("clock").textContent =
    "clock " + state.clock.now + (state.clock.frozen ? " (frozen)" : "");
  const faults = document.getElementById("active-faults");
  faults.replaceChildren(
    ...state.faults.map((f) => {
      const item = el("li");
      item.dataset.fault = f.id;
      item.append(el("span", f.label + (f.count ? " · " + f.count + " left" : "") + " · hits " + f.hits));
      item.append(button("remove", () => act("DELETE", "/faults/" + encodeURIComponent(f.id))));
      return item;
    }),
  );
  document.getElementById("actions").replaceChildren(
    ...state.actions.map((a) => {
      const item = el("li");
      item.dataset.action = a.id;
      item.append(el("span", a.status, "badge info"), el("span", a.summary));
      item.append(el("div", a.id + " · expires " + a.expiresAt, "muted"));
      if (a.status === "pending") {
        const id = encodeURIComponent(a.id);
        item.append(
          button("confirm", () => act("POST", "/actions/" + id + "/confirm", { paramsHash: a.paramsHash })),
          button("cancel", () => act("POST", "/actions/" + id + "/cancel", { paramsHash: a.paramsHash })),
          button("expire", () => act("POST", "/actions/" + id + "/expire")),
        );
      }
      return item;
    }),
  );
  document.getElementById("threads").replaceChildren(
    ...state.threads.map((t) => {
      const item = el("li");
      item.append(el("span", t.channel, "badge info"), el("span", t.title));
      item.append(el("div", t.id + " · " + t.updatedAt, "muted"));
      return item;
    }),
  );
  const voiceList = document.getElementById("voice");
  if (voiceList.contains(document.activeElement)) return; // someone is typing in a Say box
  voiceList.replaceChildren(
    ...state.voiceSessions.map((v) => {
      const item = el("li");
      item.append(el("span", v.open ? "open" : "ended", "badge " + (v.open ? "ok" : "info")));
      item.append(el("span", v.voiceSessionId + " · " + v.seconds + "/" + v.maxSeconds + " s"));
      if (v.connected) item.append(sayBox(v.voiceSessionId));
      return item;
    }),
  );
}

// The user's side of a voice conversation is scripted: what is typed here, the mock's provider "hears".
function sayBox(id) {
  const box = el("form", null, "say");
  const input = el("input");
  input.placeholder = "say…";
  input.setAttribute("aria-label", "Say in voice session " + id);
  box.append(input, el("button", "Say"));
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) act("POST", "/voice/sessions/" + encodeURIComponent(id) + "/say", { text: input.value });
    input.value = "";
  });
  return box;
}

async function refreshState() {
  try {
    drawState(await call("GET", "/state"));
  } catch (err) {
    document.getElementById("connection").textContent = refused ? err.message : "mock unreachable: " + err.message;
  }
}

let clientsPolled = false;

function pollState() {
  refreshState().then(() => {
    if (refused) return;
    setTimeout(pollState, 1500);
    // the client suite's list once the mock took this tab's key (a refused tab asks nothing more)
    if (!clientsPolled) {
      clientsPolled = true;
      pollClients();
    }
  });
}

// -- client suite (app mode) ---------------------------------------------------------------------------------

// Every scenario of the client suite this mock serves, with its manifest URL and what the person does in it.
function drawClients(data) {
  document.getElementById("clients-section").hidden = false;
  const s = data.summary;
  document.getElementById("clients-summary").textContent =
    "client rules: " + s.pass + " passed, " + s.fail + " failed, " + s.warn + " warnings, " +
    s["not exercised"] + " not exercised, " + s["not observable"] + " not observable";
  const list = document.getElementById("clients");
  list.replaceChildren(
    ...data.scenarios.map((scenario) => {
      const item = el("li");
      item.dataset.scenario = scenario.name;
      const asked = scenario.requests ? scenario.requests + " request(s)" : "not asked yet";
      item.append(el("strong", scenario.name), el("span", " · " + asked, "muted"));
      item.append(el("div", scenario.summary));
      item.append(el("code", scenario.manifestUrl, "manifest-url"));
      const person = scenario.person.map((p) => p.gesture + ": " + p.text);
      item.append(el("div", person.length ? "the person: " + person.join("; ") : "the person: send one message",
        "muted person"));
      item.append(el("div", "judges " + scenario.rules.join(", "), "muted"));
      return item;
    }),
  );
}

async function pollClients() {
  try {
    drawClients(await call("GET", "/clients"));
  } catch (err) {
    // a mock without the scenarios (404) has no panel; any other trouble shows in the header
    document.getElementById("clients-section").hidden = true;
    return;
  }
  if (!refused) setTimeout(pollClients, 3000);
}

function setup() {
  // the playground takes the secret the same way: in its link's fragment, never sent to a server
  if (KEY) document.getElementById("playground-link").hash = "key=" + encodeURIComponent(KEY);
  const switches = document.getElementById("fault-switches");
  for (const [label, fault] of FAULT_SWITCHES) {
    switches.append(button(label, () => act("POST", "/faults", fault)));
  }
  switches.append(button("Clear all faults", () => act("DELETE", "/faults")));
  const clock = document.getElementById("clock-switches");
  for (const [label, body] of CLOCK_SWITCHES) clock.append(button(label, () => act("POST", "/clock/advance", body)));
  clock.append(button("Freeze", () => act("POST", "/clock/freeze")));
  clock.append(button("Resume", () => act("POST", "/clock/resume")));
  clock.append(button("Reset", () => act("POST", "/clock/reset")));
  document.getElementById("reset").addEventListener("click", () => {
    entries.clear();
    drawTraffic();
    act("POST", "/reset");
  });
  document.getElementById("clear-traffic").addEventListener("click", () => {
    entries.clear();
    drawTraffic();
    act("DELETE", "/traffic");
  });
  document.getElementById("filter").addEventListener("input", drawTraffic);
  document.getElementById("export-traffic").addEventListener("click", exportTraffic);
  document.getElementById("export-har").addEventListener("click", exportHar);
  document.getElementById("copy-curl").addEventListener("click", copyCurl);
  document.getElementById("clear-clients").addEventListener("click", () => {
    call("DELETE", "/clients").then(() => call("GET", "/clients")).then(drawClients).catch(() => {});
  });
  pollTraffic();
  pollState();
}

document.addEventListener("DOMContentLoaded", setup);
