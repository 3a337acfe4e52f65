import { useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";

const DATE_MARK = "\uE000";

/**
 * A sentence with a date in bold and one full stop at its end: a date that ends with an
 * abbreviation's stop (ru "23 февраля 2027 г.") takes the place of the sentence's own ".", so the
 * page never shows "г.." (in any language: the message is formatted around a marker first).
 */
export function DateSentence({ id, date }: { id: MessageId; date: string }) {
  const intl = useIntl();
  const [before = "", after = ""] = intl.formatMessage({ id }, { date: DATE_MARK }).split(DATE_MARK);
  const rest = date.endsWith(".") && after.startsWith(".") && !after.startsWith("..") ? after.slice(1) : after;
  return (
    <>
      {before}
      <strong>{date}</strong>
      {rest}
    </>
  );
}
