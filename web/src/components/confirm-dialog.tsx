import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Dialog } from "@/components/dialog";
import type { MessageId } from "@/i18n/catalogs";

type ConfirmDialogProps = {
  /** Closed while false: a dialog kept mounted between uses. */
  open?: boolean;
  title: ReactNode;
  testId?: string;
  size?: "sm" | "md";
  confirmLabel: MessageId;
  confirmTestId: string;
  tone?: "primary" | "danger";
  pending: boolean;
  /** Keeps the confirm button off, e.g. until a choice is made. */
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** Asks before an action: what it does in the body, Cancel and the action (busy while it runs) in the footer. */
export function ConfirmDialog({
  open = true,
  title,
  testId,
  size = "sm",
  confirmLabel,
  confirmTestId,
  tone = "primary",
  pending,
  disabled = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size={size}
      testId={testId}
      title={title}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button
            type="button"
            className={`btn btn--${tone}`}
            disabled={disabled || pending}
            aria-busy={pending || undefined}
            onClick={onConfirm}
            data-testid={confirmTestId}
          >
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id={confirmLabel} />
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
