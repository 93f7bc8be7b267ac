import { screen } from '@testing-library/react';
import { SENSITIVE_AUTOCOMPLETE_TOKENS, type AutocompletePolicy } from '../../../src/components/tool-call-form';
import { renderForm } from './render-form';

const wrapperOf = (element: HTMLElement) => element.closest('.hitl-field');

describe('classNamePolicy', () => {
  const params = { fields: [{ type: 'text', label: 'Name', className: 'hidden sr-only <evil>"x" wide' }] };

  it("'drop' (the default) applies none of the agent's classes", () => {
    renderForm(params);
    expect(wrapperOf(screen.getByRole('textbox', { name: 'Name' }))?.className).toBe('hitl-field');
  });

  it("'prefix' maps each sanitised token to hitl-agent-<token>", () => {
    renderForm(params, { classNamePolicy: 'prefix' });
    expect(wrapperOf(screen.getByRole('textbox', { name: 'Name' }))?.className).toBe(
      'hitl-field hitl-agent-hidden hitl-agent-sr-only hitl-agent-evilx hitl-agent-wide',
    );
  });

  it('a function decides', () => {
    const policy = vi.fn((className: string) => (className.includes('wide') ? 'my-wide' : undefined));
    renderForm(params, { classNamePolicy: policy });
    expect(policy).toHaveBeenCalledWith('hidden sr-only <evil>"x" wide');
    expect(wrapperOf(screen.getByRole('textbox', { name: 'Name' }))?.className).toBe('hitl-field my-wide');
  });
});

describe('autocompletePolicy', () => {
  const autocompleteOf = (value: string, policy?: AutocompletePolicy) => {
    const form = renderForm({ fields: [{ type: 'text', label: 'F', autocomplete: value }] }, policy ? { autocompletePolicy: policy } : {});
    const attribute = screen.getByRole('textbox', { name: 'F' }).getAttribute('autocomplete');
    form.unmount();
    return attribute;
  };

  it.each([
    ['username'],
    ['current-password'],
    ['new-password'],
    ['username webauthn'],
    ['cc-number'],
    ['billing cc-exp'],
    ['transaction-amount'],
    ['shipping street-address'],
    ['address-line1'],
    ['address-level2'],
    ['postal-code'],
    ['country'],
    ['country-name'],
    ['bday'],
    ['bday-year'],
    ['sex'],
    ['section-x SHIPPING Postal-Code'],
  ])("'safe' (the default) turns %j off", (value) => {
    expect(autocompleteOf(value)).toBe('off');
  });

  it.each([['one-time-code'], ['email'], ['name'], ['tel'], ['organization'], ['off']])("'safe' keeps %j", (value) => {
    expect(autocompleteOf(value)).toBe(value);
  });

  it('the documented list is what is refused', () => {
    for (const token of SENSITIVE_AUTOCOMPLETE_TOKENS) expect(autocompleteOf(token)).toBe('off');
  });

  it("'all' keeps everything; a predicate decides", () => {
    expect(autocompleteOf('cc-number', 'all')).toBe('cc-number');
    expect(autocompleteOf('cc-number', (value) => value === 'cc-number')).toBe('cc-number');
    expect(autocompleteOf('email', () => false)).toBe('off');
  });

  it('a password field without autocomplete gets off, so the browser does not offer this app’s saved password', () => {
    renderForm({
      fields: [
        { type: 'password', label: 'Their password' },
        { type: 'text', label: 'Plain' },
      ],
    });
    expect(screen.getByLabelText('Their password')).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByRole('textbox', { name: 'Plain' })).not.toHaveAttribute('autocomplete');
  });
});

describe('agent notice', () => {
  it('says by default, near the submit button, that the agent asks, and describes the button', () => {
    renderForm({ fields: [] });
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button).toHaveAccessibleDescription('Requested by the automation agent. Check it before you answer.');
  });

  it('can be replaced, or removed with null', () => {
    const form = renderForm({ fields: [] }, { agentNotice: <strong>From your assistant</strong> });
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAccessibleDescription('From your assistant');
    form.unmount();
    renderForm({ fields: [] }, { agentNotice: null });
    expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/automation agent/)).not.toBeInTheDocument();
  });
});
