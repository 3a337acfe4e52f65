import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { Dialog } from "./dialog";

/**
 * Asks before an irreversible action on a list's row (delete, re-issue): open while there is a
 * `subject`, with Cancel and the action's button.
 */
export function ConfirmDialog<T>({
  subject,
  title,
  text,
  confirmLabel = "common.delete",
  confirmTestId,
  pending,
  onClose,
  onConfirm,
}: {
  subject: T | undefined;
  title: MessageId;
  text: (subject: T) => ReactNode;
  confirmLabel?: MessageId;
  confirmTestId: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (subject: T) => void;
}) {
  return (
    <Dialog
      open={subject !== undefined}
      onClose={onClose}
      size="sm"
      title={<FormattedMessage id={title} />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="btn btn--danger" disabled={pending} onClick={() => subject !== undefined && onConfirm(subject)} data-testid={confirmTestId}>
            <FormattedMessage id={confirmLabel} />
          </button>
        </>
      }
    >
      {subject !== undefined ? <p>{text(subject)}</p> : null}
    </Dialog>
  );
}
