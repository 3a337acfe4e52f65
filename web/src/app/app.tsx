import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { Provider as JotaiProvider } from "jotai";
import { StrictMode } from "react";
import { Toaster } from "@/components/toaster";
import { I18nProvider } from "@/i18n/i18n-provider";
import { appStore } from "@/lib/app-store";
import { AppErrorBoundary } from "./error-boundary";
import { FatalError } from "./fatal-error";
import type { createAppRouter } from "./router";

type AppProps = {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
};

export function App({ router, queryClient }: AppProps) {
  return (
    <StrictMode>
      <AppErrorBoundary fallback={(error) => <FatalError error={error} />}>
        <JotaiProvider store={appStore}>
          <I18nProvider>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
              <Toaster />
            </QueryClientProvider>
          </I18nProvider>
        </JotaiProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
