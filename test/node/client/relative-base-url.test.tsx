/**
 * A client made for the browser (`baseUrl: '/api/hitl'`) in server code: Next.js renders Client
 * Components on the server too. Making it and rendering with it must not throw; only a request
 * made there fails, and says why.
 */
import { renderToString } from 'react-dom/server';
import { createTaskClient } from '../../../src/client';
import { TaskClientProvider } from '../../../src/context';
import { RunViewer } from '../../../src/components/run-viewer';

describe('a path-only baseUrl outside a browser', () => {
  it('makes a client and server-renders a run viewer without a request', () => {
    const fetch = vi.fn<(request: Request) => Promise<Response>>();
    const client = createTaskClient({ baseUrl: '/api/hitl', fetch });
    const html = renderToString(
      <TaskClientProvider client={client}>
        <RunViewer taskId="task-1" />
      </TaskClientProvider>,
    );
    expect(html).toContain('hitl-run-viewer');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects a request with an error that says an absolute address is needed', async () => {
    const client = createTaskClient({ baseUrl: '/api/hitl' });
    await expect(client.getRunStatus('task-1')).rejects.toThrow(/baseUrl "\/api\/hitl".*absolute address/);
  });
});
