/**
 * settings/store: a store's own settings, read and saved through the store-command builder. Every
 * change guests can see is republished. The company's list of stores and new stores (settings/stores)
 * are company-stores.ts.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { useGuestEdge } from "../publish/guest-edge";
import { publishedKeys, type MovedStore } from "../shared/published-menu";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { WriteConflict } from "../shared/conflict";
import { guardedWrite } from "../db/guarded-write";
import { useActor } from "../shared/actor";
import { canManageStore } from "../shared/policy";
import { storeCommand } from "../command/store-command";
import { storeMayUse } from "../billing/gate";
import { putQrLinksOfStore } from "../tables/qr-links";
import { requestFactsRefresh } from "../store/facts";
import type { TranslationEntry } from "../translation/targets";
import { PREMIUM_LANGUAGES, StoreSettingsForm, type StoreTranslations } from "../store/schemas";
import { storeById, storeUrlValue, toSettings, type StoreRecord } from "../store/store";
import { storeTextSources, storeTranslations } from "../store/texts";

/** A store's settings; the Wi-Fi password only reaches guests when the plan includes the Wi-Fi QR. */
export const storeSettings = fn(z.string().min(1), async (store_id) => {
  const store = await storeById(store_id);
  const settings = toSettings(store);
  if (settings.wifi && !canManageStore(useActor(), store.company_id, store.store_id) && !(await storeMayUse(store, "wifi_qr"))) {
    delete settings.wifi;
  }
  return settings;
});

export const UpdateStoreSettings = StoreSettingsForm.extend({ storeId: z.string().min(1).max(64) });

/**
 * The store's translations after a settings save: the names as the form has them (an empty one is
 * not kept: it falls back), and the machine translations of a changed address or phone notes
 * dropped (guests see the fallback until the engine translates the new text; hand-made and checked
 * ones stay, and show as outdated). Answers which translated texts changed.
 */
function revisedTranslations(store: StoreRecord, names: StoreTranslations | undefined, after: { address: string; phones: string }) {
  const before = storeTextSources(store);
  const changed = (["address", "phones"] as const).filter((field) => before[field] !== after[field]);
  const out: Record<string, TranslationEntry> = {};
  for (const [lang, stored] of Object.entries(storeTranslations<TranslationEntry>(store.translations))) {
    const entry = { ...stored };
    if (!entry.manual && !entry.checked) {
      for (const field of changed) {
        delete entry[field];
        delete entry[`${field}_hash`];
      }
    }
    if (names) delete entry.name;
    out[lang] = entry;
  }
  for (const [lang, text] of Object.entries(names ?? {})) if (text?.name) out[lang] = { ...out[lang], name: text.name };
  const kept = Object.fromEntries(Object.entries(out).filter(([, e]) => e.manual || e.checked || e.name || e.address || e.phones));
  return { translations: names || changed.length ? kept : undefined, changed: changed.length > 0 };
}

const ownMedia = (store: StoreRecord, key: string | undefined) =>
  !key || key === store.logo_light || key === store.logo_dark || key.startsWith(`media/${store.company_id}/${store.store_id}/`);

/**
 * Saves settings/store. A new URL name keeps the old one reserved for the store (its guard item
 * stays, listed in `former_url_keys`): `/{company}/{old}/…` still resolves and is redirected.
 * Menu languages beyond the plan's may not be added (ones saved earlier stay, unpublished).
 */
export const updateStoreSettings = storeCommand(UpdateStoreSettings, { publish: "store", translate: true }, async (ctx, { storeId, ...v }) => {
  const { store } = ctx;
  if (!ownMedia(store, v.logo_light) || !ownMedia(store, v.logo_dark)) throw new UserError("valueIncorrect", 400, { field: "logo" });
  const had = store.languages ?? ["ru"];
  const added = v.languages.filter((l) => !had.includes(l));
  if (added.some((l) => (PREMIUM_LANGUAGES as readonly string[]).includes(l)) && !(await storeMayUse(store, "extra_languages"))) {
    throw new UserError("featureNotInPlan", 409, { field: "languages" });
  }
  const keys = { company_id: store.company_id, store_id: store.store_id };
  const renamed = v.url_key !== store.url_key;
  const former = new Set((store.former_url_keys ?? []) as string[]);
  // Going back to a name the store had is not a claim: its guard item is still the store's.
  const claim =
    renamed && !former.has(v.url_key)
      ? [{ kind: "storeUrl" as const, value: storeUrlValue(store.company_id, v.url_key), ref: store.store_id, company_id: store.company_id }]
      : [];
  if (renamed) {
    former.delete(v.url_key);
    former.add(store.url_key);
  }
  const { logo_light, logo_dark, translations: names, ...fields } = v;
  const remove = [...(logo_light ? [] : ["logo_light" as const]), ...(logo_dark ? [] : ["logo_dark" as const])];
  let current = store;
  let textsChanged = false;
  for (let attempt = 0; ; attempt++) {
    const revised = revisedTranslations(current, names, storeTextSources(fields));
    textsChanged = revised.changed;
    const texts = revised.translations;
    try {
      await guardedWrite({ claim }, (e) => {
        let patch = e.store
          .patch(keys)
          .set({
            ...fields,
            ...(texts ? { translations: texts as never } : {}),
            ...(logo_light ? { logo_light } : {}),
            ...(logo_dark ? { logo_dark } : {}),
            former_url_keys: [...former],
          });
        if (remove.length) patch = patch.remove(remove) as typeof patch;
        // Two saves racing on a rename: the second one fails instead of orphaning a guard. The
        // translations are replaced only over those read (the translate worker writes them too).
        return [
          patch
            .where((a, op) => (texts ? `${op.eq(a.url_key, store.url_key)} AND ${op.eq(a.updated_at, current.updated_at)}` : op.eq(a.url_key, store.url_key)))
            .commit(),
        ];
      });
      break;
    } catch (error) {
      if (!(error instanceof WriteConflict) || attempt >= 3) throw error;
      current = await storeById(storeId);
      if (current.url_key !== store.url_key) throw error;
    }
  }
  if (renamed) await pointFormerLinks(store.company_id, [...former], v.url_key);
  // Table QR codes land on the new name at once (the publish after the call rewrites them too).
  if (renamed) await putQrLinksOfStore(keys);
  // Languages changed: the checklist's untranslated texts are counted again.
  if (added.length || v.languages.length !== had.length) await requestFactsRefresh(keys);
  // The translation after the call goes by the saved languages.
  ctx.store = await storeById(storeId);
  // A new menu language: the menu is translated into it without anyone asking; a new address or
  // phone note: the store's texts are.
  if (added.length) ctx.translate("store");
  else if (textsChanged) ctx.translate([{ target_type: "Store", target_id: store.store_id }]);
  return toSettings(ctx.store);
});

/**
 * The published menus of the former URL names are replaced by a "moved" manifest, so the guest
 * pages of old links (printed, bookmarked) answer a redirect to the current name.
 */
async function pointFormerLinks(company_id: string, former: string[], current: string) {
  const { data: company } = await Db().entities.company.get({ company_id }).go();
  if (!company) return;
  const moved: MovedStore = { format: 1, moved_to: current };
  const objects = usePorts().objects;
  await Promise.all(
    former.flatMap((old) => [
      objects.put(publishedKeys(company.url_key, old).manifest, JSON.stringify(moved), "application/json; charset=utf-8"),
      useGuestEdge().putRoute(company.url_key, old, moved),
    ]),
  );
}
