/**
 * The one way in for an owner's own menu (issue 50, point 5): a file of any kind the import reads
 * is told by its bytes (file-kind.ts); a spreadsheet goes the spreadsheet's way (the caller's), a
 * PDF, a Word file or pasted text is read now into a draft, a photo is queued for the background.
 */
import { UserError } from "../../shared/errors";
import { ImportRefusal } from "../menu-import-errors";
import type { MenuDraft } from "./draft";
import { fileKind } from "./file-kind";
import { MENU_DOCUMENT_MAX } from "./limits";
import { readMenuDocument } from "./read-menu";
import { requestPhotoReading } from "./reading-jobs";

type Keys = { company_id: string; store_id: string };
export type OwnMenuRead = { sheet: true } | { draft: MenuDraft } | { job_id: string } | ImportRefusal;

export async function readOwnMenu(keys: Keys, file_name: string, bytes: Uint8Array): Promise<OwnMenuRead> {
  const kind = fileKind(file_name, bytes);
  if (!kind) return new ImportRefusal("unknownFileKind");
  if (kind === "sheet") return { sheet: true };
  if (bytes.length > MENU_DOCUMENT_MAX) throw new UserError("payloadTooLarge", 413);
  if (kind === "photo") return requestPhotoReading(keys, bytes);
  const read = await readMenuDocument(kind, bytes, keys.store_id);
  return read instanceof ImportRefusal ? read : { draft: read };
}
