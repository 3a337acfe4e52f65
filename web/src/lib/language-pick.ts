import { atom, useSetAtom } from "jotai";
import { setDefaultLanguageAtom } from "@/i18n/language-state";
import type { InterfaceLocale } from "@/i18n/languages";
import { storedUserAtom } from "./stored-user";

/**
 * The interface language a signed-in person picked on this page, and who they are: SignedInEffects
 * saves it as their ui_locale instead of switching back to the stored one (SPEC section 4). Here,
 * above i18n, because it needs the signed-in user.
 */
export const languagePickAtom = atom<{ locale: InterfaceLocale; userId: string } | undefined>(undefined);

/** A person's choice of interface language (the switcher, the profile): theirs when signed in. */
const pickDefaultLanguageAtom = atom(null, (get, set, locale: InterfaceLocale) => {
  const user = get(storedUserAtom);
  set(languagePickAtom, user ? { locale, userId: user.id } : undefined);
  return set(setDefaultLanguageAtom, locale);
});

export const usePickInterfaceLanguage = () => useSetAtom(pickDefaultLanguageAtom);
