/** The menu renderer adapter: the web app's SSR build (`web/dist-ssr/ssr.js`, self-contained), loaded from a file path. */
import { pathToFileURL } from "node:url";
import type { MenuRenderer } from "../ports/menu-renderer";

export async function loadMenuRenderer(path: string): Promise<MenuRenderer> {
  const mod = (await import(pathToFileURL(path).href)) as Partial<MenuRenderer>;
  if (typeof mod.renderPage !== "function" || typeof mod.qrPath !== "function" || typeof mod.build !== "string") {
    throw new Error(`${path} is not the guest menu's server renderer`);
  }
  return {
    renderPage: mod.renderPage,
    qrPath: mod.qrPath,
    build: mod.build,
    ...(mod.renderNotFound ? { renderNotFound: mod.renderNotFound } : {}),
    ...(mod.renderFullMenu ? { renderFullMenu: mod.renderFullMenu } : {}),
  };
}
