import type { CsObject } from "@/lib/admin-scope";

export function StoresPage(_: { cs: CsObject }) {
  return null;
}
