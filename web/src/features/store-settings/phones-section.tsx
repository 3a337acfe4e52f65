import { FormattedMessage, useIntl } from "react-intl";
import { AddButton, RemoveButton, RowError } from "./row-controls";
import { Section } from "./section";
import type { SettingsForm } from "./use-settings-form";

/** The store's phone numbers, each with an optional description. */
export function PhonesSection({ form }: { form: SettingsForm }) {
  const intl = useIntl();
  const { values, errors, update, blur } = form;
  const phones = form.list("phones");
  return (
    <Section title="storeSettings.section.phones">
      {values.phones.map((p, i) => (
        <div key={i} className="list-row" data-testid="phone-row">
          <label className="list-row__field">
            <span>
              <FormattedMessage id="storeSettings.phoneDescription" />
            </span>
            <input className="input" value={p.description} placeholder={intl.formatMessage({ id: "storeSettings.phoneDescriptionExample" })} onChange={(e) => phones.set(i, { description: e.target.value })} />
          </label>
          <label className="list-row__field">
            <span>
              <FormattedMessage id="storeSettings.phoneNumber" />
            </span>
            <input
              className="input"
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete="tel"
              value={p.number}
              placeholder="+375 29 123-45-67"
              onChange={(e) => phones.set(i, { number: e.target.value })}
              onBlur={() => blur(`phones.${i}.number`)}
              aria-invalid={errors[`phones.${i}.number`] ? true : undefined}
            />
          </label>
          <RemoveButton label="storeSettings.removePhone" onClick={() => phones.remove(i)} />
          <RowError errors={errors} paths={[`phones.${i}.number`, `phones.${i}.description`]} />
        </div>
      ))}
      <AddButton label="storeSettings.addPhone" onClick={() => update({ phones: [...values.phones, { description: "", number: "" }] })} />
    </Section>
  );
}
