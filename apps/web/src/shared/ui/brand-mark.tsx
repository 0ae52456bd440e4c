/** The portal's mark (the same as the favicon) and its name, for the shell, the menu and the sign-in page. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Портал дилера" style={{ flexShrink: 0, display: 'block' }}>
      <rect width="32" height="32" rx="7" fill="#1c7ed6" />
      <path d="M9 22V10h7.5a4.5 4.5 0 0 1 0 9H12" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
