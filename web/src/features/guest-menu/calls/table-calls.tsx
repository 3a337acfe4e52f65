/**
 * "Call the waiter" and "Ask for the bill" (issue 36, point 2; issue 48, points 3 and 4), loaded
 * only on a page with a valid table pass, drawn in the bar the page keeps at the bottom of the
 * screen from its first paint (`.table-calls-slot`, menu.css). A tap opens a sheet with an optional
 * note; then the kind's place shows the call, how long ago it was made and a cancel button, and
 * "on the way" once staff took it. Each kind is on its own: the bill can be asked for while the
 * waiter is on the way. A cancel can be undone for 5 s (the call is cancelled on the server only
 * then, or when the page goes away). Offline, the call is kept and sent when the connection is back.
 * One polite live region says what changed (sent, on the way, done, cancelled, kept), never the
 * clock; a refusal is an alert, cleared by the next action.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useIntl } from "../intl";
import { cancelCall, listCalls, sendCall, type CallFailure, type GuestCall } from "./api";
import { callAge } from "./clock";
import { dropPending, pendingCalls, queueCall, type CallKind, type PendingCall } from "./queue";
import { CallSheet, TEXT } from "./call-sheet";
import "./table-calls.css";

const KINDS: readonly CallKind[] = ["waiter", "bill"];
/** While a call is open the page asks how it goes this often (only while it is visible). */
const POLL_MS = 10_000;
/** A cancel can be undone this long. */
export const UNDO_MS = 5_000;

const FAILURE_MESSAGE = {
  tooSoon: "menu.calls.tooSoon",
  passInvalid: "menu.calls.passInvalid",
  notInPlan: "menu.calls.failed",
  offline: "menu.calls.failed",
  failed: "menu.calls.failed",
} as const;

/** A cancelled call (or kept one) during its 5 s of undo. */
type Undo = { call?: GuestCall; kept?: PendingCall; timer: number };

