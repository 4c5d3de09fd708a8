/**
 * Addresses the shell links to. Each can be set per deployment through a VITE_ variable at build
 * time; the defaults are placeholders until the product's real addresses are known.
 */
const env: Record<string, unknown> = import.meta.env

function configured(name: string, fallback: string): string
function configured(name: string, fallback: null): string | null
function configured(name: string, fallback: string | null): string | null {
  const value = env[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

export const SHELL_LINKS = {
  /** The help centre; the in-app /hc when not set. */
  helpUrl: configured('VITE_HELP_URL', null),
  privacyPolicy: configured('VITE_PRIVACY_URL', 'https://whitebox.example/privacy'),
  companySite: configured('VITE_COMPANY_URL', 'https://whitebox.example/'),
  social: [
    {
      id: 'linkedin',
      name: 'LinkedIn',
      url: configured('VITE_LINKEDIN_URL', 'https://www.linkedin.com/'),
    },
    { id: 'x', name: 'X', url: configured('VITE_X_URL', 'https://x.com/') },
    {
      id: 'youtube',
      name: 'YouTube',
      url: configured('VITE_YOUTUBE_URL', 'https://www.youtube.com/'),
    },
  ],
} as const
