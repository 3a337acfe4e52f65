import type { CategoryInfo } from "@menu/core/category/category";
import { CURRENCIES, UNITS } from "@menu/core/shared/model";
import type { ItemInfo as ItemRecord } from "@menu/core/item/item";
import { emptyPortion, ItemForm, PORTIONS_MAX, type ItemFormInput, type PortionForm } from "@menu/core/item/schemas";
import { useQuery } from "@tanstack/react-query";
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
import { RecordTabs, type RecordTab } from "../translations/record-tabs";
import { TranslationsPanel } from "../translations/translations-panel";
import { itemQueryOptions, useSaveItem, type ItemInfo } from "./api";
import { applyToStores, type ApplyChoice } from "../copy/api";
import { ApplyToStoresFields } from "../copy/apply-to-stores-fields";
import { errorsByPath } from "@/components/form/item-messages";
import { Icon } from "@/components/icon";
import { MarksPicker, type Marks } from "./marks-picker";

type Values = Required<Pick<ItemFormInput, "title" | "description" | "visible">> & Marks & { photo?: string; portions: PortionForm[] };
type Kind = ItemRecord["kind"];

/** A new portion row: a game's is counted in pieces (one game, one hour), food's starts in grams. */
const newPortion = (kind: Kind): PortionForm => ({ ...emptyPortion(), unit: kind === "game" ? "pieces" : "g" });

const initialValues = (kind: Kind, item?: ItemInfo): Values =>
  item
    ? {
        title: item.title,
        description: item.description,
        photo: item.photo,
        visible: item.visible,
        portions: item.portions.map((p) => ({ ...p })),
        allergens: item.allergens as Marks["allergens"],
        tags: item.tags as Marks["tags"],
      }
    : { title: "", description: "", visible: true, portions: [newPortion(kind)], allergens: [], tags: [] };

/**
 * The words of the form per kind: a game has options priced per piece (a game, an hour of play)
 * with a quantity, not food portions with a weight in grams.
 */
const WORDS = {
  food: {
    addTitle: "menuAdmin.item.addTitle",
    editTitle: "menuAdmin.item.editTitle",
    create: "menuAdmin.item.create",
    legend: "menuAdmin.portions.legend",
    number: "menuAdmin.portions.number",
    amount: "menuAdmin.portions.weight",
    add: "menuAdmin.portions.add",
    remove: "menuAdmin.portions.remove",
  },
  game: {
    addTitle: "menuAdmin.game.addTitle",
    editTitle: "menuAdmin.game.editTitle",
    create: "menuAdmin.game.create",
    legend: "menuAdmin.game.legend",
    number: "menuAdmin.game.number",
    amount: "menuAdmin.game.quantity",
    add: "menuAdmin.game.add",
    remove: "menuAdmin.game.remove",
  },
} as const;
/** Units that fit a game (of the specification's g, kg, l, ml, pieces). */
const GAME_UNITS: readonly string[] = ["pieces"];

/**
 * Create or edit an item: title, rich-text description, photo, visibility and its portions; an
 * existing item also has its translations (a tab). A saved item is polled until translated.
 */
