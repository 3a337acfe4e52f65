import { useState } from "react";
import type { TargetType } from "@menu/core/translation-editor/schemas";
import type { useTranslationOverview } from "./api";
import { isOutdatedIn, needsTranslation, type Translatable } from "./status";
import { TranslationFilter, type TranslationFilterKind } from "./translation-badges";

/**
 * The translation filters of a list pane: "Untranslated only", and "Outdated only" while the store
 * has outdated translations of this kind (or the filter is on). One at a time.
 */
export function useTranslationFilter<T extends Translatable>(translation: ReturnType<typeof useTranslationOverview>, type: TargetType) {
  const [kind, setKind] = useState<TranslationFilterKind>();
  const active = translation.languages.length ? kind : undefined;
  const anyOutdated = (translation.overview?.outdated ?? []).some((o) => o.target_type === type);
  const toggle = (k: TranslationFilterKind) => (on: boolean) => setKind(on ? k : undefined);
  const toolbar = translation.languages.length ? (
    <>
      <TranslationFilter kind="untranslated" checked={active === "untranslated"} onChange={toggle("untranslated")} />
      {anyOutdated || active === "outdated" ? <TranslationFilter kind="outdated" checked={active === "outdated"} onChange={toggle("outdated")} /> : null}
    </>
  ) : null;
  const filter = active ? (row: T) => (active === "untranslated" ? needsTranslation : isOutdatedIn)(translation.statusesOf(type, row)) : undefined;
  return { toolbar, filter };
}
