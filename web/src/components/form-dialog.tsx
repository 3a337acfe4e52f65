import { useEffect, useId, useRef, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Dialog } from "@/components/dialog";
import { FormAlert, SubmitButton } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import { errorMessageFor } from "@/lib/errors";

type FormDialogProps = {
  title: ReactNode;
  testId: string;
  submitLabel: MessageId;
  pending: boolean;
  /** A failure that belongs to no field: shown above the fields. */
  error?: unknown;
  /** Called on submit; the page does not reload. */
  onSubmit: () => void;
  onClose: () => void;
  /** The first field takes the focus when the dialog opens (else the close button has it). */
  focusFirstField?: boolean;
  children: ReactNode;
};

/** A dialog holding one form: its fields under an error area, with Cancel and the submit button in the footer. */
export function FormDialog({ title, testId, submitLabel, pending, error, onSubmit, onClose, focusFirstField = false, children }: FormDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // The dialog's own effect (showModal) runs first, so this focus comes after the native one.
  useEffect(() => {
    if (focusFirstField) formRef.current?.querySelector("input")?.focus();
  }, [focusFirstField]);

  return (
    <Dialog
      open
      onClose={onClose}
      testId={testId}
      title={title}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <SubmitButton pending={pending} label={submitLabel} className="btn btn--primary" form={formId} />
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {error ? <FormAlert>{errorMessageFor(error)}</FormAlert> : null}
        {children}
      </form>
    </Dialog>
  );
}
