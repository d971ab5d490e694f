/**
 * Voice in a browser app with talkie-types (§10): a voice session the server locks, WebRTC straight to the
 * speech provider, the provider's tool calls run by the server, transcripts stored in the thread, and usage
 * reported. Confirming actions by voice (§10.4) builds on this; see the Voice page of the specification.
 *
 * Runs in a browser (RTCPeerConnection, the microphone); `client` is a signed-in TalkieClient.
 */
// --8<-- [start:setup]
import { type ParseResult, TalkieClient, type VoiceSession } from "talkie-types";

const TRANSPORT = "webrtc";
const EVENT_PROTOCOL = "openai-realtime/1";
const DATA_CHANNEL = "oai-events"; // the channel the provider's events travel on
const USAGE_EVERY_SECONDS = 30; // voiceUsage every 30 s, and once more at the end (§10.3)

/** The members of provider events (openai-realtime/1) this client reads; it ignores every other event. */
interface ProviderEvent {
  type: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  item_id?: string;
  transcript?: string;
  error?: { code?: string; message?: string };
}

/** What the app shows while a call runs: the status line, cards and actions, the transcript. */
export interface VoiceView {
  status(text: string): void;
  events(results: ParseResult[]): void;
  line(role: "user" | "assistant", text: string): void;
}
// --8<-- [end:setup]

// --8<-- [start:session]
/**
 * A voice session from the server, which has locked the model, instructions, tools and limits. The client
 * secret goes to `signaling.url` only, and only when that is https on a host the manifest lists (§10.1);
 * a development build also accepts plain http to this machine (notes N-03; hosts compared without port, N-50).
 */
async function openSession(client: TalkieClient, threadId: string | undefined, development: boolean): Promise<VoiceSession> {
  const voice = client.manifest.capabilities.voice;
  if (voice === undefined || !client.supports("voiceSessions")) throw new Error("this server offers no voice");
  if (!voice.transports.includes(TRANSPORT) || !voice.eventProtocols.includes(EVENT_PROTOCOL)) {
    throw new Error(`this client speaks ${TRANSPORT} with ${EVENT_PROTOCOL} only`);
  }
  const session = await client.voiceSession(threadId === undefined ? {} : { threadId });
  const url = new URL(session.signaling.url);
  const local = development && url.protocol === "http:" && ["127.0.0.1", "localhost"].includes(url.hostname);
  if ((url.protocol !== "https:" && !local) || !voice.signalingHosts.includes(url.hostname)) {
    throw new Error(`refusing to send the voice secret to ${url.origin}`);
  }
  return session;
}
// --8<-- [end:session]

// --8<-- [start:connect]
/** WebRTC to the provider: the microphone out, the assistant's voice in, and the `oai-events` channel. */
async function connect(session: VoiceSession, speaker: HTMLAudioElement): Promise<{ peer: RTCPeerConnection; channel: RTCDataChannel }> {
  const peer = new RTCPeerConnection();
  const microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of microphone.getAudioTracks()) peer.addTrack(track, microphone);
  peer.ontrack = (event) => {
    speaker.srcObject = event.streams[0] ?? new MediaStream([event.track]);
  };
  const channel = peer.createDataChannel(DATA_CHANNEL);
  await peer.setLocalDescription(await peer.createOffer());
  const answer = await fetch(session.signaling.url, {
    method: "POST",
    redirect: "error",
    headers: { authorization: `Bearer ${session.clientSecret}`, "content-type": "application/sdp" },
    body: peer.localDescription?.sdp ?? "",
  });
  if (!answer.ok) {
    peer.close();
    throw new Error(`the speech provider refused the connection (HTTP ${answer.status})`);
  }
  await peer.setRemoteDescription({ type: "answer", sdp: await answer.text() });
  return { peer, channel };
}
// --8<-- [end:connect]

// --8<-- [start:tools]
/**
 * A function call the provider asks for: the server runs it (`voiceTool`, bound to this session), the app
 * shows its cards and actions, and the output goes back to the model unchanged (§10.2).
 */
async function runTool(client: TalkieClient, session: VoiceSession, channel: RTCDataChannel, call: ProviderEvent, view: VoiceView): Promise<void> {
  if (call.call_id === undefined || call.name === undefined) return;
  view.status(session.labels[call.name] ?? "…");
  const result = await client.voiceTool(session.voiceSessionId, call.name, {
    callId: call.call_id,
    arguments: call.arguments ?? "{}",
  });
  view.events(result.events); // talkie.card, talkie.action…, parsed as a run's events are
  view.status("");
  const output = { type: "function_call_output", call_id: call.call_id, output: result.output };
  channel.send(JSON.stringify({ type: "conversation.item.create", item: output }));
  channel.send(JSON.stringify({ type: "response.create" }));
}
// --8<-- [end:tools]

// --8<-- [start:transcripts]
/** Store each finished transcript line in the thread (`voiceTranscript`, 201) and show it. */
async function transcript(client: TalkieClient, session: VoiceSession, event: ProviderEvent, view: VoiceView): Promise<void> {
  const role = event.type === "conversation.item.input_audio_transcription.completed" ? "user" : "assistant";
  if (event.transcript === undefined || event.item_id === undefined) return;
  view.line(role, event.transcript);
  await client.voiceTranscript(session.voiceSessionId, { role, text: event.transcript, itemId: event.item_id });
}
// --8<-- [end:transcripts]

// --8<-- [start:call]
/** One voice call, until `hangUp()` or the session's `maxSeconds`; usage is reported as §10.3 asks. */
export async function startVoice(
  client: TalkieClient,
  view: VoiceView,
  speaker: HTMLAudioElement,
  options: { threadId?: string; development?: boolean } = {},
): Promise<{ threadId: string; hangUp: () => Promise<void> }> {
  const session = await openSession(client, options.threadId, options.development === true);
  const { peer, channel } = await connect(session, speaker);
  const started = Date.now();
  const seconds = (): number => Math.round((Date.now() - started) / 1000);
  let ended = false;
  const hangUp = async (): Promise<void> => {
    if (ended) return;
    ended = true;
    clearInterval(usage);
    peer.close();
    await client.voiceUsage(session.voiceSessionId, { seconds: seconds(), final: true });
  };
  const usage = setInterval(() => {
    void client.voiceUsage(session.voiceSessionId, { seconds: seconds(), final: false }).then((answer) => {
      if (answer.remainingSeconds <= session.warnSeconds) view.status(`${answer.remainingSeconds} s left`);
      if (answer.remainingSeconds <= 0) void hangUp();
    });
  }, USAGE_EVERY_SECONDS * 1000);
  channel.onmessage = (message: MessageEvent<string>) => {
    const event = JSON.parse(message.data) as ProviderEvent;
    let done: Promise<void> | undefined;
    if (event.type === "response.function_call_arguments.done") done = runTool(client, session, channel, event, view);
    else if (event.type === "conversation.item.input_audio_transcription.completed") done = transcript(client, session, event, view);
    else if (event.type === "response.output_audio_transcript.done") done = transcript(client, session, event, view);
    else if (event.type === "error") view.status(event.error?.message ?? "the speech provider reported an error");
    done?.catch((error: unknown) => view.status(String(error)));
  };
  peer.onconnectionstatechange = () => {
    if (peer.connectionState === "failed" || peer.connectionState === "closed") void hangUp();
  };
  return { threadId: session.threadId, hangUp };
}
// --8<-- [end:call]
