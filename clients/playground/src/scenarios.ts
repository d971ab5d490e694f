/**
 * The client suite's scenarios, when the playground runs on a mock that serves them (app mode): a picker
 * that puts a scenario's manifest URL into the address field and says what the person does in it. The list
 * comes from the mock's guarded `GET /_mock/api/clients`; elsewhere (the playground of `talkie-mock
 * playground URL`, another server) that answers no list, and the picker stays hidden.
 */

export const CLIENTS_API = "/_mock/api/clients";

export interface Scenario {
  name: string;
  summary: string;
  manifestUrl: string;
  person: { gesture: string; text: string }[];
}

export interface Picker {
  section: HTMLElement;
  select: HTMLSelectElement;
  person: HTMLElement;
}

function isScenario(value: unknown): value is Scenario {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === "string" && typeof v.summary === "string" && typeof v.manifestUrl === "string" && Array.isArray(v.person);
}

/** The scenarios the mock lists, or none (no such list here, or no key for it). */
export async function listScenarios(key: string | undefined): Promise<Scenario[]> {
  const headers: Record<string, string> = key === undefined ? {} : { "X-Talkie-Mock-Key": key };
  try {
    const response = await fetch(CLIENTS_API, { headers });
    if (!response.ok) return [];
    const data: unknown = await response.json();
    const listed = typeof data === "object" && data !== null ? (data as Record<string, unknown>).scenarios : undefined;
    return Array.isArray(listed) ? listed.filter(isScenario) : [];
  } catch {
    return [];
  }
}

/** What the person does in a scenario, in words. */
export function personOf(scenario: Scenario): string {
  const gestures = scenario.person.map((p) => `${p.gesture}: ${p.text}`);
  return `${scenario.summary} The person: ${gestures.length > 0 ? gestures.join("; ") : "sends one message"}.`;
}

/** Fill the picker; `pick` gets the chosen scenario's manifest URL. */
export function showPicker(picker: Picker, scenarios: Scenario[], pick: (url: string) => void): void {
  if (scenarios.length === 0) return;
  const first = document.createElement("option");
  first.value = "";
  first.textContent = "Choose a scenario…";
  picker.select.replaceChildren(
    first,
    ...scenarios.map((scenario) => {
      const option = document.createElement("option");
      option.value = scenario.name;
      option.textContent = scenario.name;
      return option;
    }),
  );
  picker.select.addEventListener("change", () => {
    const chosen = scenarios.find((s) => s.name === picker.select.value);
    picker.person.textContent = chosen === undefined ? "" : personOf(chosen);
    if (chosen !== undefined) pick(chosen.manifestUrl);
  });
  picker.section.hidden = false;
}
