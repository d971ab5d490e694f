/**
 * Confirming an action by voice (§10.4), ported from the reference implementation `talkie_models.consent`.
 *
 * `classify` decides what one final user transcript means inside an open consent window; `ConsentWindow` is
 * the window, fed the provider's `openai-realtime/1` events in order: it opens only after the
 * `output_audio_buffer.stopped` ending the spoken proposal, ignores speech that began earlier, non-final and
 * repeated transcripts, closes after two unrelated utterances, and closes before it hands out a decision.
 * The built-in words are not typed here: `generated/consent.ts` is written from talkie_models'
 * `consent_words.json`, and the tests run this port over every row of `consent_examples.json`.
 */
import { CONSENT_FALLBACK, CONSENT_WORDS, type ConsentWords } from "./generated/consent.js";

export { CONSENT_FALLBACK, CONSENT_WORDS, type ConsentWords } from "./generated/consent.js";

/** What one transcript means inside an open window. */
export type Verdict = "confirm" | "cancel" | "other";
/** The longest sentence that still counts as short (§10.4 step 3). */
export const MAX_WORDS = 6;
/** Unrelated utterances after which the window closes and the action waits for the button (§10.4 step 3). */
export const STRIKES = 2;

/** The words of one locale, folded. */
export interface Vocabulary {
  readonly confirm: ReadonlySet<string>;
  readonly refuse: ReadonlySet<string>;
  readonly negation: ReadonlySet<string>;
  /** Words that make a sentence a question when it starts with them (a `?` anywhere always does). */
  readonly question: ReadonlySet<string>;
  readonly hesitation: ReadonlySet<string>;
  /** A prefix that negates a confirm word or the keyword (Czech `ne-`: `nepotvrzuji`, `neodesílat`). */
  readonly negationPrefix: string;
}

/** A voice session's `consent` member: words that add to the built-in ones, never replace them. */
export interface ConsentWordsExtra {
  readonly confirm?: readonly string[] | undefined;
  readonly refuse?: readonly string[] | undefined;
}

// Where JavaScript's toLowerCase differs from Python's casefold for the scripts the vocabularies use.
const CASEFOLD: { readonly [char: string]: string } = { "ß": "ss", "ẞ": "ss", "ς": "σ" };

/** Lower case, accents removed, punctuation turned into spaces, whitespace collapsed (as Python's `fold`). */
export function fold(text: string): string {
  const lowered = text.toLowerCase().replace(/[ßẞς]/gu, (c) => CASEFOLD[c] ?? c);
  const plain = lowered
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/\u2019/gu, "'");
  return plain
    .replace(/[^\p{L}\p{N}_' ]+/gu, " ")
    .split(" ")
    .filter((word) => word !== "")
    .join(" ");
}

function folded(words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const word of words) {
    const f = fold(word);
    if (f !== "") out.add(f);
  }
  return out;
}

function fromWords(words: ConsentWords): Vocabulary {
  return {
    confirm: folded(words.confirm),
    refuse: folded(words.refuse),
    negation: folded(words.negation),
    question: folded(words.question),
    hesitation: folded(words.hesitation),
    negationPrefix: fold(words.negationPrefix),
  };
}

/** The client's built-in words for `locale` (the fallback's when unknown) plus the session's `consent`. */
export function vocabulary(locale: string, consent?: ConsentWordsExtra | null): Vocabulary {
  const base = (locale.split("-")[0] ?? "").toLowerCase();
  const words = CONSENT_WORDS[base] ?? CONSENT_WORDS[CONSENT_FALLBACK];
  if (words === undefined) throw new Error(`no consent words for ${CONSENT_FALLBACK}`);
  const vocab = fromWords(words);
  return {
    ...vocab,
    confirm: new Set([...vocab.confirm, ...folded(consent?.confirm ?? [])]),
    refuse: new Set([...vocab.refuse, ...folded(consent?.refuse ?? [])]),
  };
}

/** True when one of the (folded) phrases occurs in the word list as whole words. */
function has(words: readonly string[], phrases: Iterable<string>): boolean {
  const joined = ` ${words.join(" ")} `;
  for (const phrase of phrases) if (phrase !== "" && joined.includes(` ${phrase} `)) return true;
  return false;
}

function negated(words: readonly string[], vocab: Vocabulary, keyword: string | null): boolean {
  if (has(words, vocab.negation) || words.some((w) => w.endsWith("n't"))) return true;
  const prefix = vocab.negationPrefix;
  if (prefix === "") return false;
  const stems = new Set([...vocab.confirm].filter((w) => !w.includes(" ")));
  if (keyword !== null) stems.add(keyword);
  return words.some((w) => w.startsWith(prefix) && stems.has(w.slice(prefix.length)));
}

