// The simulated task service for `npm run dev` (.env.development points the proxy at it).
import { startSimulatorServer } from 'hitl-react/testing';

const server = await startSimulatorServer({ port: 4010, apiKey: 'sim_example_key' });
console.log(`Simulated task service at ${server.url} (key sim_example_key). Ctrl-C stops it.`);
process.on('SIGINT', () => void server.close().then(() => process.exit(0)));
