/**
 * Confirming a draft (issue 50): the edited draft becomes the export's rows as a CSV ("menu.csv",
 * draft-rows.ts), which the existing preview checks (its row errors go back to the draft's items)
 * and the existing chunked apply writes: one way of writing a menu, all or nothing.
 */
import { IMPORT_FILE_MAX } from "@menu/core/import/menu-import-limits";
import { draftCsv } from "@menu/core/import/reading/draft-rows";
import type { MenuDraft } from "@menu/core/import/reading/draft";
import { useIntl } from "react-intl";
import { isPlan, textFile, useImportPreview, type File64, type ImportPlan } from "./api";
import type { ConfirmOutcome } from "./draft-editor";
import { serverProblems } from "./draft-problems";
import { fileRefusalOf, refusalText } from "./refusal";

export function useDraftConfirm(storeId: string, apply: (file: File64, plan: ImportPlan) => Promise<unknown>) {
  const intl = useIntl();
  const check = useImportPreview(storeId);
  const confirm = async (draft: MenuDraft, keys: string[]): Promise<ConfirmOutcome> => {
    const csv = draftCsv(draft);
    // Beyond the spreadsheet import's size (a very long menu with long descriptions): the owner splits it.
    if (new TextEncoder().encode(csv).length > IMPORT_FILE_MAX) return { alert: intl.formatMessage({ id: "import.draft.csvTooLarge" }) };
    const file = textFile("menu.csv", csv);
    const answer = await check.mutateAsync({ file });
    if (!isPlan(answer)) throw new Error("The preview read the export's own columns as an owner's menu");
    const refusal = fileRefusalOf(answer.errors);
    if (refusal) return { alert: refusalText(intl, refusal) };
    if (answer.errors.length) return { problems: serverProblems(draft, keys, answer.errors) };
    await apply(file, answer);
    return { done: true };
  };
  return { confirm, checking: check.isPending };
}
