import { createRoot } from 'react-dom/client'
import { activateLocale, storedLocale } from './i18n/i18n'
import { forgetAutoOpenedOnDeauthentication } from './features/feature-updates/feature-updates.flags'
import { signedInChrome } from './features/shell/signed-in-slot'
import { opensWithoutRouter } from '#contracts/pages/first-page.ts'
import { getSession, isAuthenticated } from './session'
import { dataLayer, wipeDataLeftSignedOut, wipeDataOnDeauthentication } from './offline/data-layer'
import { startOnlineTracking } from './offline/online-state'
import { startServiceWorker } from './offline/register-sw'
import { startInstallCapture } from './offline/install-app'
import { recoverFromStartFailure } from './start-failure'
import { startWebFonts } from './ui/fonts'
import { warmUpIntl } from './i18n/warm-up-intl'
import './ui/global.css'

async function boot(): Promise<void> {
  startOnlineTracking()
  // Before any await: the browser offers installing early, and the worker should not wait for data.
  startInstallCapture()
  startServiceWorker()
  wipeDataOnDeauthentication()
  wipeDataLeftSignedOut()
  forgetAutoOpenedOnDeauthentication()
  const signedIn = getSession() !== null
  // Whatever the page, a signed-in start needs the data layer and the shell's signed-in parts:
  // their chunks (and the restore) are asked for now.
  if (signedIn) {
    dataLayer.load().catch(() => undefined)
    signedInChrome.load().catch(() => undefined)
  }
  const stored = storedLocale()
  startWebFonts(stored)
  // Signed-in pages are full of figures (a visitor's pages are words): their formats get made
  // while the start waits for its chunks and data, not inside the first render.
  if (signedIn) warmUpIntl(stored)
  const locale = activateLocale(stored)

  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  const root = createRoot(container)
  // A visitor's /login renders without the router (contracts/pages/first-page.ts); every other
  // page starts under it (src/app-start.tsx). Either part is announced in the page's HTML
  // (server/lib/page-hints.ts), so it downloads beside this entry. Tokens without a session
  // (the guards send them to /logout) count as signed in here.
  try {
    if (opensWithoutRouter(window.location.pathname, isAuthenticated())) {
      const { startSignInPage } = await import('./navigation/sign-in-start')
      await startSignInPage(root, locale)
    } else {
      const { startApp } = await import('./app-start')
      await startApp(root, { locale })
    }
  } catch (error) {
    recoverFromStartFailure(root, error)
  }
}

void boot()
