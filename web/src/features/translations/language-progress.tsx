import { useCallback, useRef } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { languageNames, type Language } from "@/i18n/languages";
import { isPendingJob, type TranslationsOverview } from "./api";

export type LanguageStats = { language: string; completed: number; pending: number; error: number };

/** How many of each menu language's jobs are completed, pending, and failed. */
export function languageStats(data: TranslationsOverview): LanguageStats[] {
  return data.languages.map((language) => {
    const own = data.jobs.filter((j) => j.language === language);
    return {
      language,
      completed: own.filter((j) => j.status === "completed").length,
      pending: own.filter(isPendingJob).length,
      error: own.filter((j) => j.status === "error").length,
    };
  });
}

/** A language's name in the interface language ("английский", "English"), else its own name. */
function languageName(intl: IntlShape, code: string) {
  let name: string | undefined;
  try {
    name = intl.formatDisplayName(code, { type: "language", fallback: "none" });
  } catch {
    name = undefined;
  }
  name ||= languageNames[code as Language] || code;
  return name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
}

/** Each menu language with its counts and a bar of completed, pending and failed jobs; `focused`, one marked and scrolled to. */
export function LanguageProgress({ stats, focused }: { stats: LanguageStats[]; focused?: string }) {
  const intl = useIntl();
  // Once, when the page opens on a language (the checklist's link): its row comes into view.
  const scrolled = useRef(false);
  const focusRow = useCallback((row: HTMLLIElement | null) => {
    if (!row || scrolled.current) return;
    scrolled.current = true;
    row.scrollIntoView({ block: "center" });
  }, []);
  return (
    <ul className="tm-langs" data-testid="translation-languages">
      {stats.map((s) => {
        const total = s.completed + s.pending + s.error;
        const pct = (n: number) => `${total ? (n / total) * 100 : 0}%`;
        return (
          <li
            key={s.language}
            className={s.language === focused ? "tm-lang tm-lang--focused" : "tm-lang"}
            data-language={s.language}
            aria-current={s.language === focused ? "true" : undefined}
            ref={s.language === focused ? focusRow : undefined}
          >
            <div className="tm-lang__head">
              <span className="tm-lang__name">{languageName(intl, s.language)}</span>
              {total === 0 ? (
                <span className="tm-count">
                  <FormattedMessage id="translationsPanel.noJobs" />
                </span>
              ) : (
                <span className="tm-lang__counts">
                  <span className="tm-count tm-count--ok">
                    <FormattedMessage id="translationsPanel.completed" values={{ n: s.completed }} />
                  </span>
                  <span className={s.pending ? "tm-count tm-count--wait" : "tm-count"}>
                    <FormattedMessage id="translationsPanel.pending" values={{ n: s.pending }} />
                  </span>
                  <span className={s.error ? "tm-count tm-count--err" : "tm-count"}>
                    <FormattedMessage id="translationsPanel.errors" values={{ n: s.error }} />
                  </span>
                </span>
              )}
            </div>
            {total ? (
              <div className="tm-bar" aria-hidden="true">
                <span className="tm-bar__ok" style={{ width: pct(s.completed) }} />
                <span className="tm-bar__wait" style={{ width: pct(s.pending) }} />
                <span className="tm-bar__err" style={{ width: pct(s.error) }} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
