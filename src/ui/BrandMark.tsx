/**
 * The Whitebox mark, drawn inline (the drawing of public/favicon.svg and of the app shell in
 * index.html): it shows with the page that holds it, with no request of its own. An image of the
 * file left the navbar without its logo for a moment after the app replaced the shell on a slow
 * network. Decorative: the link or heading around it carries the name.
 */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#0b3d91" />
      <rect x="14" y="20" width="36" height="24" rx="4" fill="#fff" />
      <circle cx="22" cy="32" r="3" fill="#2fbf71" />
    </svg>
  )
}
