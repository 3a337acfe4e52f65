import { useQuery } from "@tanstack/react-query";

import { FormattedMessage } from "react-intl";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { useInterfaceLanguage } from "@/i18n/language-state";
import { Markdown } from "./markdown";
import "./legal.css";
import { usePageTitle } from "@/lib/page-title";

export type LegalDoc = "offer" | "privacy-policy" | "privacy" | "user-agreement";

/** Each document in each interface language is its own small chunk, fetched when the page opens. */
const documents = import.meta.glob<string>("../../content/legal/*.md", { query: "?raw", import: "default" });

const loadDocument = (doc: LegalDoc, locale: string) => {
  const load = documents[`../../content/legal/${doc}.${locale}.md`] ?? documents[`../../content/legal/${doc}.ru.md`];
  if (!load) throw new Error(`Missing document ${doc}`);
  return load();
};

/** /offer, /privacy-policy, /privacy, /user-agreement: a document from src/content/legal in the interface language. */
export function LegalPage({ doc }: { doc: LegalDoc }) {
  const locale = useInterfaceLanguage();
  const text = useQuery({ queryKey: ["legal", doc, locale], queryFn: () => loadDocument(doc, locale), staleTime: Infinity });
  const title = text.data ? /^#\s+(.+)$/m.exec(text.data)?.[1] : undefined;

  usePageTitle(title);

  return (
    <div className="page">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="legal">
        <div className="container">
          <article className="legal__doc" lang={locale} data-testid="legal-doc">
            {text.isPending ? (
              <p role="status" className="legal__status">
                <FormattedMessage id="common.loading" />
              </p>
            ) : text.error ? (
              <p role="alert" className="legal__status">
                <FormattedMessage id="errors.somethingWentWrong" />
              </p>
            ) : (
              <Markdown source={text.data} />
            )}
          </article>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
