import type { MenuLanguage } from "@menu/core/shared/model";
import { FormattedMessage } from "react-intl";
import { FieldMessageText } from "@/components/form/fields";
import { languageNames } from "@/i18n/languages";
import type { SettingsForm } from "./use-settings-form";

/**
 * The store's name in each menu language other than Russian, the Russian one the placeholder. Its
 * address and phone notes are translated with the menu's texts (settings/translations-map).
 */
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
      <div className="form__row form__row--2">
        {values.languages
          .filter((l) => l !== "ru")
          .map((lang) => {
            const path = `translations.${lang}.name`;
            return (
              <label key={lang} className={errors[path] ? "field field--invalid" : "field"}>
                <span className="field__label">
                  <FormattedMessage id="guest.storeTexts.name" values={{ lang: languageNames[lang as MenuLanguage] ?? lang }} />
                </span>
                <input
                  className="input"
                  name={path}
                  lang={lang}
                  dir="auto"
                  value={values.translations[lang]?.name ?? ""}
                  placeholder={values.name}
                  onChange={(e) => update({ translations: { ...values.translations, [lang]: { name: e.target.value } } })}
                  onBlur={() => blur(path)}
                  aria-invalid={errors[path] ? true : undefined}
                  data-testid={`store-text-${lang}-name`}
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
    </fieldset>
  );
}
