import { useEffect, useRef } from "react";
import { ALLERGENS, DIET_TAGS, isMark, type Mark, type MarkFilter } from "@menu/core/item/marks";
import { MarkPictogram } from "../../../components/mark-pictogram";
import { useIntl } from "../intl";
import type { PublishedItem, PublishedMenu } from "../model";
import "./marks.css";

type MarkTable = PublishedMenu["marks"];

/** An item's tags then allergens, as icons named for screen readers (the card) or icons with names (the item window). */
export function ItemMarks({ item, marks, full = false }: { item: PublishedItem; marks: MarkTable; full?: boolean }) {
  const intl = useIntl();
  const named = (codes: string[] = []) => codes.filter((c): c is Mark => isMark(c) && c in marks);
  const tags = named(item.tags);
  const allergens = named(item.allergens);
  if (!tags.length && !allergens.length) return null;
  if (!full) {
    return (
      <ul className="item-marks" data-testid="item-marks">
        {[...tags, ...allergens].map((code) => (
          <li key={code} className={allergens.includes(code) ? "item-marks__allergen" : "item-marks__tag"} title={marks[code]!.name} data-mark={code}>
            <MarkPictogram mark={code} />
            <span className="visually-hidden">{marks[code]!.name}</span>
          </li>
        ))}
      </ul>
    );
  }
  const group = (id: "menu.item.tags" | "menu.item.allergens", codes: Mark[]) =>
    codes.length ? (
      <div className="item-marks-full__group">
        <h3 className="item-marks-full__title">{intl.formatMessage({ id })}</h3>
        <ul className="item-marks-full__list">
          {codes.map((code) => (
            <li key={code} data-mark={code}>
              <MarkPictogram mark={code} />
              {marks[code]!.name}
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <div className="item-marks-full" data-testid="item-marks-full">
      {group("menu.item.tags", tags)}
      {group("menu.item.allergens", allergens)}
    </div>
  );
}

/**
 * The menu filter sheet: "without these allergens" and "only" tags, offered from the marks this
 * menu uses. Changes apply at once (the list behind updates); the visitor's choice is kept.
 */
export function FilterSheet({ marks, filter, onChange, onClose }: { marks: MarkTable; filter: MarkFilter; onChange: (filter: MarkFilter) => void; onClose: () => void }) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  // This menu's marks (a remembered one this menu does not use changes nothing here; "Reset" clears it).
  const allergens = ALLERGENS.filter((a) => marks[a]);
  const tags = DIET_TAGS.filter((t) => marks[t]);
  const toggle = (key: keyof MarkFilter, code: string, on: boolean) =>
    onChange({ ...filter, [key]: on ? [...filter[key], code] : filter[key].filter((c) => c !== code) });
  const group = (key: keyof MarkFilter, legend: "menu.filter.without" | "menu.filter.only", codes: readonly Mark[]) =>
    codes.length ? (
      <fieldset className="filter-sheet__group" data-testid={`filter-${key}`}>
        <legend>{intl.formatMessage({ id: legend })}</legend>
        <div className="filter-sheet__chips">
          {codes.map((code) => (
            <label key={code} className="filter-chip">
              <input type="checkbox" value={code} checked={filter[key].includes(code)} onChange={(e) => toggle(key, code, e.target.checked)} />
              <MarkPictogram mark={code} />
              {marks[code]!.name}
            </label>
          ))}
        </div>
      </fieldset>
    ) : null;
  return (
    <dialog
      ref={dialog}
      className="filter-sheet"
      data-testid="filter-sheet"
      aria-labelledby="filter-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
    >
      <div className="filter-sheet__panel">
        <h2 id="filter-title">{intl.formatMessage({ id: "menu.filter.title" })}</h2>
        {allergens.length || tags.length ? (
          <>
            {group("without", "menu.filter.without", allergens)}
            {group("only", "menu.filter.only", tags)}
            <p className="filter-sheet__note">{intl.formatMessage({ id: "menu.filter.note" })}</p>
          </>
        ) : (
          <p className="filter-sheet__note">{intl.formatMessage({ id: "menu.filter.none" })}</p>
        )}
        <div className="filter-sheet__actions">
          <button type="button" className="btn btn--ghost" onClick={() => onChange({ without: [], only: [] })} data-testid="filter-reset">
            {intl.formatMessage({ id: "menu.filter.reset" })}
          </button>
          <button type="button" className="btn btn--primary" onClick={onClose} data-testid="filter-done">
            {intl.formatMessage({ id: "menu.filter.done" })}
          </button>
        </div>
      </div>
    </dialog>
  );
}
