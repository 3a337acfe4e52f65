import { createFileRoute } from "@tanstack/react-router";
import { LegalPage } from "@/features/legal/legal-page";

/** Public document (SPEC section 2, guest layout); the text lives in src/content/legal. */
export const Route = createFileRoute("/user-agreement")({
  component: () => <LegalPage doc="user-agreement" />,
});
