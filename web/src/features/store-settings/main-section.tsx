import { FormattedMessage } from "react-intl";
import { AvailabilityField, useAvailability } from "@/components/form/availability";
import { TextField } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { Section } from "./section";
import { StoreTexts } from "./store-texts";
import type { SettingsForm } from "./use-settings-form";

/** Name, URL name (checked for availability as it is typed) and address, with their texts in the other menu languages. */
export function MainSection({ cs, formId, form }: { cs: CsObject; formId: string; form: SettingsForm }) {
  const { values, saved, bind } = form;
  const urlKey = useAvailability("store_url_key", values.url_key, { companyKey: cs.company_url_key, unchanged: saved.url_key });
  return (
    <Section title="storeSettings.section.main">
      <TextField label="storeSettings.name" required {...bind("name")} />
      <AvailabilityField
        label="storeSettings.urlKey"
        prefix={`/${cs.company_url_key}/`}
        autoComplete="off"
        hint={<FormattedMessage id="storeSettings.urlKeyHint" />}
        availability={urlKey}
        {...bind("url_key")}
      />
      <TextField label="storeSettings.address" autoComplete="street-address" {...bind("address")} />
      {values.languages.some((l) => l !== "ru") ? <StoreTexts formId={formId} form={form} /> : null}
    </Section>
  );
}
