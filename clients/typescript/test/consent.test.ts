import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { classify, ConsentWindow, fold, vocabulary, type VoiceDecision } from "../src/index.js";
import { SCHEMA_DIR } from "./support.js";

interface Row {
  locale: string;
  text: string;
  keyword?: string;
  consent?: { confirm?: string[]; refuse?: string[] };
  expect: string;
  why: string;
}

// The normative examples of the reference implementation, read where talkie_models ships them.
const EXAMPLES = join(SCHEMA_DIR, "..", "models", "src", "talkie_models", "consent_examples.json");
const ROWS = (JSON.parse(readFileSync(EXAMPLES, "utf8")) as { examples: Row[] }).examples;

test("the port classifies every normative example as the reference implementation does", () => {
  assert.ok(ROWS.length >= 20, `only ${ROWS.length} examples`);
  for (const locale of ["cs", "en"]) {
    const verdicts = new Set(ROWS.filter((row) => row.locale === locale).map((row) => row.expect));
    assert.deepEqual([...verdicts].sort(), ["cancel", "confirm", "other"]);
  }
  for (const row of ROWS) {
    const got = classify(row.text, vocabulary(row.locale, row.consent), row.keyword);
    assert.equal(got, row.expect, `${row.locale} ${JSON.stringify(row.text)}: ${row.why}`);
  }
});

test("fold lowers, strips accents and punctuation, collapses spaces", () => {
  assert.equal(fold("  Jasně,  POTVRZUJI! "), "jasne potvrzuji");
  assert.equal(fold("Don\u2019t"), "don't");
  assert.equal(fold("Straße"), "strasse");
});

test("session words extend the built-in vocabulary; an unknown locale gets the fallback", () => {
  const base = vocabulary("cs");
  const extended = vocabulary("cs", { confirm: ["Beru"], refuse: ["Nech to"] });
  assert.ok(extended.confirm.has("beru") && !base.confirm.has("beru"));
  assert.ok(extended.refuse.has("nech to"));
  for (const word of base.confirm) assert.ok(extended.confirm.has(word));
  assert.equal(classify("Yes", vocabulary("de")), "confirm");
  assert.equal(classify("Ano", vocabulary("cs-CZ")), "confirm");
});

const ACTION = { id: "a_1", confirm: { methods: ["button", "voice"], voice: { keyword: "odeslat" } } };

function armed(): ConsentWindow {
  const window = new ConsentWindow(vocabulary("cs", { confirm: ["potvrzuji"], refuse: ["zruš"] }));
  assert.ok(window.arm(ACTION));
  return window;
}

function proposal(window: ConsentWindow, responseId = "resp_1"): void {
  window.feed({ type: "response.created", response: { id: responseId } });
  window.feed({ type: "output_audio_buffer.started", response_id: responseId });
  window.feed({ type: "response.done", response: { id: responseId } });
}

const completed = (item: string, transcript: string) => ({
  type: "conversation.item.input_audio_transcription.completed",
  item_id: item,
  transcript,
});

function say(window: ConsentWindow, item: string, text: string): VoiceDecision | null {
  window.feed({ type: "input_audio_buffer.speech_started", item_id: item });
  window.feed({ type: "conversation.item.input_audio_transcription.delta", item_id: item, delta: text });
  return window.feed(completed(item, text));
}

test("the window opens only after the proposal's audio stopped", () => {
  const window = armed();
  proposal(window);
  assert.equal(window.isOpen, false);
  assert.equal(say(window, "item_a", "Ano, odeslat"), null);
  window.feed({ type: "output_audio_buffer.stopped", response_id: "resp_other" });
  assert.equal(window.isOpen, false);
  window.feed({ type: "output_audio_buffer.stopped", response_id: "resp_1" });
  assert.equal(window.isOpen, true);
  assert.deepEqual(say(window, "item_b", "Ano, odeslat"), {
    actionId: "a_1",
    decision: "confirm",
    itemId: "item_b",
    method: "voice",
  });
  assert.equal(window.state, "closed");
  assert.deepEqual(window.lastHeard, { itemId: "item_b", text: "Ano, odeslat", verdict: "confirm" });
});

test("speech that started before the window never counts", () => {
  const window = armed();
  proposal(window);
  window.feed({ type: "input_audio_buffer.speech_started", item_id: "early" });
  window.feed({ type: "output_audio_buffer.stopped", response_id: "resp_1" });
  assert.equal(window.feed(completed("early", "Ano, odeslat")), null);
  assert.equal(window.isOpen, true);
  assert.equal(window.strikes, 0);
  assert.equal(window.lastHeard?.verdict, "ignored");
});

test("a duplicated transcript cannot decide twice; non-final transcripts are ignored", () => {
  const window = armed();
  proposal(window);
  window.feed({ type: "output_audio_buffer.stopped", response_id: "resp_1" });
  assert.equal(window.feed({ type: "conversation.item.input_audio_transcription.delta", item_id: "i", delta: "Ano odeslat" }), null);
  assert.equal(window.isOpen, true);
  assert.equal(window.feed(completed("item_1", "Zruš"))?.decision, "cancel");
  assert.equal(window.feed(completed("item_1", "Zruš")), null);
});

test("two unrelated utterances close the window; button-only actions get none", () => {
  const window = armed();
  proposal(window);
  window.feed({ type: "output_audio_buffer.stopped", response_id: "resp_1" });
  assert.equal(say(window, "i1", "Kolik to stojí?"), null);
  assert.equal(window.isOpen, true);
  assert.equal(say(window, "i2", "A kdy přijde odpověď"), null);
  assert.equal(window.state, "closed");
  assert.equal(say(window, "i3", "Ano, odeslat"), null);

  assert.equal(ConsentWindow.offersVoice(ACTION), true);
  assert.equal(ConsentWindow.offersVoice({ id: "a_2", confirm: { methods: ["button"] } }), false);
  const buttonOnly = new ConsentWindow(vocabulary("en"));
  assert.equal(buttonOnly.arm({ id: "a_2", confirm: { methods: ["button"] } }), false);
  proposal(buttonOnly);
  buttonOnly.feed({ type: "output_audio_buffer.stopped", response_id: "resp_1" });
  assert.equal(say(buttonOnly, "i", "Yes"), null);
  assert.equal(buttonOnly.state, "idle");
});
