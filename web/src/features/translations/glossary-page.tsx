import { useQuery } from "@tanstack/react-query";
import { AbbreviationForm } from "@menu/core/abbreviation/schemas";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import "@/components/layout/staff.css";
import type { CsObject } from "@/lib/admin-scope";
import { isApiError } from "@/lib/api";
import { errorMessageFor, notifyError } from "@/lib/errors";
import { glossaryQueryOptions, useDeleteAbbreviation, useQueueTranslations, useSaveAbbreviation, type GlossaryEntry } from "./api";
import { TranslationsPanel } from "./translations-panel";
import "./translations.css";

/** Search text: case and ё/е do not matter. */
const normalize = (s: string) => s.toLocaleLowerCase("ru").replaceAll("ё", "е").trim();

/** Abbreviations match in any case: one key per abbreviation, as the server compares them. */
const keyOf = (abbreviation: string) => abbreviation.trim().toLocaleLowerCase();

type Pair = Pick<GlossaryEntry, "abbreviation" | "full_form">;
/** What an abbreviation expanded to before this visit's changes, what it expands to now, and how many texts use it. */
type Change = { original: string | null; current: string | null; affected: number };

/**
 * Changes made on this page since the last re-translation, by abbreviation: a change that puts an
 * abbreviation back as it was (undo, or re-adding the same pair) leaves nothing out of date.
 */
function withChange(changes: Record<string, Change>, before: Pair | null, after: Pair | null, affected: number) {
  const next = { ...changes };
  const touch = (abbreviation: string, was: string | null, now: string | null, count: number) => {
    const key = keyOf(abbreviation);
    const original = next[key] ? next[key].original : was;
    if (original === now) delete next[key];
    else next[key] = { original, current: now, affected: count };
  };
  const renamed = before && (!after || keyOf(before.abbreviation) !== keyOf(after.abbreviation));
  if (before && renamed) touch(before.abbreviation, before.full_form, null, after ? 0 : affected);
  if (after) touch(after.abbreviation, before && !renamed ? before.full_form : null, after.full_form, affected);
  return next;
}

/**
 * settings/translations-map: the store's glossary of abbreviations, expanded before machine
 * translation, and the state of translation into the menu languages.
 */
