import type { TargetType } from "@menu/core/translation-editor/schemas";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import { errorMessageFor } from "@/lib/errors";
import { useResetTranslation } from "./api";

/** "Back to automatic", after a confirmation: the hand-made text goes and the language is queued. */
export function ResetDialog({ storeId, type, id, language, name, onClose }: { storeId: string; type: TargetType; id: string; language: string; name: string; onClose: () => void }) {
  const intl = useIntl();
  const reset = useResetTranslation({ storeId, type, id, language });
  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: () => {
        toast.success(intl.formatMessage({ id: "translation.resetDone" }, { language: name }));
        onClose();
      },
    });
  return (
    <Dialog
      open
      onClose={() => !reset.isPending && onClose()}
      size="sm"
      testId="translation-reset-dialog"
      title={<FormattedMessage id="translation.resetTitle" values={{ language: name }} />}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={reset.isPending}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="button" className="btn btn--primary" disabled={reset.isPending} aria-busy={reset.isPending || undefined} onClick={confirm} data-testid="confirm-translation-reset">
            {reset.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="translation.reset" />
          </button>
        </>
      }
    >
      {reset.error ? <FormAlert>{errorMessageFor(reset.error)}</FormAlert> : null}
      <p>
        <FormattedMessage id="translation.resetText" values={{ language: name }} />
      </p>
    </Dialog>
  );
}
