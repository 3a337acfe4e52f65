import type { Section } from "@menu/core/shared/model";
import { createContext, useContext } from "react";
import type { AdminCategory } from "./api";

export type Open =
  | { kind: "create"; parentId: string }
  | { kind: "edit" | "schedule" | "move" | "delete"; category: AdminCategory; /** "edit": the translation to open. */ language?: string };

type Actions = { open: (dialog: Open) => void; section: Section; all: AdminCategory[] };
export const ActionsContext = createContext<Actions | undefined>(undefined);

/** The dialogs of the section page, for the tree and the selected category's pane. */
export function useCategoryActions() {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error("useCategoryActions outside CategoriesLayout");
  return actions;
}
