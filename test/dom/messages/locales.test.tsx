/**
 * Locales through the components: a `<MessagesProvider>` gives every part its language, a
 * component's `messages` prop wins over it, a message the locale lacks falls back to English, and
 * numbers and dates follow the provider's `locale`.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessagesProvider } from '../../../src/context';
import type { PartialMessages, RunStatusBadgeMessages } from '../../../src/messages';
import { de } from '../../../src/messages/locales/de';
import { ja } from '../../../src/messages/locales/ja';
import { DataTable } from '../../../src/components/run-result-view';
import { RunStatusBadge } from '../../../src/components/run-status-badge';
import { StopRunButton } from '../../../src/components/stop-run-button';
import { ToolCallForm } from '../../../src/components/tool-call-form';
import { expectNoAxeViolations } from '../axe';

const badge = (container: HTMLElement) => container.querySelector('.hitl-run-status-badge') as HTMLElement;

/** German without two of its messages, as a locale that lags behind a release would be. */
const germanBadge: Partial<RunStatusBadgeMessages> = Object.fromEntries(
  Object.entries(de.statusBadge).filter(([key]) => key !== 'completed'),
);
const partialGerman: PartialMessages = { ...de, statusBadge: germanBadge };

describe('a locale given by MessagesProvider', () => {
  it('translates every part below it', async () => {
    const { container } = render(
      <MessagesProvider messages={de}>
        <RunStatusBadge status={{ status: 'failed', detailedStatus: 'failed' }} />
        <StopRunButton taskId="task_1" client={{} as never} />
      </MessagesProvider>,
    );
    expect(badge(container)).toHaveTextContent('Fehlgeschlagen');
    expect(screen.getByRole('button', { name: 'Lauf stoppen' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('falls back to English for a message the locale lacks, and only for it', () => {
    const { container, rerender } = render(
      <MessagesProvider messages={partialGerman}>
        <RunStatusBadge status={{ status: 'completed', detailedStatus: 'completed' }} />
      </MessagesProvider>,
    );
    expect(badge(container)).toHaveTextContent('Completed');
    rerender(
      <MessagesProvider messages={partialGerman}>
        <RunStatusBadge status={{ status: 'stopped', detailedStatus: 'stopped' }} />
      </MessagesProvider>,
    );
    expect(badge(container)).toHaveTextContent('Gestoppt');
  });

  it('gives way to the messages prop of a component', () => {
    const { container } = render(
      <MessagesProvider messages={de}>
        <RunStatusBadge status={{ status: 'failed', detailedStatus: 'failed' }} messages={{ failed: () => 'Kaputt' }} />
      </MessagesProvider>,
    );
    expect(badge(container)).toHaveTextContent('Kaputt');
  });

  it('formats the numbers of a data table with its locale, unless the table has its own', () => {
    const rows = [{ title: 'Summe', value: 1234.5 }];
    const { rerender } = render(
      <MessagesProvider messages={de}>
        <DataTable rows={rows} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('table', { name: 'Extrahierte Daten' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1.234,5' })).toBeInTheDocument();
    rerender(
      <MessagesProvider messages={de}>
        <DataTable rows={rows} locale="en-US" />
      </MessagesProvider>,
    );
    expect(screen.getByRole('cell', { name: '1,234.5' })).toBeInTheDocument();
  });

  it('speaks Japanese in a form, errors and plurals included', async () => {
    const user = userEvent.setup();
    const parameters = {
      fields: [
        { label: 'お名前', type: 'text', required: true, minLength: 3 },
        { label: 'メール', type: 'email', required: true },
      ],
    };
    const { container } = render(
      <MessagesProvider messages={ja}>
        <ToolCallForm parameters={parameters} onSubmit={() => {}} />
      </MessagesProvider>,
    );
    await user.type(screen.getByRole('textbox', { name: /お名前/ }), 'ab');
    await user.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByText('3文字以上で入力してください')).toBeInTheDocument();
    expect(screen.getByText('この項目は必須です')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
