/**
 * A strict TypeScript app on talkie-types: chat, a card, an action decided by a tap, a cancel, and a
 * disconnect followed by recovery, against a live server. Written as an app team would, with no type
 * assertion anywhere; it compiles under `strict`, `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess`.
 * Each step reports one line: `step {json}`.
 */
import {
  type CardBlock,
  type ParseResult,
  type StreamWarning,
  TalkieClient,
  TalkieError,
} from "talkie-types";

export type Report = (line: string) => void;

function blockText(block: CardBlock): string {
  switch (block.type) {
    case "heading":
    case "text":
    case "badge":
      return block.text;
    case "fields":
      return block.fields.map((field) => `${field.label}: ${field.value}`).join(", ");
    case "list":
      return block.items.map((item) => item.title).join(", ");
    case "link":
      return block.label;
    case "file":
      return block.name;
    case "unknown":
      return `(${block.tag})`;
  }
}

function firstDelta(result: ParseResult): boolean {
  return result.kind === "event" && result.event.type === "TEXT_MESSAGE_CONTENT";
}

export async function main(address: string, token: string, report: Report): Promise<void> {
  const warnings: StreamWarning[] = [];
  const client = await TalkieClient.connect(address, {
    tokens: token,
    development: true,
    onWarning: (warning) => warnings.push(warning),
  });
  const status = await client.status();
  report(`status ${JSON.stringify({ user: status.user.name, chat: status.chat })}`);

  const chat = client.run("talkie-test:echo Dobrý den, Jano");
  const echoed = await chat.complete();
  report(`chat ${JSON.stringify({ text: echoed.text, threadId: chat.threadId, end: echoed.end?.kind ?? null })}`);

  const cardRun = client.run("talkie-test:card", { threadId: chat.threadId });
  const carded = await cardRun.complete();
  const cards = [...carded.cards.values()];
  const calls = [...carded.toolCalls.values()];
  report(
    `card ${JSON.stringify({
      cards: cards.length,
      blocks: cards.flatMap((card) => card.blocks.map(blockText)),
      tools: calls.map((call) => ({ name: call.name, label: call.label ?? null, ok: call.ok ?? null })),
    })}`,
  );

  const actionRun = client.run("talkie-test:action", { threadId: chat.threadId });
  const proposed = await actionRun.complete();
  const pending = [...proposed.actions.values()].find((action) => action.status === "pending");
  if (pending === undefined) throw new Error("no pending action");
  const method = pending.confirm.methods.includes("button") ? "button" : "voice";
  const decided = await client.decide(pending, { decision: "confirm", paramsHash: pending.paramsHash, method });
  proposed.putAction(decided.action, true);
  const again = await client
    .decide(pending, { decision: "cancel", paramsHash: pending.paramsHash, method })
    .catch((error: unknown) => error);
  report(
    `action ${JSON.stringify({
      status: proposed.actions.get(pending.id)?.status ?? null,
      events: decided.events.map((event) => event.kind),
      opposite: again instanceof TalkieError ? { status: again.status ?? null, code: again.code } : null,
    })}`,
  );

  const slow = client.run("talkie-test:slow", { threadId: chat.threadId });
  let cancelled = false;
  for await (const result of slow) {
    if (!cancelled && firstDelta(result)) {
      cancelled = true;
      await slow.cancel();
    }
  }
  const outcome = slow.state.end?.kind === "finished" ? slow.state.end.outcome?.type ?? "success" : null;
  report(`cancel ${JSON.stringify({ outcome, dropped: slow.dropped })}`);

  const controller = new AbortController();
  const dropped = client.run("talkie-test:slow", { threadId: chat.threadId, signal: controller.signal });
  let before = "";
  for await (const result of dropped) {
    if (firstDelta(result)) {
      before = dropped.state.text;
      controller.abort();
    }
  }
  const recovery = await dropped.recover({ interval: 300 });
  const stored = recovery.reply.map((message) => message.content).join("");
  report(
    `recover ${JSON.stringify({ dropped: dropped.dropped, before, stored, longer: stored.length > before.length })}`,
  );

  const threads = await client.threads();
  report(`threads ${JSON.stringify({ listed: threads.threads.some((thread) => thread.id === chat.threadId) })}`);
  report(`warnings ${JSON.stringify(warnings.map((warning) => warning.rule))}`);
}
