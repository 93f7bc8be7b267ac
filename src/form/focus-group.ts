/** Focuses the checked input of a radio or checkbox group, else its first enabled one (where Tab would land). */
export function focusGroup(group: HTMLElement | null): void {
  const inputs = Array.from(group?.querySelectorAll<HTMLInputElement>('input') ?? []);
  (inputs.find((input) => input.checked && !input.disabled) ?? inputs.find((input) => !input.disabled))?.focus();
}
