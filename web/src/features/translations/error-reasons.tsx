import { NO_ENGINE_REASON } from "@menu/core/shared/model";
import { FormattedMessage } from "react-intl";
import type { TranslationJob } from "./api";

const MAX_REASONS = 5;

/** Error reasons with how many jobs ended with each, the latest first. */
function errorGroups(jobs: TranslationJob[]) {
  const groups = new Map<string, { reason: string; count: number; latest: string }>();
  for (const job of jobs) {
    if (job.status !== "error") continue;
    const reason = job.error ?? "";
    const group = groups.get(reason) ?? { reason, count: 0, latest: "" };
    group.count++;
    if (job.updated_at > group.latest) group.latest = job.updated_at;
    groups.set(reason, group);
  }
  return [...groups.values()].sort((a, b) => (a.latest < b.latest ? 1 : a.latest > b.latest ? -1 : 0));
}

/** Why jobs failed (the latest reasons, with their counts); nothing when none failed. */
export function ErrorReasons({ jobs }: { jobs: TranslationJob[] }) {
  const groups = errorGroups(jobs);
  return groups.length ? (
    <>
      <h3 className="tm-subtitle">
        <FormattedMessage id="translationsPanel.errorsTitle" />
      </h3>
      <ul className="tm-reasons" data-testid="translation-errors">
        {groups.slice(0, MAX_REASONS).map((g) => (
          <li key={g.reason}>
            {g.reason === NO_ENGINE_REASON ? (
              <span>
                <FormattedMessage id="translationsPanel.reasonNoEngine" />
              </span>
            ) : g.reason ? (
              <span lang="en">{g.reason}</span>
            ) : (
              <span>
                <FormattedMessage id="translationsPanel.reasonUnknown" />
              </span>
            )}
            <span className="tm-reasons__count">
              <FormattedMessage id="translationsPanel.reasonCount" values={{ n: g.count }} />
            </span>
          </li>
        ))}
      </ul>
    </>
  ) : null;
}
