import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import { languageNames, type Language } from "@/i18n/languages";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { companyStoresQueryOptions, isRunning, latestCopyQueryOptions, seedCopyJob, useConfirmCopy, useCopyJob, useStartCopy, type CopyPrices } from "./api";
import { copyNotice, latestToShow, refusedCopy, shownAfterRefusal, type Shown } from "./copy-state";
import "./copy.css";

/**
 * "Copy the menu from another store" (issue 36): choose one of the company's other stores; the
 * server plans the copy in the background and the dialog shows what it brings (counts); choose
 * whose prices items this store already has keep, and the copy runs in the background with
 * progress, all or nothing. A copy under way is shown again when the dialog is opened again; a
 * summary stays until the dialog is closed. A copy under way that this dialog did not start (another
 * tab, someone else), or that refused this one's start, is shown with its progress and a notice, and
 * stays shown after it ends (copy-state.ts).
 */
export function CopyMenuDialog({ cs, open, onClose }: { cs: CsObject; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const selectId = useId();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState("");
  const [shown, setShown] = useState<Shown>();
  const [prices, setPrices] = useState<CopyPrices>("keep");
  const stores = useQuery({ ...companyStoresQueryOptions(cs.company_id), enabled: open });
  const latest = useQuery({ ...latestCopyQueryOptions(cs.store_id), enabled: open });
  const start = useStartCopy(cs.store_id);
  const confirm = useConfirmCopy(cs.store_id);
  // A copy under way (started in another tab, or before the dialog was closed) is shown as it goes,
  // and kept once shown: the latest copy read again after it ended does not empty the dialog.
  const underWay = latestToShow(shown, { open, chosen: !!chosen, fetching: latest.isFetching, data: latest.data });
  if (underWay) setShown(underWay);
  const jobId = (shown ?? underWay)?.id;
  const job = useCopyJob(cs.store_id, jobId);
  const j = jobId ? job.data : undefined;
  const notice = copyNotice(shown, j);
  const sourceId = j?.source_store_id ?? chosen;
  const copying = j?.status === "copying" || j?.status === "undoing" || confirm.isPending;
  // Only a store with a menu is a source (the link shows only when there is one: issue 50).
  const others = (stores.data ?? []).filter((s) => s.id !== cs.store_id && s.items > 0);
  const p = j?.preview;
  /** Refused because of another copy: that copy is shown (with a notice), not the refusal. */
  const adoptRefused = (error: Error, reset: () => void) => {
    const refused = refusedCopy(error);
    if (!refused) return;
    seedCopyJob(queryClient, cs.store_id, refused);
    setShown((current) => shownAfterRefusal(refused, current));
    reset();
  };
  const choose = (id: string) => {
    setChosen(id);
    setShown(undefined);
    confirm.reset();
    if (id) start.mutate(id, { onSuccess: (started) => setShown({ id: started.id, own: true }), onError: (error) => adoptRefused(error, start.reset) });
  };
  const close = () => {
    if (!isRunning(j)) {
      setChosen("");
      setShown(undefined);
      start.reset();
      confirm.reset();
    }
    onClose();
  };
  const translated = p ? Object.entries(p.translations).filter(([, n]) => n > 0) : [];
  const failure = j?.status === "failed" ? intl.formatMessage({ id: `errors.api.${j.error ?? "copyFailed"}` as "errors.api.copyFailed" }) : undefined;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={<FormattedMessage id="menuCopy.title" />}
      testId="menu-copy-dialog"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={close}>
            <FormattedMessage id={j?.status === "done" || copying ? "common.close" : "common.cancel"} />
          </button>
          {j?.status === "done" ? null : (
            <button
              type="button"
              className="btn btn--primary"
              disabled={j?.status !== "ready" || !p || p.invalid > 0 || p.items + p.new_categories === 0 || confirm.isPending}
              aria-busy={copying || undefined}
              onClick={() =>
                confirm.mutate({ copyId: j!.id, prices }, { onSuccess: (started) => setShown({ id: started.id, own: true }), onError: (error) => adoptRefused(error, confirm.reset) })
              }
              data-testid="menu-copy-apply"
            >
              {copying ? <span className="spinner" aria-hidden="true" /> : null}
              <FormattedMessage id="menuCopy.apply" />
            </button>
          )}
        </>
      }
    >
      <p className="menu-copy__lead">
        <FormattedMessage id="menuCopy.lead" />
      </p>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          <FormattedMessage id="menuCopy.source" />
        </label>
        <select id={selectId} className="input" value={sourceId} disabled={copying} onChange={(e) => choose(e.target.value)} data-testid="menu-copy-source">
          <option value="">{intl.formatMessage({ id: "menuCopy.chooseSource" })}</option>
          {others.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      {notice ? (
        <p className="menu-copy__notice" role="status" data-testid={`menu-copy-${notice === "underWay" ? "under-way" : "replaced"}`}>
          <FormattedMessage id={notice === "underWay" ? "menuCopy.underWay" : "menuCopy.replaced"} />
        </p>
      ) : null}
      {stores.isSuccess && !others.length ? (
        <p data-testid="menu-copy-no-stores">
          <FormattedMessage id="menuCopy.noOtherStores" />
        </p>
      ) : null}
      {start.isPending || j?.status === "planning" ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage id="menuCopy.checking" />
        </p>
      ) : null}
      {start.error ? <FormAlert>{errorMessageFor(start.error)}</FormAlert> : null}
      {p ? (
        <div className="menu-copy__preview" data-testid="menu-copy-preview">
          <h3 className="menu-copy__subtitle">
            <FormattedMessage id="menuCopy.previewTitle" />
          </h3>
          <ul className="menu-copy__counts">
            <li>
              <FormattedMessage id="menuCopy.count.categories" values={{ n: p.categories, added: p.new_categories }} />
            </li>
            <li data-testid="menu-copy-items">
              <FormattedMessage id="menuCopy.count.items" values={{ n: p.items, created: p.creates, updated: p.updates }} />
            </li>
            <li>
              <FormattedMessage id="menuCopy.count.portions" values={{ n: p.portions }} />
            </li>
            <li>
              <FormattedMessage id="menuCopy.count.photos" values={{ n: p.photos }} />
            </li>
            <li>
              <FormattedMessage
                id="menuCopy.count.translations"
                values={{ list: translated.length ? translated.map(([lang, n]) => `${languageNames[lang as Language] ?? lang}: ${n}`).join(", ") : "—" }}
              />
            </li>
            <li>
              <FormattedMessage id="menuCopy.count.glossary" values={{ n: p.glossary, added: p.new_glossary }} />
            </li>
          </ul>
          {p.invalid ? (
            <FormAlert testId="menu-copy-invalid">
              <FormattedMessage id="menuCopy.invalid" values={{ n: p.invalid, list: p.invalid_titles.join(", ") }} />
            </FormAlert>
          ) : null}
          {p.updates ? (
            <fieldset className="menu-copy__prices">
              <legend>
                <FormattedMessage id="menuCopy.prices" values={{ n: p.updates }} />
              </legend>
              {(["keep", "source"] as const).map((choice) => (
                <label key={choice} className="menu-copy__choice">
                  <input type="radio" name="menu-copy-prices" value={choice} checked={(j?.prices ?? prices) === choice} disabled={j?.status !== "ready"} onChange={() => setPrices(choice)} data-testid={`menu-copy-prices-${choice}`} />{" "}
                  <FormattedMessage id={choice === "keep" ? "menuCopy.prices.keep" : "menuCopy.prices.source"} />
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
      ) : null}
      {j?.status === "copying" ? (
        <p className="menu-copy__progress" role="status" data-testid="menu-copy-progress">
          <progress max={j.total} value={j.done} aria-hidden="true" />
          <FormattedMessage id="menuCopy.progress" values={{ done: j.done, total: j.total }} />
        </p>
      ) : null}
      {j?.status === "undoing" ? (
        <p role="status" data-testid="menu-copy-undoing">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage id="menuCopy.undoing" />
        </p>
      ) : null}
      {j?.status === "done" ? (
        <p className="menu-copy__result" role="status" data-testid="menu-copy-result">
          <FormattedMessage id="menuCopy.result" values={{ created: j.created, updated: j.updated }} />
        </p>
      ) : null}
      {failure ? <FormAlert testId="menu-copy-failed">{failure}</FormAlert> : null}
      {confirm.error ? <FormAlert>{errorMessageFor(confirm.error)}</FormAlert> : null}
      {job.error ? <FormAlert>{errorMessageFor(job.error)}</FormAlert> : null}
    </Dialog>
  );
}
