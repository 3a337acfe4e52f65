import { ALLERGENS, DIET_TAGS, isMark, markName, type Allergen, type DietTag, type Mark } from "@menu/core/item/marks";
import { FormattedMessage, useIntl } from "react-intl";
import { MarkPictogram } from "../../../components/mark-pictogram";

export type Marks = { allergens: Allergen[]; tags: DietTag[] };

/** One group of marks as toggle chips (checkboxes), named in the interface language. */
function MarkGroup<M extends Mark>({ legend, all, chosen, onChange, testId }: { legend: "menuAdmin.marks.allergens" | "menuAdmin.marks.tags"; all: readonly M[]; chosen: readonly M[]; onChange: (marks: M[]) => void; testId: string }) {
  const { locale } = useIntl();
  return (
    <fieldset className="ma-marks__group" data-testid={testId}>
      <legend className="field__label">
        <FormattedMessage id={legend} />
      </legend>
      <div className="ma-marks__chips">
        {all.map((mark) => (
          <label key={mark} className="ma-mark">
            <input
              type="checkbox"
              value={mark}
              checked={chosen.includes(mark)}
              onChange={(e) => onChange(e.target.checked ? all.filter((m) => m === mark || chosen.includes(m)) : chosen.filter((m) => m !== mark))}
            />
            <MarkPictogram mark={mark} />
            {markName(mark, locale)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Allergens (the EU's 14) and dietary tags of an item, or of a bulk change. */
export function MarksPicker({ value, onChange }: { value: Marks; onChange: (marks: Marks) => void }) {
  return (
    <div className="ma-marks">
      <p className="field__hint">
        <FormattedMessage id="menuAdmin.marks.hint" />
      </p>
      <MarkGroup legend="menuAdmin.marks.allergens" all={ALLERGENS} chosen={value.allergens} onChange={(allergens) => onChange({ ...value, allergens })} testId="allergens" />
      <MarkGroup legend="menuAdmin.marks.tags" all={DIET_TAGS} chosen={value.tags} onChange={(tags) => onChange({ ...value, tags })} testId="diet-tags" />
    </div>
  );
}

/** The marks an admin card shows: tags (in the accent colour) then allergens, as pictograms named for tooltips and screen readers. */
export function MarkIcons({ tags, allergens }: { tags: readonly string[]; allergens: readonly string[] }) {
  const { locale } = useIntl();
  const marks = [...tags.filter(isMark).map((m) => ({ m, tag: true })), ...allergens.filter(isMark).map((m) => ({ m, tag: false }))];
  if (!marks.length) return null;
  return (
    <ul className="ma-card__marks" data-testid="card-marks">
      {marks.map(({ m, tag }) => (
        <li key={m} title={markName(m, locale)} className={tag ? "ma-card__mark--tag" : undefined}>
          <MarkPictogram mark={m} />
          <span className="visually-hidden">{markName(m, locale)}</span>
        </li>
      ))}
    </ul>
  );
}
