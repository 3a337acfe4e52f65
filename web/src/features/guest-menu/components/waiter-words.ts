/**
 * The waiter view's own words (issue 19): always Russian, the venue's language, whatever language
 * the guest reads the menu in — the waiter reads them, not the guest.
 */
export const WAITER_LANGUAGE = "ru";

export const WAITER_WORDS = {
  title: "Заказ",
  table: (n: number) => `Стол ${n}`,
  total: "Итого",
  /** Beside a struck-through line whose dish ran out after the guest added it. */
  soldOut: "Нет в наличии — не в заказе",
  /** Quantity as the waiter reads it: "× 2". */
  quantity: (n: number) => `× ${n}`,
  units: { g: "г", kg: "кг", l: "л", ml: "мл", pieces: "шт." } as Record<string, string>,
} as const;
