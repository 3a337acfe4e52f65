import { NO_ENGINE_REASON } from "@menu/core/translation/engine";
import { manualTranslationForm, type TargetType, type TranslationLanguage, type TranslationsInfo } from "@menu/core/translation/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import type { FieldMessage } from "@/components/form/validation";
import { RichTextEditor } from "@/components/rich-text-editor";
import type { MessageId } from "@/i18n/catalogs";
import { languageNames, type Language } from "@/i18n/languages";
import { errorMessageFor } from "@/lib/errors";
import { addPendingCategoriesAtom, addPendingProductsAtom } from "@/state/translations";
import { summaryOf } from "../items/format";
import { errorsByPath } from "../items/form-messages";
import { markQueued, patchTranslations, translationCalls, translationsKey, useTranslationOverview } from "./data";
import type { LanguageStatus, Translatable } from "./status";
import { stateMessage, TranslationBadge } from "./translation-badges";
import "./translations.css";

type Entry = TranslationsInfo[string];

/** The labels of the translated fields: the source fields' own. */
const FIELD_LABELS: Record<TargetType, { title: MessageId; description?: MessageId }> = {
  Item: { title: "menuAdmin.item.title", description: "menuAdmin.item.description" },
  Category: { title: "categories.name" },
  Promotion: { title: "menuAdmin.promotion.header", description: "menuAdmin.promotion.description" },
};

/** A language's name in the interface language ("Английский"), its own name as a fallback. */
function useLanguageName() {
  const intl = useIntl();
  const names = useMemo(() => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: "language" });
    } catch {
      return undefined;
    }
  }, [intl.locale]);
  return (lang: string) => {
    const name = names?.of(lang) ?? languageNames[lang as Language] ?? lang;
    return name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
  };
}

/** The job's reason in the interface language when it is a known one, else as the server wrote it (English). */
function ErrorReason({ reason }: { reason?: string }) {
  return (
    <p className="tr-lang__error" data-testid="translation-error">
      <FormattedMessage
        id="translation.failed"
        values={{
          reason:
            reason === NO_ENGINE_REASON ? (
              <FormattedMessage id="translation.reason.noEngine" />
            ) : reason ? (
              <span lang="en">{reason}</span>
            ) : (
              <FormattedMessage id="translation.reason.unknown" />
            ),
        }}
      />
    </p>
  );
}

/**
 * The "Translations" tab of the item, category and promotion dialogs (issue 12): each of the store's
 * target languages with its status, the current text (machine-made or hand-made, and which), and an
 * editor for a hand-made translation; a hand-made one can go back to automatic.
 */
export function TranslationsPanel({ storeId, type, record }: { storeId: string; type: TargetType; record: Translatable }) {
  const { overview, statusesOf } = useTranslationOverview(storeId);
  const [editing, setEditing] = useState<string>();
  const [resetting, setResetting] = useState<string>();
  const languageName = useLanguageName();

  if (!overview) {
    return (
      <p className="tr-panel__loading" role="status">
        <span className="spinner" aria-hidden="true" /> <FormattedMessage id="common.loading" />
      </p>
    );
  }
  const statuses = statusesOf(type, record);
  return (
    <div className="tr-panel" data-testid="translations-panel">
      <p className="tr-panel__lead">
        <FormattedMessage id="translation.lead" />
      </p>
      {overview.engine === "none" ? (
        <FormAlert tone="info" testId="translation-no-engine">
          <FormattedMessage id="translation.engineNone" />
        </FormAlert>
      ) : null}
      {statuses.length ? (
        <ul className="tr-langs">
          {statuses.map((status) => (
            <LanguageRow
              key={status.lang}
              storeId={storeId}
              type={type}
              record={record}
              status={status}
              name={languageName(status.lang)}
              editing={editing === status.lang}
              onEdit={(on) => setEditing(on ? status.lang : undefined)}
              onReset={() => setResetting(status.lang)}
            />
          ))}
        </ul>
      ) : (
        <p className="ma-note" data-testid="translation-no-languages">
          <FormattedMessage id="translation.noLanguages" />
        </p>
      )}
      {resetting ? (
        <ResetDialog storeId={storeId} type={type} id={record.id} language={resetting} name={languageName(resetting)} onClose={() => setResetting(undefined)} />
      ) : null}
    </div>
  );
}

