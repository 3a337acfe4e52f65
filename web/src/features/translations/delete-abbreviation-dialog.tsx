import { FormattedMessage } from "react-intl";
import { Dialog } from "@/components/dialog";
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
    <Dialog
      open={!!entry}
      onClose={onClose}
      size="sm"
      testId="glossary-delete-dialog"
      title={<FormattedMessage id="glossary.deleteTitle" />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() => entry && onConfirm(entry)}
            data-testid="glossary-confirm-delete"
          >
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="common.delete" />
          </button>
        </>
      }
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
    </Dialog>
  );
}
