import { HUMAN_CONTROL_TOOL_NAME } from '../../schema';
import type { Scenario, ScenarioAnswer, ScenarioError, ScenarioStep } from '../scenario';

/** How often the agent hands its browser over before it gives up on the challenge. */
const MAX_HAND_OFFS = 2;

/** Options of `createHumanControlScenario`. */
export interface HumanControlScenarioOptions {
  /** The `timeoutSeconds` the agent gives the person in each `human_control` call. Default: 300. */
  timeoutSeconds?: number;
}

/** The answer to a hand-off as the agent reads it; anything but the tool's JSON counts as not done. */
function readHandOff(answer: ScenarioAnswer): { done: boolean; expired: boolean; passed: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.input);
  } catch {
    parsed = null;
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as { done?: unknown; expired?: unknown }) : {};
  return { done: record.done === true, expired: record.expired === true, passed: answer.challengePassed === true };
}

const handOffs = (answers: readonly ScenarioAnswer[]) => answers.filter((answer) => answer.tool === HUMAN_CONTROL_TOOL_NAME);

/** Whether the person said they were done but the challenge is still on the page. */
function stillBlocked(answers: readonly ScenarioAnswer[]): boolean {
  const last = handOffs(answers).at(-1);
  if (last === undefined) return false;
  const handOff = readHandOff(last);
  return handOff.done && !handOff.passed;
}

/**
 * Why the agent cannot go on after its last hand-off, or `undefined` when it can: the challenge is
 * passed, or (`mayAskAgain`) the person said done while it is still there, so the agent asks again.
 */
function handOffError(answers: readonly ScenarioAnswer[], mayAskAgain: boolean): ScenarioError | undefined {
  const last = handOffs(answers).at(-1);
  if (last === undefined) {
    return {
      message: 'A CAPTCHA blocks the checkout, and the agent has no human_control tool to ask a person to pass it.',
      code: 'NO_HAND_OFF_TOOL',
    };
  }
  const { done, expired, passed } = readHandOff(last);
  if (expired) return { message: 'The hand-off expired.', code: 'HAND_OFF_EXPIRED' };
  if (!done) return { message: 'Nobody could pass the challenge.', code: 'HAND_OFF_DECLINED' };
  if (passed || mayAskAgain) return undefined;
  return { message: `The challenge was still there after ${MAX_HAND_OFFS} hand-offs.`, code: 'CHALLENGE_NOT_PASSED' };
}

/**
 * Checks out a cart behind a CAPTCHA only a person can pass: the agent calls `human_control`, and
 * while it waits the run's live view shows the challenge (a box to tick, a code to type). The agent
 * goes on only if the person answered `{"done":true}` and the challenge is really passed; answered
 * done while it is still there, it asks once more, then gives up. `{"done":false}` or an expiry
 * fails the run.
 */
export function createHumanControlScenario(options: HumanControlScenarioOptions = {}): Scenario {
  const timeoutSeconds = options.timeoutSeconds ?? 300;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1) {
    throw new RangeError('createHumanControlScenario: timeoutSeconds must be a whole number of 1 or more');
  }
  const handOffSteps: ScenarioStep[] = [];
  for (let round = 1; round <= MAX_HAND_OFFS; round++) {
    handOffSteps.push(
      {
        type: 'tool_call',
        tool: HUMAN_CONTROL_TOOL_NAME,
        challenge: true,
        ...(round === 1 ? {} : { when: stillBlocked }),
        parameters: {
          reason: round === 1 ? 'A CAPTCHA blocks the checkout' : 'The challenge is still there',
          instructions: 'Tick the box and type the code shown',
          timeoutSeconds,
        },
      },
      { type: 'check', check: (answers) => handOffError(answers, round < MAX_HAND_OFFS) },
    );
  }
  return {
    name: 'human-control',
    description: 'Checks out a cart behind a CAPTCHA; hands the browser to a person with human_control and goes on once they passed it.',
    keywords: ['captcha', 'take control', 'take over', 'hand-off', 'hand off', 'handoff', 'press and hold'],
    steps: [
      { type: 'page', title: 'Your cart (2 items) · Acme Shop', url: 'https://shop.example.com/cart', durationMs: 1500 },
      { type: 'page', title: 'Security check · Acme Shop', url: 'https://shop.example.com/checkout/verify', durationMs: 1500 },
      ...handOffSteps,
      { type: 'page', title: 'Placing order… · Acme Shop', url: 'https://shop.example.com/checkout/place', durationMs: 1500 },
      { type: 'page', title: 'Order confirmation · Acme Shop', url: 'https://shop.example.com/checkout/done', durationMs: 1500 },
    ],
    result: (answers) => ({
      summary: 'Checkout finished after a person passed the CAPTCHA.',
      output: { orderPlaced: true, orderNumber: 'ACME-20931', handOffs: handOffs(answers).length },
    }),
  };
}

/** `createHumanControlScenario()` with its defaults: the person has 300 seconds per hand-off. */
export const humanControlScenario: Scenario = createHumanControlScenario();