export default function TableCalls({ scope }: { scope: string }) {
  const intl = useIntl();
  const [calls, setCallsState] = useState<GuestCall[]>([]);
  const known = useRef<GuestCall[]>([]);
  const [pending, setPending] = useState<PendingCall[]>(() => pendingCalls(localStorage, scope));
  const [undos, setUndos] = useState<Partial<Record<CallKind, Undo>>>({});
  /** The same, for handlers and timers (setUndo keeps both). */
  const undoing = useRef(undos);
  const [sheet, setSheet] = useState<CallKind | undefined>();
  const [failure, setFailure] = useState<CallFailure | undefined>();
  // What the live region says; `n` makes a repeated message a new node, so it is said again.
  const [said, setSaidState] = useState({ text: "", n: 0 });
  const setSaid = useCallback((text: string) => setSaidState((s) => ({ text, n: s.n + 1 })), []);
  const say = (id: Parameters<typeof intl.formatMessage>[0]["id"]) => setSaid(intl.formatMessage({ id }));
  /** Calls this page cancelled: a list read before the cancel reached the server does not bring them back. */
  const cancelled = useRef(new Set<string>());
  const [now, setNow] = useState(() => Date.now());
  const root = useRef<HTMLElement>(null);
  /** The control to focus once it is on screen (data-testid), and the one if it never comes. */
  const focusNext = useRef<{ id: string; otherwise?: string } | undefined>(undefined);

  const setCalls = useCallback((next: GuestCall[]) => {
    known.current = next;
    setCallsState(next);
  }, []);

  // What the server says now: a call staff took or closed is said once (a call being undone is not "done").
  const refresh = useCallback(async () => {
    const read = await listCalls();
    if (!read) return;
    const list = read.filter((c) => !cancelled.current.has(c.id));
    for (const before of known.current) {
      const after = list.find((c) => c.id === before.id);
      if (!after && !undoing.current[before.kind]) setSaid(intl.formatMessage({ id: TEXT[before.kind].done }));
      else if (after && before.status === "open" && after.status === "taken") setSaid(intl.formatMessage({ id: TEXT[before.kind].taken }));
    }
    setCalls(list);
  }, [intl, setCalls, setSaid]);

  const deliver = useCallback(
    async (kind: CallKind, note: string) => {
      const sent = await sendCall(kind, note);
      if ("call" in sent) {
        setPending(dropPending(localStorage, scope, kind));
        setCalls([...known.current.filter((c) => c.kind !== kind), sent.call]);
        setFailure(undefined);
        setSaid(intl.formatMessage({ id: TEXT[kind][sent.call.status] }));
        return;
      }
      if (sent.failure === "offline") {
        setPending(queueCall(localStorage, scope, { kind, note, queued_at: Date.now() }));
        setSaid(intl.formatMessage({ id: "menu.calls.willSend" }));
        return;
      }
      setPending(dropPending(localStorage, scope, kind));
      if (focusNext.current?.otherwise) focusNext.current = { id: focusNext.current.otherwise };
      setFailure(sent.failure);
    },
    [scope, intl, setCalls, setSaid],
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
  }, [deliver, scope, setCalls]);

  // The age of a call changes by the minute: a tick every 15 s is enough (outside the live region).
  const waiting = calls.length > 0 || pending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    const poll = setInterval(() => {
      if (document.visibilityState === "visible" && known.current.length) void refresh();
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
  }, [waiting, refresh]);

  // A cancel whose undo time is cut short by leaving the page is sent on the way out.
  useEffect(() => {
    const leave = () => {
      for (const undo of Object.values(undoing.current)) if (undo?.call) void cancelCall(undo.call.id, true);
    };
    addEventListener("pagehide", leave);
    return () => removeEventListener("pagehide", leave);
  }, []);

  // Focus goes where the guest's next step is, as soon as that control is on screen (the sheet gone).
  useEffect(() => {
    const next = focusNext.current;
    if (!next || sheet) return;
    const el = root.current?.querySelector<HTMLElement>(`[data-testid="${next.id}"]`);
    if (!el) return;
    focusNext.current = undefined;
    el.focus();
  });

  const open = (kind: CallKind) => {
    setFailure(undefined);
    setSheet(kind);
  };
  const close = () => {
    focusNext.current = sheet && { id: `call-${sheet}` };
    setSheet(undefined);
  };
  const send = (kind: CallKind, note: string) => {
    focusNext.current = { id: `call-cancel-${kind}`, otherwise: `call-${kind}` };
    setSheet(undefined);
    if (navigator.onLine) return void deliver(kind, note);
    setPending(queueCall(localStorage, scope, { kind, note, queued_at: Date.now() }));
    setSaid(intl.formatMessage({ id: "menu.calls.willSend" }));
  };
  const setUndo = (kind: CallKind, undo: Undo | undefined) => {
    const next = { ...undoing.current, [kind]: undo };
    undoing.current = next;
    setUndos(next);
  };
  // Once the undo time is over: the call is cancelled on the server and its button is back.
  const settle = async (kind: CallKind) => {
    const undo = undoing.current[kind];
    if (!undo) return;
    const focused = document.activeElement === root.current?.querySelector(`[data-testid="call-undo-${kind}"]`);
    const gone = !undo.call || (await cancelCall(undo.call.id));
    if (undo.call && gone) cancelled.current.add(undo.call.id);
    if (gone) setCalls(known.current.filter((c) => c.id !== undo.call?.id));
    else setFailure("failed");
    if (focused) focusNext.current = { id: gone ? `call-${kind}` : `call-cancel-${kind}` };
    setUndo(kind, undefined);
  };
  const cancel = (kind: CallKind) => {
    setFailure(undefined);
    const call = calls.find((c) => c.kind === kind);
    const kept = pending.find((c) => c.kind === kind);
    setPending(dropPending(localStorage, scope, kind));
    setUndo(kind, { call, kept, timer: window.setTimeout(() => void settle(kind), UNDO_MS) });
    focusNext.current = { id: `call-undo-${kind}` };
    say("menu.calls.cancelled");
  };
  const undo = (kind: CallKind) => {
    const undo = undoing.current[kind];
    if (!undo) return;
    clearTimeout(undo.timer);
    setFailure(undefined);
    if (undo.kept) setPending(queueCall(localStorage, scope, undo.kept));
    setUndo(kind, undefined);
    focusNext.current = { id: `call-cancel-${kind}` };
    say(undo.call ? TEXT[kind][undo.call.status] : "menu.calls.willSend");
  };

  return (
    <section ref={root} className="table-calls" aria-label={intl.formatMessage({ id: "menu.calls.label" })} data-testid="table-calls">
      {KINDS.map((kind) => {
        const label = intl.formatMessage({ id: TEXT[kind].button });
        const undone = undos[kind];
        const call = calls.find((c) => c.kind === kind);
        const kept = pending.find((c) => c.kind === kind);
        if (undone)
          return (
            <div key={kind} role="group" aria-label={label} className="table-calls__status" data-testid={`call-status-${kind}`} data-status="cancelled">
              <span className="table-calls__text">{intl.formatMessage({ id: "menu.calls.cancelled" })}</span>
              <button type="button" className="btn btn--ghost table-calls__undo" data-testid={`call-undo-${kind}`} onClick={() => undo(kind)}>
                {intl.formatMessage({ id: "menu.calls.undo" })}
              </button>
            </div>
          );
        if (!call && !kept)
          return (
            <button key={kind} type="button" className="btn table-calls__button" data-testid={`call-${kind}`} onClick={() => open(kind)}>
              {label}
            </button>
          );
        return (
          <div key={kind} role="group" aria-label={label} className="table-calls__status" data-testid={`call-status-${kind}`} data-status={call?.status ?? "pending"}>
            <span className="table-calls__text">
              <span data-testid={`call-state-${kind}`}>{intl.formatMessage({ id: call ? TEXT[kind][call.status] : "menu.calls.willSend" })}</span>
              {call?.status === "open" ? (
                <span className="table-calls__age" data-testid={`call-age-${kind}`}>
                  {callAge(Date.parse(call.created_at), now, intl.locale, intl.formatMessage({ id: "menu.calls.justNow" }))}
                </span>
              ) : null}
            </span>
            <button
              type="button"
              className="btn btn--ghost table-calls__cancel"
              aria-label={intl.formatMessage({ id: "menu.calls.cancel" })}
              title={intl.formatMessage({ id: "menu.calls.cancel" })}
              data-testid={`call-cancel-${kind}`}
              onClick={() => cancel(kind)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        );
      })}
      <p className="visually-hidden" role="status" data-testid="call-said">
        <span key={said.n}>{said.text}</span>
      </p>
      {failure ? (
        <p className="table-calls__error" role="alert" data-testid="call-error">
          {intl.formatMessage({ id: FAILURE_MESSAGE[failure] })}
        </p>
      ) : null}
      {sheet ? <CallSheet kind={sheet} onSend={(note) => send(sheet, note)} onClose={close} /> : null}
    </section>
  );
}
