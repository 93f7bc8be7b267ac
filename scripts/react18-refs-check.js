/**
 * Run by `npm run test:examples` with Node inside the installed copy of examples/vite-react18, so
 * `react`, `react-dom` (18.3) and `hitl-react` (the packed tarball) are the app's: every component
 * that documents a `ref` is rendered in jsdom (the library's own, passed as argv[2]) with a ref,
 * which must reach its element, without a React warning. The live view's frame must be inert.
 * Prints one JSON line: { version, results: [{ name, element, problems }] }.
 */
const [, , jsdomPath] = process.argv;
const { JSDOM } = await import(jsdomPath);
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://127.0.0.1/', pretendToBeVisual: true });
for (const name of ['window', 'document', 'navigator', 'HTMLElement', 'Element', 'Node', 'MutationObserver', 'getComputedStyle']) {
  Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
}
globalThis.requestAnimationFrame = dom.window.requestAnimationFrame.bind(dom.window);
globalThis.cancelAnimationFrame = dom.window.cancelAnimationFrame.bind(dom.window);
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const warnings = [];
console.error = (...parts) => warnings.push(parts.map(String).join(' '));
console.warn = (...parts) => warnings.push(parts.map(String).join(' '));

const React = await import('react');
const { createRoot } = await import('react-dom/client');
const hitl = await import('hitl-react');
const { createSimulatedService } = await import('hitl-react/testing');

const client = createSimulatedService({ apiKey: 'sim_react18_refs_key' }).client;
const { taskId } = await client.createTask({ task: 'Log in to Acme Shop', agent: 'BROWSER_AGENT', tools: [hitl.formInputTool()] });
const h = React.createElement;
const form = { heading: 'Sign in', fields: [{ type: 'text', label: 'Username' }] };
const cases = {
  ToolCallForm: (ref) => h(hitl.ToolCallForm, { ref, parameters: form, onSubmit: () => undefined }),
  ToolCallPrompt: (ref) =>
    h(hitl.ToolCallPrompt, {
      ref,
      toolCall: { toolCallId: 'call-1', tool: { name: 'form_input', parameters: form } },
      onSubmit: async () => undefined,
    }),
  ApprovalPrompt: (ref) =>
    h(hitl.ApprovalPrompt, {
      ref,
      toolCall: { toolCallId: 'call-2', tool: { name: 'approve_purchase', parameters: { item: 'Kettle' } } },
      submit: async () => undefined,
    }),
  RunViewer: (ref) => h(hitl.RunViewer, { ref, taskId }),
  RunStatusBadge: (ref) => h(hitl.RunStatusBadge, { ref, status: 'running', isTerminal: false }),
  LiveView: (ref) => h(hitl.LiveView, { ref, url: 'http://127.0.0.1/live' }),
  RunGif: (ref) => h(hitl.RunGif, { ref, taskId }),
  RunResultView: (ref) => h(hitl.RunResultView, { ref, taskId }),
  StopRunButton: (ref) => h(hitl.StopRunButton, { ref, taskId }),
  TaskList: (ref) => h(hitl.TaskList, { ref }),
  RunList: (ref) => h(hitl.RunList, { ref, taskId }),
  // Newer than this check: included once the package exports it.
  ...(hitl.Inbox === undefined ? {} : { Inbox: (ref) => h(hitl.Inbox, { ref }) }),
};

const results = [];
for (const [name, make] of Object.entries(cases)) {
  const container = document.createElement('div');
  document.body.append(container);
  const ref = React.createRef();
  const root = createRoot(container);
  const before = warnings.length;
  const problems = [];
  try {
    await React.act(async () => root.render(h(hitl.TaskClientProvider, { client }, make(ref))));
    await React.act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  } catch (error) {
    problems.push(`threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (name === 'LiveView' && container.querySelector('iframe')?.getAttribute('inert') !== '')
    problems.push('the view-only frame is not inert');
  const element = ref.current instanceof dom.window.HTMLElement ? ref.current.tagName.toLowerCase() : null;
  if (element === null) problems.push('the ref stayed empty');
  problems.push(...warnings.slice(before).map((warning) => warning.slice(0, 300)));
  await React.act(async () => root.unmount());
  container.remove();
  results.push({ name, element, problems });
}
console.log(JSON.stringify({ version: React.version, results }));
process.exit(0);
