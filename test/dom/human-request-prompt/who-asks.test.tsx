/**
 * `<HumanRequestPrompt>` says who asks (the request's `requestedBy`, else its source's name) near
 * its answer, and its region is named by what it asks and what for, so that several prompts on one
 * page, two of one MCP server among them, can be told apart.
 */
import { render, screen, within } from '@testing-library/react';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import { MessagesProvider } from '../../../src/context';
import { fr } from '../../../src/messages/locales/fr';
import type { HumanApprovalRequest, HumanFormInputRequest, HumanSchemaRequest } from '../../../src/request';
import { expectNoAxeViolations } from '../axe';
import { answerMock, shippingRequest } from './support';

/** Two elicitations of one MCP server, which the app titled by the server's name, as MCP asks. */
const bookTable: HumanSchemaRequest = {
  ...shippingRequest,
  id: 'elicit-table',
  title: 'Bistro Lumière asks',
  message: 'How many guests?',
  schema: { type: 'object', properties: { guests: { type: 'integer', title: 'Guests' } } },
};
const allergies: HumanSchemaRequest = { ...bookTable, id: 'elicit-allergies', message: 'Any allergies?' };

/** A LangChain interrupt, as `fromInterrupt` makes it: no title, the tool and its description. */
const report: HumanApprovalRequest = {
  kind: 'approval',
  id: 'interrupt-report',
  source: 'langgraph',
  actions: [{ name: 'send_email', args: { to: 'team@example.com' }, description: 'Send the weekly report' }],
};

describe('several prompts on one page', () => {
  it('have distinct names: their heading, then what each asks and what for', async () => {
    const { container } = render(
      <>
        <HumanRequestPrompt request={bookTable} onAnswer={answerMock()} />
        <HumanRequestPrompt request={allergies} onAnswer={answerMock()} />
        <HumanRequestPrompt request={report} onAnswer={answerMock()} />
        <HumanRequestPrompt
          request={{ ...report, id: 'interrupt-clean-up', actions: [{ name: 'delete_file', args: {} }] }}
          onAnswer={answerMock()}
        />
      </>,
    );
    await screen.findAllByRole('button', { name: 'Approve' });
    expect(screen.getAllByRole('region', { name: /./ }).filter((region) => region.classList.contains('hitl-request'))).toHaveLength(4);
    for (const name of [
      'Bistro Lumière asks: How many guests?',
      'Bistro Lumière asks: Any allergies?',
      'Approval requested: send_email – Send the weekly report',
      'Approval requested: delete_file',
    ])
      expect(screen.getByRole('region', { name })).toHaveClass('hitl-request');
    // axe's landmark-unique among them.
    await expectNoAxeViolations(container);
  });

  it('number the same question asked twice, in the order they came', () => {
    const twice = (ids: string[]) =>
      ids.map((id) => <HumanRequestPrompt key={id} request={{ ...bookTable, id }} onAnswer={answerMock()} />);
    const view = render(<>{twice(['a', 'b', 'c'])}</>);
    const names = () => screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(names()).toEqual([
      'Bistro Lumière asks: How many guests?',
      'Bistro Lumière asks: How many guests? (2)',
      'Bistro Lumière asks: How many guests? (3)',
    ]);
    view.rerender(<>{twice(['b', 'c', 'd'])}</>);
    expect(names()).toEqual([
      'Bistro Lumière asks: How many guests?',
      'Bistro Lumière asks: How many guests? (2)',
      'Bistro Lumière asks: How many guests? (3)',
    ]);
  });

  it('are named by their heading alone while no other prompt has it', () => {
    const view = render(<HumanRequestPrompt request={bookTable} onAnswer={answerMock()} />);
    const region = screen.getByRole('region', { name: 'Bistro Lumière asks' });
    expect(region).toHaveAttribute('aria-labelledby', screen.getByRole('heading', { name: 'Bistro Lumière asks' }).id);
    // Another comes with the same heading: both are named in full; once it goes, the heading names it again.
    view.rerender(
      <>
        <HumanRequestPrompt request={bookTable} onAnswer={answerMock()} />
        <HumanRequestPrompt request={allergies} onAnswer={answerMock()} />
      </>,
    );
    expect(region).toHaveAccessibleName('Bistro Lumière asks: How many guests?');
    view.rerender(<HumanRequestPrompt request={bookTable} onAnswer={answerMock()} />);
    expect(region).toHaveAccessibleName('Bistro Lumière asks');
  });
});