/** What one final transcript means inside an open window (§10.4 step 3). */
export function classify(text: string, vocab: Vocabulary, keyword?: string | null): Verdict {
  const words = fold(text).split(" ").filter((w) => w !== "");
  const first = words[0];
  if (first === undefined || words.length > MAX_WORDS) return "other";
  if (text.includes("?") || vocab.question.has(first) || has(words, vocab.hesitation)) return "other";
  const foldedKeyword = keyword ? fold(keyword) || null : null;
  const confirms = has(words, vocab.confirm);
  const refuses = has(words, vocab.refuse);
  if (refuses && !confirms) return "cancel";
  if (refuses || !confirms || negated(words, vocab, foldedKeyword)) return "other";
  if (foldedKeyword !== null && !has(words, [foldedKeyword])) return "other";
  return "confirm";
}

/** What the client sends to `decision` when the window yields: always with `method: "voice"`. */
export interface VoiceDecision {
  readonly actionId: string;
  readonly decision: "confirm" | "cancel";
  readonly itemId: string;
  readonly method: "voice";
}

export type WindowState = "idle" | "armed" | "reading" | "open" | "closed";

/** What the window made of one final transcript it heard (for a UI that shows it). */
export interface Heard {
  readonly itemId: string;
  readonly text: string;
  /** `ignored` when the speech began before the window opened or the item was already heard. */
  readonly verdict: Verdict | "ignored";
}

/** The parts of a talkie.action value the window reads. */
export interface ArmableAction {
  readonly id: string;
  readonly confirm?: { readonly methods?: readonly string[]; readonly voice?: { readonly keyword?: string } };
}

type RealtimeEvent = { readonly type?: unknown; readonly [key: string]: unknown };

const str = (value: unknown): string => (typeof value === "string" ? value : String(value));

/**
 * The consent window of one pending action. `arm()` when a tool result brought a pending action whose
 * `confirm.methods` include `voice`; the next response reads the proposal, and its
 * `output_audio_buffer.stopped` opens the window. `feed` returns a decision at most once, and the window is
 * closed when it does (§10.4 step 4).
 */
export class ConsentWindow {
  actionId: string | null = null;
  keyword: string | null = null;
  state: WindowState = "idle";
  proposalResponse: string | null = null;
  strikes = 0;
  /** The last final transcript the open window classified, or ignored. */
  lastHeard: Heard | null = null;
  private early = new Set<string>();
  private heard = new Set<string>();

  constructor(readonly vocab: Vocabulary) {}

  /** Whether `action` may be confirmed by voice at all (voice among its `confirm.methods`, VOICE-023). */
  static offersVoice(action: ArmableAction): boolean {
    return (action.confirm?.methods ?? []).includes("voice");
  }

  /** Start a window for `action`; false when voice is not among its methods. */
  arm(action: ArmableAction): boolean {
    if (!ConsentWindow.offersVoice(action)) return false;
    this.actionId = action.id;
    this.keyword = action.confirm?.voice?.keyword || null;
    this.state = "armed";
    this.proposalResponse = null;
    this.strikes = 0;
    this.lastHeard = null;
    this.early = new Set();
    this.heard = new Set();
    return true;
  }

  get isOpen(): boolean {
    return this.state === "open";
  }

  /** One provider event, in arrival order. */
  feed(event: RealtimeEvent): VoiceDecision | null {
    const kind = event.type;
    if (kind === "response.created" && this.state === "armed") {
      const response = event["response"] as { readonly id?: unknown } | undefined;
      this.proposalResponse = str(response?.id);
      this.state = "reading";
    } else if (kind === "output_audio_buffer.stopped" && this.state === "reading") {
      if (event["response_id"] === this.proposalResponse) this.state = "open";
    } else if (kind === "input_audio_buffer.speech_started" && (this.state === "armed" || this.state === "reading")) {
      this.early.add(str(event["item_id"]));
    } else if (kind === "conversation.item.input_audio_transcription.completed" && this.isOpen) {
      const transcript = event["transcript"];
      return this.utterance(str(event["item_id"]), typeof transcript === "string" ? transcript : "");
    }
    return null;
  }

  private utterance(itemId: string, text: string): VoiceDecision | null {
    if (this.early.has(itemId) || this.heard.has(itemId)) {
      this.lastHeard = { itemId, text, verdict: "ignored" };
      return null;
    }
    this.heard.add(itemId);
    const verdict = classify(text, this.vocab, this.keyword);
    this.lastHeard = { itemId, text, verdict };
    if (verdict === "other") {
      this.strikes += 1;
      if (this.strikes >= STRIKES) this.state = "closed";
      return null;
    }
    this.state = "closed"; // before the decision is sent (§10.4 step 4)
    if (this.actionId === null) throw new Error("an open consent window has an action");
    return { actionId: this.actionId, decision: verdict, itemId, method: "voice" };
  }
}
