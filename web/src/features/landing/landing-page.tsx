import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { Audience } from "./components/audience";
import { Features } from "./components/features";
import { FinalCta } from "./components/final-cta";
import { Hero } from "./components/hero";
import { Plans } from "./components/plans";
import { Steps } from "./components/steps";
import "./landing.css";

/** Guest home (`/`): what the service is, for venue owners, with sign-in and registration. */
export function Landing() {
  const intl = useIntl();

  useEffect(() => {
    document.title = intl.formatMessage({ id: "landing.meta.title" });
  }, [intl]);

  return (
    <div className="page">
      <a className="skip-link" href="#main">
        <FormattedMessage id="landing.skipToContent" />
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Hero />
        <Audience />
        <Features />
        <Steps />
        <Plans />
        <FinalCta />
      </main>
      <SiteFooter />
    </div>
  );
}
