import { useQueries } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FormattedMessage } from "react-intl";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { sectionCategoriesQueryOptions, type ItemCard } from "./api";

/** Sections whose categories an item may move to: kitchen and drinks both hold products. */
const SECTIONS_OF_KIND = { product: ["kitchen", "drinks"], hookah: ["hookahs"], game: ["games"] } as const;

/** Choose the category an item moves to (it goes to the end of that category). */
export function ItemMoveDialog({ cs, item, onMove, onClose, pending }: { cs: CsObject; item: Pick<ItemCard, "kind" | "category_id" | "title">; onMove: (categoryId: string) => void; onClose: () => void; pending: boolean }) {
  const name = useId();
  const [target, setTarget] = useState<string>();
  const sections = SECTIONS_OF_KIND[item.kind];
  const results = useQueries({ queries: sections.map((s) => sectionCategoriesQueryOptions(cs.store_id, s)) });
  const loading = results.some((r) => r.isPending);
  const error = results.find((r) => r.error)?.error;

  return (
    <ConfirmDialog
      testId="move-dialog"
      title={<FormattedMessage id="menuAdmin.move.title" values={{ title: item.title }} />}
      confirmLabel="menuAdmin.move.confirm"
      confirmTestId="confirm-move"
      pending={pending}
      disabled={!target}
      onConfirm={() => target && onMove(target)}
      onClose={onClose}
    >
      {loading ? (
        <p role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : error ? (
        <FormAlert>{errorMessageFor(error)}</FormAlert>
      ) : (
        <div className="ma-move">
          <p className="ma-move__lead">
            <FormattedMessage id="menuAdmin.move.lead" />
          </p>
          {sections.map((section, i) => (
            <fieldset key={section} className="ma-move__section">
              <legend>
                <FormattedMessage id={`menuAdmin.section.${section}` as MessageId} />
              </legend>
              {(results[i]?.data ?? []).map((c) => (
                <label key={c.id} className={`ma-move__option${c.parent_id ? " ma-move__option--child" : ""}`}>
                  <input type="radio" name={name} value={c.id} disabled={c.id === item.category_id} checked={target === c.id} onChange={() => setTarget(c.id)} />
                  <span>{c.name}</span>
                  {c.id === item.category_id ? (
                    <span className="ma-move__current">
                      <FormattedMessage id="menuAdmin.move.current" />
                    </span>
                  ) : null}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      )}
    </ConfirmDialog>
  );
}
