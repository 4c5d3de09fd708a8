import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { activateLocale, i18n, storedLocale } from './i18n/i18n'
import { createQueryClient } from './api/query-client'
import { createAppRouter } from './router'
import './ui/global.css'

async function boot(): Promise<void> {
  await activateLocale(storedLocale())
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient)
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element')
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  )
}

void boot()
