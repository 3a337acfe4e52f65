import { ITEM_MESSAGES } from "@menu/core/item/schemas";
import type { z } from "zod";
import { issueMessage, type FieldMessage } from "@/components/form/validation";

/** The item and promotion forms' own texts of the specification, on top of the shared ones. */
const OWN: Record<string, FieldMessage> = {
  [ITEM_MESSAGES.priceZero]: { id: "menuAdmin.validation.priceZero" },
  [ITEM_MESSAGES.weightZero]: { id: "menuAdmin.validation.weightZero" },
};

/** A game's portion is a quantity (one game, one hour of play), not a weight. */
const GAME: Record<string, FieldMessage> = {
  [ITEM_MESSAGES.weightZero]: { id: "menuAdmin.validation.quantityZero" },
};

/** Errors by full path ("title", "portions.0.price"): nested rows need more than the first segment. */
export function errorsByPath(error: z.core.$ZodError, { game = false }: { game?: boolean } = {}): Record<string, FieldMessage> {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "_form";
    errors[path] ??= (game ? GAME[issue.message] : undefined) ?? OWN[issue.message] ?? issueMessage(issue);
  }
  return errors;
}
