import type { Section } from "@menu/core/shared/model";
import { CATEGORY_ICONS, NewCategoryForm } from "@menu/core/category/schemas";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { CheckboxField, FormAlert, SelectField, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import type { CsObject } from "@/lib/admin-scope";
import { isApiError } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import { RecordTabs, type RecordTab } from "../translations/record-tabs";
import { TranslationsPanel } from "../translations/translations-panel";
import { categoriesQueryOptions, useSaveCategory, type AdminCategory } from "./api";

type Props = {
  cs: CsObject;
  section: Section;
  /** The category to edit; without it the dialog creates one. */
  category?: AdminCategory;
  /** Supercategories a new category may go under ("" = none). */
  parents: AdminCategory[];
  parentId?: string;
  onClose: () => void;
  onCreated?: (category: AdminCategory) => void;
  /** Open on the translations tab with this language's editor. */
  language?: string;
};

/**
 * Create or edit a category: name, icon (from a small set), visibility; a new one may go under a
 * supercategory. A failure that is not about a field reads "Failed to add / update category". An
 * existing category also has the translations of its name (a tab); a new or renamed one is polled
 * until translated.
 */
export function CategoryDialog({ cs, section, category, parents, parentId = "", onClose, onCreated, language }: Props) {
  const intl = useIntl();
  const formId = useId();
  const form = useZodForm(NewCategoryForm, {
    name: category?.name ?? "",
    icon: category?.icon ?? "",
    visible: category?.visible ?? true,
    parent_id: parentId,
  });
  const nests = section !== "promotions" && !category;
  const [tab, setTab] = useState<RecordTab>(language ? "translations" : "details");
  // The category as its section's list has it now: translations change while the dialog is open.
  const live = useQuery({ ...categoriesQueryOptions(cs.store_id, section), enabled: !!category, select: (rows) => rows.find((r) => r.id === category?.id) }).data;

  const save = useSaveCategory(cs.store_id, section, category);
  // Validation failures are shown at the fields; anything else is the specification's message for the action.
  const failure = save.error
    ? isApiError(save.error) && save.error.code && save.error.code !== "valueIncorrect"
      ? errorMessageFor(save.error)
      : intl.formatMessage({ id: category ? "errors.api.categoryUpdateFailed" : "errors.api.categoryAddFailed" })
    : undefined;

  const titleId = category ? "categories.editTitle" : form.values.parent_id || !nests ? "categories.addTitle" : "categories.addTopTitle";
  const details = (
    <form
      id={formId}
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const values = form.validate();
        if (values)
          save.mutate(values, {
            onSuccess: (saved) => {
              toast.success(intl.formatMessage({ id: category ? "categories.saved" : "categories.created" }));
              onClose();
              if (!category) onCreated?.(saved as AdminCategory);
            },
          });
      }}
    >
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextField label="categories.name" required autoComplete="off" autoFocus {...form.bind("name")} />
      {nests ? (
        <SelectField
          label="categories.parent"
          hint={<FormattedMessage id="categories.parentHint" />}
          options={[
            { value: "", label: intl.formatMessage({ id: "categories.noParent" }) },
            ...parents.map((p) => ({ value: p.id, label: `${p.icon ? `${p.icon} ` : ""}${p.name}` })),
          ]}
          {...form.bind("parent_id")}
        />
      ) : null}
      <IconPicker value={String(form.values.icon ?? "")} onChange={(icon) => form.set("icon", icon)} />
      <CheckboxField label="categories.visible" {...form.bind("visible")} />
    </form>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      testId="category-dialog"
      title={<FormattedMessage id={titleId} />}
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
            <SubmitButton pending={save.isPending} label={category ? "common.save" : "categories.create"} className="btn btn--primary" form={formId} />
          </>
        )
      }
    >
      {category ? (
        <RecordTabs tab={tab} onTab={setTab} details={details} translations={<TranslationsPanel storeId={cs.store_id} type="Category" record={live ?? category} language={language} />} />
      ) : (
        details
      )}
    </Dialog>
  );
}

/** A radio group of emoji: arrow keys move within it (native radios), Enter submits the form. */
function IconPicker({ value, onChange }: { value: string; onChange: (icon: string) => void }) {
  const intl = useIntl();
  const name = useId();
  // An icon set earlier that is not in the set stays selectable.
  const icons = value && !(CATEGORY_ICONS as readonly string[]).includes(value) ? [value, ...CATEGORY_ICONS] : CATEGORY_ICONS;
  return (
    <fieldset className="field icon-picker">
      <legend className="field__label">
        <FormattedMessage id="categories.icon" />
      </legend>
      <div className="icon-picker__grid">
        <label className="icon-picker__option icon-picker__option--none" title={intl.formatMessage({ id: "categories.noIcon" })}>
          <input type="radio" name={name} value="" checked={!value} onChange={() => onChange("")} />
          <span aria-hidden="true">∅</span>
          <span className="visually-hidden">
            <FormattedMessage id="categories.noIcon" />
          </span>
        </label>
        {icons.map((icon) => (
          <label key={icon} className="icon-picker__option">
            <input type="radio" name={name} value={icon} checked={value === icon} onChange={() => onChange(icon)} />
            <span>{icon}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
