import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { FieldMessageText, TextField } from "@/components/form/fields";
import type { FieldMessage } from "@/components/form/validation";
import type { MessageId } from "@/i18n/catalogs";
import { Section } from "./section";
import type { SettingsForm } from "./use-settings-form";

/** The title and description search engines show for the menu. */
export function SeoSection({ form }: { form: SettingsForm }) {
  return (
    <Section title="storeSettings.section.seo" lead="storeSettings.seoLead">
      <TextField label="storeSettings.seoTitle" {...form.bind("seo_title")} />
      <TextAreaField label="storeSettings.seoDescription" {...form.bind("seo_description")} />
    </Section>
  );
}

function TextAreaField({ label, name, value, error, onChange, onBlur }: { label: MessageId; name: string; value: unknown; error?: FieldMessage; onChange: (v: unknown) => void; onBlur: () => void }) {
  const id = useId();
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <textarea id={id} name={name} className="input textarea" rows={3} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} aria-invalid={error ? true : undefined} />
      {error ? (
        <p className="field__error" role="alert">
          <FieldMessageText message={error} />
        </p>
      ) : null}
    </div>
  );
}
