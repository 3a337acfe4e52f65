import type { ButtonHTMLAttributes } from "react";
import { Icon, type IconName } from "./icon";

/** A button that shows only an icon (the row actions of the staff lists): its label is its accessible name and its tooltip. */
export function IconButton({
  icon,
  label,
  danger,
  ...button
}: { icon: IconName; label: string; danger?: boolean } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className" | "children"> & { "data-testid"?: string }) {
  return (
    <button type="button" className={danger ? "icon-button icon-button--danger" : "icon-button"} aria-label={label} title={label} {...button}>
      <Icon name={icon} />
    </button>
  );
}
