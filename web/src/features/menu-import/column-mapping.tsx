import { SHEET_FIELDS, type SheetColumns, type SheetField, type SheetMapping } from "@menu/core/import/reading/sheet-columns-mapping";
import { useEffect, useId, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import "./column-mapping.css";

/** A column's letters as the spreadsheet's headings show them: 0 → A, 26 → AA. */
const letters = (index: number) => {
  let out = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
};

/** The choices a workbook's sheets offer (a single sheet offers none). */
const SHEETS_AS = ["categories", "sections"] as const;

type Props = {
  columns: SheetColumns;
  /** While the sheet is read again with the last change (the controls wait; the one changed gets its focus back). */
  disabled?: boolean;
  /** The owner changed a column or what the sheets are: the sheet is read again with this mapping. */
  onChange: (mapping: SheetMapping) => void;
};

/**
 * What each column of an owner's own spreadsheet holds (issue 50, point 1): one select per column,
 * labelled by its header (or its letters, for a sheet without one), with its first values, the
 * guess (or the mapping remembered for these headers) chosen; and, for a workbook of several
 * sheets, whether they are categories or sections. Every change reads the sheet again.
 */
export function ColumnMappingForm({ columns, disabled = false, onChange }: Props) {
  const intl = useIntl();
  const id = useId();
  const { headers, guess, samples, sheets, remembered } = columns;
  const form = useRef<HTMLFieldSetElement>(null);
  /** The control last changed: a disabled control loses the keyboard's focus, so it gets it back once the sheet is read. */
  const changed = useRef<string>(undefined);
  useEffect(() => {
    if (disabled || !changed.current) return;
    const control = form.current?.querySelector<HTMLElement>(`[id="${changed.current}"]`);
    if (control && (document.activeElement === document.body || document.activeElement === null)) control.focus();
  }, [disabled]);
  const change = (control: string, mapping: SheetMapping) => {
    changed.current = control;
    onChange(mapping);
  };
  const setColumn = (index: number, field: SheetField) => change(`${id}-${index}`, { ...guess, columns: guess.columns.map((f, c) => (c === index ? field : f)) });
  return (
    <fieldset ref={form} className="column-mapping" disabled={disabled} aria-busy={disabled} data-testid="column-mapping">
      <legend className="column-mapping__title">
        <FormattedMessage id="import.columns.title" />
      </legend>
      <p className="column-mapping__lead">
        <FormattedMessage id={remembered ? "import.columns.remembered" : "import.columns.guessed"} />
      </p>
      <ol className="column-mapping__columns">
        {headers.map((header, c) => (
          <li key={c} className="column-mapping__column" data-testid="column-mapping-column">
            <label className="column-mapping__header" htmlFor={`${id}-${c}`} title={header || undefined}>
              {header || intl.formatMessage({ id: "import.columns.column" }, { letters: letters(c) })}
            </label>
            <select
              id={`${id}-${c}`}
              className="input select"
              value={guess.columns[c] ?? "skip"}
              aria-describedby={`${id}-${c}-samples`}
              onChange={(e) => setColumn(c, e.target.value as SheetField)}
              data-testid="column-mapping-field"
            >
              {SHEET_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {intl.formatMessage({ id: `import.columns.field.${field}` })}
                </option>
              ))}
            </select>
            <p id={`${id}-${c}-samples`} className="column-mapping__samples">
              {samples[c]?.length ? intl.formatMessage({ id: "import.columns.samples" }, { values: samples[c]!.join(" · ") }) : intl.formatMessage({ id: "import.columns.empty" })}
            </p>
          </li>
        ))}
      </ol>
      {sheets.length > 1 ? (
        <fieldset className="column-mapping__sheets" data-testid="column-mapping-sheets">
          <legend>
            <FormattedMessage id="import.columns.sheets" values={{ count: sheets.length, names: sheets.join(", ") }} />
          </legend>
          {SHEETS_AS.map((as) => (
            <label key={as} className="column-mapping__sheets-choice">
              <input
                id={`${id}-sheets-${as}`}
                type="radio"
                name={`${id}-sheets`}
                value={as}
                checked={guess.sheetsAs === as}
                onChange={() => change(`${id}-sheets-${as}`, { ...guess, sheetsAs: as })}
              />
              <FormattedMessage id={`import.columns.sheetsAs.${as}`} />
            </label>
          ))}
        </fieldset>
      ) : null}
    </fieldset>
  );
}
