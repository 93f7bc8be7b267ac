import type { Scenario } from '../../src/testing';

const WORK_FOR_AN_HOUR = { type: 'page', title: 'Working', url: 'https://shop.example.com/', durationMs: 3_600_000 } as const;

/** A run that works on one page for an hour: watched, never waiting. Picked by `keyword` in the task text. */
export function busyScenario(keyword: string): Scenario {
  return {
    name: keyword,
    description: 'Works on one page for an hour.',
    keywords: [keyword],
    steps: [WORK_FOR_AN_HOUR],
    result: { summary: 'Done.' },
  };
}

/** A run that asks at once with a `form_input` of `fields` under `heading`, then works for an hour. */
export function askScenario(
  keyword: string,
  heading: string,
  fields: Array<{ type: string; label: string; required?: boolean }>,
): Scenario {
  return {
    name: keyword,
    description: `Asks "${heading}" at once.`,
    keywords: [keyword],
    steps: [{ type: 'tool_call', tool: 'form_input', parameters: { heading, fields } }, WORK_FOR_AN_HOUR],
    result: { summary: 'Done.' },
  };
}
