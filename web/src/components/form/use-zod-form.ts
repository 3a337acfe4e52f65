import { useState } from "react";
import type { z } from "zod";
import { fieldErrorsOf, type FieldMessage } from "./validation";

type Values = Record<string, unknown>;

/**
 * Form state validated by the same zod schema as the server: all fields on submit, one field when
 * it loses focus, and a field with an error again while it is being corrected.
 */
export function useZodForm<S extends z.ZodType<unknown, Values>>(schema: S, initial: z.input<S> & Values) {
  const [values, setValues] = useState<z.input<S> & Values>(initial);
  const [errors, setErrors] = useState<Record<string, FieldMessage | undefined>>({});

  const check = (next: Values, field: string) => {
    const result = schema.safeParse(next);
    const message = result.success ? undefined : fieldErrorsOf(result.error)[field];
    setErrors((current) => ({ ...current, [field]: message }));
  };

  const set = (field: string, value: unknown) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) check(next, field);
  };

  /** Validates everything; answers the parsed values, or undefined (and shows the errors). */
  const validate = (): z.output<S> | undefined => {
    const result = schema.safeParse(values);
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
    onBlur: () => check(values, field),
  });

  const setFieldError = (field: string, message: FieldMessage | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  return { values, setValues, errors, setFieldError, validate, bind, set };
}