export function ItemFormDialog({
  cs,
  category,
  kind: kindOfSection,
  item,
  language,
  onClose,
  onCreated,
}: {
  cs: CsObject;
  category: Pick<CategoryInfo, "id" | "name">;
  /** What the category's section holds (an edited item says it itself). */
  kind: Kind;
  item?: ItemInfo;
  /** Open on the translations tab with this language's editor. */
  language?: string;
  onClose: () => void;
  /** A new item was saved (the list focuses its card). */
  onCreated?: (id: string) => void;
}) {
  const intl = useIntl();
  const formId = useId();
  const kind = item?.kind ?? kindOfSection;
  const game = kind === "game";
  const words = WORDS[game ? "game" : "food"];
  const [values, setValues] = useState<Values>(() => initialValues(kind, item));
  // Errors show from the first submit on, then follow every change (validated with the server's schema).
  const [submitted, setSubmitted] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Chains (issue 36): the fields a save also writes to this item's copies in other stores.
  const [alsoApply, setAlsoApply] = useState<ApplyChoice[]>();
  const [tab, setTab] = useState<RecordTab>(language ? "translations" : "details");
  // The item as the cache has it now: translations change while the dialog is open.
  const live = useQuery({ ...itemQueryOptions(cs.store_id, item?.id ?? ""), enabled: !!item }).data;
  const checked = useMemo(() => ItemForm.safeParse(values), [values]);
  const errors: Record<string, FieldMessage> = submitted && !checked.success ? errorsByPath(checked.error, { game }) : {};

  // Functional updates: the photo arrives after an upload, when other fields may have changed meanwhile.
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));
  const setPortion = (index: number, field: keyof PortionForm, value: string) =>
    setValues((current) => ({ ...current, portions: current.portions.map((p, i) => (i === index ? { ...p, [field]: value } : p)) }));

  const save = useSaveItem(cs.store_id, category.id, item);

  const submit = () => {
    setSubmitted(true);
    if (checked.success)
      save.mutate(checked.data, {
        onSuccess: async (saved) => {
          toast.success(intl.formatMessage({ id: item ? "menuAdmin.item.saved" : "menuAdmin.item.created" }));
          if (item && alsoApply?.length) {
            const applied = await applyToStores(cs.store_id, item.id, alsoApply).catch((e: unknown) => void toast.error(errorMessageFor(e)));
            if (applied) toast.success(intl.formatMessage({ id: "menuCopy.appliedOthers" }, { n: applied.stores }));
          }
          if (!item) onCreated?.(saved.id);
          onClose();
        },
      });
  };
  const portionBind = (index: number, field: keyof PortionForm) => ({
    name: `portions.${index}.${field}`,
    value: values.portions[index]![field],
    error: errors[`portions.${index}.${field}`],
    onChange: (v: unknown) => setPortion(index, field, String(v)),
  });
  // A game offers the units that fit it, and any other one it already has (so the value stays shown).
  const units = game ? UNITS.filter((u) => GAME_UNITS.includes(u) || values.portions.some((p) => p.unit === u)) : UNITS;
  const unitOptions = units.map((u) => ({ value: u, label: intl.formatMessage({ id: `menuAdmin.unit.${u}` as "menuAdmin.unit.g" }) }));
  const currencyOptions = CURRENCIES.map((c) => ({ value: c, label: c }));

  const details = (
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
          <FormattedMessage id={words.legend} />
        </legend>
        {game ? (
          <p className="field__hint" data-testid="game-portions-hint">
            <FormattedMessage id="menuAdmin.game.hint" />
          </p>
        ) : null}
        <ol className="ma-portions__list">
          {values.portions.map((_, index) => (
            <li key={index} className="ma-portion" data-testid="portion-row">
              <div className="ma-portion__head">
                <span className="ma-portion__number">
                  <FormattedMessage id={words.number} values={{ n: index + 1 }} />
                </span>
                <button
                  type="button"
                  className="icon-button icon-button--danger ma-portion__remove"
                  disabled={values.portions.length === 1}
                  aria-label={intl.formatMessage({ id: words.remove }, { n: index + 1 })}
                  title={intl.formatMessage({ id: words.remove }, { n: index + 1 })}
                  onClick={() => setValues((current) => ({ ...current, portions: current.portions.filter((_, i) => i !== index) }))}
                >
                  <Icon name="delete" />
                </button>
              </div>
              <div className="ma-portion__fields">
                <TextField label={words.amount} inputMode="decimal" autoComplete="off" required {...portionBind(index, "weight")} />
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
                const fresh = newPortion(kind);
                return { ...current, portions: [...current.portions, { ...fresh, unit: last?.unit ?? fresh.unit, currency: last?.currency ?? fresh.currency }] };
              })
            }
          >
            <Icon name="plus" />
            <FormattedMessage id={words.add} />
          </button>
        ) : null}
      </fieldset>

      {kind === "product" ? <MarksPicker value={{ allergens: values.allergens, tags: values.tags }} onChange={(marks) => setValues((current) => ({ ...current, ...marks }))} /> : null}

      <CheckboxField label="menuAdmin.item.visible" name="visible" value={values.visible} onChange={(v) => set("visible", v === true)} />
      {item ? <ApplyToStoresFields storeId={cs.store_id} itemId={item.id} value={alsoApply} onChange={setAlsoApply} /> : null}
    </form>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      testId="item-dialog"
      title={<FormattedMessage id={item ? words.editTitle : words.addTitle} values={{ category: category.name }} />}
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
            <SubmitButton pending={save.isPending || uploading} label={item ? "common.save" : words.create} className="btn btn--primary" form={formId} />
          </>
        )
      }
    >
      {item ? (
        <RecordTabs tab={tab} onTab={setTab} details={details} translations={<TranslationsPanel storeId={cs.store_id} type="Item" record={live ?? item} language={language} />} />
      ) : (
        details
      )}
    </Dialog>
  );
}

/** Editing an item: its whole record is read first (the list has its card only). */
export function EditItemDialog({
  cs,
  category,
  kind,
  itemId,
  language,
  onClose,
}: {
  cs: CsObject;
  category: Pick<CategoryInfo, "id" | "name">;
  kind: Kind;
  itemId: string;
  language?: string;
  onClose: () => void;
}) {
  const item = useQuery(itemQueryOptions(cs.store_id, itemId));
  if (item.data) return <ItemFormDialog cs={cs} category={category} kind={kind} item={item.data} language={language} onClose={onClose} />;
  return (
    <Dialog
      open
      onClose={onClose}
      testId="item-dialog-loading"
      title={<FormattedMessage id="menuAdmin.item.editTitle" values={{ category: category.name }} />}
      footer={
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </button>
      }
    >
      {item.error ? (
        <FormAlert>{errorMessageFor(item.error)}</FormAlert>
      ) : (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage id="common.loading" />
        </p>
      )}
    </Dialog>
  );
}
