import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "@/features/contact/contact-page";

/** The service's contact form (SPEC section 2, guest layout). */
export const Route = createFileRoute("/service-contacts")({
  component: ContactPage,
});
