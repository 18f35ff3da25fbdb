import { eventLatency } from './event-latency';
import { startServer } from './server-process';
const server = await startServer(process.env.PROF ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' } : {});
console.log(JSON.stringify(await eventLatency(server)));
await server.stop();
