import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormAlert } from "@/components/form/fields";
import type { MarkChange } from "./api";
import { MarksPicker, type Marks } from "./marks-picker";

/** Adds chosen allergens and tags to the selected items, or removes them (one call for all). */
export function BulkMarksDialog({ count, pending, onCancel, onApply }: { count: number; pending: boolean; onCancel: () => void; onApply: (change: MarkChange) => void }) {
  const intl = useIntl();
  const [mode, setMode] = useState<"add" | "remove">("add");
  const [marks, setMarks] = useState<Marks>({ allergens: [], tags: [] });
  const [empty, setEmpty] = useState(false);
  const apply = () => {
    if (!marks.allergens.length && !marks.tags.length) return setEmpty(true);
    onApply({ allergens: { [mode]: marks.allergens }, tags: { [mode]: marks.tags } });
  };
  return (
    <ConfirmDialog
      testId="bulk-marks-dialog"
      size="md"
      title={<FormattedMessage id="menuAdmin.marksDialog.title" values={{ n: count }} />}
      confirmLabel="menuAdmin.marksDialog.apply"
      confirmTestId="apply-marks"
      pending={pending}
      onConfirm={apply}
      onClose={onCancel}
    >
      {empty ? <FormAlert>{intl.formatMessage({ id: "menuAdmin.marksDialog.nothing" })}</FormAlert> : null}
      <fieldset className="ma-marks__mode">
        <legend className="field__label">
          <FormattedMessage id="menuAdmin.marksDialog.mode" />
        </legend>
        {(["add", "remove"] as const).map((m) => (
          <label key={m} className="ma-marks__option">
            <input type="radio" name="marks-mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            <FormattedMessage id={`menuAdmin.marksDialog.${m}`} />
          </label>
        ))}
      </fieldset>
      <MarksPicker
        value={marks}
        onChange={(next) => {
          setMarks(next);
          setEmpty(false);
        }}
      />
    </ConfirmDialog>
  );
}
