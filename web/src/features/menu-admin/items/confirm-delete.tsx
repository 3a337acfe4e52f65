import { FormattedMessage } from "react-intl";
import { Dialog } from "@/components/dialog";

/** Asks before deleting one or several cards; lists what goes. */
export function ConfirmDelete({ titles, pending, onCancel, onConfirm }: { titles: string[]; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      open
      onClose={onCancel}
      size="sm"
      testId="confirm-delete-dialog"
      title={<FormattedMessage id="menuAdmin.delete.title" values={{ n: titles.length }} />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="btn btn--danger" disabled={pending} aria-busy={pending || undefined} onClick={onConfirm} data-testid="confirm-delete">
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="common.delete" />
          </button>
        </>
      }
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
    </Dialog>
  );
}
