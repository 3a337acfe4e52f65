/**
 * How long ago a call was made, as the guest reads it (issue 48): under a minute `justNow` (the
 * catalog's "только что", "just now"), then whole minutes in the language's own words through
 * Intl.RelativeTimeFormat ("2 мин. назад", "2 min. ago", "2分钟前", "قبل دقيقتين"); never negative
 * (the phone's clock may run behind the server's).
 */
export function callAge(fromMs: number, nowMs: number, locale: string, justNow: string): string {
  const minutes = Math.floor(Math.max(0, nowMs - fromMs) / 60_000);
  return minutes < 1 ? justNow : new Intl.RelativeTimeFormat(locale, { style: "short" }).format(-minutes, "minute");
}
