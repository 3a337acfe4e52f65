import type { DraftDoubt } from "@menu/core/import/reading/draft";
import { CURRENCIES, UNITS } from "@menu/core/shared/model";
import { memo, type Dispatch, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FieldMessageText } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import { fieldId, type Problem, type ProblemField } from "./draft-problems";
import type { DraftAction, EditorCategory, EditorItem } from "./draft-state";

/** Which field a doubt is about. */
const DOUBT_FIELD: Record<DraftDoubt, ProblemField> = { price: "price", weight: "weight", title: "title", heading: "title" };

type FieldProps = { id: string; label: ReactNode; problem?: Problem; doubt?: boolean; className?: string; children: (described: string | undefined) => ReactNode };

/** A labelled field of the item: its problem under it, marked (with words) when the reader doubted it. */
function DraftField({ id, label, problem, doubt, className = "", children }: FieldProps) {
  const described = [problem ? `${id}-problem` : "", doubt ? `${id}-doubt` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field draft-field ${problem ? "field--invalid" : ""} ${doubt ? "draft-field--doubt" : ""} ${className}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {doubt ? (
          <span id={`${id}-doubt`} className="draft-field__doubt">
            {" "}
            <FormattedMessage id="import.draft.checkThis" />
          </span>
        ) : null}
      </label>
      {children(described)}
      {problem ? (
        <span id={`${id}-problem`} className="field__error">
          <FieldMessageText message={problem.message} />
        </span>
      ) : null}
    </div>
  );
}

type Props = { item: EditorItem; categories: EditorCategory[]; problems?: Problem[]; dispatch: Dispatch<DraftAction> };

