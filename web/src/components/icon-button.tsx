import type { ButtonHTMLAttributes } from "react";

const ICONS = {
  up: "M12 19V5M6 11l6-6 6 6",
  down: "M12 5v14M6 13l6 6 6-6",
  edit: "M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4",
  delete: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  reissue: "M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6",
};

/** A button that shows only an icon (the row actions of the staff lists): its label is its accessible name and its tooltip. */
export function IconButton({
  icon,
  label,
  danger,
  ...button
}: { icon: keyof typeof ICONS; label: string; danger?: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className" | "children"> & { "data-testid"?: string }) {
  return (
    <button type="button" className={danger ? "icon-button icon-button--danger" : "icon-button"} aria-label={label} title={label} {...button}>
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}
