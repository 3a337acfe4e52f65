/** The "QR Menu" wordmark with its mark. Decorative mark; the text carries the name. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <g fill="var(--logo-ink, #fff)">
          <path d="M7 7h8v8H7zm2 2v4h4V9zM17 7h8v8h-8zm2 2v4h4V9zM7 17h8v8H7zm2 2v4h4v-4z" />
          <path d="M17 17h3v3h-3zm5 0h3v3h-3zm-5 5h3v3h-3zm5 0h3v3h-3zm-2.5-2.5h3v3h-3z" />
        </g>
      </svg>
      <span className="logo__text">QR Menu</span>
    </span>
  );
}
