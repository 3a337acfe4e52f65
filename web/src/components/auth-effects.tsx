import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { storedUserAtom } from "@/state/user";

const SignedInEffects = lazy(() => import("./signed-in-effects"));

/**
 * Session reactions for the whole app (SPEC section 4). Guests (no stored user) load and run
 * nothing; a signed-in user gets the session refresh on window focus and the interface language of
 * their settings, in a lazy chunk.
 */
export function AuthEffects() {
  const user = useAtomValue(storedUserAtom);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInEffects />
    </Suspense>
  );
}
