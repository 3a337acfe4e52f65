import type { Section } from "@menu/core/shared/model";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { useDeleteCategory, type AdminCategory } from "./api";

type Props = { cs: CsObject; section: Section; category: AdminCategory; all: AdminCategory[]; onClose: () => void; onDeleted: () => void };

/**
 * Confirms deleting a category. One that still holds items or categories cannot be deleted (the
 * server refuses it too: "Could not delete category"); the dialog says what to move first.
 */
export function DeleteDialog({ cs, section, category, all, onClose, onDeleted }: Props) {
  const intl = useIntl();
  const categories = all.filter((c) => c.parent_id === category.id).length;
  const items = category.content_count;
  const empty = !categories && !items;

  const remove = useDeleteCategory(cs.store_id, section);
  const confirm = () =>
    remove.mutate(category, {
      onSuccess: () => {
        toast.success(intl.formatMessage({ id: "categories.deleted" }));
        onClose();
        onDeleted();
      },
    });

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      testId="delete-category-dialog"
      title={<FormattedMessage id="categories.deleteTitle" />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id={empty ? "common.cancel" : "common.close"} />
          </button>
          {empty ? (
            <button type="button" className="btn btn--danger" disabled={remove.isPending} onClick={confirm} data-testid="confirm-delete-category">
              <FormattedMessage id="common.delete" />
            </button>
          ) : null}
        </>
      }
    >
      {remove.error ? <FormAlert>{errorMessageFor(remove.error)}</FormAlert> : null}
      <p>
        {empty ? (
          <FormattedMessage id="categories.deleteText" values={{ name: <strong>{category.name}</strong> }} />
        ) : (
          <FormattedMessage
            id={section === "promotions" ? "categories.deleteNotEmptyPromotions" : "categories.deleteNotEmpty"}
            values={{ name: <strong>{category.name}</strong>, items, categories }}
          />
        )}
      </p>
    </Dialog>
  );
}
