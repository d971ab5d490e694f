// The live API of an openapi-generator `typescript-fetch` client (the site's recipe): its generated API
// classes over the runtime's `fetch`, the development token as the bearer.
import { Configuration, ActionsApi, DiscoveryApi, RunsApi, StatusApi, ThreadsApi } from "./client";
import { main } from "./generated_reader";

main((origin, token) => {
  // The generated security code asks for the OAuth token by scheme name and sends it as it comes.
  const config = new Configuration({ basePath: origin, accessToken: (name) => (name === "talkieOAuth" ? `Bearer ${token}` : token) });
  return {
    manifest: () => new DiscoveryApi(config).getManifest(),
    status: () => new StatusApi(config).getStatus(),
    run: (runAgentInput) => new RunsApi(config).startRun({ runAgentInput }),
    decide: (actionId, decisionRequest) => new ActionsApi(config).decideAction({ actionId, decisionRequest }),
    threads: () => new ThreadsApi(config).listThreads(),
    thread: (threadId) => new ThreadsApi(config).getThread({ threadId }),
  };
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
