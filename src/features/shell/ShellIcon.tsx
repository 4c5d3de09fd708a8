import type { NavLinkId } from '../../lib/nav-links'

/** Icons the shell draws: one per app link plus the bar's own controls. */
export type ShellIconName =
  NavLinkId | 'apps' | 'sidebar' | 'user' | 'language' | 'grip' | 'chevron' | 'external' | 'panel'

// 24×24 outline paths; drawn with currentColor so they follow the text colour and contrast.
const PATHS: Record<ShellIconName, string> = {
  dashboard: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  analytics: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  mapping: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14',
  'anomaly-detection': 'M12 3 2 20h20L12 3zM12 10v4M12 17v.5',
  'data-export': 'M12 3v12M7 10l5 5 5-5M4 19h16',
  reports: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8',
  admin:
    'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2',
  'test-manager': 'M8 2v4M16 2v4M3 8h18M4 4h16v17H4zM8 14l3 3 5-6',
  faqs: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17v.5',
  'internal-tools':
    'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z',
  apis: 'M8 7 3 12l5 5M16 7l5 5-5 5M14 4l-4 16',
  'constant-care': 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5',
  'network-performance': 'M2 12h4l3-8 4 16 3-8h6',
  apps: 'M4 4h4v4H4zM10 4h4v4h-4zM16 4h4v4h-4zM4 10h4v4H4zM10 10h4v4h-4zM16 10h4v4h-4zM4 16h4v4H4zM10 16h4v4h-4zM16 16h4v4h-4z',
  sidebar: 'M3 4h18v16H3zM9 4v16',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  language:
    'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20',
  grip: 'M9 5v.5M15 5v.5M9 12v.5M15 12v.5M9 19v.5M15 19v.5',
  chevron: 'M6 9l6 6 6-6',
  panel: 'M12 3 2 8l10 5 10-5-10-5zM2 12l10 5 10-5M2 16l10 5 10-5',
  external: 'M14 4h6v6M20 4 10 14M18 14v6H4V6h6',
}

/** A decorative icon; the text beside it (or the control's label) carries the meaning. */
export function ShellIcon({ name, size = 20 }: { name: ShellIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
