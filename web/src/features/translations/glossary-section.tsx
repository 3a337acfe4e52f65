import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import type { CsObject } from "@/lib/admin-scope";
import { notifyError } from "@/lib/errors";
import { AbbreviationDialog } from "./abbreviation-dialog";
import { glossaryQueryOptions, useDeleteAbbreviation, useQueueTranslations, useSaveAbbreviation, type GlossaryEntry } from "./api";
import { DeleteAbbreviationDialog } from "./delete-abbreviation-dialog";
import { withChange, type Change, type Pair } from "./glossary-changes";
import { GlossaryEmpty } from "./glossary-empty";
import { GlossaryList } from "./glossary-list";
import { LoadError, LoadingSkeleton } from "./load-states";
import { StaleNotice } from "./stale-notice";

type Editing = GlossaryEntry | "new" | undefined;

const SKELETON_ROWS = [38, 62, 48, 56].map((w) => [18, w]);

/** The glossary panel: the abbreviations, their changes (with undo), and re-translating the texts the changes affected. */
export function GlossarySection({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const id = useId();
  const glossary = useQuery(glossaryQueryOptions(cs.store_id));
  const [q, setQ] = useState("");
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<GlossaryEntry | undefined>();
  const [changes, setChanges] = useState<Record<string, Change>>({});
  const addRef = useRef<HTMLButtonElement>(null);
  const save = useSaveAbbreviation(cs.store_id);
  const remove = useDeleteAbbreviation(cs.store_id);
  const queue = useQueueTranslations(cs.store_id);

  const entries = useMemo(() => glossary.data ?? [], [glossary.data]);
  const removedId = useRef<string>(undefined);
  useEffect(() => {
    if (!removedId.current || entries.some((e) => e.id === removedId.current)) return;
    removedId.current = undefined;
    if (!document.activeElement || document.activeElement === document.body) addRef.current?.focus();
  }, [entries]);
  // Menu texts whose translations the changes made out of date.
  const staleCount = Object.values(changes).reduce((sum, c) => sum + c.affected, 0);
  const noteChange = (before: Pair | null, after: Pair | null, affected: number) => setChanges((current) => withChange(current, before, after, affected));

  const undo = (entry: GlossaryEntry) =>
    save.mutate(
      { abbreviation: entry.abbreviation, full_form: entry.full_form, keep: entry.keep },
      {
        // The same pair again: the texts expand as before, so their translations are up to date again.
        onSuccess: ({ entry: restored, affected }) => {
          noteChange(null, restored, affected);
          toast.success(intl.formatMessage({ id: "glossary.restored" }));
        },
        onError: notifyError,
      },
    );

  const confirmDelete = (entry: GlossaryEntry) =>
    remove.mutate(entry.id, {
      onSuccess: ({ affected }) => {
        setDeleting(undefined);
        noteChange(entry, null, affected);
        toast.success(intl.formatMessage({ id: "glossary.deleted" }, { abbreviation: entry.abbreviation }), {
          duration: 10_000,
          action: { label: intl.formatMessage({ id: "glossary.undo" }), onClick: () => undo(entry) },
        });
        // The row and its button go: focus goes to a stable control, not to the page's start (also
        // once the list without the row arrives, which on a slow machine comes after this frame).
        removedId.current = entry.id;
        requestAnimationFrame(() => addRef.current?.focus());
      },
    });

  const retranslate = () =>
    queue.mutate(undefined, {
      onSuccess: ({ queued }) => {
        setChanges({});
        toast.success(intl.formatMessage({ id: "translationsPanel.queued" }, { n: queued }));
      },
      onError: notifyError,
    });

  return (
    <section className="panel tm-glossary" aria-labelledby={`${id}-title`} data-testid="glossary">
      <div className="tm-glossary__head">
        <div>
          <h2 className="panel__title" id={`${id}-title`}>
            <FormattedMessage id="glossary.listTitle" />
          </h2>
          {glossary.isSuccess && entries.length ? (
            <p className="tm-muted">
              <FormattedMessage id="glossary.count" values={{ n: entries.length }} />
            </p>
          ) : null}
        </div>
        <button ref={addRef} type="button" className="btn btn--primary btn--sm" onClick={() => setEditing("new")} data-testid="glossary-add">
          <PlusIcon />
          <FormattedMessage id="glossary.add" />
        </button>
      </div>

      {staleCount > 0 ? <StaleNotice count={staleCount} pending={queue.isPending} onRetranslate={retranslate} onDismiss={() => setChanges({})} /> : null}

      {glossary.isPending ? (
        <LoadingSkeleton rows={SKELETON_ROWS} testId="glossary-loading" />
      ) : glossary.error ? (
        <LoadError error={glossary.error} onRetry={() => void glossary.refetch()} />
      ) : entries.length === 0 ? (
        <GlossaryEmpty onAdd={() => setEditing("new")} />
      ) : (
        <GlossaryList
          searchId={`${id}-search`}
          entries={entries}
          q={q}
          onSearch={setQ}
          onEdit={setEditing}
          onDelete={(entry) => {
            remove.reset();
            setDeleting(entry);
          }}
        />
      )}

      {editing ? (
        <AbbreviationDialog
          entry={editing === "new" ? undefined : editing}
          onClose={() => setEditing(undefined)}
          save={save}
          onSaved={(saved, affected) => {
            setEditing(undefined);
            noteChange(editing === "new" ? null : editing, saved, affected);
            toast.success(intl.formatMessage({ id: editing === "new" ? "glossary.created" : "glossary.saved" }));
          }}
        />
      ) : null}

      <DeleteAbbreviationDialog entry={deleting} pending={remove.isPending} error={remove.error} onClose={() => setDeleting(undefined)} onConfirm={confirmDelete} />
    </section>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}
