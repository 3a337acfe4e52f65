import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { FormattedMessage } from "react-intl";
import { storeSettingsQueryOptions } from "@/lib/admin-scope";
import { translationOverviewQueryOptions } from "./api";
import { TranslationsPanel } from "./translations-panel";
import "./translations.css";

/** While a job of the store's texts is queued or in progress, the jobs and the texts are read again this often. */
const POLL_MS = 2500;

/**
 * settings/translations-map's "Venue": the store's address and phone notes in each menu language,
 * with the same statuses, hand-made editor, "checked" and "back to automatic" as a menu content's
 * translations tab.
 */
export function StoreTextsTranslations({ storeId }: { storeId: string }) {
  const id = useId();
  const pendingIn = (jobs: { target_type: string; status: string }[] | undefined) =>
    !!jobs?.some((j) => j.target_type === "Store" && (j.status === "queued" || j.status === "in_progress"));
  const overview = useQuery({ ...translationOverviewQueryOptions(storeId), refetchInterval: (q) => (pendingIn(q.state.data?.jobs) ? POLL_MS : false) });
  const pending = pendingIn(overview.data?.jobs);
  const settings = useQuery({ ...storeSettingsQueryOptions(storeId), refetchInterval: pending ? POLL_MS : false });
  // The last poll may precede the job's end: the texts are read once more when it is done.
  const wasPending = useRef(false);
  const { refetch } = settings;
  useEffect(() => {
    if (wasPending.current && !pending) void refetch();
    wasPending.current = pending;
  }, [pending, refetch]);

  const store = settings.data;
  const hasSource = !!store && (!!store.address || store.phones.some((p) => p.description));
  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-testid="store-texts-translations">
      <h2 className="panel__title" id={`${id}-title`}>
        <FormattedMessage id="translation.store.title" />
      </h2>
      <p className="tr-panel__lead">
        <FormattedMessage id="translation.store.lead" />
      </p>
      {!store ? (
        <p className="tr-panel__loading" role="status">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage id="common.loading" />
        </p>
      ) : hasSource ? (
        <TranslationsPanel
          storeId={storeId}
          type="Store"
          record={{ id: store.id, translations: store.translations, source: { address: store.address, phones: store.phones } }}
        />
      ) : (
        <p className="ma-note" data-testid="store-texts-empty">
          <FormattedMessage id="translation.store.empty" />
        </p>
      )}
    </section>
  );
}
