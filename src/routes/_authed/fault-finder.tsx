import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireArea } from '../../session'
import { FAULT_FINDER_NEED, resetPanelFor } from '../../features/units/access'

const guard = requireArea('anomaly-detection')

// Seeds 001 §2.4: on the way in, the selected panel is reset to one with anomaly detection (global
// access skips it), then the area's guard runs on that panel. Seeds 001 §2.3: the inbox and one
// collection are its pages.
export const Route = createFileRoute('/_authed/fault-finder')({
  beforeLoad: () => {
    resetPanelFor(FAULT_FINDER_NEED)
    guard()
  },
  component: Outlet,
})
