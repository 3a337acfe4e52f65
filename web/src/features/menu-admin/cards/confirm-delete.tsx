import { FormattedMessage } from "react-intl";
import { ConfirmDialog } from "@/components/confirm-dialog";

/** Asks before deleting one or several cards; lists what goes. */
export function ConfirmDelete({ titles, pending, onCancel, onConfirm }: { titles: string[]; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      testId="confirm-delete-dialog"
      title={<FormattedMessage id="menuAdmin.delete.title" values={{ n: titles.length }} />}
      confirmLabel="common.delete"
      confirmTestId="confirm-delete"
      tone="danger"
      pending={pending}
      onConfirm={onConfirm}
      onClose={onCancel}
    >
      <p>
        <FormattedMessage id="menuAdmin.delete.text" values={{ n: titles.length }} />
      </p>
      <ul className="ma-delete-list">
        {titles.slice(0, 8).map((t, i) => (
          <li key={i}>{t}</li>
        ))}
        {titles.length > 8 ? (
          <li>
            <FormattedMessage id="menuAdmin.delete.more" values={{ n: titles.length - 8 }} />
          </li>
        ) : null}
      </ul>
    </ConfirmDialog>
  );
}
