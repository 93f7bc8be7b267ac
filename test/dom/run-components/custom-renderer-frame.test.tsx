/** A custom renderer brings its own frame: `<RunViewer>` and `<Inbox>` draw none around it. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import { Inbox } from '../../../src/components/inbox';
import { RunViewer } from '../../../src/components/run-viewer';
import type { ToolRendererProps } from '../../../src/components/tool-call-prompt';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { destroyStores, provider, simulator, startTask } from './simulator-harness';

const componentsDir = resolve(import.meta.dirname, '../../../src/components');
const css = ['run-viewer/run-viewer.css', 'inbox/inbox.css', 'shared/surface.css']
  .map((file) => readFileSync(resolve(componentsDir, file), 'utf8'))
  .join('\n');

let style: HTMLStyleElement;
beforeEach(() => {
  installFakeClock();
  style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
});
afterEach(() => {
  removeFakeClock();
  destroyStores();
  style.remove();
});

/** An app's own card: a bordered box of its design system. */
function BrandCard({ submit }: ToolRendererProps) {
  return (
    <div className="brand-card">
      <button type="button" onClick={() => void submit('{}')}>
        Answer in the brand card
      </button>
    </div>
  );
}

/** The library's box around the prompt: its border and padding as the stylesheet sets them. */
function frameOf(element: HTMLElement, selector: string) {
  const frame = element.closest<HTMLElement>(selector);
  if (frame === null) throw new Error(`no ${selector}`);
  const computed = getComputedStyle(frame);
  return { border: computed.borderTopWidth || computed.borderWidth, padding: computed.paddingTop || computed.padding };
}

describe('a custom renderer', () => {
  it('gets no frame of RunViewer, while the built-in form keeps it', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    const view = render(<RunViewer taskId={taskId} renderers={{ form_input: BrandCard }} liveView={false} />, { wrapper });
    await advance(0);
    await advance(4000);
    const button = screen.getByRole('button', { name: 'Answer in the brand card' });
    expect(frameOf(button, '.hitl-run-viewer-tool-call')).toEqual({ border: '0px', padding: '0px' });

    view.rerender(<RunViewer taskId={taskId} liveView={false} />);
    const username = screen.getByRole('textbox', { name: /Username/ });
    expect(frameOf(username, '.hitl-run-viewer-tool-call').border).not.toBe('0px');
  });

  it('gets no frame of the Inbox either', async () => {
    const service = simulator();
    await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    render(<Inbox renderers={{ form_input: BrandCard }} />, { wrapper });
    await advance(0);
    await advance(4000);
    await setupUser().click(screen.getByRole('button', { name: /Log in to the shop/ }));
    const button = screen.getByRole('button', { name: 'Answer in the brand card' });
    expect(frameOf(button, '.hitl-inbox-prompt')).toEqual({ border: '0px', padding: '0px' });
  });
});
