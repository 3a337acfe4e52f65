import { useState, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { Dialog } from "@/components/dialog";
import type { SessionUser } from "@/lib/session";
import { useMarkWelcomeSeen } from "./api";

/**
 * The welcome dialog after registration: it opens while setup_welcome_message is false (SPEC
 * section 4) and closing it records that it was seen. Where it tells of the 3 days of preparation,
 * `action` offers to open the menu now (the route brings it: features do not import each other);
 * it is given the dialog's close, for once the menu is open.
 */
export function WelcomeDialog({ user, action }: { user: SessionUser; action?: (close: () => void) => ReactNode }) {
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
        <div className="welcome__note">
          <p>
            <FormattedMessage id="welcome.preparation" />
          </p>
          {action?.(close)}
        </div>
      </div>
    </Dialog>
  );
}
