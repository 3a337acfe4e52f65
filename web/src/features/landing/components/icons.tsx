import type { ReactNode, SVGProps } from "react";

/** Small stroke icons for the landing page (24×24, currentColor). Decorative: hidden from assistive tech. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const QrIcon = () => (
  <Icon>
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
  </Icon>
);

export const GlobeIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Icon>
);

export const TagIcon = () => (
  <Icon>
    <path d="M3 12.2V4a1 1 0 0 1 1-1h8.2a1 1 0 0 1 .7.3l8 8a1 1 0 0 1 0 1.4l-8.2 8.2a1 1 0 0 1-1.4 0l-8-8a1 1 0 0 1-.3-.7z" />
    <circle cx="8" cy="8" r="1.5" />
  </Icon>
);

export const CartIcon = () => (
  <Icon>
    <path d="M3 4h2.2l2.2 10.4a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.1" />
    <circle cx="9.5" cy="19.5" r="1.3" />
    <circle cx="17" cy="19.5" r="1.3" />
  </Icon>
);

export const ClockIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.5 2" />
  </Icon>
);

export const PencilIcon = () => (
  <Icon>
    <path d="M4 20h4L19.5 8.5a2.1 2.1 0 0 0-3-3L5 17v3z" />
    <path d="M14.5 7.5l2 2" />
  </Icon>
);

export const WifiIcon = () => (
  <Icon>
    <path d="M2.5 9a14 14 0 0 1 19 0M5.5 12.5a9.5 9.5 0 0 1 13 0M8.7 16a5 5 0 0 1 6.6 0" />
    <path d="M12 19.5h.01" />
  </Icon>
);

export const ChartIcon = () => (
  <Icon>
    <path d="M4 20V4M4 20h16" />
    <path d="M8 16v-4M12 16V8M16 16v-6M20 16V6" />
  </Icon>
);

export const UtensilsIcon = () => (
  <Icon>
    <path d="M6 3v7a2 2 0 0 0 2 2v9M10 3v7a2 2 0 0 1-2 2M8 3v6" />
    <path d="M18 21V3c-2.2 1.2-3.5 4-3.5 7.5 0 1.6.9 2.5 2 2.5H18" />
  </Icon>
);

export const CupIcon = () => (
  <Icon>
    <path d="M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V9z" />
    <path d="M16 10.5h1.5a2.5 2.5 0 0 1 0 5H16M8 3.5c-.7.8-.7 1.7 0 2.5M12 3.5c-.7.8-.7 1.7 0 2.5" />
  </Icon>
);

export const CocktailIcon = () => (
  <Icon>
    <path d="M4 4h16l-8 9-8-9zM12 13v7M8 20h8M7 7.5h10" />
  </Icon>
);

export const HookahIcon = () => (
  <Icon>
    <path d="M9 3h6l-1.2 3h-3.6L9 3zM12 6v6" />
    <path d="M9.5 12h5a4 4 0 0 1 4 4v.5a4.5 4.5 0 0 1-4.5 4.5h-4A4.5 4.5 0 0 1 5.5 16.5V16a4 4 0 0 1 4-4z" />
    <path d="M15 12.5c2.5-.8 4.2-2.8 4.5-6" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon strokeWidth="2.2">
    <path d="M5 12.5l4.2 4L19 7" />
  </Icon>
);

export const ArrowIcon = () => (
  <Icon strokeWidth="2">
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);
