/**
 * The drawing of the empty-image placeholder with its caption (already translated): shared by
 * `PhotoPlaceholder` (admin cards, react-intl) and the guest menu (its own small i18n).
 */
export function PhotoPlaceholderArt({ kind, caption, className, hidden }: { kind?: string; caption: string; className?: string; hidden?: boolean }) {
  const game = kind === "game";
  return (
    <span
      className={className}
      style={{ display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 4 }}
      aria-hidden={hidden || undefined}
      data-placeholder={game ? "game" : "product"}
    >
      <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden="true">
        {game ? (
          <>
            <rect x="3.5" y="3.5" width="17" height="17" rx="3.5" />
            <circle cx="8.5" cy="8.5" r="1" fill="currentColor" />
            <circle cx="15.5" cy="15.5" r="1" fill="currentColor" />
            <circle cx="12" cy="12" r="1" fill="currentColor" />
          </>
        ) : (
          <>
            <path d="M4 16h16M5.5 16a6.5 6.5 0 0 1 13 0M12 7.5V6M3 19h18" />
          </>
        )}
      </svg>
      <span>{caption}</span>
    </span>
  );
}
