import { useId, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";

/** One panel of the settings form: a titled group of fields. */
export function Section({ title, lead, children }: { title: MessageId; lead?: MessageId; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel store-settings__section" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        <FormattedMessage id={title} />
      </h2>
      {lead ? (
        <p className="panel__lead">
          <FormattedMessage id={lead} />
        </p>
      ) : null}
      <div className="store-settings__fields">{children}</div>
    </section>
  );
}
