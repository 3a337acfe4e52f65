import { manualTranslationForm, type TargetType } from "@menu/core/translation-editor/schemas";
import type { TranslationsInfo } from "@menu/core/shared/translations-info";
import { useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import type { FieldMessage } from "@/components/form/validation";
import { RichTextEditor } from "@/components/rich-text-editor";
import type { MessageId } from "@/i18n/catalogs";
import { errorMessageFor } from "@/lib/errors";
import { errorsByPath } from "@/components/form/item-messages";
import { useSaveTranslation } from "./api";

type Entry = TranslationsInfo[string];
/** The menu's contents (the store's texts have their own editor, store-texts-editor.tsx). */
export type MenuTargetType = Exclude<TargetType, "Store">;

/** The labels of the translated fields: the source fields' own. */
const FIELD_LABELS: Record<MenuTargetType, { title: MessageId; description?: MessageId }> = {
  Item: { title: "menuAdmin.item.title", description: "menuAdmin.item.description" },
  Category: { title: "categories.name" },
  Promotion: { title: "menuAdmin.promotion.header", description: "menuAdmin.promotion.description" },
};

/** Title (and, for items and promotions, the rich-text description) of one language, saved as hand-made. */
export function TranslationEditor({
  storeId,
  type,
  recordId,
  language,
  name,
  entry,
  onDone,
}: {
  storeId: string;
  type: MenuTargetType;
  recordId: string;
  language: string;
  name: string;
  entry: Entry;
  onDone: () => void;
}) {
  const intl = useIntl();
  const labels = FIELD_LABELS[type];
  const [values, setValues] = useState({ title: entry?.title ?? "", description: entry?.description ?? "" });
  const [submitted, setSubmitted] = useState(false);
  const form = useMemo(() => {
    const input = { title: values.title, ...(labels.description && values.description ? { description: values.description } : {}) };
    return manualTranslationForm(type).safeParse(input);
  }, [values, type, labels.description]);
  const errors: Record<string, FieldMessage> = submitted && !form.success ? errorsByPath(form.error) : {};

  const save = useSaveTranslation({ storeId, type, id: recordId, language });

  return (
    <form
      className="form tr-editor"
      noValidate
      data-testid="translation-editor"
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (form.success) {
          save.mutate(form.data, {
            onSuccess: () => {
              toast.success(intl.formatMessage({ id: "translation.saved" }, { language: name }));
              onDone();
            },
          });
        }
      }}
    >
      <fieldset className="tr-editor__fields">
        <legend className="tr-editor__legend">
          <FormattedMessage id="translation.legend" values={{ language: name }} />
        </legend>
        {save.error ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}
        <TextField
          label={labels.title}
          required
          autoComplete="off"
          autoFocus
          name="translation-title"
          value={values.title}
          error={errors.title}
          onChange={(v) => setValues((current) => ({ ...current, title: String(v) }))}
        />
        {labels.description ? (
          <RichTextEditor
            label={labels.description}
            value={values.description}
            error={errors.description}
            onChange={(v) => setValues((current) => ({ ...current, description: v }))}
          />
        ) : null}
      </fieldset>
      <div className="tr-editor__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          <FormattedMessage id="common.cancel" />
        </button>
        <SubmitButton pending={save.isPending} label="translation.save" className="btn btn--primary btn--sm" />
      </div>
    </form>
  );
}
