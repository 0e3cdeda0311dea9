import { useState } from 'react';
/**
 * After a failed submit, focus goes to the first field that needs attention (in the order the form shows them),
 * so keyboard and screen-reader users land on the problem instead of a button or <body>. Returns whether a
 * field took focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, namesInOrder: readonly string[], invalid: ReadonlySet<string>): boolean {
  if (!form) return false;
  for (const name of namesInOrder) {
    if (!invalid.has(name)) continue;
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLElement) {
      control.focus();
      return true;
    }
  }
  return false;
}

/**
 * A ref that focuses its element once, when it appears: for a field the user just asked to edit (an Edit click
 * reveals the input). Unlike `autoFocus` it never fires on page load, only on that deliberate action.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

/**
 * A form's field values: `set(name)` is the inputs' onChange, `reset()` empties them after a save. The one copy of
 * what every account form held by hand.
 */
export function useFormValues<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const set = (key: F) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
  };
  return { values, set, reset: () => setValues(initial) };
}
