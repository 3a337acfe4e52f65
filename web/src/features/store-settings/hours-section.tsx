import { DAYS } from "@menu/core/shared/model";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { AddButton, RemoveButton, RowError } from "./row-controls";
import { Section } from "./section";
import type { SettingsForm } from "./use-settings-form";

/** Working hours: rows of days with an opening and a closing time (a closing time before the opening one is past midnight). */
export function HoursSection({ form }: { form: SettingsForm }) {
  const intl = useIntl();
  const { values, errors, update } = form;
  const hours = form.list("working_hours");
  return (
    <Section title="storeSettings.section.hours" lead="storeSettings.hoursLead">
      {values.working_hours.length === 0 ? (
        <p className="store-settings__empty">
          <FormattedMessage id="storeSettings.hoursEmpty" />
        </p>
      ) : null}
      {values.working_hours.map((h, i) => (
        <fieldset key={i} className="hours-row" data-testid="hours-row">
          <legend className="visually-hidden">
            <FormattedMessage id="storeSettings.hoursRow" values={{ n: i + 1 }} />
          </legend>
          <div className="hours-row__days" role="group" aria-label={intl.formatMessage({ id: "storeSettings.days" })}>
            {DAYS.map((d) => (
              <label key={d} className="day-chip">
                <input
                  type="checkbox"
                  checked={h.days.includes(d)}
                  onChange={(e) => hours.set(i, { days: e.target.checked ? DAYS.filter((x) => x === d || h.days.includes(x)) : h.days.filter((x) => x !== d) })}
                />
                <span>{intl.formatMessage({ id: `menu.day.${d}` as MessageId })}</span>
              </label>
            ))}
          </div>
          <div className="hours-row__times">
            <label className="time-field">
              <span>
                <FormattedMessage id="storeSettings.opens" />
              </span>
              <input className="input" type="time" value={h.open} onChange={(e) => hours.set(i, { open: e.target.value })} aria-invalid={errors[`working_hours.${i}.open`] ? true : undefined} />
            </label>
            <label className="time-field">
              <span>
                <FormattedMessage id="storeSettings.closes" />
              </span>
              <input className="input" type="time" value={h.close} onChange={(e) => hours.set(i, { close: e.target.value })} aria-invalid={errors[`working_hours.${i}.close`] ? true : undefined} />
            </label>
            <RemoveButton label="storeSettings.removeHours" onClick={() => hours.remove(i)} />
          </div>
          {h.close && h.open && h.close < h.open ? (
            <p className="field__hint">
              <FormattedMessage id="storeSettings.overnight" />
            </p>
          ) : null}
          <RowError errors={errors} paths={[`working_hours.${i}.days`, `working_hours.${i}.open`, `working_hours.${i}.close`]} />
        </fieldset>
      ))}
      <AddButton label="storeSettings.addHours" onClick={() => update({ working_hours: [...values.working_hours, { days: [], open: "10:00", close: "22:00" }] })} />
    </Section>
  );
}
