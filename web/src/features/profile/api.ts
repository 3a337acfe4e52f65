/** The profile feature's server calls: the signed-in user's names, interface language, e-mail and password. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type JsonBody } from "@/lib/api";
import { rememberUser, type SessionUser } from "@/lib/session";
import { usePickInterfaceLanguage } from "@/lib/language-pick";

/** Keeps the cached and the persisted user in step after a change. */
function useRemember() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => rememberUser(queryClient, user);
}

export function useSaveNames(user: SessionUser) {
  const remember = useRemember();
  return useMutation({
    mutationFn: (json: Pick<JsonBody<typeof api.api.me.$patch>, "first_name" | "last_name">) => unwrap(api.api.me.$patch({ json })),
    onSuccess: (updated) => remember({ ...user, ...updated }),
  });
}

/** Saves the interface language and switches to it before the user changes, so nothing switches twice. */
export function useSaveLanguage(user: SessionUser) {
  const remember = useRemember();
  const pickLanguage = usePickInterfaceLanguage();
  return useMutation({
    mutationFn: (ui_locale: NonNullable<JsonBody<typeof api.api.me.$patch>["ui_locale"]>) => unwrap(api.api.me.$patch({ json: { ui_locale } })),
    onSuccess: async (updated) => {
      await pickLanguage(updated.ui_locale);
      remember({ ...user, ...updated });
    },
  });
}

/** Asks for a new address: a link goes there, and the user shows it as pending until it is followed. */
export function useRequestEmailChange(user: SessionUser) {
  const remember = useRemember();
  return useMutation({
    mutationFn: (json: JsonBody<typeof api.api.me.email.$post>) => unwrap(api.api.me.email.$post({ json })),
    meta: { silentError: true },
    onSuccess: ({ pending_email }) => remember({ ...user, pending_email }),
  });
}

export function useCancelEmailChange(user: SessionUser) {
  const remember = useRemember();
  return useMutation({
    mutationFn: () => unwrap(api.api.me.email.$delete()),
    onSuccess: (updated) => remember({ ...user, ...updated, pending_email: undefined }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (json: JsonBody<typeof api.api.me.password.$post>) => unwrap(api.api.me.password.$post({ json })),
    meta: { silentError: true },
  });
}
