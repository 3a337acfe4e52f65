import { FormattedMessage } from "react-intl";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormAlert } from "@/components/form/fields";
import { errorMessageFor } from "@/lib/errors";
import type { GlossaryEntry } from "./api";

/** Asks before deleting `entry` (closed while there is none); a failed delete is shown inside. */
export function DeleteAbbreviationDialog({
  entry,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  entry: GlossaryEntry | undefined;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (entry: GlossaryEntry) => void;
}) {
  return (
    <ConfirmDialog
      open={!!entry}
      testId="glossary-delete-dialog"
      title={<FormattedMessage id="glossary.deleteTitle" />}
      confirmLabel="common.delete"
      confirmTestId="glossary-confirm-delete"
      tone="danger"
      pending={pending}
      onConfirm={() => entry && onConfirm(entry)}
      onClose={onClose}
    >
      {error ? <FormAlert>{errorMessageFor(error)}</FormAlert> : null}
      {entry ? (
        <p>
          <FormattedMessage
            id="glossary.deleteText"
            values={{
              abbreviation: (
                <strong lang="ru" key="a">
                  {entry.abbreviation}
                </strong>
              ),
              fullForm: (
                <strong lang="ru" key="f">
                  {entry.full_form}
                </strong>
              ),
            }}
          />
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
