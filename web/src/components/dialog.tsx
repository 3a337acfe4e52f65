import { useEffect, useId, useRef, type ReactNode } from "react";
import { useIntl } from "react-intl";
import "./dialog.css";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  size?: "sm" | "md";
  testId?: string;
};

/**
 * A modal dialog on the native <dialog> element: focus moves in and back, Escape and a click on the
 * backdrop close it, the page behind is inert.
 */
export function Dialog({ open, onClose, title, children, footer, size = "md", testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // The native "close" event also follows our own close(): only a close the user did reports back.
  const openRef = useRef(open);
  const titleId = useId();
  const intl = useIntl();

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={() => {
        if (openRef.current) onClose();
      }}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog__panel">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label={intl.formatMessage({ id: "common.close" })} onClick={onClose}>
              <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </header>
          <div className="dialog__body">{children}</div>
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
