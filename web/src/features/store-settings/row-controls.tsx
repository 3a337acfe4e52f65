/** The pieces of the repeated rows (working hours, phones, social links): add, remove, and the row's error. */
import { FormattedMessage, useIntl } from "react-intl";
import { FieldMessageText } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import type { Errors } from "./use-settings-form";

/** The first error among the row's fields. */
export function RowError({ errors, paths }: { errors: Errors; paths: string[] }) {
  const message = paths.map((p) => errors[p]).find(Boolean);
  return message ? (
    <p className="field__error list-row__error" role="alert">
      <FieldMessageText message={message} />
    </p>
  ) : null;
}

export function AddButton({ label, onClick }: { label: MessageId; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--ghost store-settings__add" onClick={onClick}>
      + <FormattedMessage id={label} />
    </button>
  );
}

export function RemoveButton({ label, onClick }: { label: MessageId; onClick: () => void }) {
  const intl = useIntl();
  return (
    <button type="button" className="icon-button icon-button--danger list-row__remove" aria-label={intl.formatMessage({ id: label })} title={intl.formatMessage({ id: label })} onClick={onClick}>
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
