/**
 * What is published now, as a publish reads it back: the manifest, each language's index (format 2
 * only: an older format is rebuilt whole) and, on demand, a chunk. plan.ts decides from it what a
 * change requires; publication.ts keeps from it what it does not build again.
 */
import { usePorts } from "../ports";
import { publishedKeys, type PublishedChunk, type PublishedIndex, type PublishedManifest } from "../shared/published-menu";
import type { StoreState } from "./store-state";

export type Previous = {
  manifest?: PublishedManifest;
  /** Each language's index as last published, when the manifest is of format 2. */
  indexes: Map<string, PublishedIndex>;
  /** A chunk the previous index names; throws when it is missing. */
  chunk: (lang: string, name: string) => Promise<PublishedChunk>;
};

async function readJson<T>(key: string): Promise<T | undefined> {
  const object = await usePorts().objects.get(key);
  if (!object) return undefined;
  try {
    return JSON.parse(Buffer.from(object.body).toString("utf8")) as T;
  } catch {
    return undefined;
  }
}

export async function readPrevious({ company_url_key, store, languages }: StoreState): Promise<Previous> {
  const paths = publishedKeys(company_url_key, store.url_key);
  const manifest = await readJson<PublishedManifest>(paths.manifest);
  const indexes = new Map<string, PublishedIndex>();
  if (manifest?.format === 2) {
    const read = await Promise.all(languages.map((lang) => readJson<PublishedIndex>(paths.index(lang))));
    read.forEach((index, i) => index?.format === 2 && indexes.set(languages[i]!, index));
  }
  const chunk = async (lang: string, name: string) => {
    const found = await readJson<PublishedChunk>(paths.chunk(lang, name));
    if (!found) throw new Error(`publish: chunk ${paths.chunk(lang, name)} is missing`);
    return found;
  };
  return { ...(manifest ? { manifest } : {}), indexes, chunk };
}
