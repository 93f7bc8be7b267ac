import { FORM_INPUT_TOOL_NAME } from '../../schema';
import { findFormAnswer, type Scenario, type ScenarioOutcome } from '../scenario';

/** Log in to a shop: asks for a username and password, then signs in as that user. */
export const loginScenario: Scenario = {
  name: 'login',
  description: 'Signs in to a shop; asks for the username and password with form_input.',
  keywords: ['log in', 'login', 'sign in', 'signin', 'sign-in'],
  steps: [
    { type: 'page', title: 'Acme Shop', url: 'https://shop.example.com/', durationMs: 1500 },
    { type: 'page', title: 'Sign in · Acme Shop', url: 'https://shop.example.com/account/login', durationMs: 2000 },
    {
      type: 'tool_call',
      tool: FORM_INPUT_TOOL_NAME,
      parameters: {
        heading: 'Sign in to Acme Shop',
        description:
          'The shop asks for your account details before it shows your orders. They are typed into its sign-in page and not kept.',
        fields: [
          { type: 'text', label: 'Username', required: true, autocomplete: 'username', placeholder: 'The name you sign in with' },
          { type: 'password', label: 'Password', required: true, autocomplete: 'current-password' },
        ],
        submitButton: { label: 'Sign in' },
      },
    },
    { type: 'page', title: 'Signing in… · Acme Shop', url: 'https://shop.example.com/account/login', durationMs: 1500 },
    { type: 'page', title: 'Your account · Acme Shop', url: 'https://shop.example.com/account', durationMs: 1500 },
  ],
  result: (answers): ScenarioOutcome => {
    const username = findFormAnswer(answers, 'Username');
    return {
      summary:
        typeof username === 'string' && username.trim() !== ''
          ? `Signed in as ${username.trim()}.`
          : 'Signed in with the session the browser already had; no login details were asked for.',
      dataTable: [
        { title: 'Open orders', value: 2 },
        { title: 'Reward points', value: 1250 },
      ],
    };
  },
};
