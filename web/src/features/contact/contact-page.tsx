import { attachmentProblem, CONTACT_LIMITS, ContactForm } from "@menu/core/contact/schemas";
import { useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FieldMessageText, FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import type { FieldMessage } from "@/components/form/validation";
import { errorMessageFor } from "@/lib/errors";
import { useSendContactMessage } from "./api";
import "./contact.css";
import { usePageTitle } from "@/lib/page-title";

const MB = 1024 * 1024;

/** /service-contacts: a message to the service's support, with up to 3 files of 5 MB each. */
export function ContactPage() {
  const intl = useIntl();
  const [sentTo, setSentTo] = useState<string>();
  usePageTitle(intl.formatMessage({ id: "contact.title" }));

  return (
    <div className="page">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="contact">
        <div className="container contact__inner">
          <div className="contact__intro">
            <h1 className="contact__title">
              <FormattedMessage id="contact.title" />
            </h1>
            <p className="contact__lead">
              <FormattedMessage id="contact.lead" />
            </p>
          </div>
          <section className="contact__card">
            {sentTo ? (
              <div className="contact__sent" data-testid="contact-sent">
                <FormAlert tone="success">
                  <FormattedMessage id="contact.sent" values={{ email: <strong>{sentTo}</strong> }} />
                </FormAlert>
                <button type="button" className="btn btn--secondary" onClick={() => setSentTo(undefined)}>
                  <FormattedMessage id="contact.another" />
                </button>
              </div>
            ) : (
              <ContactFormView onSent={setSentTo} />
            )}
          </section>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

function ContactFormView({ onSent }: { onSent: (email: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const form = useZodForm(ContactForm, { name: "", email: "", message: "" });
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<FieldMessage>();
  const input = useRef<HTMLInputElement>(null);
  /** "1.2 MB" or "20 KB", the number in the interface language. */
  const fileSize = (bytes: number) =>
    bytes >= MB ? `${intl.formatNumber(bytes / MB, { maximumFractionDigits: 1 })} MB` : `${intl.formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
  const send = useSendContactMessage();

  /** Adds the picked files that fit; says why the others were left out. */
  const add = (picked: File[]) => {
    const fitting = picked.filter((f) => f.size <= CONTACT_LIMITS.fileBytes);
    const tooBig = picked.find((f) => f.size > CONTACT_LIMITS.fileBytes);
    const room = CONTACT_LIMITS.files - files.length;
    setFiles([...files, ...fitting.slice(0, Math.max(room, 0))]);
    if (tooBig) setFileError({ id: "contact.fileTooLarge", values: { name: tooBig.name } });
    else if (fitting.length > room) setFileError({ id: "errors.api.contactTooManyFiles" });
    else setFileError(undefined);
  };

  const messageError = form.errors.message;
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const values = form.validate();
        const problem = attachmentProblem(files);
        if (problem) setFileError({ id: `errors.api.${problem}` });
        if (values && !problem) send.mutate({ message: values, files }, { onSuccess: () => onSent(values.email) });
      }}
    >
      {send.error ? <FormAlert testId="contact-error">{errorMessageFor(send.error)}</FormAlert> : null}
      <TextField label="contact.name" autoComplete="name" required {...form.bind("name")} />
      <TextField label="form.email" type="email" autoComplete="email" inputMode="email" required {...form.bind("email")} />
      <div className={messageError ? "field field--invalid" : "field"}>
        <label className="field__label" htmlFor={`${id}-message`}>
          <FormattedMessage id="contact.message" />
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          className="input contact__message"
          rows={6}
          maxLength={CONTACT_LIMITS.messageMax}
          required
          value={String(form.values.message)}
          onChange={(e) => form.set("message", e.target.value)}
          onBlur={form.bind("message").onBlur}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${id}-message-error` : undefined}
        />
        {messageError ? (
          <p id={`${id}-message-error`} className="field__error" role="alert">
            <FieldMessageText message={messageError} />
          </p>
        ) : null}
      </div>

      <div className={fileError ? "field field--invalid" : "field"}>
        <span className="field__label" id={`${id}-files-label`}>
          <FormattedMessage id="contact.attachments" />
        </span>
        {files.length ? (
          <ul className="contact__files" aria-labelledby={`${id}-files-label`} data-testid="contact-files">
            {files.map((file, i) => (
              <li key={`${file.name}-${i}`} className="contact__file">
                <span className="contact__file-name">{file.name}</span>
                <span className="contact__file-size">{fileSize(file.size)}</span>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  aria-label={intl.formatMessage({ id: "contact.removeFile" }, { name: file.name })}
                  onClick={() => {
                    setFiles(files.filter((_, j) => j !== i));
                    setFileError(undefined);
                  }}
                >
                  <FormattedMessage id="contact.remove" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {/* The native file input is hidden; the button opens it, so focus and labels stay ordinary. */}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="contact-file-input"
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
        <button
          type="button"
          className="btn btn--secondary btn--sm contact__attach"
          aria-describedby={`${id}-files-hint${fileError ? ` ${id}-files-error` : ""}`}
          onClick={() => input.current?.click()}
        >
          <FormattedMessage id="contact.attach" />
        </button>
        {fileError ? (
          <p id={`${id}-files-error`} className="field__error" role="alert" data-testid="contact-file-error">
            <FieldMessageText message={fileError} />
          </p>
        ) : null}
        <p id={`${id}-files-hint`} className="field__hint">
          <FormattedMessage id="contact.attachHint" values={{ files: CONTACT_LIMITS.files, mb: CONTACT_LIMITS.fileBytes / MB }} />
        </p>
      </div>
      <SubmitButton pending={send.isPending} label="contact.send" />
    </form>
  );
}
