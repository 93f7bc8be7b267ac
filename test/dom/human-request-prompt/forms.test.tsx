import '../radix-shims';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HumanRequestPrompt } from '../../../src/components/human-request-prompt';
import type { HumanSchemaRequest } from '../../../src/request';
import { expectNoAxeViolations } from '../axe';
import { answerMock, deferred, shippingRequest, signInRequest } from './support';

const region = (name: string) => screen.getByRole('region', { name });

describe('a form of a JSON Schema', () => {
  it('answers the content with the schema’s types, once, and then says so', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const { container } = render(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} />);
    expect(region('Shipping details')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByText('Where should the order go?')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    await user.type(screen.getByRole('spinbutton', { name: /Parcels/ }), '2');
    await user.click(screen.getByRole('checkbox', { name: /Express/ }));
    await user.dblClick(screen.getByRole('button', { name: 'Submit' }));

    expect(onAnswer.mock.calls).toEqual([
      [{ requestId: 'elicit-1', action: 'accept', content: { city: 'Lyon', count: 2, express: true } }],
    ]);
    expect(region('Shipping details')).toHaveAttribute('data-state', 'answered');
    expect(screen.getByRole('status')).toHaveTextContent('Answer sent.');
    // Focus was on the button that is gone: it follows to the status.
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('refuses an invalid answer as the form does, and sends nothing', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    render(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('City');
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveFocus();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('names its submit button as the request asks', () => {
    render(<HumanRequestPrompt request={{ ...shippingRequest, submitLabel: 'Ship it' }} onAnswer={answerMock()} />);
    expect(screen.getByRole('button', { name: 'Ship it' })).toBeInTheDocument();
  });

  it('is busy while the answer is sent; a rejection returns to the form with what was typed', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const failed = deferred();
    onAnswer.mockReturnValueOnce(failed.promise).mockResolvedValueOnce(undefined);
    const { container } = render(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(region('Shipping details')).toHaveAttribute('data-state', 'submitting');
    expect(region('Shipping details')).toHaveAttribute('aria-busy', 'true');
    await expectNoAxeViolations(container);

    // Nothing else leaves while it is out: not a second submit, not a decline.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);

    await act(async () => {
      failed.reject(new Error('offline'));
      await failed.promise.catch(() => undefined);
    });
    expect(region('Shipping details')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Lyon');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onAnswer).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('status')).toHaveTextContent('Answer sent.');
  });

  it('a re-render with a new object of the same request keeps what was typed and sends nothing', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const { rerender } = render(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    rerender(<HumanRequestPrompt request={{ ...shippingRequest }} onAnswer={onAnswer} />);
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Lyon');
    expect(onAnswer).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    rerender(<HumanRequestPrompt request={{ ...shippingRequest }} onAnswer={onAnswer} />);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Answer sent.');

    // A new request starts afresh.
    rerender(<HumanRequestPrompt request={{ ...shippingRequest, id: 'elicit-2' }} onAnswer={onAnswer} />);
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('');
    expect(region('Shipping details')).toHaveAttribute('data-state', 'idle');
  });

  it('declines and cancels where the request allows it, once', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const { unmount } = render(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('status')).toHaveTextContent('Declined.');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    unmount();

    render(<HumanRequestPrompt request={{ ...shippingRequest, id: 'elicit-2' }} onAnswer={onAnswer} />);
    screen.getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Cancelled.');
    expect(onAnswer.mock.calls).toEqual([[{ requestId: 'elicit-1', action: 'decline' }], [{ requestId: 'elicit-2', action: 'cancel' }]]);
  });

  it('offers neither where the request does not allow them', () => {
    render(<HumanRequestPrompt request={{ ...shippingRequest, allows: undefined }} onAnswer={answerMock()} />);
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('with disabled, nothing is answered and the typed values stay', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const { rerender } = render(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} />);
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Lyon');
    rerender(<HumanRequestPrompt request={shippingRequest} onAnswer={onAnswer} disabled />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Lyon');
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('a schema no form can render', () => {
  const nested: HumanSchemaRequest = {
    kind: 'form',
    id: 'interrupt-1',
    source: 'ag-ui',
    schema: {
      type: 'object',
      properties: { name: { type: 'string' }, address: { type: 'object', properties: { street: { type: 'string' } } } },
      required: ['address'],
    },
  };

  it('says why and takes the answer as JSON; the parsed object is the content', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const { container } = render(<HumanRequestPrompt request={nested} onAnswer={onAnswer} />);
    const editor = await screen.findByRole('textbox', { name: 'Answer (JSON)' });
    expect(within(region('Input requested')).getByText(/the field “address” is not a simple value/)).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.clear(editor);
    await user.click(editor);
    await user.paste('{"address": {"street": "Rue de la Paix"}}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(onAnswer).toHaveBeenCalledTimes(1));
    expect(onAnswer).toHaveBeenCalledWith({
      requestId: 'interrupt-1',
      action: 'accept',
      content: { address: { street: 'Rue de la Paix' } },
    });
  });

  it('refuses JSON the schema does not allow, and never throws on a hostile schema', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const hostile = { ...nested, schema: { $ref: '#/nowhere', properties: 'no' } as unknown as HumanSchemaRequest['schema'] };
    const { unmount } = render(<HumanRequestPrompt request={hostile} onAnswer={onAnswer} />);
    expect(await screen.findByRole('textbox', { name: 'Answer (JSON)' })).toBeInTheDocument();
    expect(screen.getByText('This request cannot be shown as a form. Answer it as JSON.')).toBeInTheDocument();
    unmount();

    render(<HumanRequestPrompt request={nested} onAnswer={onAnswer} />);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(onAnswer).not.toHaveBeenCalled();
  });
});

describe('a form_input form', () => {
  it('answers the FormAnswer, under the request’s heading, with the form’s own heading below it', async () => {
    const user = userEvent.setup();
    const onAnswer = answerMock();
    const { container } = render(<HumanRequestPrompt request={signInRequest} onAnswer={onAnswer} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Input requested' })).toBeInTheDocument();
    // Loaded when a form_input request is first shown.
    expect(await screen.findByRole('heading', { level: 4, name: 'Sign in to Acme' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'ada{Enter}');
    await user.keyboard('{Enter}');
    expect(onAnswer.mock.calls).toEqual([
      [
        {
          requestId: 'call-1',
          action: 'accept',
          answer: [
            { label: 'Username', value: 'ada' },
            { label: 'Password', value: '' },
            { label: 'Code', value: '' },
          ],
        },
      ],
    ]);
  });

  it('shows the problems of parameters no form can be made of, and never throws', async () => {
    render(<HumanRequestPrompt request={{ ...signInRequest, parameters: { fields: 'no' } }} onAnswer={answerMock()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/cannot be shown/i);
  });
});
