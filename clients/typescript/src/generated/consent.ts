// Generated from models/src/talkie_models/consent_words.json — do not edit; regenerate with `python3 dev.py codegen`.

/** The built-in words of one locale; entries are words or short phrases, compared folded. */
export interface ConsentWords {
  readonly confirm: readonly string[];
  readonly refuse: readonly string[];
  readonly negation: readonly string[];
  readonly question: readonly string[];
  readonly hesitation: readonly string[];
  readonly negationPrefix: string;
}

/** The consent classifier's built-in vocabularies by locale (§10.4 step 3). */
export const CONSENT_WORDS: { readonly [locale: string]: ConsentWords } = {
  "cs": {
    "confirm": [
      "ano",
      "jo",
      "jasně",
      "potvrzuji",
      "potvrzuju",
      "souhlasím",
      "určitě",
      "dobře",
      "ok",
      "okej"
    ],
    "refuse": [
      "ne",
      "nene",
      "zruš",
      "zrušit",
      "storno",
      "nechci",
      "nepotvrzuji",
      "nesouhlasím"
    ],
    "negation": [
      "ne",
      "nechci",
      "nikdy",
      "nikoli",
      "nikoliv",
      "nesouhlasím",
      "nedělej",
      "nedělat"
    ],
    "question": [
      "co",
      "proč",
      "jak",
      "kdy",
      "kde",
      "kdo",
      "který",
      "která",
      "které",
      "opravdu",
      "fakt"
    ],
    "hesitation": [
      "asi",
      "možná",
      "nevím",
      "počkej",
      "počkejte",
      "moment",
      "hmm",
      "ehm",
      "eh",
      "em",
      "vlastně",
      "spíš",
      "třeba",
      "uvidíme",
      "rozmyslím"
    ],
    "negationPrefix": "ne"
  },
  "en": {
    "confirm": [
      "yes",
      "yeah",
      "yep",
      "sure",
      "confirm",
      "confirmed",
      "ok",
      "okay",
      "correct",
      "go ahead"
    ],
    "refuse": [
      "no",
      "nope",
      "cancel",
      "stop",
      "abort",
      "don't",
      "do not"
    ],
    "negation": [
      "no",
      "not",
      "don't",
      "dont",
      "never",
      "nope"
    ],
    "question": [
      "what",
      "why",
      "how",
      "when",
      "where",
      "who",
      "which",
      "really",
      "is",
      "are",
      "do",
      "does",
      "did",
      "can",
      "could",
      "should",
      "would",
      "will",
      "shall"
    ],
    "hesitation": [
      "maybe",
      "perhaps",
      "um",
      "uh",
      "uhm",
      "hmm",
      "er",
      "erm",
      "wait",
      "hold on",
      "not sure",
      "i guess",
      "i think",
      "probably",
      "possibly",
      "later"
    ],
    "negationPrefix": ""
  }
};

/** The locale whose words an unknown locale gets. */
export const CONSENT_FALLBACK = "en";
