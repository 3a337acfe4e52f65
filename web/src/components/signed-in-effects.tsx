import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { isInterfaceLocale, type InterfaceLocale } from "@/i18n/languages";
import { api, unwrap } from "@/lib/api";
import { forgetUser, meQueryOptions, refreshSession, sessionKeys } from "@/lib/session";
import { defaultLanguageAtom, setDefaultLanguageAtom } from "@/i18n/language-state";
import { languagePickAtom } from "@/lib/language-pick";

/**
 * How often the session is refreshed besides window focus (SPEC section 9: configurable; `true`
 * means every second). Off by default: focus is enough for an admin panel.
 */
export const SESSION_REFRESH_INTERVAL: number | boolean = false;
const intervalMs = (value: number | boolean) => (value === true ? 1000 : typeof value === "number" && value > 0 ? value : 0);

export default function SignedInEffects() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const me = useQuery(meQueryOptions());
  const language = useAtomValue(defaultLanguageAtom);
  const setLanguage = useSetAtom(setDefaultLanguageAtom);
  const [pick, setPick] = useAtom(languagePickAtom);
  const saving = useRef<string | undefined>(undefined);
  const { mutate: saveLanguage } = useMutation({
    mutationFn: (ui_locale: InterfaceLocale) => unwrap(api.api.me.$patch({ json: { ui_locale } })),
    retry: 2,
  });
  const user = me.data;

  // Session refresh on window focus (and optionally on an interval): a session that ended elsewhere
  // (signed out, password changed, user deactivated) sends this tab through its route guards again.
  useEffect(() => {
    let running = false;
    const refresh = async () => {
      if (running || document.visibilityState === "hidden") return;
      running = true;
      try {
        if (await refreshSession()) {
          void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
        } else {
          forgetUser(queryClient);
          await router.invalidate();
        }
      } catch {
        // offline: try again on the next focus
      } finally {
        running = false;
      }
    };
    window.addEventListener("focus", refresh);
    const every = intervalMs(SESSION_REFRESH_INTERVAL);
    const timer = every ? setInterval(refresh, every) : undefined;
    return () => {
      window.removeEventListener("focus", refresh);
      clearInterval(timer);
    };
  }, [queryClient, router]);

  const picked = user && pick?.userId === user.id ? pick.locale : undefined;

  // The user's ui_locale wins when it differs from the current language (SPEC section 4), unless
  // they picked a language on this page (perhaps before their record arrived)…
  useEffect(() => {
    if (!user || picked || !isInterfaceLocale(user.ui_locale) || user.ui_locale === language) return;
    void setLanguage(user.ui_locale);
  }, [user, picked, language, setLanguage]);

  // …then their pick becomes their ui_locale, so it stays after reloading. Not saved after the
  // retries: the next refresh of the user tries again, rather than the choice being lost. Once
  // saved, the pick is done with: a later choice in another tab (or the profile) is then followed
  // here too, where a kept pick would save this tab's old choice over it at the next refresh.
  useEffect(() => {
    if (!user || !picked || picked === user.ui_locale || saving.current === picked) return;
    saving.current = picked;
    saveLanguage(picked, {
      onSuccess: (updated) => {
        queryClient.setQueryData(sessionKeys.me, { ...user, ...updated });
        setPick((current) => (current?.locale === picked ? undefined : current));
      },
      onSettled: () => {
        saving.current = undefined;
      },
    });
  }, [user, picked, queryClient, saveLanguage, setPick]);

  return null;
}
