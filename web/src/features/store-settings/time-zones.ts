/** The IANA time zones the browser knows (the store's schedules and "open now" are evaluated in it). */
export const TIME_ZONES: string[] = (() => {
  const supported = (Intl as { supportedValuesOf?: (key: "timeZone") => string[] }).supportedValuesOf?.("timeZone");
  return supported?.length ? supported.filter((tz) => tz.includes("/")) : ["Europe/Minsk", "Europe/Moscow", "Europe/Warsaw", "Europe/Vilnius", "Asia/Shanghai", "UTC"];
})();
