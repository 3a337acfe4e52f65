/** The table form's fields, free of Node imports (the SPA validates with them too). */
import { z } from "zod";
import { text } from "../shared/text-rules";

export const TABLE_NAME_MAX = 60;
export const TABLE_NOTE_MAX = 500;
export const TABLE_POSITION_MAX = 100000;

export const tableName = text({ max: TABLE_NAME_MAX });
export const tableNote = text({ max: TABLE_NOTE_MAX, optional: true });
export const tablePosition = z.number().int().positive().max(TABLE_POSITION_MAX);

/** The form as typed: the number arrives as text. */
export const TableForm = z.object({
  position: z
    .string()
    .trim()
    .min(1, "This field is required")
    .regex(/^[1-9][0-9]{0,5}$/, "Value is incorrect")
    .refine((v) => Number(v) <= TABLE_POSITION_MAX, "Value is incorrect")
    .meta({ pattern: "^\\s*(?:[1-9][0-9]{0,4}|100000)\\s*$", description: "1 to 100000, as text" }),
  name: tableName,
  note: tableNote,
});
