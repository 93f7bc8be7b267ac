import { FORM_INPUT_TOOL_NAME } from '../../schema';
import { findFormAnswer, type Scenario, type ScenarioOutcome } from '../scenario';

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback);

const SIX_DIGITS = /^[0-9]{6}$/;

/** Log in to a bank, then enter a 6-digit one-time code. A code that is not 6 digits fails the run. */
export const twoFactorScenario: Scenario = {
  name: 'two-factor',
  description: 'Signs in to a bank and asks for a 6-digit one-time code; a wrong code fails the run.',
  keywords: ['2fa', 'two-factor', 'two factor', 'one-time code', 'verification code', 'bank'],
  steps: [
    { type: 'page', title: 'Northwind Bank', url: 'https://bank.example.com/', durationMs: 1500 },
    { type: 'page', title: 'Online banking login · Northwind Bank', url: 'https://bank.example.com/login', durationMs: 2000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Sign in to Northwind Bank',
        description: 'Online banking needs your login before it shows your balances.',
        fields: [
          { type: 'text', label: 'Username', required: true, autocomplete: 'username' },
          { type: 'password', label: 'Password', required: true, autocomplete: 'current-password' },
        ],
        submitButton: { label: 'Continue' },
      },
    },
    { type: 'page', title: 'Verify it’s you · Northwind Bank', url: 'https://bank.example.com/login/verify', durationMs: 2000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Enter your verification code',
        description: 'Northwind Bank sent a 6-digit code by text message to your phone ending in 42.',
        fields: [
          {
            type: 'text',
            label: 'Verification code',
            required: true,
            pattern: '^[0-9]{6}$',
            minLength: 6,
            maxLength: 6,
            autocomplete: 'one-time-code',
            placeholder: '123456',
          },
        ],
        submitButton: { label: 'Verify' },
      },
    },
    { type: 'page', title: 'Accounts overview · Northwind Bank', url: 'https://bank.example.com/accounts', durationMs: 2500 },
  ],
  result: (answers): ScenarioOutcome => {
    const username = text(findFormAnswer(answers, 'Username'), 'the saved user');
    const code = findFormAnswer(answers, 'Verification code');
    if (typeof code !== 'string' || !SIX_DIGITS.test(code.trim())) {
      return {
        summary: 'The bank did not accept the verification code.',
        error: { message: 'The bank rejected the verification code.', code: 'VERIFICATION_FAILED' },
      };
    }
    return {
      summary: `Signed in as ${username} and verified with the one-time code.`,
      dataTable: [
        { title: 'Checking account balance', value: 2450.75 },
        { title: 'Savings account balance', value: 10200 },
      ],
    };
  },
};
