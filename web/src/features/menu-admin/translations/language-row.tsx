import { NO_ENGINE_REASON } from "@menu/core/shared/model";
import type { TargetType } from "@menu/core/translation-editor/schemas";
import { useEffect, useRef } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { summaryOf } from "../shared/format";
import { useCheckTranslation } from "./api";
import { hasTranslatedText, type LanguageStatus, type Translatable } from "./status";
import { stateMessage, TranslationBadge } from "./translation-badges";
import { StoreTextsEditor } from "./store-texts-editor";
import { TranslationEditor } from "./translation-editor";

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

/** One target language of the content: its status, the current text and where it comes from, and what can be done with it. */
export function LanguageRow({
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
  const closeEditor = () => {
    refocus.current = true;
    onEdit(false);
  };
  const hasText = hasTranslatedText(entry);
  const phoneNotes = (entry?.phones ?? []).map((note, i) => ({ note, number: record.source?.phones[i]?.number })).filter((p) => p.note);
  const summary = entry?.description ? summaryOf(entry.description) : "";
  const origin = entry?.manual ? "translation.origin.manual" : entry?.checked ? "translation.origin.checked" : hasText ? "translation.origin.machine" : "translation.origin.none";
  const outdated = status.state === "outdated";
  // Staff vouch for a machine translation, or re-check an outdated one against today's source.
  const checkable = hasText && (outdated || (!entry?.manual && !entry?.checked && status.state === "completed"));
  const check = useCheckTranslation({ storeId, type, id: record.id, language: status.lang });
  const markChecked = () => check.mutate(undefined, { onSuccess: () => toast.success(intl.formatMessage({ id: "translation.checked" }, { language: name })) });
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
            {summary ? <p className="tr-lang__description summary-text">{summary}</p> : null}
            {entry?.address ? <p className="tr-lang__title">{entry.address}</p> : null}
            {phoneNotes.map(({ note, number }, i) => (
              <p key={i} className="tr-lang__description">
                {number ? <bdi dir="ltr">{number}</bdi> : null} {note}
              </p>
            ))}
          </div>
        ) : null}
      </div>
      {editing ? (
        type === "Store" ? (
          <StoreTextsEditor storeId={storeId} record={record} language={status.lang} name={name} entry={entry} onDone={closeEditor} />
        ) : (
          <TranslationEditor storeId={storeId} type={type} recordId={record.id} language={status.lang} name={name} entry={entry} onDone={closeEditor} />
        )
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
              onClick={markChecked}
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
