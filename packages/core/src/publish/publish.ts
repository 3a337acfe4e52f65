/**
 * One store's publish, as its steps: read the store's records and what is published, decide what
 * the change requires (plan.ts), build those parts from the records (publication.ts), write them
 * (write.ts), then what goes with them: retired chunks, the edge's route, the QR pages and links,
 * the event targets. job.ts runs it once per request.
 */
import { saveEventTargets } from "../analytics/event-targets";
import { useMenuRenderer } from "../ports/menu-renderer";
import { clock } from "../shared/clock";
import type { MenuRenderer } from "../shared/published-menu";
import type { Keys, PublishScope } from "./request";
import { publishQrLinks } from "../tables/qr-links";
import { publishEdgeRoute } from "./guest-edge";
import { nextRuns, planPublication, type FullPageState } from "./plan";
import { readPrevious } from "./previous";
import { buildPublication } from "./publication";
import { publishQrPages } from "./qr-pages";
import { itemsToBuild, loadStoreState } from "./store-state";
import { deleteUnpublished, retireChunks, writePublication } from "./write";

/**
 * Reads, decides and builds one store's publication, writing nothing. Without `scope` everything is
 * built; with one, what the plan says (plan.ts).
 */
export async function buildStore(keys: Keys, now: Date, scope: PublishScope | undefined, fullPage: FullPageState, render: MenuRenderer) {
  const state = await loadStoreState(keys, now, { items: false, consistent: true });
  const previous = await readPrevious(state);
  const plan = await planPublication(keys, state, previous, scope, fullPage, now);
  const items = await itemsToBuild(keys, plan.touched);
  return buildPublication({ ...state, items }, plan, previous, render, now);
}

/** Builds and writes one store's guest menu and what goes with it. Returns the content version and when the next runs are due. */
export async function publishStore(keys: Keys, now = clock.now(), scope?: PublishScope, fullPage: FullPageState = {}) {
  const render = useMenuRenderer();
  const built = await buildStore(keys, now, scope, fullPage, render);
  const { state, manifest } = built;
  await writePublication(built, render, now);
  await retireChunks(keys, built, now);
  // What CloudFront's edge needs to pick the page without reading the bucket (stacks/edge/guest-pages.js).
  await publishEdgeRoute(state.company_url_key, state.store.url_key, manifest, render);
  await deleteUnpublished(built);
  // The pages the API's `/t/{key}` answers a bad QR code with, once per web build.
  await publishQrPages(render);
  // The table QR links (`m/qr/{key}.json`): `/t/{key}` is answered from them, without the database.
  const tables = await publishQrLinks(keys, { company_url_key: state.company_url_key, store_url_key: state.store.url_key });
  // What guest events may name from now on (analytics/event-targets.ts).
  const published = built.languages[0]!.index.categories.flatMap((c) => c.items);
  await saveEventTargets(keys, { items: published.map((i) => i.id), tables: tables.map((t) => t.position), languages: state.languages });
  return { version: manifest.version, full: built.full, ...nextRuns(state, published, built.full, now) };
}
