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

/** Tables added at once: the transaction holds each table and its name's guard (2 × 40 + the facts ≤ 100 items). */
export const TABLES_BULK_MAX = 40;
/** Tables a store may have (the reorder call's list bound): checked against the kept count. */
export const TABLES_PER_STORE_MAX = 1000;
/** Tables whose cards one print or PDF of chosen tables holds (their ids fit in an address). */
export const TABLE_CARDS_CHOSEN_MAX = 100;
/** Where a bulk add puts each table's number in the name pattern ("Стол {n}"). */
export const NUMBER_MARK = "{n}";
/** A pattern leaves room for the longest number (6 digits in place of its 3 characters). */
export const TABLE_PATTERN_MAX = TABLE_NAME_MAX - 3;

export const TABLE_MESSAGES = {
  patternNeedsNumber: "Put {n} where the table number goes",
  rangeReversed: "The last number must not be smaller than the first",
  tooMany: `At most ${TABLES_BULK_MAX} tables at once`,
} as const;

/** The names a pattern gives the numbers `from`–`to` ("Стол {n}", 1, 3 → Стол 1, Стол 2, Стол 3). */
export const tableNamesOf = (pattern: string, from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => ({ position: from + i, name: pattern.replaceAll(NUMBER_MARK, String(from + i)) }));

export const tableNamePattern = text({ max: TABLE_PATTERN_MAX })
  .refine((s) => s.includes(NUMBER_MARK), TABLE_MESSAGES.patternNeedsNumber)
  .meta({ pattern: "\\{n\\}", description: "Contains `{n}`, replaced by each table's number", examples: ["Стол {n}", "Table {n} (terrace)"] });

/** A bulk add as the API takes it: `count` tables numbered from `from`, names from the pattern, one note for all. */
export const CreateTablesInput = z
  .object({
    store_id: z.string().min(1).max(64),
    from: tablePosition,
    count: z
      .number()
      .int()
      .min(1)
      .max(TABLES_BULK_MAX)
      .meta({ description: `The last number, \`from\` + \`count\` − 1, is at most ${TABLE_POSITION_MAX}`, examples: [2, 10] }),
    name: tableNamePattern,
    note: tableNote.default(""),
  })
  .refine((v) => v.from + v.count - 1 <= TABLE_POSITION_MAX, { message: "Value is incorrect", path: ["count"] });

const position = TableForm.shape.position;

/** The bulk form as typed: the range's ends arrive as text (the form sends `to − from + 1` as the count). */
export const TablesBulkForm = z
  .object({ from: position, to: position, name: tableNamePattern, note: tableNote })
  .refine((v) => Number(v.to) >= Number(v.from), { message: TABLE_MESSAGES.rangeReversed, path: ["to"] })
  .refine((v) => Number(v.to) - Number(v.from) < TABLES_BULK_MAX, { message: TABLE_MESSAGES.tooMany, path: ["to"] });
export type TablesBulkForm = z.input<typeof TablesBulkForm>;
