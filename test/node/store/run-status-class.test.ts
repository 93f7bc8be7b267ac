/** The rule that decides where a run stands, which the store, the proxy's hub and the badge share. */
import { classifyRunStatus, isRetryableReadError, isTerminalRunStatus, TaskApiError, unknownStatusInterval } from '../../../src/client';
import { runStatusState } from '../../../src/store';
import { formCall, runStatus } from './fake-task-client';

describe('classifyRunStatus', () => {
  it.each([
    ['running', 'live'],
    ['Queued', 'live'],
    ['in-progress', 'live'],
    ['completed', 'terminal'],
    ['FAILED', 'terminal'],
    ['timed out', 'terminal'],
    ['canceled', 'terminal'],
    ['succeeded', 'terminal'],
    ['booting', 'unknown'],
    ['', 'unknown'],
  ])('calls a run whose status is %j %s', (status, expected) => {
    expect(classifyRunStatus(runStatus(status, ''))).toBe(expected);
  });

  it('calls a run with a pending tool call live, whatever its status says', () => {
    expect(classifyRunStatus(runStatus('completed', 'tool_call', formCall('call-1')))).toBe('live');
    expect(classifyRunStatus(runStatus('booting', 'tool_call'))).toBe('live');
    expect(classifyRunStatus(runStatus('booting', '', formCall('call-1')))).toBe('live');
  });

  it('takes nothing it cannot read for an end', () => {
    expect(classifyRunStatus(null as never)).toBe('unknown');
    expect(classifyRunStatus({ status: 42 } as never)).toBe('unknown');
  });

  it('lets a value named in one list leave the other default list', () => {
    // `queued` is non-terminal by default; named terminal, it is an end.
    expect(classifyRunStatus({ status: 'queued' }, { terminalRunStatuses: ['queued'] })).toBe('terminal');
    // Only the given terminal list counts then: `failed` is no longer known.
    expect(classifyRunStatus({ status: 'failed' }, { terminalRunStatuses: ['queued'] })).toBe('unknown');
    // `completed` named non-terminal keeps being polled.
    expect(classifyRunStatus({ status: 'completed' }, { nonTerminalRunStatuses: ['completed'] })).toBe('live');
    // In both given lists: polling on is the safe side.
    expect(classifyRunStatus({ status: 'done' }, { nonTerminalRunStatuses: ['done'], terminalRunStatuses: ['done'] })).toBe('live');
  });

  it('keeps the older checks, true only for a known end', () => {
    expect(isTerminalRunStatus('completed')).toBe(true);
    expect(isTerminalRunStatus('booting')).toBe(false);
    // The non-terminal list given as before, as a plain list.
    expect(isTerminalRunStatus('running', ['thinking'])).toBe(false);
    expect(isTerminalRunStatus('stopped', ['thinking'])).toBe(true);
    expect(['thinking', 'booting', 'cancelled'].map((status) => isTerminalRunStatus(status, ['thinking']))).toEqual([false, false, true]);
  });
});

describe('runStatusState', () => {
  it('shows a status nobody knows as unknown whether or not a judge said the run goes on', () => {
    expect(runStatusState({ status: 'booting', detailedStatus: '' })).toBe('unknown');
    expect(runStatusState({ status: 'booting', detailedStatus: '' }, false)).toBe('unknown');
    expect(runStatusState({ status: 'booting', detailedStatus: '' }, 'live')).toBe('running');
    expect(runStatusState({ status: 'completed', detailedStatus: '' }, false)).toBe('running');
    expect(runStatusState({ status: 'completed', detailedStatus: '' })).toBe('completed');
    expect(runStatusState({ status: 'timed_out', detailedStatus: '' })).toBe('unknown');
  });
});

describe('unknownStatusInterval', () => {
  it('waits as long as the status has lasted, from the interval up to 30 s', () => {
    expect([0, 2000, 4000, 8000, 16_000, 32_000, 600_000].map((lasted) => unknownStatusInterval(2000, lasted))).toEqual([
      2000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    // An interval longer than the cap is kept.
    expect(unknownStatusInterval(60_000, 600_000)).toBe(60_000);
  });
});

describe('isRetryableReadError', () => {
  const api = (message: string) => new TaskApiError(message, { kind: 'api', status: 200 });

  it('retries a `success: false` unless it says the task or run is gone', () => {
    expect(isRetryableReadError(api('The service could not process the request'))).toBe(true);
    expect(isRetryableReadError(api('GET /api/v1/task/{taskId}/run/status was refused by the service'))).toBe(true);
    for (const gone of ['Task not found', 'Run "r-1" does not exist', "The run doesn't exist", 'No such task', 'Unknown run r-1']) {
      expect(isRetryableReadError(api(gone))).toBe(false);
    }
  });

  it('keeps what isTransient says for the other kinds', () => {
    expect(isRetryableReadError(new TaskApiError('x', { kind: 'http', status: 503 }))).toBe(true);
    expect(isRetryableReadError(new TaskApiError('x', { kind: 'http', status: 404 }))).toBe(false);
    expect(isRetryableReadError(new TaskApiError('x', { kind: 'parse', status: 200 }))).toBe(false);
    expect(isRetryableReadError(new TaskApiError('x', { kind: 'network' }))).toBe(true);
  });
});
