import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import { MessagesProvider } from '../../../src/context';
import { expectNoAxeViolations } from '../axe';
import { answerMock, paymentRequest, shippingRequest } from './support';

describe('a page to visit', () => {
  it('links to the page in a new tab, and "I have finished" answers accept, once', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const { container } = render(<HumanRequestPrompt request={paymentRequest} onAnswer={onAnswer} />);
    expect(screen.getByRole('region', { name: 'Visit a page' })).toHaveAttribute('data-kind', 'link');
    // The link's part loads when a page to visit is first shown.
    const link = await screen.findByRole('link', { name: 'Open pay.example.com (new tab)' });
    expect(link).toHaveAttribute('href', 'https://pay.example.com/checkout?order=42');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Who asks, by its source's name: an MCP server, not the task service's "automation agent".
    expect(screen.getByRole('button', { name: 'I have finished' })).toHaveAccessibleDescription(
      'Requested by MCP server. Check it before you answer.',
    );
    await expectNoAxeViolations(container);

    // Keyboard only: the link, then the buttons in order.
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'I have finished' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(onAnswer.mock.calls).toEqual([[{ requestId: 'elicit-url-1', action: 'accept' }]]);
    expect(screen.getByRole('status')).toHaveTextContent('Answer sent.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('can be declined where allowed', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    render(<HumanRequestPrompt request={paymentRequest} onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onAnswer.mock.calls).toEqual([[{ requestId: 'elicit-url-1', action: 'decline' }]]);
  });

  it.each([
    'javascript:alert(document.cookie)',
    ' java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example.com/',
    'file:///etc/passwd',
  ])('does not link to %j: the address is shown as refused text', async (url) => {
    const { container } = render(<HumanRequestPrompt request={{ ...paymentRequest, url }} onAnswer={answerMock()} />);
    expect((await screen.findByText(/cannot be opened safely/)).textContent).toContain(url);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelector('a, [href]')).toBeNull();
  });
});

describe('agent-made text', () => {
  it('stays text: a title, a message and labels with markup are shown as written, inside <bdi>', () => {
    const markup = '<img src=x onerror="alert(1)"><b>Urgent</b>';
    const { container } = render(
      <HumanRequestPrompt
        request={{
          ...shippingRequest,
          title: markup,
          message: `${markup}\nsecond line`,
          schema: { type: 'object', properties: { city: { type: 'string', title: markup } } },
        }}
        onAnswer={answerMock()}
      />,
    );
    expect(container.querySelector('img, b, script')).toBeNull();
    expect(screen.getByRole('heading', { name: markup })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: markup }).querySelector('bdi')).not.toBeNull();
    expect(screen.getByText(/second line/).closest('bdi')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: markup })).toBeInTheDocument();
  });

  it('a title that is not text is not shown: the kind’s heading is', () => {
    render(
      <HumanRequestPrompt
        request={{ ...paymentRequest, title: { toString: () => 'hacked' } as unknown as string }}
        onAnswer={answerMock()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Visit a page' })).toBeInTheDocument();
  });
});

describe('texts', () => {
  it('come from the messages: the provider’s, then the prop’s', () => {
    render(
      <MessagesProvider messages={{ request: { linkHeading: () => 'Besuchen Sie eine Seite', finished: () => 'Fertig' } }}>
        <HumanRequestPrompt request={paymentRequest} onAnswer={answerMock()} messages={{ finished: () => 'Erledigt' }} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('region', { name: 'Besuchen Sie eine Seite' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erledigt' })).toBeInTheDocument();
  });
});
