import type { CsObject } from "@/lib/admin-scope";

export function StoreSettingsPage(_: { cs: CsObject }) {
  return null;
}
