/**
 * "Call the waiter" and "Ask for the bill" (issue 36, point 2), loaded only on a page with a valid
 * table pass. A tap opens a sheet with an optional note; then the call shows with its live waiting
 * time and Cancel, and "On the way" once staff took it. Offline, the call is kept and sent when the
 * connection is back.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useIntl } from "../intl";
import { cancelCall, listCalls, sendCall, type CallFailure, type GuestCall } from "./api";
import { waited } from "./clock";
import { dropPending, pendingCalls, queueCall, type CallKind, type PendingCall } from "./queue";
import "./table-calls.css";

const KINDS: readonly CallKind[] = ["waiter", "bill"];
const NOTE_MAX = 140;
/** While a call is open the page asks how it goes this often (only while it is visible). */
const POLL_MS = 10_000;

const FAILURE_MESSAGE = {
  tooSoon: "menu.calls.tooSoon",
  passInvalid: "menu.calls.passInvalid",
  notInPlan: "menu.calls.failed",
  offline: "menu.calls.failed",
  failed: "menu.calls.failed",
} as const;

export default function TableCalls({ scope }: { scope: string }) {
  const intl = useIntl();
  const [calls, setCalls] = useState<GuestCall[]>([]);
  const [pending, setPending] = useState<PendingCall[]>(() => pendingCalls(localStorage, scope));
  const [sheet, setSheet] = useState<CallKind | undefined>();
  const [failure, setFailure] = useState<CallFailure | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const buttons = useRef(new Map<CallKind, HTMLButtonElement | null>());
  const cancels = useRef(new Map<CallKind, HTMLButtonElement | null>());
  const returnTo = useRef<{ kind: CallKind; sent: boolean } | undefined>(undefined);

  const refresh = useCallback(async () => {
    const list = await listCalls();
    if (list) setCalls(list);
  }, []);

  const deliver = useCallback(
    async (kind: CallKind, note: string) => {
      const sent = await sendCall(kind, note);
      if ("call" in sent) {
        setPending(dropPending(localStorage, scope, kind));
        setCalls((list) => [...list.filter((c) => c.kind !== kind), sent.call]);
        setFailure(undefined);
        return;
      }
      if (sent.failure === "offline") {
        setPending(queueCall(localStorage, scope, { kind, note, queued_at: Date.now() }));
        return;
      }
      setPending(dropPending(localStorage, scope, kind));
      setFailure(sent.failure);
    },
    [scope],
  );

  // The calls this table has open, and the kept ones once the connection is back.
  useEffect(() => {
    void listCalls().then((list) => list && setCalls(list));
    const flush = () => {
      for (const call of pendingCalls(localStorage, scope)) void deliver(call.kind, call.note);
    };
    if (navigator.onLine) flush();
    window.addEventListener("online", flush);
    return () => window.removeEventListener("online", flush);
  }, [deliver, scope]);

  const waiting = calls.length > 0 || pending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const poll = setInterval(() => {
      if (document.visibilityState === "visible" && calls.length) void refresh();
    }, POLL_MS);
    const visible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    document.addEventListener("visibilitychange", visible);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
      document.removeEventListener("visibilitychange", visible);
    };
  }, [waiting, calls.length, refresh]);

  // Closing the sheet gives focus back to its button; once a call is sent (or kept offline), to the
  // Cancel that took the button's place, as soon as it is there.
  useEffect(() => {
    const to = returnTo.current;
    if (sheet || !to) return;
    const cancel = cancels.current.get(to.kind);
    if (to.sent && !cancel && !failure) return;
    returnTo.current = undefined;
    (cancel ?? buttons.current.get(to.kind))?.focus();
  }, [sheet, calls, pending, failure]);

  const close = () => {
    returnTo.current = sheet && { kind: sheet, sent: false };
    setSheet(undefined);
  };
  const send = (kind: CallKind, note: string) => {
    returnTo.current = { kind, sent: true };
    setSheet(undefined);
    if (!navigator.onLine) setPending(queueCall(localStorage, scope, { kind, note, queued_at: Date.now() }));
    else void deliver(kind, note);
  };
  const cancel = async (kind: CallKind) => {
    const call = calls.find((c) => c.kind === kind);
    setPending(dropPending(localStorage, scope, kind));
    if (call && (await cancelCall(call.id))) setCalls((list) => list.filter((c) => c.id !== call.id));
    buttons.current.get(kind)?.focus();
  };

  return (
    <section className="table-calls" aria-label={intl.formatMessage({ id: "menu.calls.label" })} data-testid="table-calls">
      {KINDS.map((kind) => {
        const call = calls.find((c) => c.kind === kind);
        const kept = pending.find((c) => c.kind === kind);
        if (!call && !kept)
          return (
            <button
              key={kind}
              ref={(el) => void buttons.current.set(kind, el)}
              type="button"
              className="btn table-calls__button"
              data-testid={`call-${kind}`}
              onClick={() => {
                setFailure(undefined);
                setSheet(kind);
              }}
            >
              {intl.formatMessage({ id: kind === "waiter" ? "menu.calls.waiter" : "menu.calls.bill" })}
            </button>
          );
        const status = call
          ? call.status === "taken"
            ? intl.formatMessage({ id: "menu.calls.taken" })
            : intl.formatMessage({ id: kind === "waiter" ? "menu.calls.waiterCalled" : "menu.calls.billAsked" }, { time: waited(Date.parse(call.created_at), now) })
          : intl.formatMessage({ id: "menu.calls.willSend" });
        return (
          <div key={kind} className="table-calls__status" data-testid={`call-status-${kind}`} data-status={call?.status ?? "pending"}>
            <span role="status">{status}</span>
            <button ref={(el) => void cancels.current.set(kind, el)} type="button" className="btn btn--ghost table-calls__cancel" data-testid={`call-cancel-${kind}`} onClick={() => void cancel(kind)}>
              {intl.formatMessage({ id: "menu.calls.cancel" })}
            </button>
          </div>
        );
      })}
      {failure ? (
        <p className="table-calls__error" role="alert" data-testid="call-error">
          {intl.formatMessage({ id: FAILURE_MESSAGE[failure] })}
        </p>
      ) : null}
      {sheet ? <CallSheet kind={sheet} onSend={(note) => send(sheet, note)} onClose={close} /> : null}
    </section>
  );
}

function CallSheet({ kind, onSend, onClose }: { kind: CallKind; onSend: (note: string) => void; onClose: () => void }) {
  const intl = useIntl();
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState("");
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const title = intl.formatMessage({ id: kind === "waiter" ? "menu.calls.waiter" : "menu.calls.bill" });
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
