// First: before any schema of the app is created.
import "./lib/zod-jitless";
import { createRoot, type Root } from "react-dom/client";
import { App } from "./app/app";
import { FatalError } from "./app/fatal-error";
import { dropBootSignIn } from "./features/auth/boot-form";
import { createAppRouter } from "./app/router";
import { loadCatalog } from "./i18n/catalogs";
import { applyDocumentLanguage } from "./i18n/document-language";
import { catalogLocaleFor } from "./i18n/languages";
import { installNewVersionReload } from "./lib/new-version";
import { createQueryClient } from "./lib/query-client";
import { activeLanguageAtom } from "./i18n/language-state";
import { appStore } from "./lib/app-store";
import "./styles.css";
// The sign-in form of index.html is styled before any script runs (web/boot/login-shell.ts).
import "./features/auth/auth.css";

let root: Root | undefined;

function showFatalError(error: unknown): void {
  dropBootSignIn();
  try {
    const container =
      document.getElementById("root") ?? document.body.appendChild(document.createElement("div"));
    root ??= createRoot(container);
    root.render(<FatalError error={error} />);
  } catch (renderError) {
    console.error("Could not render the error screen", renderError);
  }
}

/** App start order: create (router, query client), before mount (language, catalog), mount. */
async function mount(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error('Missing <div id="root"> in index.html');

  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  // Polls builds/latest.json, applies the build's route rules, reloads on the next page change after a deploy.
  installNewVersionReload(router);
  // The sign-in form of index.html stays only for the sign-in page, which takes it over.
  router.subscribe("onResolved", ({ toLocation }) => {
    if (toLocation.pathname.replace(/\/+$/, "") !== "/login") dropBootSignIn();
  });

  const language = appStore.get(activeLanguageAtom);
  applyDocumentLanguage(language);
  await loadCatalog(catalogLocaleFor(language));

  root = createRoot(container, {
    // Errors that escaped every boundary (the app is unmounted by React at this point).
    onUncaughtError: (error) => {
      console.error("Error while mounting app", error);
      setTimeout(() => showFatalError(error));
    },
  });
  root.render(<App router={router} queryClient={queryClient} />);
}

async function start(): Promise<void> {
  try {
    await mount();
  } catch (error) {
    console.error("Error while mounting app", error);
    showFatalError(error);
  }
}

void start();
