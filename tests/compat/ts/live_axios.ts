// The live API of an openapi-generator `typescript-axios` client (the site's recipe): its generated API
// classes over axios (pinned in tools/node), the development token as the bearer.
import { Configuration, ActionsApi, DiscoveryApi, RunsApi, StatusApi, ThreadsApi } from "./client";
import { main } from "./generated_reader";

main((origin, token) => {
  const config = new Configuration({ basePath: origin, accessToken: token });
  return {
    manifest: async () => (await new DiscoveryApi(config).getManifest()).data,
    status: async () => (await new StatusApi(config).getStatus()).data,
    // The run answers with an SSE body: read as text, as the generated `string` type says.
    run: async (body) => (await new RunsApi(config).startRun(body, { responseType: "text" })).data,
    decide: async (actionId, body) => (await new ActionsApi(config).decideAction(actionId, body)).data,
    threads: async () => (await new ThreadsApi(config).listThreads()).data,
    thread: async (threadId) => (await new ThreadsApi(config).getThread(threadId)).data,
  };
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
