/** Line icons of the staff screens (24-px grid, currentColor). */
export const ICONS = {
  edit: "M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4",
  hide: "M3 3l18 18M10.6 6.1A10.8 10.8 0 0 1 12 6c6.4 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.8 0 3.4-.5 4.8-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2",
  show: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12ZM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z",
  duplicate: "M8 8h12v12H8zM4 16V4h12",
  move: "M5 12h14M13 6l6 6-6 6M5 5v14",
  delete: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  drag: "M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01",
  grip: "M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01",
  plus: "M12 5v14M5 12h14",
  search: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14ZM20 20l-4-4",
  up: "M12 19V5M6 11l6-6 6 6",
  down: "M12 5v14M6 13l6 6 6-6",
  soldOut: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM5.6 5.6l12.8 12.8",
  onSale: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM8 12l3 3 5-6",
  marks: "M3 12V4h8l10 10-8 8L3 12ZM7.5 7.5h.01",
  sort: "M7 4v16M4 7l3-3 3 3M17 20V4M14 17l3 3 3-3",
  chevron: "M6 9l6 6 6-6",
  reissue: "M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6",
} as const;

export type IconName = keyof typeof ICONS;

/** A line drawing on the 24-px grid in currentColor: beside a text or inside a named button, so hidden from screen readers. */
export function LineIcon({ d, size, strokeWidth = 1.8, className }: { d: string; size: number | string; strokeWidth?: number; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}

/** A staff screens' icon by name. */
export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return <LineIcon d={ICONS[name]} size={size} strokeWidth={name === "drag" ? 3 : 1.8} />;
}
