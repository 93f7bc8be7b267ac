import { compileLinearPattern, LinearPattern, matchesWhole, type Automaton, type WorkMeter } from '../../utils';

/**
 * Most automaton states the pattern checks of one answer visit in all: a schema may hold many
 * patterns and an answer many strings, and the check runs on the proxy's one thread. A pattern
 * whose every state tests a character (`[\s\S]{3000}`) costs about 200 ns a state, so this is at
 * most about half a second; an ordinary pattern on an ordinary answer needs a hundredth of it.
 * Past it, the rest of that answer's patterns are not checked (as a value the form cannot check
 * within its budget is taken).
 */
const ANSWER_PATTERN_BUDGET = 2_000_000;

const meter: WorkMeter = { work: 0 };

/** Starts the budget of one answer's pattern checks (`ANSWER_PATTERN_BUDGET`). */
export function startPatternBudget(): void {
  meter.work = 0;
}

/** The `test` ajv calls: a search for the pattern anywhere in the value, as JSON Schema's `pattern` means. */
class SchemaPattern {
  constructor(
    private readonly source: string,
    private readonly flags: string,
    private readonly automaton: Automaton | undefined,
  ) {}

  test(value: string): boolean {
    // A pattern with no linear-time matcher (backreferences, lookarounds, too large) is not
    // checked, as the page does not check it either; nor is what the budget cannot cover.
    const left = ANSWER_PATTERN_BUDGET - meter.work;
    if (this.automaton === undefined || left <= 0) return true;
    return matchesWhole(this.automaton, String(value), left, meter) ?? true;
  }

  /** ajv keeps one compiled pattern per distinct `toString`. */
  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * The regular expression engine of the answers' ajv (its `code.regExp`): an agent's schema is
 * untrusted, and a `pattern` such as `^(a+)+$` would make the native engine backtrack for minutes
 * on a person's answer, on the proxy's one thread. The pattern is matched by the linear-time
 * automaton the form's fields use. A pattern the native engine refuses throws, as ajv's default
 * does (the schema then takes any answer).
 */
export const linearSchemaPattern = Object.assign(
  (source: string, flags: string): SchemaPattern => {
    // Only a syntax check: this expression never runs. On its own, so a wrapping group cannot rescue "a)(b".
    new RegExp(source, flags);
    const compiled = compileLinearPattern(`[\\s\\S]*(?:${source})[\\s\\S]*`, flags === 'u' ? 'u' : '');
    return new SchemaPattern(source, flags, compiled instanceof LinearPattern ? compiled.automaton : undefined);
  },
  // What ajv's standalone code would import; never used here, where schemas are compiled at run time.
  { code: 'linearSchemaPattern' },
);
