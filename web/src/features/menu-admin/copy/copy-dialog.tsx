import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import { languageNames, type Language } from "@/i18n/languages";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { companyStoresQueryOptions, copyPreviewQueryOptions, useApplyCopy, type CopyPrices } from "./api";
import "./copy.css";

/**
 * "Copy the menu from another store" (issue 36): choose one of the company's other stores, see what
 * it brings (counts), choose whose prices items this store already has keep, copy in chunks with
 * progress; a summary stays until the dialog is closed. The server refuses all of it while any source
 * item is invalid.
 */
export function CopyMenuDialog({ cs, open, onClose }: { cs: CsObject; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const selectId = useId();
  const [sourceId, setSourceId] = useState("");
  const [prices, setPrices] = useState<CopyPrices>("keep");
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const stores = useQuery({ ...companyStoresQueryOptions(cs.company_id), enabled: open });
  const preview = useQuery({ ...copyPreviewQueryOptions(cs.store_id, sourceId), enabled: open && !!sourceId });
  const apply = useApplyCopy(cs.store_id, (done, total) => setProgress({ done, total }));
  const others = (stores.data ?? []).filter((s) => s.id !== cs.store_id);
  const p = preview.data;
  const choose = (id: string) => {
    setSourceId(id);
    setProgress(undefined);
    apply.reset();
  };
  const translated = p ? Object.entries(p.translations).filter(([, n]) => n > 0) : [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={<FormattedMessage id="menuCopy.title" />}
      testId="menu-copy-dialog"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id={apply.isSuccess ? "common.close" : "common.cancel"} />
          </button>
          {apply.isSuccess ? null : (
            <button
              type="button"
              className="btn btn--primary"
              disabled={!p || p.invalid > 0 || p.items + p.new_categories === 0 || apply.isPending}
              aria-busy={apply.isPending || undefined}
              onClick={() => apply.mutate({ sourceId, prices })}
              data-testid="menu-copy-apply"
            >
              {apply.isPending ? <span className="spinner" aria-hidden="true" /> : null}
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
        <select id={selectId} className="input" value={sourceId} disabled={apply.isPending} onChange={(e) => choose(e.target.value)} data-testid="menu-copy-source">
          <option value="">{intl.formatMessage({ id: "menuCopy.chooseSource" })}</option>
          {others.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      {stores.isSuccess && !others.length ? (
        <p data-testid="menu-copy-no-stores">
          <FormattedMessage id="menuCopy.noOtherStores" />
        </p>
      ) : null}
      {preview.isFetching ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage id="menuCopy.checking" />
        </p>
      ) : null}
      {preview.error ? <FormAlert>{errorMessageFor(preview.error)}</FormAlert> : null}
      {p && !preview.isFetching ? (
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
                  <input type="radio" name="menu-copy-prices" value={choice} checked={prices === choice} disabled={apply.isPending} onChange={() => setPrices(choice)} data-testid={`menu-copy-prices-${choice}`} />{" "}
                  <FormattedMessage id={choice === "keep" ? "menuCopy.prices.keep" : "menuCopy.prices.source"} />
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
      ) : null}
      {progress && !apply.isSuccess ? (
        <p className="menu-copy__progress" role="status" data-testid="menu-copy-progress">
          <progress max={progress.total} value={progress.done} aria-hidden="true" />
          <FormattedMessage id="menuCopy.progress" values={{ done: progress.done, total: progress.total }} />
        </p>
      ) : null}
      {apply.isSuccess ? (
        <p className="menu-copy__result" role="status" data-testid="menu-copy-result">
          <FormattedMessage id="menuCopy.result" values={{ created: apply.data.created, updated: apply.data.updated }} />
        </p>
      ) : null}
      {apply.error ? <FormAlert>{errorMessageFor(apply.error)}</FormAlert> : null}
    </Dialog>
  );
}
