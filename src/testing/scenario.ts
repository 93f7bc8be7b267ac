import type { DataTableEntry, JsonValue } from '../client';
import { FORM_INPUT_TOOL_NAME, type FormAnswerValue } from '../schema';

/** Parameters of a scripted tool call, as the agent sends them in `toolCall.tool.parameters`. */
export type ScenarioToolParameters = { [key: string]: JsonValue };

/** A tool call the run has had answered, in the order they were answered. */
export interface ScenarioAnswer {
  /** Name of the tool that was called. */
  tool: string;
  toolCallId: string;
  /** The parameters the agent sent. */
  parameters: ScenarioToolParameters;
  /** The caller's answer, exactly as sent to the tool-input endpoint. */
  input: string;
  /**
   * Whether the person had passed the live view's challenge when the call was answered: what the
   * agent sees when it looks at its page again. Set only for a call whose step has `challenge`.
   */
  challengePassed?: boolean;
}

/** Error content of a failed run (`result.error`); the spec does not show its shape. */
export interface ScenarioError {
  message: string;
  /** A stable, machine-readable reason, e.g. `PAGE_LOAD_FAILED`. */
  code: string;
  [field: string]: JsonValue;
}

/** What a run ends with. */
export interface ScenarioOutcome {
  /** Becomes `result.output.summary`. */
  summary: string;
  /** Further `result.output` fields. Default: none. */
  output?: { [field: string]: JsonValue };
  /** Becomes `result.dataTable`. Default: `[]`. */
  dataTable?: DataTableEntry[];
  /** When set, the run ends `failed` with this as `result.error`. Default: the run completes. */
  error?: ScenarioError;
}

/** The agent works on a page for a while; the live view shows its title and address. */
export interface ScenarioPageStep {
  type: 'page';
  title: string;
  url: string;
  /** Time spent on the page, before `timeScale`. */
  durationMs: number;
}

/**
 * The agent calls a caller-defined tool and waits for the answer. Skipped when the task was not
 * created with a tool of this name: an agent can only call the tools it was given (spec §3).
 */
export interface ScenarioToolCallStep {
  type: 'tool_call';
  /** Tool name, e.g. `form_input`. */
  tool: string;
  /** Fixed parameters, or parameters made from the answers so far (e.g. a total that depends on an earlier choice). */
  parameters: ScenarioToolParameters | ((answers: readonly ScenarioAnswer[]) => ScenarioToolParameters);
  /** Whether the agent makes this call, from the answers so far; the step is skipped when it returns false. Default: always. */
  when?: (answers: readonly ScenarioAnswer[]) => boolean;
  /**
   * While the call waits, the live view shows a challenge only a person can pass: a box to tick
   * and a code to type, posted as a form to the simulator. The answer then records whether it was
   * passed (`ScenarioAnswer.challengePassed`). Default: false.
   */
  challenge?: boolean;
}

/**
 * The agent looks at where it stands before going on: the run fails here with the error `check`
 * returns, and goes on when it returns `undefined`.
 */
export interface ScenarioCheckStep {
  type: 'check';
  check: (answers: readonly ScenarioAnswer[]) => ScenarioError | undefined;
}

/** The run fails here, with this error content. */
export interface ScenarioFailStep {
  type: 'fail';
  error: ScenarioError;
}

/** One step of a scenario's script. */
export type ScenarioStep = ScenarioPageStep | ScenarioToolCallStep | ScenarioCheckStep | ScenarioFailStep;

/** A script of what the agent does in a run. */
export interface Scenario {
  /** Unique name, used by the `scenario` and `defaultScenario` options. */
  name: string;
  /** One line on what the scenario shows. */
  description: string;
  /**
   * Picks this scenario when the task text contains one of them as whole words, case-insensitive
   * (`fail` matches "this run will fail", not "failover"; a space matches any run of spaces).
   */
  keywords: readonly string[];
  steps: readonly ScenarioStep[];
  /** The outcome once every step is done, fixed or made from the answers. */
  result: ScenarioOutcome | ((answers: readonly ScenarioAnswer[]) => ScenarioOutcome);
}

/**
 * The value the person gave a `form_input` field, found by label in the most recent form
 * answer that has it. `undefined` when no answer has the field or the answer is not a form
 * answer (not a JSON array of `{label, value}`).
 */
export function findFormAnswer(answers: readonly ScenarioAnswer[], label: string): FormAnswerValue | undefined {
  for (let i = answers.length - 1; i >= 0; i--) {
    const answer = answers[i] as ScenarioAnswer;
    if (answer.tool !== FORM_INPUT_TOOL_NAME) continue;
    let entries: unknown;
    try {
      entries = JSON.parse(answer.input);
    } catch {
      continue;
    }
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as unknown[]) {
      if (typeof entry === 'object' && entry !== null && (entry as { label?: unknown }).label === label) {
        return (entry as { value?: FormAnswerValue }).value;
      }
    }
  }
  return undefined;
}

const keywordPatterns = new Map<string, RegExp>();

/**
 * `keyword` as whole words: no letter, digit or underscore right before or after it, so "fail"
 * is not found in "failover" nor "bank" in "embankment".
 */
function keywordPattern(keyword: string): RegExp {
  let pattern = keywordPatterns.get(keyword);
  if (pattern === undefined) {
    const words = keyword
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${words}(?![\\p{L}\\p{N}_])`, 'iu');
    keywordPatterns.set(keyword, pattern);
  }
  return pattern;
}

/** Whether `text` has `keyword` in it as whole words, case-insensitive. */
function hasKeyword(text: string, keyword: string): boolean {
  return keyword.trim() !== '' && keywordPattern(keyword).test(text);
}

/** Picks the scenario for a task text: the first with a keyword in it as whole words, else the fallback. */
export function selectScenario(text: string, scenarios: readonly Scenario[], fallback: Scenario): Scenario {
  return scenarios.find((scenario) => scenario.keywords.some((keyword) => hasKeyword(text, keyword))) ?? fallback;
}
