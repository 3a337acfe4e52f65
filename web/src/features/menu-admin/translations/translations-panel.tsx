import type { TargetType } from "@menu/core/translation-editor/schemas";
import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { useTranslationOverview } from "./api";
import { useLanguageName } from "./language-name";
import { LanguageRow } from "./language-row";
import { ResetDialog } from "./reset-dialog";
import type { Translatable } from "./status";
import "./translations.css";

/**
 * The "Translations" tab of the item, category and promotion dialogs (issue 12): each of the store's
 * target languages with its status, the current text (machine-made or hand-made, and which), and an
 * editor for a hand-made translation; a hand-made one can go back to automatic. `language`: the
 * one whose editor is open at first (chosen from a card's translation chip).
 */
export function TranslationsPanel({ storeId, type, record, language }: { storeId: string; type: TargetType; record: Translatable; language?: string }) {
  const { overview, statusesOf } = useTranslationOverview(storeId);
  const [editing, setEditing] = useState<string | undefined>(language);
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
