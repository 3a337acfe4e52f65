import { useQuery } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { APPLY_CHOICES, linkedStoresQueryOptions, type ApplyChoice } from "./api";
import "./copy.css";

/** What "apply to other stores" starts with: the texts, photo and marks; prices and sold-out stay per store unless chosen. */
export const DEFAULT_APPLY: ApplyChoice[] = ["title", "description", "photo", "marks"];

/**
 * Chains (issue 36, point 7): in the form of an item copied between stores, "Also apply to N other
 * stores" with the fields to apply (shown only when N > 0). Off until ticked: a save changes this store only.
 */
export function ApplyToStoresFields({
  storeId,
  itemId,
  value,
  onChange,
}: {
  storeId: string;
  itemId: string;
  /** The fields to apply, or undefined when "also apply" is off. */
  value: ApplyChoice[] | undefined;
  onChange: (value: ApplyChoice[] | undefined) => void;
}) {
  const linked = useQuery(linkedStoresQueryOptions(storeId, itemId));
  const n = linked.data?.stores ?? 0;
  if (!n) return null;
  const toggle = (choice: ApplyChoice, on: boolean) => onChange(APPLY_CHOICES.filter((c) => (c === choice ? on : value?.includes(c))));
  return (
    <fieldset className="menu-copy__apply" data-testid="apply-to-stores">
      <legend className="visually-hidden">
        <FormattedMessage id="menuCopy.applyOthers" values={{ n }} />
      </legend>
      <label className="menu-copy__choice">
        <input type="checkbox" checked={!!value} onChange={(e) => onChange(e.target.checked ? DEFAULT_APPLY : undefined)} data-testid="apply-to-stores-toggle" />
        <FormattedMessage id="menuCopy.applyOthers" values={{ n }} />
      </label>
      {value ? (
        <div className="menu-copy__fields">
          {APPLY_CHOICES.map((choice) => (
            <label key={choice} className="menu-copy__choice">
              <input type="checkbox" checked={value.includes(choice)} onChange={(e) => toggle(choice, e.target.checked)} data-testid={`apply-field-${choice}`} />
              <FormattedMessage id={`menuCopy.field.${choice}` as MessageId} />
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
