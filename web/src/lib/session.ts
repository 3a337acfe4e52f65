/**
 * The signed-in user on the client: GET /api/me as a query (authentication status: loading,
 * authenticated, unauthenticated), sign-in and sign-out through the auth calls of SPEC section 7,
 * and where a user starts after signing in.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { appStore } from "@/lib/app-store";
import { storedUserAtom, type StoredUser } from "@/lib/stored-user";
import { api, ApiError, unwrap } from "./api";
import { csrfToken, resetCsrfToken } from "./csrf";

export type SessionUser = StoredUser;
export type OwnedStore = {
  company_id: string;
  company_url_key: string;
  company_name: string;
  store_id: string;
  store_url_key: string;
  store_name: string;
};

/** The answer of /api/me without `accessToken` and `jti` (SPEC section 3). */
export function stripTokens<T extends { accessToken?: string; jti?: string }>(me: T): Omit<T, "accessToken" | "jti"> {
  const { accessToken: _accessToken, jti: _jti, ...user } = me;
  return user;
}

/** The query keys of the session: the user, and the stores they manage (a store's change invalidates `ownedStores`). */
export const sessionKeys = {
  me: ["me"] as const,
  ownedStores: ["me", "stores"] as const,
  ownedStoresOf: (companyId?: string) => ["me", "stores", companyId ?? "own"] as const,
};

/** The signed-in user, or null. Also keeps the persisted copy (jotai, localStorage) in step. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: async (): Promise<SessionUser | null> => {
      // A visitor with no stored user asks the session call first (answers {} when signed out),
      // so guests never see a 401 from /api/me.
      if (!appStore.get(storedUserAtom) && !(await refreshSession())) return null;
      try {
        const user = stripTokens(await unwrap(api.api.me.$get())) as SessionUser;
        appStore.set(storedUserAtom, user);
        return user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          appStore.set(storedUserAtom, null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
    meta: { silentError: true },
  });

export const ensureUser = (queryClient: QueryClient) => queryClient.ensureQueryData(meQueryOptions());

/** The stores the user manages (all of a company with `companyId`: admins, company managers). */
export const ownedStoresQueryOptions = (companyId?: string) =>
  queryOptions({
    queryKey: sessionKeys.ownedStoresOf(companyId),
    queryFn: async (): Promise<OwnedStore[]> =>
      unwrap(api.api.me.stores.$get({ query: companyId ? { companyId } : {} })),
    staleTime: 60_000,
  });

export const adminPanelPath = (store: Pick<OwnedStore, "company_url_key" | "store_url_key">) =>
  `/${store.company_url_key}/${store.store_url_key}/admin-panel`;

/**
 * Where a signed-in user starts: the operator view for admins, else the admin panel of the first
 * store they manage; undefined when there is none.
 */
export async function startPath(queryClient: QueryClient, user: SessionUser): Promise<string | undefined> {
  if (user.role === "admin") return "/operator";
  const stores = await queryClient.ensureQueryData(ownedStoresQueryOptions());
  return stores[0] ? adminPanelPath(stores[0]) : undefined;
}

/** Only paths of this site may be returned to after sign-in (no open redirects). */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  return value;
}

export type SignInInput = { email: string; password: string; remember: boolean; callbackUrl?: string };

/**
 * POST /api/auth/callback/credentials, form-encoded with csrfToken, callbackUrl and json (SPEC
 * section 7). Answers the user and how many wrong passwords the account got since its last sign-in.
 */
export async function signIn(queryClient: QueryClient, input: SignInInput): Promise<{ user: SessionUser; failedSignIns: number }> {
  const answer = await unwrap(
    api.api.auth.callback[":provider"].$post({
      param: { provider: "credentials" },
      form: {
        csrfToken: await csrfToken(),
        callbackUrl: input.callbackUrl ?? "/",
        json: "true",
        email: input.email,
        password: input.password,
        remember: input.remember ? "true" : "false",
      },
    }),
  );
  return afterSignIn(queryClient, answer.failed_sign_ins);
}

/** After any sign-in: nothing cached for the previous visitor may be shown to this user. */
async function afterSignIn(queryClient: QueryClient, failedSignIns = 0) {
  queryClient.clear();
  const user = await queryClient.fetchQuery(meQueryOptions());
  if (!user) throw new ApiError(401, "Sign in required", { code: "unauthorized" });
  return { user, failedSignIns };
}

/** Signs in with a mailed one-time link's token (POST /api/auth/signin-link/use), then as `signIn` does. */
export async function signInWithLink(queryClient: QueryClient, token: string): Promise<{ user: SessionUser; failedSignIns: number }> {
  const answer = await unwrap(api.api.auth["signin-link"].use.$post({ json: { token } }));
  return afterSignIn(queryClient, answer.failed_sign_ins);
}

/** POST /api/auth/signout, form-encoded with csrfToken, callbackUrl and json; forgets everything of the user. */
export async function signOut(queryClient: QueryClient, callbackUrl = "/login"): Promise<string> {
  let url = callbackUrl;
  try {
    const answer = await unwrap(api.api.auth.signout.$post({ form: { csrfToken: await csrfToken(), callbackUrl, json: "true" } }));
    url = answer.url;
  } finally {
    forgetUser(queryClient);
  }
  return url;
}

/** Keeps the cached and the persisted user in step after a change of theirs. */
export function rememberUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(sessionKeys.me, user);
  appStore.set(storedUserAtom, user);
}

/** The session ended (signed out here or elsewhere): drop the user and every cached record of theirs. */
export function forgetUser(queryClient: QueryClient): void {
  appStore.set(storedUserAtom, null);
  queryClient.clear();
  queryClient.setQueryData(sessionKeys.me, null);
  resetCsrfToken();
}

/**
 * GET /api/auth/session: refreshes the session (the server renews it when half used) and tells
 * whether it still exists. Answers false when the session ended.
 */
export async function refreshSession(): Promise<boolean> {
  const session = await unwrap(api.api.auth.session.$get({ query: {} }));
  return "user" in session && !!session.user;
}

export const displayName = (user: Pick<SessionUser, "first_name" | "last_name" | "email">) =>
  [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email;
