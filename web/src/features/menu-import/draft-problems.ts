/**
 * What stops a draft from being imported, at the item and field it belongs to: checked on the page
 * with the item form's own rules before anything is sent, and the preview's row errors (should the
 * server find more) mapped back from the row to the item and portion (draft-rows.ts).
 */
import { ItemTitle, Price, Weight } from "@menu/core/item/schemas";
import { draftRows } from "@menu/core/import/reading/draft-rows";
import type { MenuDraft } from "@menu/core/import/reading/draft";
import { WORDS } from "@menu/core/shared/menu-rows";
import type { FieldMessage } from "@/components/form/validation";
import { firstIssueMessage } from "@/components/form/item-messages";
import type { MessageId } from "@/i18n/catalogs";
import type { DraftState, EditorItem } from "./draft-state";

export type ProblemField = "title" | "category" | "description" | "price" | "weight";
export type Problem = { field: ProblemField; portion?: number; message: FieldMessage };
/** Problems by item key. */
export type Problems = Map<string, Problem[]>;

/** The element id of an item's field, so a problem or a doubt can be jumped to. */
export const fieldId = (itemKey: string, field: ProblemField, portion = 0) => `draft-${itemKey}-${field}${field === "price" || field === "weight" ? `-${portion}` : ""}`;

function add(problems: Problems, key: string, problem: Problem) {
  problems.set(key, [...(problems.get(key) ?? []), problem]);
}

/** The draft's problems by the item form's rules: a title of 2–120 characters, every portion priced, a weight that is a number. */
export function checkDraft(state: DraftState): Problems {
  const problems: Problems = new Map();
  for (const item of state.items) {
    const title = ItemTitle.safeParse(item.title);
    if (!title.success) add(problems, item.key, { field: "title", message: firstIssueMessage(title.error) });
    if (!item.portions.length) add(problems, item.key, { field: "price", message: { id: "import.draft.problem.noPrice" } });
    item.portions.forEach((p, portion) => {
      const price = Price.safeParse(p.price.replace(/\s/g, ""));
      if (!price.success) add(problems, item.key, { field: "price", portion, message: firstIssueMessage(price.error) });
      const weight = p.weight.trim() ? Weight.safeParse(p.weight.replace(/\s/g, "")) : undefined;
      if (weight && !weight.success) add(problems, item.key, { field: "weight", portion, message: firstIssueMessage(weight.error) });
    });
  }
  return problems;
}

/** The field of the export's column an error names. */
const FIELD_OF_COLUMN: Record<string, ProblemField> = Object.fromEntries(
  (["section", "category", "title", "description", "weight", "price", "price"] as const).map((field, i) => [WORDS.ru.columns[i]!, field === "section" ? "category" : field]),
);

/** The preview's row errors of the draft's CSV, at the items (`keys`, in the draft's order) and portions they came from. */
export function serverProblems(draft: MenuDraft, keys: string[], errors: { row: number; column: string; code: string }[]): Problems {
  const rows = draftRows(draft);
  const problems: Problems = new Map();
  for (const error of errors) {
    const place = rows[error.row - 2]?.place;
    if (!place) continue;
    add(problems, keys[place.item]!, { field: FIELD_OF_COLUMN[error.column] ?? "title", portion: place.portion, message: { id: `import.error.${error.code}` as MessageId } });
  }
  return problems;
}

/** The first item with a problem, in the order shown, and its first problem's field id. */
export function firstProblem(state: DraftState, problems: Problems): { item: EditorItem; id: string } | undefined {
  const order = new Map(state.categories.map((c, i) => [c.key, i]));
  const item = state.items.filter((i) => problems.has(i.key)).sort((a, b) => order.get(a.category)! - order.get(b.category)!)[0];
  if (!item) return undefined;
  const problem = problems.get(item.key)![0]!;
  return { item, id: fieldId(item.key, problem.field, problem.portion) };
}
