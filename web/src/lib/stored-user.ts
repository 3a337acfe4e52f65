import { useAtomValue } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";
import type { InterfaceLocale } from "@/i18n/languages";

export type Role = "admin" | "company_manager" | "store_manager";

/**
 * The signed-in user as the client keeps it (SPEC section 3: the access token and jti are stripped
 * before storing). Persisted in localStorage (SPEC section 4); the session itself is an httpOnly
 * cookie, so this is only what the interface shows and whether to ask the server at all.
 */
export type StoredUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  company_id: string;
  store_id: string;
  email_confirmed: boolean;
  pending_email?: string;
  active: boolean;
  has_password: boolean;
  ui_locale: InterfaceLocale;
  setup_welcome_message: boolean;
  created_at: string;
};

export const USER_STORAGE_KEY = "user";

export const storedUserAtom = atomWithStorage<StoredUser | null>(
  USER_STORAGE_KEY,
  null,
  createJSONStorage<StoredUser | null>(() => localStorage),
  { getOnInit: true },
);

/** The persisted user, or null: whether this tab has someone signed in, without asking the server. */
export const useStoredUser = () => useAtomValue(storedUserAtom);
