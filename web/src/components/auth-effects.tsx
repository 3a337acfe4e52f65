import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useEffect } from "react";
import { sessionKeys } from "@/lib/session";
import { storedUserAtom, USER_STORAGE_KEY } from "@/lib/stored-user";

const SignedInEffects = lazy(() => import("./signed-in-effects"));

/**
 * Session reactions for the whole app (SPEC section 4). Guests (no stored user) load and run
 * nothing; a signed-in user gets the session refresh on window focus and the interface language of
 * their settings, in a lazy chunk. Signing out in another tab signs this one out too.
 */
export function AuthEffects() {
  const user = useAtomValue(storedUserAtom);
  const queryClient = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    // "storage" fires only for changes made by other tabs of this site.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== USER_STORAGE_KEY || (e.newValue && e.newValue !== "null")) return;
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.me, null);
      void router.invalidate();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [queryClient, router]);

  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInEffects />
    </Suspense>
  );
}
