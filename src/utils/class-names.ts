/** Joins class names, skipping empty ones: `cx('hitl-form', props.className)` is `'hitl-form'` without a class of the caller's. */
export function cx(...names: ReadonlyArray<string | false | null | undefined>): string {
  let joined = '';
  for (const name of names) {
    if (!name) continue;
    joined = joined === '' ? name : `${joined} ${name}`;
  }
  return joined;
}
