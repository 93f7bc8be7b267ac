import { createTaskProxy } from 'hitl-react/server';

// The key stays on the server. Both settings are read on the first request, not when the module
// loads: `next build` loads this file without them, and a missing one is answered with a 500
// that names it.
const proxy = createTaskProxy({
  upstream: () => process.env.HITL_UPSTREAM,
  apiKey: () => process.env.HITL_API_KEY,
  basePath: '/api/hitl',
});

export { proxy as GET, proxy as POST, proxy as PUT };
