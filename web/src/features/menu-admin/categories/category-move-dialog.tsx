import type { Section } from "@menu/core/shared/model";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert, SubmitButton } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { useMoveCategory, type AdminCategory } from "./api";

type Props = { cs: CsObject; section: Section; category: AdminCategory; all: AdminCategory[]; onClose: () => void };

/**
 * Moves a category under another supercategory of the section, or to the top level. Categories nest
 * one level, so a supercategory that has categories can only stay on top (the dialog explains it),
 * and a category that holds items cannot take categories (shown, not offered).
 */
export function CategoryMoveDialog({ cs, section, category, all, onClose }: Props) {
  const intl = useIntl();
  const formId = useId();
  const [target, setTarget] = useState(category.parent_id);
  const hasChildren = all.some((c) => c.parent_id === category.id);
  const targets = all.filter((c) => !c.parent_id && c.id !== category.id);

  const move = useMoveCategory(cs.store_id, section, category);

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      testId="move-dialog"
      title={<FormattedMessage id="categories.moveTitle" values={{ name: category.name }} />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id={hasChildren ? "common.close" : "common.cancel"} />
          </button>
          {!hasChildren ? <SubmitButton pending={move.isPending} label="categories.moveConfirm" className="btn btn--primary" form={formId} /> : null}
        </>
      }
    >
      {hasChildren ? (
        <FormAlert tone="info">
          <FormattedMessage id="categories.moveHasChildren" />
        </FormAlert>
      ) : (
        <form
          id={formId}
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (target === category.parent_id) onClose();
            else
              move.mutate(target, {
                onSuccess: () => {
                  toast.success(intl.formatMessage({ id: "categories.moved" }));
                  onClose();
                },
              });
          }}
        >
          {move.error ? <FormAlert>{errorMessageFor(move.error)}</FormAlert> : null}
          <fieldset className="field move-targets">
            <legend className="field__label">
              <FormattedMessage id="categories.moveTo" />
            </legend>
            <label className="move-targets__option">
              <input type="radio" name="parent" value="" checked={target === ""} onChange={() => setTarget("")} />
              <span>
                <FormattedMessage id="categories.topLevel" />
              </span>
            </label>
            {targets.map((c) => (
              <label key={c.id} className="move-targets__option">
                <input
                  type="radio"
                  name="parent"
                  value={c.id}
                  checked={target === c.id}
                  disabled={c.content_count > 0}
                  aria-describedby={c.content_count > 0 ? `${formId}-${c.id}-note` : undefined}
                  onChange={() => setTarget(c.id)}
                />
                <span>
                  {c.icon ? `${c.icon} ` : ""}
                  {c.name}
                  {c.content_count > 0 ? (
                    <span className="move-targets__note" id={`${formId}-${c.id}-note`} data-testid="move-target-holds-items">
                      {" "}
                      · <FormattedMessage id="categories.moveHoldsItems" values={{ count: c.content_count }} />
                    </span>
                  ) : null}
                  {c.schedule && category.schedule ? (
                    <span className="move-targets__note">
                      {" "}
                      · <FormattedMessage id="categories.moveBothScheduled" />
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}
