import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert } from "@/components/form/fields";
import { errorMessageFor } from "@/lib/errors";
import { useQueueTranslations, type TranslationJob } from "./api";
import { useRun } from "./use-translation-run";

/** "Translate everything missing", with the progress of the run it started and, once it ended, its outcome. */
export function TranslateAll({ storeId, jobs, noEngine, noLanguages }: { storeId: string; jobs: TranslationJob[]; noEngine: boolean; noLanguages: boolean }) {
  const intl = useIntl();
  const id = useId();
  const queue = useQueueTranslations(storeId);
  const run = useRun(jobs);
  const busy = queue.isPending || run.running;

  const translateAll = () =>
    queue.mutate(undefined, {
      onSuccess: ({ queued }) => {
        const message = intl.formatMessage({ id: "translationsPanel.queued" }, { n: queued });
        if (queued > 0) toast.success(message);
        else toast.info(message);
      },
    });

  return (
    <div className="tm-run">
      {queue.error ? <FormAlert>{errorMessageFor(queue.error)}</FormAlert> : null}
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={busy || noEngine || noLanguages}
        aria-busy={busy || undefined}
        aria-describedby={`${id}-run-hint`}
        onClick={translateAll}
        data-testid="translate-all"
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        <FormattedMessage id="translationsPanel.translateAll" />
      </button>
      <p className="tm-note" id={`${id}-run-hint`}>
        <FormattedMessage id={noEngine ? "translationsPanel.translateAllNoEngine" : "translationsPanel.translateAllHint"} />
      </p>
      {run.running && run.total ? (
        <div className="tm-progress" data-testid="translation-progress">
          <label htmlFor={`${id}-progress`} className="tm-progress__label">
            <FormattedMessage id="translationsPanel.progress" values={{ done: run.done, total: run.total }} />
          </label>
          <progress id={`${id}-progress`} className="tm-progress__bar" value={run.done} max={run.total} />
        </div>
      ) : run.last ? (
        <p className="tm-note" role="status" data-testid="translation-finished">
          <FormattedMessage id="translationsPanel.finished" values={{ total: run.last.total, errors: run.last.errors }} />
        </p>
      ) : null}
    </div>
  );
}
