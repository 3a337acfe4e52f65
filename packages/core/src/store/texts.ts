/**
 * The store's translated texts (issue 32): its address and its phones' notes are translated like an
 * item's title (target type "Store", whose id is the store's). Their translations live in the store's
 * `translations` map beside the name staff write per language in settings; the phone notes are one
 * text there, a line per phone. Pure: the publish job, settings and translation read it.
 */
type Phone = { description?: string };
/** What this module reads of a language's entry (translation/targets.ts has the whole entry). */
type Entry = { address?: string; address_hash?: string; phones?: string; manual?: boolean; checked?: boolean };

/** The phone notes as one text, a line per phone (a line break inside a note would move the next notes). */
export const phoneLines = (phones: readonly Phone[]) => phones.map((p) => (p.description ?? "").replace(/\s*\n\s*/g, " ")).join("\n");

/** The store's source texts as translation sees them. */
export const storeTextSources = (store: { address?: string; phones?: readonly Phone[] }) => ({
  address: store.address ?? "",
  phones: phoneLines(store.phones ?? []),
});

/**
 * The stored translations. An address written in settings before addresses were translated (no
 * source hash, no flag) counts as hand-made: the engine never replaces what staff wrote.
 */
export function storeTranslations<E extends Entry>(stored: Partial<Record<string, E>> | undefined): Record<string, E> {
  const out: Record<string, E> = {};
  for (const [lang, entry] of Object.entries(stored ?? {})) {
    if (!entry) continue;
    const legacy = entry.address !== undefined && entry.address_hash === undefined && !entry.manual && !entry.checked;
    out[lang] = legacy ? { ...entry, manual: true } : entry;
  }
  return out;
}

/**
 * A language's phone notes, one per phone, or undefined when it has none or not as many lines as
 * there are phones (a translation from before phones were added or removed would name the wrong ones).
 */
export function phoneNotesIn(translations: Partial<Record<string, Entry>>, lang: string, phones: number) {
  const lines = translations[lang]?.phones?.split("\n");
  return lines && lines.length === phones ? lines : undefined;
}
