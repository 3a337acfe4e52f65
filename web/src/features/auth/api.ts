/**
 * The auth feature's server calls: signing in, registering an organization, the invitation and the
 * e-mail confirmation links, the forgotten-password mail and reset, and the one-time sign-in link.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { toast } from "sonner";
import { api, unwrap } from "@/lib/api";
import { forgetUser, safeRedirect, signIn, signInWithLink, startPath, type SessionUser } from "@/lib/session";

/**
 * Signs in, then goes to `redirect`, else to the user's start page; the mutation stays pending
 * until the page is there. Wrong passwords given for the account since its last sign-in are told
 * in a toast here, not at the call site: the sign-in page is gone before a call's own callback runs.
 */
export function useSignIn(redirect: string | undefined) {
  const onSignedIn = useOnSignedIn(redirect);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { email: string; password: string; remember: boolean }) =>
      signIn(queryClient, { ...values, callbackUrl: safeRedirect(redirect) ?? "/" }),
    meta: { silentError: true },
    onSuccess: onSignedIn,
  });
}

/** After any sign-in: the wrong passwords the account got, then `redirect` or the user's start page. */
function useOnSignedIn(redirect: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const intl = useIntl();
  return async ({ user, failedSignIns }: { user: SessionUser; failedSignIns: number }) => {
    if (failedSignIns > 0) toast.warning(intl.formatMessage({ id: "login.failedAttempts" }, { count: failedSignIns }), { duration: 10_000 });
    const target = safeRedirect(redirect) ?? (await startPath(queryClient, user)) ?? "/";
    await navigate({ href: target, replace: true });
  };
}

/** "Send me a sign-in link": mailed when the account is limited for new devices. */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (json: { email: string }) => unwrap(api.api.auth["signin-link"].$post({ json })),
    meta: { silentError: true },
  });
}

/** Signs in with the mailed link's token, then on as any sign-in. */
export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (token: string) => signInWithLink(queryClient, token), meta: { silentError: true }, onSuccess: useOnSignedIn(undefined) });
}

/** Registers a company with its first store and its manager; a confirmation link is mailed. */
export function useRegisterOrganization() {
  return useMutation({
    mutationFn: (json: Parameters<typeof api.api.auth.register.$post>[0]["json"]) => unwrap(api.api.auth.register.$post({ json })),
    meta: { silentError: true },
  });
}

export const authKeys = {
  invitation: (token: string) => ["invitation", token] as const,
  confirmEmail: (token: string) => ["confirm-email", token] as const,
};

/** The invitation behind a link's token: who is invited, to which company. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.invitation(token),
    queryFn: () => unwrap(api.api.auth.invitation.$get({ query: { token } })),
    retry: false,
    meta: { silentError: true },
  });

/** The invited user confirms the address, with names and a password. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (json: Parameters<(typeof api.api.auth)["accept-invitation"]["$post"]>[0]["json"]) =>
      unwrap(api.api.auth["accept-invitation"].$post({ json })),
    meta: { silentError: true },
  });
}

/**
 * Confirms the address of a link's token (a new account's, or a changed one). A query, not an
 * effect: one request per token even when React mounts the page twice.
 */
export const confirmEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.confirmEmail(token),
    queryFn: () => unwrap(api.api.auth["confirm-email"].$post({ json: { token } })),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    meta: { silentError: true },
  });

/** Mails a single-use link to set a new password. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (json: { email: string }) => unwrap(api.api.auth["forgot-password"].$post({ json })),
    meta: { silentError: true },
  });
}

/** Sets a new password from the mailed link; every session of the user ends, so this one is forgotten. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { token: string; password: string; password_confirmation: string }) =>
      unwrap(api.api.auth["reset-password"].$post({ json })),
    meta: { silentError: true },
    onSuccess: () => forgetUser(queryClient),
  });
}
