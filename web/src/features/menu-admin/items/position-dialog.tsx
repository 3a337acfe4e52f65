import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form-dialog";
import type { FieldMessage } from "@/components/form/validation";

/** A whole number from 1 to `total`, as typed (spaces around allowed), or undefined. */
export function parsePosition(text: string, total: number) {
  const n = /^\s*\d{1,7}\s*$/.test(text) ? Number(text) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= total ? n : undefined;
}

/**
 * "Move to position…" (issue 31): puts an item at place N of its category, for places beyond the
 * loaded cards, where dragging cannot reach. N is checked against the category's count.
 */
export function PositionDialog({
  title,
  current,
  total,
  pending,
  error,
  onMove,
  onClose,
}: {
  title: string;
  /** Its place now when known (loaded), as the field's starting value. */
  current?: number;
  total: number;
  pending: boolean;
  error: unknown;
  onMove: (position: number) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(current ? String(current) : "");
  const [submitted, setSubmitted] = useState(false);
  const position = parsePosition(text, total);
  const invalid: FieldMessage | undefined = submitted && position === undefined ? { id: "menuAdmin.position.range", values: { total } } : undefined;
  return (
    <FormDialog
      testId="position-dialog"
      title={<FormattedMessage id="menuAdmin.position.title" values={{ title }} />}
      submitLabel="menuAdmin.position.confirm"
      pending={pending}
      error={error}
      focusFirstField
      onSubmit={() => {
        setSubmitted(true);
        if (position !== undefined) onMove(position);
      }}
      onClose={onClose}
    >
      <TextField
        label="menuAdmin.position.label"
        name="position"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        error={invalid}
        hint={<FormattedMessage id="menuAdmin.position.range" values={{ total }} />}
        onChange={(v) => setText(String(v))}
      />
    </FormDialog>
  );
}
