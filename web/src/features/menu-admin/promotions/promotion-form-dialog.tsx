import type { CategoryInfo } from "@menu/core/category/category";
import { PromotionForm } from "@menu/core/promotion/schemas";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import type { FieldMessage } from "@/components/form/validation";
import { ImageField } from "@/components/image-field";
import { RichTextEditor } from "@/components/rich-text-editor";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { errorsByPath } from "@/components/form/item-messages";
import { RecordTabs, type RecordTab } from "../translations/record-tabs";
import { TranslationsPanel } from "../translations/translations-panel";
import { promotionsQueryOptions, useSavePromotion, type PromotionInfo } from "./api";

type Values = { header: string; description: string; banner?: string; visible: boolean };

/** Create or edit a promotion: header, rich-text description, banner, visibility; an existing one also has its translations (a tab). */
export function PromotionFormDialog({
  cs,
  category,
  promotion,
  language,
  onClose,
  onCreated,
}: {
  cs: CsObject;
  category: CategoryInfo;
  promotion?: PromotionInfo;
  /** Open on the translations tab with this language's editor. */
  language?: string;
  onClose: () => void;
  /** A new promotion was saved (the list focuses its card). */
  onCreated?: (id: string) => void;
}) {
  const intl = useIntl();
  const formId = useId();
  const [values, setValues] = useState<Values>(() =>
    promotion ? { header: promotion.header, description: promotion.description, banner: promotion.banner, visible: promotion.visible } : { header: "", description: "", visible: true },
  );
  // Errors show from the first submit on, then follow every change.
  const [submitted, setSubmitted] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [tab, setTab] = useState<RecordTab>(language ? "translations" : "details");
  // The promotion as its list has it now: translations change while the dialog is open.
  const live = useQuery({
    ...promotionsQueryOptions(cs.store_id, promotion?.category_id ?? category.id),
    enabled: !!promotion,
    select: (rows) => rows.find((r) => r.id === promotion?.id),
  }).data;
  const checked = useMemo(() => PromotionForm.safeParse(values), [values]);
  const errors: Record<string, FieldMessage> = submitted && !checked.success ? errorsByPath(checked.error) : {};
  // Functional updates: the banner arrives after an upload, when other fields may have changed meanwhile.
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));

  const save = useSavePromotion(cs.store_id, category.id, promotion);

  const details = (
    <form
      id={formId}
      className="form ma-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (uploading) return;
        setSubmitted(true);
        if (checked.success)
          save.mutate(checked.data, {
            onSuccess: (saved) => {
              toast.success(intl.formatMessage({ id: promotion ? "menuAdmin.promotion.saved" : "menuAdmin.promotion.created" }));
              if (!promotion) onCreated?.(saved.id);
              onClose();
            },
          });
      }}
    >
      {save.error ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}
      <TextField label="menuAdmin.promotion.header" required autoComplete="off" name="header" value={values.header} error={errors.header} onChange={(v) => set("header", String(v))} />
      <RichTextEditor label="menuAdmin.promotion.description" value={values.description} onChange={(v) => set("description", v)} error={errors.description} />
      <ImageField label="menuAdmin.promotion.banner" value={values.banner} onChange={(key) => set("banner", key)} storeId={cs.store_id} kind="banner" onBusyChange={setUploading} error={errors.banner} />
      <CheckboxField label="menuAdmin.promotion.visible" name="visible" value={values.visible} onChange={(v) => set("visible", v === true)} />
    </form>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      testId="promotion-dialog"
      title={<FormattedMessage id={promotion ? "menuAdmin.promotion.editTitle" : "menuAdmin.promotion.addTitle"} values={{ category: category.name }} />}
      footer={
        tab === "translations" ? (
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              <FormattedMessage id="common.cancel" />
            </button>
            <SubmitButton pending={save.isPending || uploading} label={promotion ? "common.save" : "menuAdmin.promotion.create"} className="btn btn--primary" form={formId} />
          </>
        )
      }
    >
      {promotion ? (
        <RecordTabs tab={tab} onTab={setTab} details={details} translations={<TranslationsPanel storeId={cs.store_id} type="Promotion" record={live ?? promotion} language={language} />} />
      ) : (
        details
      )}
    </Dialog>
  );
}
