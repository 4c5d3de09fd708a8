import type { Root } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { pageLoad } from './features/shell/page-reload'
import { i18n } from './i18n/i18n'
import { chunkLoadDecision, chunkSource } from './lib/chunk-load'

function StartFailure() {
  return (
    <main id="main" className="wb-start-failure">
      <h1>
        <Trans>Whitebox could not start</Trans>
      </h1>
      <p>
        <Trans>
          Part of the app could not be loaded. Check your connection, then reload the page.
        </Trans>
      </p>
      <button
        type="button"
        onClick={() => {
          pageLoad.reload()
        }}
      >
        <Trans>Reload</Trans>
      </button>
    </main>
  )
}

/**
 * The app's start could not load its code (src/main.tsx): as for any chunk (seeds 000 §2.3), the
 * first failure of a file reloads the page (a new deployment replaced it); a second says so on the
 * page, with a reload to try again. Not /500: that page needs the same code.
 */
export function recoverFromStartFailure(root: Root, error: unknown): void {
  let decision: 'reload' | 'error-page' = 'error-page'
  try {
    decision = chunkLoadDecision(chunkSource(error), window.sessionStorage)
  } catch {
    // No session storage: a reload could loop, so the page says so instead.
  }
  if (decision === 'reload') {
    pageLoad.reload()
    return
  }
  root.render(
    <I18nProvider i18n={i18n}>
      <StartFailure />
    </I18nProvider>,
  )
}
