import { createFileRoute, Outlet } from '@tanstack/react-router'

// Seeds 000 §2.7: the help centre is public and hides the navigation on all its pages. Its saved
// pages are restored before the first one renders, so a reload offline shows them at once.
export const Route = createFileRoute('/hc')({
  staticData: { hideNavbar: true },
  beforeLoad: async ({ context }) => {
    const [queryClient, { restoreHelpCentreCache }] = await Promise.all([
      context.loadQueryClient(),
      import('../features/help-centre/hc-cache'),
    ])
    await restoreHelpCentreCache(queryClient)
  },
  component: Outlet,
})
