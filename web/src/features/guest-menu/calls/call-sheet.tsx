/** The sheet a call is sent from, with its optional note (table-calls.tsx), and each kind's texts. */
import { useEffect, useRef, useState } from "react";
import { useIntl } from "../intl";
import type { CallKind } from "./queue";

const NOTE_MAX = 140;
export const TEXT = {
  waiter: { button: "menu.calls.waiter", open: "menu.calls.waiterCalled", taken: "menu.calls.takenWaiter", done: "menu.calls.doneWaiter" },
  bill: { button: "menu.calls.bill", open: "menu.calls.billAsked", taken: "menu.calls.takenBill", done: "menu.calls.doneBill" },
} as const;

export function CallSheet({ kind, onSend, onClose }: { kind: CallKind; onSend: (note: string) => void; onClose: () => void }) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState("");
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const title = intl.formatMessage({ id: TEXT[kind].button });
  return (
    <dialog
      ref={dialog}
      className="call-sheet"
      data-testid="call-sheet"
      aria-labelledby="call-sheet-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
    >
      <form
        className="call-sheet__panel"
        onSubmit={(e) => {
          e.preventDefault();
          onSend(note.trim());
        }}
      >
        <h2 id="call-sheet-title">{title}</h2>
        <label className="call-sheet__label" htmlFor="call-note">
          {intl.formatMessage({ id: "menu.calls.note" })}
        </label>
        <textarea id="call-note" className="call-sheet__note" rows={2} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} aria-describedby="call-note-count" data-testid="call-note" />
        <span id="call-note-count" className="call-sheet__count" dir="ltr">
          {note.length} / {NOTE_MAX}
        </span>
        <div className="call-sheet__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose} data-testid="call-close">
            {intl.formatMessage({ id: "menu.calls.close" })}
          </button>
          <button type="submit" className="btn btn--primary" data-testid="call-send">
            {intl.formatMessage({ id: "menu.calls.send" })}
          </button>
        </div>
      </form>
    </dialog>
  );
}
