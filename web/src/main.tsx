import { createRoot, type Root } from "react-dom/client";
import { App } from "./app/app";
import { FatalError } from "./app/fatal-error";
import { createAppRouter } from "./app/router";
import { loadCatalog } from "./i18n/catalogs";
import { applyDocumentLanguage } from "./i18n/document-language";
import { catalogLocaleFor } from "./i18n/languages";
import { createQueryClient } from "./lib/query-client";
import { activeLanguageAtom } from "./state/language";
import { appStore } from "./state/store";
import "./styles.css";

let root: Root | undefined;

function showFatalError(error: unknown): void {
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
