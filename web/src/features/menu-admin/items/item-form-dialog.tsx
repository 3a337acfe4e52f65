import type { CategoryInfo } from "@menu/core/category/category";
import { CURRENCIES, UNITS } from "@menu/core/shared/model";
import { emptyPortion, ItemForm, PORTIONS_MAX, type ItemFormInput, type PortionForm } from "@menu/core/item/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { CheckboxField, FormAlert, SelectField, SubmitButton, TextField } from "@/components/form/fields";
import type { FieldMessage } from "@/components/form/validation";
import { ImageField } from "@/components/image-field";
import { RichTextEditor } from "@/components/rich-text-editor";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { itemCalls, itemsKey, type ItemInfo } from "./data";
import { errorsByPath } from "./form-messages";
import { Icon } from "./icons";

type Values = Required<Pick<ItemFormInput, "title" | "description" | "visible">> & { photo?: string; portions: PortionForm[] };

const initialValues = (item?: ItemInfo): Values =>
  item
    ? { title: item.title, description: item.description, photo: item.photo, visible: item.visible, portions: item.portions.map((p) => ({ ...p })) }
    : { title: "", description: "", visible: true, portions: [emptyPortion()] };

/** Create or edit an item: title, rich-text description, photo, visibility and its portions. */
export function ItemFormDialog({ cs, category, item, onClose }: { cs: CsObject; category: Pick<CategoryInfo, "id" | "name">; item?: ItemInfo; onClose: () => void }) {
  const intl = useIntl();
  const formId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => initialValues(item));
  // Errors show from the first submit on, then follow every change (validated with the server's schema).
  const [submitted, setSubmitted] = useState(false);
  const [uploading, setUploading] = useState(false);
  const checked = useMemo(() => ItemForm.safeParse(values), [values]);
  const errors: Record<string, FieldMessage> = submitted && !checked.success ? errorsByPath(checked.error) : {};

  // Functional updates: the photo arrives after an upload, when other fields may have changed meanwhile.
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));
  const setPortion = (index: number, field: keyof PortionForm, value: string) =>
    setValues((current) => ({ ...current, portions: current.portions.map((p, i) => (i === index ? { ...p, [field]: value } : p)) }));

  const save = useMutation({
    mutationFn: (form: ReturnType<typeof ItemForm.parse>) => (item ? itemCalls(cs.store_id).update(item.id, form) : itemCalls(cs.store_id).create(category.id, form)),
    meta: { silentError: true },
    onSuccess: () => {
      toast.success(intl.formatMessage({ id: item ? "menuAdmin.item.saved" : "menuAdmin.item.created" }));
      void queryClient.invalidateQueries({ queryKey: itemsKey(cs.store_id, category.id) });
      void queryClient.invalidateQueries({ queryKey: ["categories", cs.store_id] });
      onClose();
    },
  });

  const submit = () => {
    setSubmitted(true);
    if (checked.success) save.mutate(checked.data);
  };
  const portionBind = (index: number, field: keyof PortionForm) => ({
    name: `portions.${index}.${field}`,
    value: values.portions[index]![field],
    error: errors[`portions.${index}.${field}`],
    onChange: (v: unknown) => setPortion(index, field, String(v)),
  });
  const unitOptions = UNITS.map((u) => ({ value: u, label: intl.formatMessage({ id: `menuAdmin.unit.${u}` as "menuAdmin.unit.g" }) }));
  const currencyOptions = CURRENCIES.map((c) => ({ value: c, label: c }));

  return (
    <Dialog
      open
      onClose={onClose}
      testId="item-dialog"
      title={<FormattedMessage id={item ? "menuAdmin.item.editTitle" : "menuAdmin.item.addTitle"} values={{ category: category.name }} />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <SubmitButton pending={save.isPending || uploading} label={item ? "common.save" : "menuAdmin.item.create"} className="btn btn--primary" form={formId} />
        </>
      }
    >
      <form
        id={formId}
        className="form ma-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!uploading) submit();
        }}
      >
        {save.error ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}
        <TextField label="menuAdmin.item.title" required autoComplete="off" name="title" value={values.title} error={errors.title} onChange={(v) => set("title", String(v))} />
        <RichTextEditor label="menuAdmin.item.description" value={values.description} onChange={(v) => set("description", v)} error={errors.description} />
        <ImageField label="menuAdmin.item.photo" value={values.photo} onChange={(key) => set("photo", key)} storeId={cs.store_id} kind="photo" onBusyChange={setUploading} error={errors.photo} />

        <fieldset className="ma-portions">
          <legend className="field__label">
            <FormattedMessage id="menuAdmin.portions.legend" />
          </legend>
          <ol className="ma-portions__list">
            {values.portions.map((_, index) => (
              <li key={index} className="ma-portion" data-testid="portion-row">
                <div className="ma-portion__head">
                  <span className="ma-portion__number">
                    <FormattedMessage id="menuAdmin.portions.number" values={{ n: index + 1 }} />
                  </span>
                  <button
                    type="button"
                    className="icon-button icon-button--danger ma-portion__remove"
                    disabled={values.portions.length === 1}
                    aria-label={intl.formatMessage({ id: "menuAdmin.portions.remove" }, { n: index + 1 })}
                    title={intl.formatMessage({ id: "menuAdmin.portions.remove" }, { n: index + 1 })}
                    onClick={() => setValues((current) => ({ ...current, portions: current.portions.filter((_, i) => i !== index) }))}
                  >
                    <Icon name="delete" />
                  </button>
                </div>
                <div className="ma-portion__fields">
                  <TextField label="menuAdmin.portions.weight" inputMode="decimal" autoComplete="off" required {...portionBind(index, "weight")} />
                  <SelectField label="menuAdmin.portions.unit" options={unitOptions} {...portionBind(index, "unit")} />
                  <TextField label="menuAdmin.portions.price" inputMode="decimal" autoComplete="off" required {...portionBind(index, "price")} />
                  <SelectField label="menuAdmin.portions.currency" options={currencyOptions} {...portionBind(index, "currency")} />
                </div>
              </li>
            ))}
          </ol>
          {values.portions.length < PORTIONS_MAX ? (
            <button
              type="button"
              className="btn btn--ghost ma-portions__add"
              data-testid="add-portion"
              onClick={() =>
                setValues((current) => {
                  const last = current.portions.at(-1);
                  return { ...current, portions: [...current.portions, { ...emptyPortion(), unit: last?.unit ?? "g", currency: last?.currency ?? "BYN" }] };
                })
              }
            >
              <Icon name="plus" />
              <FormattedMessage id="menuAdmin.portions.add" />
            </button>
          ) : null}
        </fieldset>

        <CheckboxField label="menuAdmin.item.visible" name="visible" value={values.visible} onChange={(v) => set("visible", v === true)} />
      </form>
    </Dialog>
  );
}
