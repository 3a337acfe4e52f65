import { ITEM_MESSAGES, PRICE_MAX, WEIGHT_MAX } from "@menu/core/item/schemas";
import type { z } from "zod";
import { issueMessage, type FieldMessage } from "./validation";

/** The item, promotion and import-draft forms' own texts of the specification, on top of the shared ones. */
const OWN: Record<string, FieldMessage> = {
  [ITEM_MESSAGES.priceZero]: { id: "menuAdmin.validation.priceZero" },
  [ITEM_MESSAGES.weightZero]: { id: "menuAdmin.validation.weightZero" },
  [ITEM_MESSAGES.priceDecimals]: { id: "menuAdmin.validation.decimals", values: { n: 2 } },
  [ITEM_MESSAGES.weightDecimals]: { id: "menuAdmin.validation.decimals", values: { n: 3 } },
  [ITEM_MESSAGES.priceMax]: { id: "menuAdmin.validation.atMost", values: { max: PRICE_MAX } },
  [ITEM_MESSAGES.weightMax]: { id: "menuAdmin.validation.atMost", values: { max: WEIGHT_MAX } },
};

/** A game's portion is a quantity (one game, one hour of play), not a weight. */
const GAME: Record<string, FieldMessage> = {
  [ITEM_MESSAGES.weightZero]: { id: "menuAdmin.validation.quantityZero" },
};

/** The message of one schema's first issue (a single field's check, as the import draft makes). */
export const firstIssueMessage = (error: z.core.$ZodError): FieldMessage => OWN[error.issues[0]!.message] ?? issueMessage(error.issues[0]!);

/** Errors by full path ("title", "portions.0.price"): nested rows need more than the first segment. */
export function errorsByPath(error: z.core.$ZodError, { game = false }: { game?: boolean } = {}): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "_form";
    errors[path] ??= (game ? GAME[issue.message] : undefined) ?? OWN[issue.message] ?? issueMessage(issue);
  }
  return errors;
}
