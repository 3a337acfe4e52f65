/**
 * The guest pages' server renderer as a port (issue 35): the publish worker draws through it and
 * knows no path into web/. The runtime sets the adapter at start-up (adapters/ssr-menu-renderer.ts
 * loads the web build's `dist-ssr/ssr.js`; tests may set any MenuRenderer).
 */
import type { MenuRenderer } from "../shared/published-menu";

export type { MenuRenderer };

let renderer: MenuRenderer | undefined;

export const setMenuRenderer = (value: MenuRenderer | undefined) => {
  renderer = value;
};

export function useMenuRenderer(): MenuRenderer {
  if (!renderer) throw new Error("publish: no menu renderer configured (setMenuRenderer)");
  return renderer;
}
