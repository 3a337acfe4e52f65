import { useState } from "react";
import { FormattedMessage } from "react-intl";
import { Dialog } from "@/components/dialog";
import type { SessionUser } from "@/lib/session";
import { useMarkWelcomeSeen } from "./api";

/**
 * The welcome dialog after registration: it opens while setup_welcome_message is false (SPEC
 * section 4) and closing it records that it was seen.
 */
export function WelcomeDialog({ user }: { user: SessionUser }) {
  const [dismissed, setDismissed] = useState(false);
  const seen = useMarkWelcomeSeen(user);
  const open = !user.setup_welcome_message && !dismissed;
  const close = () => {
    setDismissed(true);
    seen.mutate();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      testId="welcome-dialog"
      title={<FormattedMessage id="welcome.title" />}
      footer={
        <button type="button" className="btn btn--primary" onClick={close} autoFocus>
          <FormattedMessage id="welcome.start" />
        </button>
      }
    >
      <div className="welcome">
        <p>
          <FormattedMessage id="welcome.text1" />
        </p>
        <ol className="welcome__steps">
          <li>
            <FormattedMessage id="welcome.step1" />
          </li>
          <li>
            <FormattedMessage id="welcome.step2" />
          </li>
          <li>
            <FormattedMessage id="welcome.step3" />
          </li>
        </ol>
        <p className="welcome__note">
          <FormattedMessage id="welcome.preparation" />
        </p>
      </div>
    </Dialog>
  );
}
