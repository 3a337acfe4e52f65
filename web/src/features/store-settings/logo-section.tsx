import { ImageField } from "@/components/image-field";
import { Section } from "./section";
import type { SettingsForm } from "./use-settings-form";

/** The logo for light and for dark backgrounds; `onBusyChange` tells while an upload runs. */
export function LogoSection({ storeId, form, onBusyChange }: { storeId: string; form: SettingsForm; onBusyChange: (busy: boolean) => void }) {
  const { values, update } = form;
  return (
    <Section title="storeSettings.section.logo" lead="storeSettings.logoLead">
      <div className="store-settings__logos">
        <ImageField
          label="storeSettings.logoLight"
          kind="logo"
          storeId={storeId}
          value={values.logo_light}
          onChange={(key) => update({ logo_light: key })}
          onBusyChange={onBusyChange}
        />
        <ImageField
          label="storeSettings.logoDark"
          kind="logo"
          tone="dark"
          storeId={storeId}
          value={values.logo_dark}
          onChange={(key) => update({ logo_dark: key })}
          onBusyChange={onBusyChange}
        />
      </div>
    </Section>
  );
}