export function TranslationsMapPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "glossary.title" })} — QR Menu`;
  }, [intl]);

  return (
    <>
      <div className="page-head">
        <div>
          <h1 className="page-head__title">
            <FormattedMessage id="glossary.title" />
          </h1>
          <p className="page-head__lead">
            <FormattedMessage id="glossary.lead" />
          </p>
        </div>
      </div>
      <div className="tm-layout">
        <GlossarySection cs={cs} />
        <TranslationsPanel cs={cs} />
      </div>
    </>
  );
}

type Editing = GlossaryEntry | "new" | undefined;

function GlossarySection({ cs }: { cs: CsObject }) {
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
  const shown = useMemo(() => {
    const needle = normalize(q);
    if (!needle) return entries;
    return entries.filter((e) => normalize(e.abbreviation).includes(needle) || normalize(e.full_form).includes(needle));
  }, [entries, q]);
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
        // The row and its button are gone: focus goes to a stable control, not to the page's start.
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

      {staleCount > 0 ? (
        <div className="tm-stale" role="status" data-testid="glossary-stale">
          <p>
            <FormattedMessage id="glossary.staleText" values={{ n: staleCount }} />
          </p>
          <div className="tm-stale__actions">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={queue.isPending}
              aria-busy={queue.isPending || undefined}
              onClick={retranslate}
              data-testid="glossary-retranslate"
            >
              {queue.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              <FormattedMessage id="glossary.retranslate" values={{ n: staleCount }} />
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setChanges({})}>
              <FormattedMessage id="glossary.dismiss" />
            </button>
          </div>
        </div>
      ) : null}

      {glossary.isPending ? (
        <GlossarySkeleton />
      ) : glossary.error ? (
        <div className="tm-error">
          <FormAlert>{errorMessageFor(glossary.error)}</FormAlert>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void glossary.refetch()}>
            <FormattedMessage id="glossary.retry" />
          </button>
        </div>
      ) : entries.length === 0 ? (
        <GlossaryEmpty onAdd={() => setEditing("new")} />
      ) : (
        <>
          <div className="tm-search" role="search">
            <label htmlFor={`${id}-search`} className="visually-hidden">
              <FormattedMessage id="glossary.searchLabel" />
            </label>
            <SearchIcon />
            <input
              id={`${id}-search`}
              type="search"
              className="input tm-search__input"
              placeholder={intl.formatMessage({ id: "glossary.searchPlaceholder" })}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Escape" && q) {
                  e.preventDefault();
                  setQ("");
                }
              }}
              data-testid="glossary-search"
            />
          </div>
          <p className="tm-muted tm-found" aria-live="polite">
            {normalize(q) ? <FormattedMessage id="glossary.found" values={{ n: shown.length, total: entries.length }} /> : null}
          </p>
          {shown.length ? (
            <table className="data-table tm-table" data-testid="glossary-table">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="glossary.colAbbreviation" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="glossary.colFullForm" />
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <FormattedMessage id="glossary.colActions" />
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((entry) => (
                  <tr key={entry.id} data-testid="glossary-row" data-abbreviation={entry.abbreviation}>
                    <td className="tm-table__abbr">
                      <span lang="ru">{entry.abbreviation}</span>
                    </td>
                    <td className="tm-table__full">
                      {entry.keep ? (
                        <span className="tm-table__kept" data-testid="glossary-kept">
                          <FormattedMessage id="glossary.kept" />
                        </span>
                      ) : (
                        <>
                          <span className="tm-table__arrow" aria-hidden="true">
                            →
                          </span>
                          <span lang="ru">{entry.full_form}</span>
                        </>
                      )}
                    </td>
                    <td className="tm-table__actions">
                      <div className="data-table__actions">
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={intl.formatMessage({ id: "glossary.edit" }, { abbreviation: entry.abbreviation })}
                          title={intl.formatMessage({ id: "glossary.edit" }, { abbreviation: entry.abbreviation })}
                          onClick={() => setEditing(entry)}
                          data-testid="glossary-edit"
                        >
                          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                            <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
                            <path d="m13.5 6.5 4 4" />
                          </svg>
                        </button>
                        <button
                          type="button"
                          className="icon-button icon-button--danger"
                          aria-label={intl.formatMessage({ id: "glossary.delete" }, { abbreviation: entry.abbreviation })}
                          title={intl.formatMessage({ id: "glossary.delete" }, { abbreviation: entry.abbreviation })}
                          onClick={() => {
                            remove.reset();
                            setDeleting(entry);
                          }}
                          data-testid="glossary-delete"
                        >
                          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                          </svg>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <div className="tm-none" data-testid="glossary-no-match">
              <p>
                <FormattedMessage id="glossary.noMatches" values={{ q: q.trim() }} />
              </p>
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setQ("")}>
                <FormattedMessage id="glossary.clearSearch" />
              </button>
            </div>
          )}
        </>
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

      <Dialog
        open={!!deleting}
        onClose={() => setDeleting(undefined)}
        size="sm"
        testId="glossary-delete-dialog"
        title={<FormattedMessage id="glossary.deleteTitle" />}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setDeleting(undefined)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={remove.isPending}
              aria-busy={remove.isPending || undefined}
              onClick={() => deleting && confirmDelete(deleting)}
              data-testid="glossary-confirm-delete"
            >
              {remove.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              <FormattedMessage id="common.delete" />
            </button>
          </>
        }
      >
        {remove.error ? <FormAlert>{errorMessageFor(remove.error)}</FormAlert> : null}
        {deleting ? (
          <p>
            <FormattedMessage
              id="glossary.deleteText"
              values={{
                abbreviation: (
                  <strong lang="ru" key="a">
                    {deleting.abbreviation}
                  </strong>
                ),
                fullForm: (
                  <strong lang="ru" key="f">
                    {deleting.full_form}
                  </strong>
                ),
              }}
            />
          </p>
        ) : null}
      </Dialog>
    </section>
  );
}

/** Create or edit a pair, validated with the server's schema; a duplicate is refused under the field. */
function AbbreviationDialog({
  entry,
  onClose,
  save,
  onSaved,
}: {
  entry?: GlossaryEntry;
  onClose: () => void;
  save: ReturnType<typeof useSaveAbbreviation>;
  onSaved: (saved: GlossaryEntry, affected: number) => void;
}) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // After the dialog opened (its own effect runs first), the first field gets the focus, not the close button.
  useEffect(() => {
    formRef.current?.querySelector("input")?.focus();
  }, []);
  const form = useZodForm(AbbreviationForm, { abbreviation: entry?.abbreviation ?? "", full_form: entry?.keep ? "" : (entry?.full_form ?? ""), keep: entry?.keep ?? false });
  const [formError, setFormError] = useState<unknown>();

  return (
    <Dialog
      open
      onClose={onClose}
      testId="glossary-dialog"
      title={<FormattedMessage id={entry ? "glossary.editTitle" : "glossary.addTitle"} />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <SubmitButton pending={save.isPending} label={entry ? "common.save" : "glossary.addSubmit"} className="btn btn--primary" form={formId} />
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate();
          if (!values || save.isPending) return;
          setFormError(undefined);
          save.mutate(
            { ...values, id: entry?.id },
            {
              onSuccess: ({ entry: saved, affected }) => onSaved(saved, affected),
              onError: (error) => {
                if (isApiError(error) && error.code === "abbreviationExists") form.setFieldError("abbreviation", { id: "glossary.exists" });
                else setFormError(error);
              },
            },
          );
        }}
      >
        {formError ? <FormAlert>{errorMessageFor(formError)}</FormAlert> : null}
        <TextField
          label="glossary.abbreviation"
          autoComplete="off"
          required
          hint={<FormattedMessage id="glossary.abbreviationHint" />}
          {...form.bind("abbreviation")}
        />
        {form.values.keep ? null : (
          <TextField label="glossary.fullForm" autoComplete="off" required hint={<FormattedMessage id="glossary.fullFormHint" />} {...form.bind("full_form")} />
        )}
        <CheckboxField label="glossary.keep" {...form.bind("keep")} />
        {form.values.keep ? (
          <p className="field__hint" data-testid="glossary-keep-hint">
            <FormattedMessage id="glossary.keepHint" />
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

function GlossaryEmpty({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="tm-empty" data-testid="glossary-empty">
      <h3 className="tm-empty__title">
        <FormattedMessage id="glossary.emptyTitle" />
      </h3>
      <p>
        <FormattedMessage id="glossary.emptyText" />
      </p>
      <div className="tm-empty__example">
        <p>
          <span className="tm-muted">
            <FormattedMessage id="glossary.emptyExample" />
          </span>{" "}
          <span lang="ru">
            <code>с/м</code> → <code>свежемороженый</code>
          </span>
        </p>
        <p lang="ru" className="tm-muted">
          «кальмар с/м» → «кальмар свежемороженый», «С/м кальмар» → «Свежемороженый кальмар»
        </p>
      </div>
      <button type="button" className="btn btn--primary btn--sm" onClick={onAdd}>
        <FormattedMessage id="glossary.addFirst" />
      </button>
    </div>
  );
}

function GlossarySkeleton() {
  return (
    <div className="tm-skeleton" role="status" data-testid="glossary-loading">
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
      {[38, 62, 48, 56].map((w, i) => (
        <div key={i} className="tm-skeleton__row" aria-hidden="true">
          <span className="tm-skeleton__bar" style={{ width: "18%" }} />
          <span className="tm-skeleton__bar" style={{ width: `${w}%` }} />
        </div>
      ))}
    </div>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg className="tm-search__icon" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
