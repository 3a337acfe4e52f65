import { useBlocker, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert, SubmitButton } from "@/components/form/fields";
import { apiFieldError } from "@/components/form/validation";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { adminPanelPath } from "@/lib/session";
import { useSaveStoreSettings } from "./api";
import { HoursSection } from "./hours-section";
import { LeaveDialog } from "./leave-dialog";
import { LogoSection } from "./logo-section";
import { MainSection } from "./main-section";
import { MenuSection } from "./menu-section";
import { PhonesSection } from "./phones-section";
import { SeoSection } from "./seo-section";
import { SocialsSection } from "./socials-section";
import { checkValues, toValues, useSettingsForm, type Values } from "./use-settings-form";

/** The settings form: its sections, the save bar, and a question before leaving with unsaved changes. */
export function StoreSettingsEditor({ cs, initial }: { cs: CsObject; initial: Values }) {
  const intl = useIntl();
  const formId = useId();
  const navigate = useNavigate();
  const form = useSettingsForm(initial);
  const [uploading, setUploading] = useState(0);
  const save = useSaveStoreSettings(cs);
  const blocker = useBlocker({ shouldBlockFn: () => form.dirty && !save.isPending, enableBeforeUnload: () => form.dirty, withResolver: true });

  const submit = () => {
    const { all, data } = checkValues(form.values);
    form.setErrors(all);
    if (!data) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`[aria-invalid="true"]`)?.focus());
      return;
    }
    save.mutate(data, {
      onSuccess: (answer) => {
        form.commit(toValues(answer));
        toast.success(intl.formatMessage({ id: "storeSettings.saved" }));
        if (answer.url_key !== cs.store_url_key) {
          void navigate({ href: `${adminPanelPath({ company_url_key: cs.company_url_key, store_url_key: answer.url_key })}/settings/store`, replace: true });
        }
      },
      onError: (error) => {
        const field = apiFieldError(error, ["store_url_key"]);
        if (field) form.setErrors((current) => ({ ...current, url_key: field[1] }));
      },
    });
  };

  return (
    <form
      id={formId}
      className="store-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {save.error && !apiFieldError(save.error, ["store_url_key"]) ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}

      <MainSection cs={cs} formId={formId} form={form} />
      <LogoSection storeId={cs.store_id} form={form} onBusyChange={(busy) => setUploading((n) => Math.max(0, n + (busy ? 1 : -1)))} />
      <HoursSection form={form} />
      <PhonesSection form={form} />
      <SocialsSection form={form} />
      <MenuSection cs={cs} formId={formId} form={form} />
      <SeoSection form={form} />

      <div className="store-settings__bar">
        <span className="store-settings__state" aria-live="polite">
          {uploading ? <FormattedMessage id="storeSettings.uploading" /> : form.dirty ? <FormattedMessage id="storeSettings.unsaved" /> : null}
        </span>
        <SubmitButton pending={save.isPending} label="common.save" className="btn btn--primary" form={formId} />
      </div>

      <LeaveDialog open={blocker.status === "blocked"} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />
    </form>
  );
}
