/** The admin panel's server call: recording that the welcome dialog was seen. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import { rememberUser, type SessionUser } from "@/lib/session";

/** Records that `user` saw the welcome dialog; the cached and the persisted user say so at once. */
export function useMarkWelcomeSeen(user: SessionUser) {
  const queryClient = useQueryClient();
  return useMutation({
    // keepalive: the dismissal is recorded even when the user leaves the page right away.
    mutationFn: () => unwrap(api.api.me.$patch({ json: { setup_welcome_message: true } }, { init: { keepalive: true } })),
    onMutate: () => rememberUser(queryClient, { ...user, setup_welcome_message: true }),
    onSuccess: (updated) => rememberUser(queryClient, { ...user, ...updated }),
  });
}
