import { useRef, useState } from "react";
import type { z } from "zod";
import { fieldErrorsOf, type FieldMessage } from "./validation";

type Values = Record<string, unknown>;

export type ZodFormOptions = {
  /**
   * Fields checked on every keystroke once they hold something (URL names: "Only Latin letters are
   * allowed" shows as the letter is typed, whatever the field showed before).
   */
  live?: readonly string[];
};

/**
 * Checks that must not move the page under a pressed pointer: a message appearing on blur pushes
 * what follows down, so the link or button being clicked would move away between press and release
 * and the click would be lost. They run once the pointer is released and its click has been handled.
 */
let pointerDown = false;
const afterPointer: (() => void)[] = [];
if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", () => (pointerDown = true), true);
  const release = () =>
    setTimeout(() => {
      pointerDown = false;
      for (const run of afterPointer.splice(0)) run();
    });
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);
}
/** Runs `check` after the current click (if any) has landed where it was aimed. */
function whenPointerSettled(check: () => void) {
  if (pointerDown) afterPointer.push(check);
  else setTimeout(check);
}

/**
 * Form state validated by the same zod schema as the server: all fields on submit; one field when
 * it loses focus after being edited (an untouched empty field says nothing until submit); and,
 * while an error shows, the fields with errors on every change, so a message goes away as soon as
 * the value is right (also when another field made it right, like a repeated password).
 */
export function useZodForm<S extends z.ZodType<unknown, Values>>(schema: S, initial: z.input<S> & Values, { live = [] }: ZodFormOptions = {}) {
  const [values, setValues] = useState<z.input<S> & Values>(initial);
  const [errors, setErrors] = useState<Record<string, FieldMessage | undefined>>({});
  const edited = useRef(new Set<string>());
  // The values as last set (a blur check may run after a few more keystrokes).
  const latest = useRef(values);

  const check = (next: Values, fields: readonly string[]) => {
    const result = schema.safeParse(next);
    const all = result.success ? {} : fieldErrorsOf(result.error);
    setErrors((current) => {
      const updated = { ...current };
      for (const field of fields) updated[field] = all[field];
      return updated;
    });
  };

  const set = (field: string, value: unknown) => {
    // From the latest values, so several fields set in one handler all keep their change.
    const next = { ...latest.current, [field]: value };
    setValues(next);
    latest.current = next as typeof values;
    edited.current.add(field);
    const recheck = Object.keys(errors).filter((f) => errors[f]);
    if (live.includes(field) && value !== "" && !recheck.includes(field)) recheck.push(field);
    if (recheck.length) check(next, recheck);
  };

  /** Validates everything; answers the parsed values, or undefined (and shows the errors). */
  const validate = (): z.output<S> | undefined => {
    const result = schema.safeParse(latest.current);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(fieldErrorsOf(result.error));
    return undefined;
  };

  const bind = (field: keyof typeof values & string) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (value: unknown) => set(field, value),
    onBlur: () => {
      if (!edited.current.has(field) && !errors[field]) return;
      whenPointerSettled(() => check(latest.current, [field]));
    },
  });

  const setFieldError = (field: string, message: FieldMessage | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  /** Replaces the values (e.g. after saving, or with values typed before the page had started). */
  const replaceValues = (next: z.input<S> & Values) => {
    latest.current = next;
    setValues(next);
  };

  return { values, setValues: replaceValues, errors, setFieldError, validate, bind, set };
}
