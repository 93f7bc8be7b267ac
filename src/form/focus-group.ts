/**
 * The options of a group a person can focus: native radio and checkbox inputs, and the buttons
 * design systems render instead (`role="radio"`/`role="checkbox"`, e.g. Radix); not the hidden
 * inputs those keep beside their buttons for forms (`aria-hidden`, out of the Tab order).
 */
const FOCUSABLE_OPTIONS = 'input:not([aria-hidden="true"]):not([tabindex="-1"]), [role="radio"], [role="checkbox"]';

function isChecked(option: HTMLElement): boolean {
  return (option as HTMLInputElement).checked === true || option.getAttribute('aria-checked') === 'true';
}

function isDisabled(option: HTMLElement): boolean {
  return (
    (option as HTMLInputElement).disabled === true ||
    option.getAttribute('aria-disabled') === 'true' ||
    option.hasAttribute('data-disabled')
  );
}

/** Focuses the checked option of a radio or checkbox group, else its first enabled one (where Tab would land). */
export function focusGroup(group: HTMLElement | null): void {
  const options = Array.from(group?.querySelectorAll<HTMLElement>(FOCUSABLE_OPTIONS) ?? []);
  (options.find((option) => isChecked(option) && !isDisabled(option)) ?? options.find((option) => !isDisabled(option)))?.focus();
}