describe('who asks', () => {
  it('is the source’s name by default, never the task service’s "automation agent"', () => {
    render(<HumanRequestPrompt request={bookTable} onAnswer={answerMock()} />);
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription(
      'Requested by MCP server. Check it before you answer.',
    );
  });

  it('is `requestedBy` when the request names it, as text on one line', () => {
    const { container } = render(
      <HumanRequestPrompt request={{ ...bookTable, requestedBy: 'Bistro <b>Lumière</b>' }} onAnswer={answerMock()} />,
    );
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription(
      'Requested by Bistro <b>Lumière</b>. Check it before you answer.',
    );
    expect(container.querySelector('b')).toBeNull();
  });

  it('is said above an approval, for a form_input form and in the JSON editor too', async () => {
    render(
      <>
        <HumanRequestPrompt request={{ ...report, requestedBy: 'weekly-report-graph' }} onAnswer={answerMock()} />
        <HumanRequestPrompt
          request={
            {
              kind: 'form',
              id: 'call-1',
              source: 'ai-sdk',
              parameters: { fields: [{ type: 'text', label: 'Name' }] },
            } satisfies HumanFormInputRequest
          }
          onAnswer={answerMock()}
        />
        <HumanRequestPrompt
          request={{ ...bookTable, id: 'nested', source: 'ag-ui', schema: { type: 'object', properties: { a: { type: 'object' } } } }}
          onAnswer={answerMock()}
        />
      </>,
    );
    const approval = screen.getByRole('region', { name: /^Approval requested/ });
    await within(approval).findByRole('button', { name: 'Approve' });
    expect(within(approval).getByText('Requested by weekly-report-graph. Check it before you answer.')).toBeVisible();
    const [form, json] = await screen.findAllByRole('button', { name: 'Submit' });
    expect(form).toHaveAccessibleDescription('Requested by AI SDK agent. Check it before you answer.');
    expect(json).toHaveAccessibleDescription('Requested by AG-UI agent. Check it before you answer.');
  });

  it('stays the task service’s own words for its requests, and the prop’s notice wins', () => {
    render(
      <>
        <HumanRequestPrompt request={{ ...bookTable, id: 'a', source: 'task-service' }} onAnswer={answerMock()} />
        <HumanRequestPrompt
          request={{ ...bookTable, id: 'b', message: 'Other' }}
          onAnswer={answerMock()}
          agentNotice="Asked by the booking bot."
        />
      </>,
    );
    const [service, given] = screen.getAllByRole('button', { name: 'Submit' });
    expect(service).toHaveAccessibleDescription('Requested by the automation agent. Check it before you answer.');
    expect(given).toHaveAccessibleDescription('Asked by the booking bot.');
  });

  it('is said in the locale’s words', () => {
    render(
      <MessagesProvider messages={fr}>
        <HumanRequestPrompt request={bookTable} onAnswer={answerMock()} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('button', { name: 'Envoyer' })).toHaveAccessibleDescription(
      'Demandeur\u00a0: Serveur MCP. Vérifiez la demande avant de répondre.',
    );
    render(
      <MessagesProvider messages={fr}>
        <HumanRequestPrompt request={allergies} onAnswer={answerMock()} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('region', { name: 'Bistro Lumière asks\u00a0: How many guests?' })).toBeInTheDocument();
  });
});
