import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { MenuLanguage } from "@menu/core/shared/model";
import { PREMIUM_LANGUAGES } from "@menu/core/store/schemas";
import { FormattedMessage, useIntl } from "react-intl";
import { SelectField } from "@/components/form/fields";
import { languageNames, menuLanguages } from "@/i18n/languages";
import { activeSubscriptionQueryOptions, type CsObject } from "@/lib/admin-scope";
import { Section } from "./section";
import { TIME_ZONES } from "./time-zones";
import type { SettingsForm } from "./use-settings-form";

/** How the menu is offered: its languages (some only on a plan with extra languages), currency and time zone. */
export function MenuSection({ cs, formId, form }: { cs: CsObject; formId: string; form: SettingsForm }) {
  const intl = useIntl();
  const { values, errors, update } = form;
  const subscription = useQuery(activeSubscriptionQueryOptions(cs.store_id));
  const premiumLanguages = subscription.data?.features.extra_languages ?? false;
  return (
    <Section title="storeSettings.section.menu">
      <fieldset className="languages" aria-describedby={`${formId}-lang-hint`}>
        <legend className="field__label">
          <FormattedMessage id="storeSettings.languages" />
        </legend>
        <div className="languages__list">
          {menuLanguages.map((lang) => {
            const locked = (PREMIUM_LANGUAGES as readonly string[]).includes(lang) && !premiumLanguages;
            const checked = values.languages.includes(lang);
            return (
              <label key={lang} className={locked ? "lang-chip lang-chip--locked" : "lang-chip"}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={lang === "ru" || (locked && !checked)}
                  onChange={(e) =>
                    update({ languages: e.target.checked ? menuLanguages.filter((l) => l === lang || values.languages.includes(l)) : values.languages.filter((l) => l !== lang) })
                  }
                />
                <span lang={lang}>{languageNames[lang as MenuLanguage]}</span>
                {locked ? (
                  <span className="pill" data-testid={`locked-${lang}`}>
                    <FormattedMessage id="subscription.plan.premium" />
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
        <p id={`${formId}-lang-hint`} className="field__hint">
          <FormattedMessage id={premiumLanguages ? "storeSettings.languagesHint" : "storeSettings.languagesLocked"} />{" "}
          {premiumLanguages ? null : (
            <Link to="/$company/$store/admin-panel/subscription" params={{ company: cs.company_url_key, store: cs.store_url_key }}>
              <FormattedMessage id="wifi.toSubscription" />
            </Link>
          )}
        </p>
      </fieldset>
      <div className="form__row form__row--2">
        <SelectField
          label="storeSettings.currency"
          name="currency"
          value={values.currency}
          onChange={(v) => update({ currency: String(v) })}
          options={[
            { value: "BYN", label: intl.formatMessage({ id: "storeSettings.currency.BYN" }) },
            { value: "USD", label: intl.formatMessage({ id: "storeSettings.currency.USD" }) },
          ]}
        />
        <SelectField
          label="storeSettings.timeZone"
          name="time_zone"
          value={values.time_zone}
          error={errors.time_zone}
          onChange={(v) => update({ time_zone: String(v) })}
          hint={<FormattedMessage id="storeSettings.timeZoneHint" />}
          options={(TIME_ZONES.includes(values.time_zone) ? TIME_ZONES : [values.time_zone, ...TIME_ZONES]).map((tz) => ({ value: tz, label: tz.replace(/_/g, " ") }))}
        />
      </div>
    </Section>
  );
}
