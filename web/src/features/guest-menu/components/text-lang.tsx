import type { ReactNode } from "react";

/**
 * A published text that is not in the menu's language carries its own (`title_lang`, `name_lang`…:
 * the source or the English one shown until a translation exists). Marking it keeps a Russian or
 * English text from being read as Arabic under `lang="ar"`, and isolates its direction.
 */

/** Attributes for a block that holds such a text (a description); nothing when it is in the page's language. */
export const textLangProps = (lang: string | undefined): { lang?: string; dir?: "auto" } => (lang ? { lang, dir: "auto" } : {});

/** An inline text (title, category name, header) in its own language, isolated; without `lang`, the bare text. */
export function Foreign({ lang, children }: { lang: string | undefined; children: ReactNode }) {
  return lang ? (
    <bdi lang={lang} dir="auto">
      {children}
    </bdi>
  ) : (
    <>{children}</>
  );
}

/** A number with its unit or currency ("230 g", "BYN 12.50"): left to right, isolated, also in a right-to-left page. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
