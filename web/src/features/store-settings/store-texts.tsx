import type { MenuLanguage } from "@menu/core/shared/model";
import { FormattedMessage } from "react-intl";
import { FieldMessageText } from "@/components/form/fields";
import { languageNames } from "@/i18n/languages";
import type { SettingsForm } from "./use-settings-form";

/** The store's name and address in each menu language other than Russian; the Russian ones are the placeholders. */
export function StoreTexts({ formId, form }: { formId: string; form: SettingsForm }) {
  const { values, errors, update, blur } = form;
  return (
    <fieldset className="store-texts" aria-describedby={`${formId}-texts-hint`} data-testid="store-texts">
      <legend className="field__label">
        <FormattedMessage id="guest.storeTexts.title" />
      </legend>
      <p id={`${formId}-texts-hint`} className="field__hint">
        <FormattedMessage id="guest.storeTexts.hint" />
      </p>
      {values.languages
        .filter((l) => l !== "ru")
        .map((lang) => {
          const text = values.translations[lang] ?? { name: "", address: "" };
          const language = languageNames[lang as MenuLanguage] ?? lang;
          const setText = (change: Partial<typeof text>) => update({ translations: { ...values.translations, [lang]: { ...text, ...change } } });
          return (
            <div key={lang} className="form__row form__row--2">
              {(["name", "address"] as const).map((field) => {
                const path = `translations.${lang}.${field}`;
                return (
                  <label key={field} className={errors[path] ? "field field--invalid" : "field"}>
                    <span className="field__label">
                      <FormattedMessage id={field === "name" ? "guest.storeTexts.name" : "guest.storeTexts.address"} values={{ lang: language }} />
                    </span>
                    <input
                      className="input"
                      name={path}
                      lang={lang}
                      dir="auto"
                      value={text[field]}
                      placeholder={field === "name" ? values.name : values.address}
                      onChange={(e) => setText({ [field]: e.target.value })}
                      onBlur={() => blur(path)}
                      aria-invalid={errors[path] ? true : undefined}
                      data-testid={`store-text-${lang}-${field}`}
                    />
                    {errors[path] ? (
                      <span className="field__error" role="alert">
                        <FieldMessageText message={errors[path]} />
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
          );
        })}
    </fieldset>
  );
}
