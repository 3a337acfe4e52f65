import { SOCIAL_NETWORKS } from "@menu/core/store/schemas";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { AddButton, RemoveButton, RowError } from "./row-controls";
import { Section } from "./section";
import type { SettingsForm } from "./use-settings-form";

/** Links to the store's pages on social networks. */
export function SocialsSection({ form }: { form: SettingsForm }) {
  const intl = useIntl();
  const { values, errors, update, blur } = form;
  const socials = form.list("socials");
  return (
    <Section title="storeSettings.section.socials">
      {values.socials.map((s, i) => (
        <div key={i} className="list-row" data-testid="social-row">
          <label className="list-row__field list-row__field--narrow">
            <span>
              <FormattedMessage id="storeSettings.network" />
            </span>
            <select className="input select" value={s.network} onChange={(e) => socials.set(i, { network: e.target.value })}>
              {SOCIAL_NETWORKS.map((n) => (
                <option key={n} value={n}>
                  {intl.formatMessage({ id: `storeSettings.network.${n}` as MessageId })}
                </option>
              ))}
            </select>
          </label>
          <label className="list-row__field">
            <span>
              <FormattedMessage id="storeSettings.link" />
            </span>
            <input
              className="input"
              type="url"
              dir="ltr"
              inputMode="url"
              value={s.url}
              placeholder="https://"
              onChange={(e) => socials.set(i, { url: e.target.value })}
              onBlur={() => blur(`socials.${i}.url`)}
              aria-invalid={errors[`socials.${i}.url`] ? true : undefined}
            />
          </label>
          <RemoveButton label="storeSettings.removeSocial" onClick={() => socials.remove(i)} />
          <RowError errors={errors} paths={[`socials.${i}.url`]} />
        </div>
      ))}
      <AddButton label="storeSettings.addSocial" onClick={() => update({ socials: [...values.socials, { network: "instagram", url: "" }] })} />
    </Section>
  );
}
