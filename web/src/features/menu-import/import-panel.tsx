import type { SheetMapping } from "@menu/core/import/reading/sheet-columns-mapping";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { isPlan, readingJobOptions, useApplyImport, useImportPreview, type DraftAnswer, type File64, type ImportPlan, type ImportProgress, type PreviewAnswer } from "./api";
import { ColumnMappingForm } from "./column-mapping";
import { useDraftConfirm } from "./draft-confirm";
import { DraftEditor } from "./draft-editor";
import { DraftJobProgress } from "./draft-job";
import { ImportResult, type ImportOutcome } from "./import-result";
import { PlanPreview } from "./plan-preview";
import { SourcePicker } from "./source-picker";
import "./import-panel.css";

/** A draft on screen: `version` remounts the editor for a new one; `focus` only when it is the source's first. */
type ShownDraft = DraftAnswer & { version: number; focus: boolean };

/**
 * Menu import (issues 19 and 50). A spreadsheet with the export's columns → a preview of what is
 * added and changed, or every invalid cell → "Import", written in chunks with progress. Any other
 * menu (a spreadsheet of the owner's own columns, a PDF, a Word file, pasted text, a photo read in
 * the background) → the draft editor, where the owner corrects what was read and confirms; the
 * draft is then imported as the export's rows. Nothing is written while any row is invalid.
 * `onApplying` lets a page that shows the panel only while its list is empty keep it for the summary.
 */
export function MenuImportPanel({ cs, onApplying }: { cs: CsObject; onApplying?: () => void }) {
  const intl = useIntl();
  const [source, setSource] = useState<File64>();
  const [draft, setDraft] = useState<ShownDraft>();
  const [jobId, setJobId] = useState<string>();
  const [progress, setProgress] = useState<ImportProgress>();
  const [outcome, setOutcome] = useState<ImportOutcome>();
  const preview = useImportPreview(cs.store_id);
  const job = useQuery(readingJobOptions(cs.store_id, jobId));
  const apply = useApplyImport(cs.store_id, setProgress);
  // The file the last apply wrote: after a failed chunk, the same file goes on from the first item
  // not written (new rows have no ID: starting over would add the written ones again).
  const applied = useRef<string>(undefined);

  const applyFile = async (file: File64, plan: ImportPlan) => {
    onApplying?.();
    const from = progress && progress.done < progress.total && applied.current === file.content ? progress.done : 0;
    applied.current = file.content;
    const last = await apply.mutateAsync({ file, from });
    setOutcome({ create: plan.creates, change: plan.changes, unchanged: plan.unchanged, errors: plan.errors.length, categories: last.categories });
    setSource(undefined);
    setDraft(undefined);
    setJobId(undefined);
    preview.reset();
  };
  const draftConfirm = useDraftConfirm(cs.store_id, applyFile);

  const received = (answer: PreviewAnswer, focus: boolean) => {
    if ("job_id" in answer) setJobId(answer.job_id);
    else if ("draft" in answer) setDraft((shown) => ({ ...answer, version: (shown?.version ?? 0) + 1, focus }));
  };
  const send = (file: File64) => {
    setSource(file);
    preview.mutate({ file }, { onSuccess: (answer) => received(answer, true) });
  };
  const remap = (mapping: SheetMapping) => void (source && preview.mutate({ file: source, mapping }, { onSuccess: (answer) => received(answer, false) }));
  const start = () => {
    setProgress(undefined);
    setOutcome(undefined);
    setSource(undefined);
    setDraft(undefined);
    setJobId(undefined);
    apply.reset();
    preview.reset();
  };

  // A photo's job: its draft once read, or why it could not be.
  const jobAnswer = jobId && job.data?.status === "done" && job.data.draft ? { draft: job.data.draft, version: 0, focus: true } : undefined;
  const jobError = jobId && job.data?.status === "error" ? (job.data.error ?? "") : undefined;
  const shown: ShownDraft | undefined = draft ?? jobAnswer;

  const jobErrorText = (code: string) => (Object.hasOwn(intl.messages, `import.error.${code}`) ? intl.formatMessage({ id: `import.error.${code}` as MessageId }) : intl.formatMessage({ id: "import.draft.jobFailed" }));
  const plan = preview.data && isPlan(preview.data) ? preview.data : undefined;
  const applying = { pending: apply.isPending || draftConfirm.checking, progress, error: apply.error };
  return (
    <section id="menu-import" className="panel menu-import" aria-labelledby="menu-import-title" data-testid="menu-import">
      <h2 id="menu-import-title" className="panel__title">
        <FormattedMessage id="import.draft.panelTitle" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="import.draft.panelLead" />
      </p>
      <p className="menu-import__template">
        <FormattedMessage id="import.template" />{" "}
        <a href="/api/menu-import/template?format=xlsx" download data-testid="import-template-xlsx">
          Excel (.xlsx)
        </a>
        {" · "}
        <a href="/api/menu-import/template?format=csv" download data-testid="import-template-csv">
          CSV
        </a>
      </p>
      <SourcePicker disabled={apply.isPending || draftConfirm.checking} onChoose={start} onSend={send} />
      {outcome ? <ImportResult cs={cs} outcome={outcome} /> : null}
      {preview.isPending && !shown ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage id="import.checking" />
        </p>
      ) : null}
      {preview.error ? <FormAlert>{errorMessageFor(preview.error)}</FormAlert> : null}
      {jobId && !shown && jobError === undefined ? <DraftJobProgress job={job.data} onCancel={start} /> : null}
      {job.error && jobId ? <FormAlert>{errorMessageFor(job.error)}</FormAlert> : null}
      {jobError !== undefined ? (
        <FormAlert testId="import-refusal">
          {jobErrorText(jobError)} <FormattedMessage id="import.nothingImported" />
        </FormAlert>
      ) : null}
      {plan ? <PlanPreview plan={plan} applying={applying} onApply={() => source && void applyFile(source, plan).catch(() => undefined)} /> : null}
      {shown?.columns ? <ColumnMappingForm columns={shown.columns} disabled={preview.isPending} onChange={remap} /> : null}
      {shown ? <DraftEditor key={draft ? draft.version : jobId} draft={shown.draft} focusOnMount={shown.focus} onConfirm={draftConfirm.confirm} applying={applying} onDiscard={start} /> : null}
    </section>
  );
}
