import { FormattedMessage } from "react-intl";
import type { ReadingJob } from "./api";

/**
 * A photo being read in the background: how far along, in words and a bar; the owner may stop
 * waiting (the job ends on its own on the server; nothing is written either way).
 */
export function DraftJobProgress({ job, onCancel }: { job?: ReadingJob; onCancel: () => void }) {
  const percent = Math.max(0, Math.min(100, Math.round(job?.progress ?? 0)));
  return (
    <div className="draft-job" data-testid="draft-job">
      <p className="draft-job__status" role="status">
        <span className="spinner" aria-hidden="true" />{" "}
        <FormattedMessage id={job?.status === "reading" ? "import.draft.jobReading" : "import.draft.jobQueued"} values={{ percent }} />
      </p>
      <progress className="draft-job__bar" max={100} value={percent} aria-hidden="true" data-testid="draft-job-progress" />
      <button type="button" className="btn btn--sm btn--ghost" onClick={onCancel} data-testid="draft-job-cancel">
        <FormattedMessage id="import.draft.jobCancel" />
      </button>
    </div>
  );
}
