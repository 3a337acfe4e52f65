import type { z } from "zod";

/** A domain function whose input is parsed by its zod schema before the handler runs. */
export function fn<S extends z.ZodType, R>(schema: S, handler: (input: z.output<S>) => R) {
  const run = (input: z.input<S>) => handler(schema.parse(input));
  run.schema = schema;
  return run;
}
