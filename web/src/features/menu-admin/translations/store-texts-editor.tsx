import { StoreTextsTranslation } from "@menu/core/translation-editor/schemas";
import { type TranslationsInfo } from "@menu/core/shared/translations-info";
import { useId, useMemo, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FieldMessageText, FormAlert, SubmitButton } from "@/components/form/fields";
import type { FieldMessage } from "@/components/form/validation";
import { errorMessageFor } from "@/lib/errors";
import { errorsByPath } from "@/components/form/item-messages";
import { useSaveTranslation } from "./api";
import type { Translatable } from "./status";

/** One text input, its label (with values) and its error; the Russian source is the placeholder. */
function Field({ label, lang, value, placeholder, error, testId, onChange }: { label: ReactNode; lang: string; value: string; placeholder: string; error?: FieldMessage; testId: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        lang={lang}
        dir="auto"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span className="field__error" id={`${id}-error`} role="alert">
          <FieldMessageText message={error} />
        </span>
      ) : null}
    </div>
  );
}

/** The store's address and a note per phone in one language, saved as hand-made (the editor of a "Store" translation). */
export function StoreTextsEditor({
  storeId,
  record,
  language,
  name,
  entry,
  onDone,
}: {
  storeId: string;
  record: Translatable;
  language: string;
  name: string;
  entry: TranslationsInfo[string];
  onDone: () => void;
}) {
  const intl = useIntl();
  const source = record.source ?? { address: "", phones: [] };
  const [values, setValues] = useState({ address: entry?.address ?? "", phones: source.phones.map((_, i) => entry?.phones?.[i] ?? "") });
  const [submitted, setSubmitted] = useState(false);
  const form = useMemo(() => StoreTextsTranslation.safeParse(values), [values]);
  const errors: Record<string, FieldMessage> = submitted && !form.success ? errorsByPath(form.error) : {};
  const save = useSaveTranslation({ storeId, type: "Store", id: record.id, language });

  return (
    <form
      className="form tr-editor"
      noValidate
      data-testid="translation-editor"
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (!form.success) return;
        save.mutate(form.data, {
          onSuccess: () => {
            toast.success(intl.formatMessage({ id: "translation.saved" }, { language: name }));
            onDone();
          },
        });
      }}
    >
      <fieldset className="tr-editor__fields">
        <legend className="tr-editor__legend">
          <FormattedMessage id="translation.legend" values={{ language: name }} />
        </legend>
        {save.error ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}
        <Field
          label={<FormattedMessage id="translation.store.address" />}
          lang={language}
          value={values.address}
          placeholder={source.address}
          error={errors.address}
          testId="translation-address"
          onChange={(address) => setValues((current) => ({ ...current, address }))}
        />
        {source.phones.map((phone, i) => (
          <Field
            key={i}
            label={<FormattedMessage id="translation.store.phone" values={{ number: <bdi dir="ltr">{phone.number}</bdi> }} />}
            lang={language}
            value={values.phones[i] ?? ""}
            placeholder={phone.description ?? ""}
            error={errors[`phones.${i}`]}
            testId="translation-phone"
            onChange={(note) => setValues((current) => ({ ...current, phones: current.phones.map((p, j) => (j === i ? note : p)) }))}
          />
        ))}
      </fieldset>
      <div className="tr-editor__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          <FormattedMessage id="common.cancel" />
        </button>
        <SubmitButton pending={save.isPending} label="translation.save" className="btn btn--primary btn--sm" />
      </div>
    </form>
  );
}