function LanguageRow({
  storeId,
  type,
  record,
  status,
  name,
  editing,
  onEdit,
  onReset,
}: {
  storeId: string;
  type: TargetType;
  record: Translatable;
  status: LanguageStatus;
  name: string;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onReset: () => void;
}) {
  const intl = useIntl();
  const entry = record.translations[status.lang];
  // After the editor closes, focus goes back to the button that opened it.
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const hasText = !!(entry?.title || entry?.description);
  const summary = entry?.description ? summaryOf(entry.description) : "";
  const origin = entry?.manual ? "translation.origin.manual" : entry?.checked ? "translation.origin.checked" : hasText ? "translation.origin.machine" : "translation.origin.none";
  const outdated = status.state === "outdated";
  // Staff vouch for a machine translation, or re-check an outdated one against today's source.
  const checkable = hasText && (outdated || (!entry?.manual && !entry?.checked && status.state === "completed"));
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: () => translationCalls.check(storeId, type, record.id, status.lang as TranslationLanguage),
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, record.id, translations);
      void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
      toast.success(intl.formatMessage({ id: "translation.checked" }, { language: name }));
    },
  });
  return (
    <li className="tr-lang" data-testid="translation-language" data-lang={status.lang} data-state={status.state}>
      <div className="tr-lang__head">
        <TranslationBadge status={status} />
        <span className="tr-lang__name">{name}</span>
        <span className={`tr-lang__status tr-lang__status--${status.state}`}>
          <FormattedMessage id={stateMessage(status.state)} />
        </span>
      </div>
      {status.state === "error" ? <ErrorReason reason={status.error} /> : null}
      {outdated ? (
        <p className="tr-lang__outdated" data-testid="translation-outdated">
          <FormattedMessage id="translation.outdatedNote" />
        </p>
      ) : null}
      <div className="tr-lang__current">
        <p className="tr-lang__origin" data-testid="translation-origin" data-origin={entry?.manual ? "manual" : entry?.checked ? "checked" : hasText ? "machine" : "none"}>
          <FormattedMessage id={origin} />
        </p>
        {hasText ? (
          <div className="tr-lang__text" lang={status.lang} dir="auto" data-testid="translation-text">
            {entry?.title ? <p className="tr-lang__title">{entry.title}</p> : null}
            {summary ? <p className="tr-lang__description">{summary}</p> : null}
          </div>
        ) : null}
      </div>
      {editing ? (
        <TranslationEditor
          storeId={storeId}
          type={type}
          recordId={record.id}
          language={status.lang}
          name={name}
          entry={entry}
          onDone={() => {
            refocus.current = true;
            onEdit(false);
          }}
        />
      ) : (
        <div className="tr-lang__actions">
          <button
            type="button"
            ref={editButton}
            className="btn btn--ghost btn--sm"
            aria-label={intl.formatMessage({ id: hasText ? "translation.editLabel" : "translation.writeLabel" }, { language: name })}
            onClick={() => onEdit(true)}
            data-testid="edit-translation"
          >
            <FormattedMessage id={hasText ? "translation.edit" : "translation.write"} />
          </button>
          {checkable ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={intl.formatMessage({ id: "translation.checkLabel" }, { language: name })}
              disabled={check.isPending}
              onClick={() => check.mutate()}
              data-testid="check-translation"
            >
              <FormattedMessage id="translation.check" />
            </button>
          ) : null}
          {entry?.manual || entry?.checked ? (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={intl.formatMessage({ id: "translation.resetLabel" }, { language: name })}
              onClick={onReset}
              data-testid="reset-translation"
            >
              <FormattedMessage id="translation.reset" />
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** Title (and, for items and promotions, the rich-text description) of one language, saved as hand-made. */
function TranslationEditor({
  storeId,
  type,
  recordId,
  language,
  name,
  entry,
  onDone,
}: {
  storeId: string;
  type: TargetType;
  recordId: string;
  language: string;
  name: string;
  entry: Entry;
  onDone: () => void;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const labels = FIELD_LABELS[type];
  const [values, setValues] = useState({ title: entry?.title ?? "", description: entry?.description ?? "" });
  const [submitted, setSubmitted] = useState(false);
  const form = useMemo(() => {
    const input = { title: values.title, ...(labels.description && values.description ? { description: values.description } : {}) };
    return manualTranslationForm(type).safeParse(input);
  }, [values, type, labels.description]);
  const errors: Record<string, FieldMessage> = submitted && !form.success ? errorsByPath(form.error) : {};

  const save = useMutation({
    mutationFn: (input: { title: string; description?: string }) => translationCalls.save(storeId, type, recordId, language as TranslationLanguage, input),
    meta: { silentError: true },
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, recordId, translations);
      void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
      toast.success(intl.formatMessage({ id: "translation.saved" }, { language: name }));
      onDone();
    },
  });

  return (
    <form
      className="form tr-editor"
      noValidate
      data-testid="translation-editor"
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (form.success) save.mutate(form.data);
      }}
    >
      <fieldset className="tr-editor__fields">
        <legend className="tr-editor__legend">
          <FormattedMessage id="translation.legend" values={{ language: name }} />
        </legend>
        {save.error ? <FormAlert>{errorMessageFor(save.error)}</FormAlert> : null}
        <TextField
          label={labels.title}
          required
          autoComplete="off"
          autoFocus
          name="translation-title"
          value={values.title}
          error={errors.title}
          onChange={(v) => setValues((current) => ({ ...current, title: String(v) }))}
        />
        {labels.description ? (
          <RichTextEditor
            label={labels.description}
            value={values.description}
            error={errors.description}
            onChange={(v) => setValues((current) => ({ ...current, description: v }))}
          />
        ) : null}
      </fieldset>
      <div className="tr-editor__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
          <FormattedMessage id="common.cancel" />
        </button>
        <SubmitButton pending={save.isPending} label="translation.save" className="btn btn--primary btn--sm" />
      </div>
    </form>
  );
}

/** "Back to automatic", after a confirmation: the hand-made text goes and the language is queued. */
function ResetDialog({ storeId, type, id, language, name, onClose }: { storeId: string; type: TargetType; id: string; language: string; name: string; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const addProducts = useSetAtom(addPendingProductsAtom);
  const addCategories = useSetAtom(addPendingCategoriesAtom);
  const reset = useMutation({
    mutationFn: () => translationCalls.reset(storeId, type, id, language as TranslationLanguage),
    meta: { silentError: true },
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      markQueued(queryClient, storeId, type, id, language);
      // The language is queued again: poll it like a saved item or category (the poll refreshes the
      // record, then the badges). Promotions are not polled (SPEC section 4): re-read the badges once.
      if (type === "Item") addProducts(id);
      else if (type === "Category") addCategories(id);
      else void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
      toast.success(intl.formatMessage({ id: "translation.resetDone" }, { language: name }));
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={() => !reset.isPending && onClose()}
      size="sm"
      testId="translation-reset-dialog"
      title={<FormattedMessage id="translation.resetTitle" values={{ language: name }} />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={reset.isPending}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="btn btn--primary" disabled={reset.isPending} aria-busy={reset.isPending || undefined} onClick={() => reset.mutate()} data-testid="confirm-translation-reset">
            {reset.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="translation.reset" />
          </button>
        </>
      }
    >
      {reset.error ? <FormAlert>{errorMessageFor(reset.error)}</FormAlert> : null}
      <p>
        <FormattedMessage id="translation.resetText" values={{ language: name }} />
      </p>
    </Dialog>
  );
}
