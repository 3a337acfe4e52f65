/**
 * admin-panel/calls (issue 36, point 3): the store's open calls from the tables, oldest first, for
 * a waiter holding a phone: big cards with the table (by its own name), the kind, the note and
 * the wait in minutes; "On my way" and "Done". A new call beeps (once sound is on), vibrates and
 * shows its count in the tab's title. One polite live region says what changed (a new call, one
 * taken, one gone), never the clock (issue 48).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import "@/components/layout/staff.css";
import { PageHead } from "@/components/layout/page-head";
import type { CsObject } from "@/lib/admin-scope";
import { usePageTitle } from "@/lib/page-title";
import { beep, unlockSound, vibrate } from "./alert";
import { boardQueryOptions, callsKeys, moveCall } from "./api";
import { boardChanges, hasNewCall, shownCalls, titleWithCount, waitedMinutes, type BoardCall } from "./board";
import "./table-calls.css";

export function CallsPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const board = useQuery(boardQueryOptions(cs.store_id, queryClient));
  const received = board.data?.calls;
  const [now, setNow] = useState(() => Date.now());
  const [sound, setSound] = useState(false);
  const seen = useRef<Set<string> | undefined>(undefined);
  const before = useRef<BoardCall[] | undefined>(undefined);
  const [said, setSaid] = useState("");
  const calls = shownCalls(received ?? [], now);
  const title = intl.formatMessage({ id: "tableCalls.title" });

  useEffect(() => {
    // The wait is shown in minutes: a tick every 15 s keeps it true.
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!received) return;
    if (hasNewCall(seen.current, received)) {
      if (sound) beep();
      vibrate();
    }
    seen.current = new Set(received.map((c) => c.id));
  }, [received, sound]);

  const tableName = (call: BoardCall) => call.table_name || intl.formatMessage({ id: "tableCalls.table" }, { number: call.table_position });
  useEffect(() => {
    if (!received) return;
    const changes = boardChanges(before.current, received);
    before.current = received;
    if (changes.length)
      setSaid(changes.map(({ change, call }) => intl.formatMessage({ id: `tableCalls.said.${change}` }, { table: tableName(call), kind: call.kind })).join(" "));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [received]);

  const wait = (call: BoardCall) => {
    const minutes = waitedMinutes(Date.parse(call.created_at), now);
    if (!minutes) return intl.formatMessage({ id: "tableCalls.justNow" });
    return intl.formatMessage({ id: "tableCalls.waiting" }, { time: intl.formatNumber(minutes, { style: "unit", unit: "minute", unitDisplay: "short" }) });
  };
  const open = calls.filter((c) => c.status === "open").length;
  usePageTitle(titleWithCount(open, title));

  const act = async (call: BoardCall, step: "take" | "done") => {
    if (await moveCall(cs.store_id, call.id, step).then(() => true, () => false)) await queryClient.invalidateQueries({ queryKey: callsKeys.board(cs.store_id) });
    else toast.error(intl.formatMessage({ id: "errors.somethingWentWrong" }));
  };

  return (
    <div className="calls-page" data-testid="calls-page">
      <PageHead title={title} lead={<FormattedMessage id="tableCalls.lead" />}>
        <button
          type="button"
          className="btn btn--secondary calls-page__sound"
          aria-pressed={sound}
          data-testid="calls-sound"
          onClick={() => {
            if (!sound) unlockSound();
            setSound(!sound);
          }}
        >
          <FormattedMessage id={sound ? "tableCalls.soundOff" : "tableCalls.soundOn"} />
        </button>
      </PageHead>
      {board.isError ? (
        <p className="calls-page__failed" role="alert">
          <FormattedMessage id="tableCalls.failed" />
        </p>
      ) : null}
      {received && !calls.length ? (
        <div className="calls-empty" data-testid="calls-empty">
          <p className="calls-empty__title">
            <FormattedMessage id="tableCalls.empty" />
          </p>
          <p>
            <FormattedMessage id="tableCalls.emptyHint" />
          </p>
        </div>
      ) : null}
      <p className="visually-hidden" role="status" data-testid="calls-said">
        {said}
      </p>
      <ul className="calls-list">
        {calls.map((call) => (
          <li key={call.id} className="call-card" data-status={call.status} data-testid="call-card" data-table={call.table_position}>
            <div className="call-card__head">
              <h2 className="call-card__table" data-testid="call-table">
                {tableName(call)}
              </h2>
              <span className="call-card__wait" data-testid="call-wait">
                {wait(call)}
              </span>
            </div>
            <p className="call-card__kind">
              <FormattedMessage id={call.kind === "waiter" ? "tableCalls.kind.waiter" : "tableCalls.kind.bill"} />
              {call.status === "taken" ? (
                <span className="badge call-card__taken" data-testid="call-taken">
                  <FormattedMessage id="tableCalls.taken" />
                </span>
              ) : null}
            </p>
            {call.note ? (
              <p className="call-card__note" dir="auto">
                {call.note}
              </p>
            ) : null}
            <div className="call-card__actions">
              {call.status === "open" ? (
                <button type="button" className="btn btn--primary" data-testid="call-take" onClick={() => void act(call, "take")}>
                  <FormattedMessage id="tableCalls.take" />
                </button>
              ) : null}
              <button type="button" className="btn btn--secondary" data-testid="call-done" onClick={() => void act(call, "done")}>
                <FormattedMessage id="tableCalls.done" />
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
