import { FormattedMessage } from "react-intl";
import { Dialog } from "@/components/dialog";

/** Asked when a navigation would drop unsaved changes: stay, or leave without saving. */
export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onStay}
      title={<FormattedMessage id="storeSettings.leaveTitle" />}
      size="sm"
      testId="leave-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onStay}>
            <FormattedMessage id="storeSettings.stay" />
          </button>
          <button type="button" className="btn btn--danger" onClick={onLeave}>
            <FormattedMessage id="storeSettings.leave" />
          </button>
        </>
      }
    >
      <p>
        <FormattedMessage id="storeSettings.leaveText" />
      </p>
    </Dialog>
  );
}
