/**
 * The translations tab's changes to one content's translation into one language, as mutation hooks
 * over translationCalls (data.ts): each writes the answered translations into the cached lists.
 */
import type { ManualTranslationValues, TargetType, TranslationLanguage } from "@menu/core/translation/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { addPendingCategoriesAtom, addPendingProductsAtom } from "@/state/translations";
import { markQueued, patchTranslations, translationCalls, translationsKey } from "./data";

type Target = { storeId: string; type: TargetType; id: string; language: string };

/** "Checked": staff vouch for the translation; the badges are read again. */
export function useCheckTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => translationCalls.check(storeId, type, id, language as TranslationLanguage),
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
    },
  });
}

/** Saves a hand-made translation; the badges are read again. */
export function useSaveTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualTranslationValues) => translationCalls.save(storeId, type, id, language as TranslationLanguage, input),
    meta: { silentError: true },
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
    },
  });
}

/** "Back to automatic": the hand-made text goes and the language is queued again. */
export function useResetTranslation({ storeId, type, id, language }: Target) {
  const queryClient = useQueryClient();
  const addProducts = useSetAtom(addPendingProductsAtom);
  const addCategories = useSetAtom(addPendingCategoriesAtom);
  return useMutation({
    mutationFn: () => translationCalls.reset(storeId, type, id, language as TranslationLanguage),
    meta: { silentError: true },
    onSuccess: ({ translations }) => {
      patchTranslations(queryClient, storeId, type, id, translations);
      markQueued(queryClient, storeId, type, id, language);
      // The language is queued again: poll it like a saved item or category (the poll refreshes the
      // record, then the badges). Promotions are not polled (SPEC section 4): re-read the badges once.
      if (type === "Item") addProducts(id);
      else if (type === "Category") addCategories(id);
      else void queryClient.invalidateQueries({ queryKey: translationsKey(storeId) });
    },
  });
}
