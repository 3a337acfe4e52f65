import { IMPORT_FILE_MAX } from "@menu/core/import/menu-import-limits";
import { MENU_DOCUMENT_MAX } from "@menu/core/import/reading/limits";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { readFile, textFile, type File64 } from "./api";
import { isPhotoName, sendablePhoto } from "./photo-scale";

const ACCEPT = [
  ".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".pdf,application/pdf",
  ".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".jpg,.jpeg,.png,.webp,.heic,.heif,image/jpeg,image/png,image/webp,image/heic",
].join(",");

const isSheetName = (name: string) => /\.(xlsx|csv)$/i.test(name);

type Refusal = "sheetTooLarge" | "documentTooLarge" | "photoTooLarge" | "textTooLarge";

/**
 * Where an owner's menu comes in (issue 50): one file input for every kind the import reads (a
 * spreadsheet within IMPORT_FILE_MAX, a PDF, Word file or photo within MENU_DOCUMENT_MAX; a larger
 * photo is scaled down here first), or a box for menu text pasted from anywhere.
 */
export function SourcePicker({ disabled, onSend, onChoose }: { disabled: boolean; onSend: (file: File64) => void; onChoose: () => void }) {
  const intl = useIntl();
  const fileId = useId();
  const textId = useId();
  const [text, setText] = useState("");
  const [refusal, setRefusal] = useState<Refusal>();
  const [scaling, setScaling] = useState(false);

  const choose = async (chosen: File | undefined) => {
    onChoose();
    setRefusal(undefined);
    if (!chosen) return;
    if (isSheetName(chosen.name)) {
      if (chosen.size > IMPORT_FILE_MAX) return setRefusal("sheetTooLarge");
      return onSend(await readFile(chosen));
    }
    if (isPhotoName(chosen.name)) {
      setScaling(true);
      const photo = await sendablePhoto(chosen).finally(() => setScaling(false));
      return photo ? onSend(await readFile(photo)) : setRefusal("photoTooLarge");
    }
    if (chosen.size > MENU_DOCUMENT_MAX) return setRefusal("documentTooLarge");
    onSend(await readFile(chosen));
  };

  const sendText = () => {
    onChoose();
    setRefusal(undefined);
    if (new TextEncoder().encode(text).length > MENU_DOCUMENT_MAX) return setRefusal("textTooLarge");
    onSend(textFile("pasted.txt", text));
  };

  const kb = (bytes: number) => Math.round(bytes / 1024);
  return (
    <div className="menu-import__sources">
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          <FormattedMessage id="import.draft.file" />
        </label>
        <input id={fileId} type="file" className="input" accept={ACCEPT} disabled={disabled} aria-describedby={`${fileId}-hint`} onChange={(e) => void choose(e.target.files?.[0])} data-testid="import-file" />
        <p id={`${fileId}-hint`} className="field__hint">
          <FormattedMessage id="import.draft.fileHint" values={{ sheet: kb(IMPORT_FILE_MAX), document: kb(MENU_DOCUMENT_MAX) }} />
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={textId}>
          <FormattedMessage id="import.draft.paste" />
        </label>
        <textarea
          id={textId}
          className="input menu-import__paste"
          rows={5}
          value={text}
          disabled={disabled}
          aria-describedby={`${textId}-hint`}
          placeholder={intl.formatMessage({ id: "import.draft.pastePlaceholder" })}
          onChange={(e) => setText(e.target.value)}
          data-testid="import-paste"
        />
        <p id={`${textId}-hint`} className="field__hint">
          <FormattedMessage id="import.draft.pasteHint" />
        </p>
        <div>
          <button type="button" className="btn btn--secondary" disabled={disabled || !text.trim()} onClick={sendText} data-testid="import-paste-read">
            <FormattedMessage id="import.draft.pasteRead" />
          </button>
        </div>
      </div>
      {scaling ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage id="import.draft.scaling" />
        </p>
      ) : null}
      {refusal ? (
        <FormAlert testId="import-too-large">
          {intl.formatMessage({ id: `import.draft.${refusal}` }, { max: kb(refusal === "sheetTooLarge" ? IMPORT_FILE_MAX : MENU_DOCUMENT_MAX) })}
        </FormAlert>
      ) : null}
    </div>
  );
}
