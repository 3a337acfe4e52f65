/** The store's translation overview's query key; apart from api.ts so that the other parts' saves can invalidate it (no import cycle). */
export const translationsKey = (storeId: string) => ["translations", storeId] as const;
