import { render, screen } from '@testing-library/react';
import { RunStatusBadge } from '../../../src/components/run-status-badge';
import { expectNoAxeViolations } from '../axe';

const badge = (container: HTMLElement) => container.querySelector('.hitl-run-status-badge') as HTMLElement;

describe('RunStatusBadge', () => {
  it.each([
    [undefined, 'Loading status…', 'loading'],
    [{ status: 'running', detailedStatus: 'processing_page' }, 'Running — loading a page', 'running'],
    [{ status: 'running', detailedStatus: 'tool_call' }, 'Waiting for your input', 'waiting'],
    [{ status: 'running', detailedStatus: '' }, 'Running', 'running'],
    [{ status: 'running', detailedStatus: 'scrolling' }, 'Running — scrolling', 'running'],
    [{ status: 'queued', detailedStatus: '' }, 'Status: queued', 'running'],
    [{ status: 'completed', detailedStatus: 'completed' }, 'Completed', 'completed'],
    [{ status: 'failed', detailedStatus: 'failed' }, 'Failed', 'failed'],
    [{ status: 'stopped', detailedStatus: 'stopped' }, 'Stopped', 'stopped'],
    [{ status: 'foo_bar', detailedStatus: '' }, 'Status: foo_bar', 'unknown'],
    [{ status: 'foo_bar', detailedStatus: 'baz' }, 'Status: foo_bar (baz)', 'unknown'],
  ])('shows %j as "%s" with data-state %s', (status, text, state) => {
    const { container } = render(<RunStatusBadge status={status} />);
    expect(badge(container)).toHaveTextContent(text);
    expect(badge(container)).toHaveAttribute('data-state', state);
  });

  it('keeps the raw values in data attributes', () => {
    const { container } = render(<RunStatusBadge status={{ status: 'running', detailedStatus: 'processing_page' }} />);
    expect(badge(container)).toHaveAttribute('data-status', 'running');
    expect(badge(container)).toHaveAttribute('data-detailed-status', 'processing_page');
  });

  it('renders a hostile status value as text', () => {
    const { container } = render(<RunStatusBadge status={{ status: '<img src=x onerror=alert(1)>', detailedStatus: '' }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Status: <img src=x onerror=alert(1)>')).toBeInTheDocument();
  });

  it('takes its words from messages', () => {
    const { container } = render(
      <RunStatusBadge
        status={{ status: 'running', detailedStatus: 'tool_call' }}
        messages={{ waitingForInput: () => 'Ihre Eingabe wird benötigt', completed: undefined }}
      />,
    );
    expect(badge(container)).toHaveTextContent('Ihre Eingabe wird benötigt');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <>
        <RunStatusBadge status={undefined} />
        <RunStatusBadge status={{ status: 'failed', detailedStatus: 'failed' }} />
      </>,
    );
    await expectNoAxeViolations(container);
  });
});
