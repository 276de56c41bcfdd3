/** Our own mark: a key inside a rounded square, drawn with currentColor. */
export function ConsoleLogo({ label }: { label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      width="36"
      height="36"
      viewBox="0 0 36 36"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <rect x="2" y="2" width="32" height="32" rx="8" />
      <circle cx="13" cy="18" r="5" />
      <path d="M18 18h11M25 18v5M29 18v4" strokeLinecap="round" />
    </svg>
  );
}
