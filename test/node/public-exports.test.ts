/**
 * The public names are a contract: adding one is a decision, removing or renaming one breaks users.
 * This snapshot makes every change to the export list show up in review.
 */
import { readFileSync } from 'node:fs';
import * as main from '../../src';
import * as store from '../../src/store-entry';
import * as server from '../../src/server';
import * as serverRedis from '../../src/server/redis';
import * as testing from '../../src/testing';
import * as mcp from '../../src/adapters/mcp';
import * as agUi from '../../src/adapters/ag-ui';
import * as aiSdk from '../../src/adapters/ai-sdk';
import * as langgraph from '../../src/adapters/langgraph';
import * as mastra from '../../src/adapters/mastra';
import * as openaiAgents from '../../src/adapters/openai-agents';
import * as serviceWorker from '../../src/service-worker';

const names = (module: object) => Object.keys(module).sort();

it.each([
  'src/index.ts',
  'src/store-entry.ts',
  'src/server/index.ts',
  'src/server/redis/index.ts',
  'src/testing/index.ts',
  'src/adapters/mcp/index.ts',
  'src/adapters/ag-ui/index.ts',
  'src/adapters/ai-sdk/index.ts',
  'src/adapters/langgraph/index.ts',
  'src/adapters/openai-agents/index.ts',
  'src/adapters/mastra/index.ts',
  'src/service-worker/index.ts',
])('lists every export of %s by name', (entry) => {
  // `export *` would make whatever a module exports public, internals included.
  expect(readFileSync(new URL(`../../${entry}`, import.meta.url), 'utf8')).not.toMatch(/export\s+(type\s+)?\*/);
});

it('keeps the export list of hitl-react', () => {
  expect(names(main)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/store', () => {
  expect(names(store)).toMatchSnapshot();
});

it('keeps the store plumbing out of hitl-react, in hitl-react/store', () => {
  const plumbing = [
    'resourceKeys',
    'InboxObserver',
    'createBrowserTabEnvironment',
    'getRunStore',
    'RUN_STORE_DEFAULTS',
    'MIN_POLL_INTERVAL_MS',
    'INBOX_DEFAULTS',
    'toolCallTitle',
    'runStatusState',
    'FINAL_GIF_STATUSES',
    'isFinalGifStatus',
  ];
  for (const name of plumbing) {
    expect(names(main)).not.toContain(name);
    expect(names(store)).toContain(name);
  }
  // The types, by name, in the entries' sources (types leave no runtime trace).
  const source = (entry: string) => readFileSync(new URL(`../../${entry}`, import.meta.url), 'utf8');
  for (const type of ['ResourceSnapshot', 'Watcher', 'StoreEnvironment', 'Transport', 'TabEnvironment', 'TaskEventSource']) {
    expect(source('src/index.ts')).not.toMatch(new RegExp(`\\b${type}\\b`));
    expect(source('src/store-entry.ts')).toMatch(new RegExp(`\\b${type}\\b`));
  }
  expect(JSON.parse(source('package.json'))).toMatchObject({
    exports: { './store': { types: './dist/store-entry.d.ts', default: './dist/store.js' } },
  });
});

it('gives each value one name: the English texts are the `en` locale, not a second export per group', () => {
  expect(names(main).filter((name) => /^(default|en)[A-Z]\w*Messages$/.test(name))).toEqual([]);
  const values = Object.values(main as Record<string, unknown>).filter((value) => typeof value === 'object' || typeof value === 'function');
  expect(new Set(values).size).toBe(values.length);
});

it.each(['en', 'de', 'fr', 'es', 'ja'])('hitl-react/locales/%s exports its messages and nothing else', async (tag) => {
  const locale = (await import(`../../src/messages/locales/${tag}.ts`)) as Record<string, unknown>;
  expect(names(locale)).toEqual([tag]);
});

it('keeps the export list of hitl-react/testing', () => {
  expect(names(testing)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/server', () => {
  expect(names(server)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/server/redis', () => {
  expect(names(serverRedis)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/mcp', () => {
  expect(names(mcp)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/ag-ui', () => {
  expect(names(agUi)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/ai-sdk', () => {
  expect(names(aiSdk)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/langgraph', () => {
  expect(names(langgraph)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/openai-agents', () => {
  expect(names(openaiAgents)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/mastra', () => {
  expect(names(mastra)).toMatchSnapshot();
});

it('keeps the export list of hitl-react/service-worker', () => {
  expect(names(serviceWorker)).toMatchSnapshot();
});

it('exports the names the issues fix', () => {
  const fixed = [
    'createTaskClient',
    'TaskApiError',
    'formInputTool',
    'encodeFormAnswer',
    'ToolCallForm',
    'ToolCallPrompt',
    'TaskClientProvider',
    'useTaskClient',
    'useRunStatus',
    'useRunResult',
    'useRunGif',
    'useToolInput',
    'useTasks',
    'useRuns',
    'useCreateTask',
    'useStopRun',
    'useStopTask',
    'useCheckApiKey',
    'RunViewer',
    'RunStatusBadge',
    'LiveView',
    'RunResultView',
    'DataTable',
    'RunGif',
    'TaskList',
    'RunList',
  ];
  expect(fixed.filter((name) => !(name in main))).toEqual([]);
  expect('createSimulatedService' in testing && 'startSimulatorServer' in testing).toBe(true);
  expect('createTaskProxy' in server).toBe(true);
});