/** One item of the draft, every field editable in place; what the reader doubted says so in words. */
export const DraftItemRow = memo(function DraftItemRow({ item, categories, problems, dispatch }: Props) {
  const intl = useIntl();
  const { key } = item;
  const problemOf = (field: ProblemField, portion?: number) => problems?.find((p) => p.field === field && (portion === undefined || (p.portion ?? 0) === portion));
  const doubted = (field: ProblemField) => item.doubts.some((d) => DOUBT_FIELD[d] === field && d !== "heading");
  const edit = (patch: Partial<Pick<EditorItem, "title" | "description">>) => dispatch({ type: "editItem", key, patch });
  return (
    <li className={`draft-item ${item.doubts.length ? "draft-item--doubt" : ""}`} data-testid="draft-item" data-key={key}>
      {item.doubts.length ? (
        <ul className="draft-item__doubts" data-testid="draft-doubts">
          {item.doubts.map((doubt) => (
            <li key={doubt}>
              <span aria-hidden="true">⚠ </span>
              <FormattedMessage id={`import.draft.doubt.${doubt}` as MessageId} />
              {doubt === "heading" ? (
                <>
                  {" "}
                  <button type="button" className="btn btn--sm btn--secondary" onClick={() => dispatch({ type: "makeCategory", key })} data-testid="draft-make-category">
                    <FormattedMessage id="import.draft.makeCategory" />
                  </button>
                </>
              ) : null}{" "}
              <button type="button" className="btn btn--sm btn--ghost" onClick={() => dispatch({ type: "dismissDoubt", key, doubt })} data-testid="draft-dismiss">
                <FormattedMessage id={doubt === "heading" ? "import.draft.keepItem" : "import.draft.looksRight"} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="draft-item__texts">
        <DraftField id={fieldId(key, "title")} label={<FormattedMessage id="menuAdmin.item.title" />} problem={problemOf("title")} doubt={doubted("title")}>
          {(described) => <input id={fieldId(key, "title")} className="input" value={item.title} aria-describedby={described} aria-invalid={!!problemOf("title") || undefined} onChange={(e) => edit({ title: e.target.value })} data-testid="draft-title" />}
        </DraftField>
        <DraftField id={fieldId(key, "description")} label={<FormattedMessage id="menuAdmin.item.description" />} problem={problemOf("description")}>
          {(described) => <textarea id={fieldId(key, "description")} className="input draft-item__description" rows={1} value={item.description} aria-describedby={described} onChange={(e) => edit({ description: e.target.value })} data-testid="draft-description" />}
        </DraftField>
      </div>
      <div className="draft-item__portions">
        {item.portions.map((p, i) => (
          <div key={i} className="draft-portion" role="group" aria-label={intl.formatMessage({ id: "import.draft.portion" }, { n: i + 1 })} data-testid="draft-portion">
            <DraftField id={fieldId(key, "weight", i)} label={<FormattedMessage id="import.draft.weight" />} problem={problemOf("weight", i)} doubt={doubted("weight")} className="draft-portion__weight">
              {(described) => (
                <input
                  id={fieldId(key, "weight", i)}
                  className="input"
                  inputMode="decimal"
                  value={p.weight}
                  placeholder={intl.formatMessage({ id: "import.draft.noWeight" })}
                  aria-describedby={described}
                  aria-invalid={!!problemOf("weight", i) || undefined}
                  onChange={(e) => dispatch({ type: "editPortion", key, index: i, patch: { weight: e.target.value } })}
                  data-testid="draft-weight"
                />
              )}
            </DraftField>
            <DraftField id={`${fieldId(key, "weight", i)}-unit`} label={<FormattedMessage id="menuAdmin.portions.unit" />} className="draft-portion__unit">
              {() => (
                <select id={`${fieldId(key, "weight", i)}-unit`} className="input select" value={p.unit} onChange={(e) => dispatch({ type: "editPortion", key, index: i, patch: { unit: e.target.value as typeof p.unit } })} data-testid="draft-unit">
                  {UNITS.map((u) => (
                    <option key={u} value={u}>
                      {intl.formatMessage({ id: `menuAdmin.unit.${u}` })}
                    </option>
                  ))}
                </select>
              )}
            </DraftField>
            <DraftField id={fieldId(key, "price", i)} label={<FormattedMessage id="menuAdmin.portions.price" />} problem={problemOf("price", i)} doubt={doubted("price")} className="draft-portion__price">
              {(described) => (
                <input
                  id={fieldId(key, "price", i)}
                  className="input"
                  inputMode="decimal"
                  value={p.price}
                  aria-describedby={described}
                  aria-invalid={!!problemOf("price", i) || undefined}
                  onChange={(e) => dispatch({ type: "editPortion", key, index: i, patch: { price: e.target.value } })}
                  data-testid="draft-price"
                />
              )}
            </DraftField>
            <DraftField id={`${fieldId(key, "price", i)}-currency`} label={<FormattedMessage id="menuAdmin.portions.currency" />} className="draft-portion__currency">
              {() => (
                <select id={`${fieldId(key, "price", i)}-currency`} className="input select" value={p.currency} onChange={(e) => dispatch({ type: "editPortion", key, index: i, patch: { currency: e.target.value as typeof p.currency } })}>
                  {CURRENCIES.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              )}
            </DraftField>
            <button type="button" className="btn btn--sm btn--ghost draft-portion__remove" onClick={() => dispatch({ type: "removePortion", key, index: i })}>
              {intl.formatMessage({ id: "import.draft.removePortion" }, { n: i + 1 })}
            </button>
          </div>
        ))}
        {!item.portions.length && problemOf("price") ? (
          <span id={fieldId(key, "price")} tabIndex={-1} className="field__error">
            <FieldMessageText message={problemOf("price")!.message} />
          </span>
        ) : null}
      </div>
      <div className="draft-item__actions">
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => dispatch({ type: "addPortion", key })}>
          <FormattedMessage id="menuAdmin.portions.add" />
        </button>
        <DraftField id={fieldId(key, "category")} label={<FormattedMessage id="import.draft.moveTo" />} problem={problemOf("category")} className="draft-item__move">
          {(described) => (
            <select id={fieldId(key, "category")} className="input select" value={item.category} aria-describedby={described} onChange={(e) => dispatch({ type: "moveItem", key, category: e.target.value })} data-testid="draft-move">
              {categories.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name.trim() || intl.formatMessage({ id: "import.draft.noCategory" })}
                </option>
              ))}
            </select>
          )}
        </DraftField>
        <button type="button" className="btn btn--sm btn--ghost draft-item__remove" onClick={() => dispatch({ type: "removeItem", key })} data-testid="draft-remove">
          <FormattedMessage id="import.draft.removeItem" />
        </button>
      </div>
    </li>
  );
});
