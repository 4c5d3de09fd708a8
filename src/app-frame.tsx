import { startTransition, StrictMode, type ReactNode } from 'react'
import type { Root } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { i18n } from './i18n/i18n'
import { DataLayerProvider } from './offline/data-layer'
import { InstallInstructions } from './offline/install-app'
import { UpdatePrompt } from './offline/UpdatePrompt'
import { ThemeSync } from './ui/theme'
import { ToastProvider } from './ui/Toast'

/**
 * Renders `page` (the router, or the sign-in page opened first) in the app's frame. The frame is
 * the same for both: when the sign-in page hands over to the router, only the page is replaced
 * (the update prompt and the install instructions keep their state, and so do the toasts).
 *
 * In a transition: it renders in slices that yield to the browser (a phone's first render is no
 * longer one long task that input waits behind), and the page on screen stays until the next
 * one is ready.
 */
export function renderInFrame(root: Root, page: ReactNode): void {
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <DataLayerProvider>
            <ToastProvider>
              {page}
              <UpdatePrompt />
              <InstallInstructions />
            </ToastProvider>
          </DataLayerProvider>
          <ThemeSync />
        </I18nProvider>
      </StrictMode>,
    )
  })
}

/** Lets the browser paint and handle input before the next piece of start-up work. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
