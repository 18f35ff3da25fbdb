import { chatTurn } from './chat-turn';
import { eventLatency } from './event-latency';
import { functionRun } from './function-run';
import { idleMemory } from './idle-memory';
import { knowledgeIngest } from './knowledge-ingest';
import { knowledgeSearch } from './knowledge-search';
import { listQuery } from './list-query';
import { removeBundle, startServer } from './server-process';
import { sharedChat } from './shared-chat';
import { webFirstScreen } from './web-first-screen';

/** Runs every benchmark against a fresh server process each and prints one JSON document. */
async function main() {
  const results: Record<string, unknown> = { node: process.version, date: new Date().toISOString() };
  results.idleMemory = await idleMemory();
  let server = await startServer();
  try {
    results.listQuery999 = await listQuery(server);
  } finally {
    await server.stop();
  }
  server = await startServer();
  try {
    results.eventLatency = await eventLatency(server);
  } finally {
    await server.stop();
  }
  server = await startServer();
  try {
    results.knowledgeIngest = await knowledgeIngest(server);
  } finally {
    await server.stop();
  }
  results.webFirstScreen = await webFirstScreen();
  results.knowledgeSearch = await knowledgeSearch();
  results.chatTurn = await chatTurn();
  results.functionRun = await functionRun();
  results.sharedChat = await sharedChat();
  removeBundle();
  console.log(JSON.stringify(results, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
