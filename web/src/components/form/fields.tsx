import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import type { FieldMessage } from "./validation";
import "./form.css";

export function FieldMessageText({ message }: { message: FieldMessage }) {
  if ("text" in message) return <>{message.text}</>;
  return <FormattedMessage id={message.id} values={message.values} />;
}

type Bound = {
  name: string;
  value: unknown;
  error?: FieldMessage;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
};

type TextFieldProps = Bound & {
  label: MessageId;
  hint?: ReactNode;
  /** Shown after the input, e.g. an availability check. */
  status?: ReactNode;
  /** Marks the input invalid without a message of its own (the status says why). */
  invalid?: boolean;
  prefix?: string;
  type?: "text" | "email" | "password" | "url";
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
};

/** A labelled input with its hint and error, wired for screen readers. */
export function TextField({ label, hint, status, invalid, prefix, error, name, value, onChange, onBlur, type = "text", ...rest }: TextFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const intl = useIntl();
  const described = [hint && !error ? `${id}-hint` : "", error ? `${id}-error` : "", status ? `${id}-status` : ""].filter(Boolean).join(" ");
  const isPassword = type === "password";
  return (
    <div className={error || invalid ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <div className="field__control">
        {prefix ? (
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          className="input"
          type={isPassword && shown ? "text" : type}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={described || undefined}
          spellCheck={type === "text" ? undefined : false}
          autoCapitalize={type === "text" ? undefined : "none"}
          {...rest}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__reveal"
            aria-pressed={shown}
            aria-label={intl.formatMessage({ id: shown ? "form.hidePassword" : "form.showPassword" })}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
      {status ? (
        <div id={`${id}-status`} className="field__status" aria-live="polite">
          {status}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          <FieldMessageText message={error} />
        </p>
      ) : null}
      {hint && !error ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({ label, name, value, onChange }: Bound & { label: MessageId }) {
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} name={name} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
    </div>
  );
}

export function SelectField({
  label,
  name,
  value,
  error,
  onChange,
  onBlur,
  options,
  hint,
  disabled,
}: Bound & { label: MessageId; options: { value: string; label: string }[]; hint?: ReactNode; disabled?: boolean }) {
  const id = useId();
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <div className="field__control">
        <select
          id={id}
          name={name}
          className="input select"
          value={String(value ?? "")}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          <FieldMessageText message={error} />
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A message above or below a form: error, success or information. */
export function FormAlert({ tone = "error", children, testId }: { tone?: "error" | "success" | "info"; children: ReactNode; testId?: string }) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"} data-testid={testId}>
      {children}
    </div>
  );
}

export function SubmitButton({
  pending,
  label,
  className = "btn btn--primary btn--block",
  form,
}: {
  pending: boolean;
  label: MessageId;
  className?: string;
  /** The id of the form, when the button is outside it (a dialog's footer). */
  form?: string;
}) {
  return (
    <button type="submit" form={form} className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      <FormattedMessage id={label} />
    </button>
  );
}

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M3 3l18 18M10.6 6.1A10.8 10.8 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.8 0 3.4-.5 4.8-1.3" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}
