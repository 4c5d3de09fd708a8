import { createFileRoute, redirect } from '@tanstack/react-router'

// Seeds 001 §2.1: /mapping is an alias of the chart builder, opened on a map (issue 24): a preset
// in the search opens that preset; else a new chart starts as an aggregate map (`?chart=map`; the
// builder offers the maps only with the maps permission and falls back to a line chart).
// A file of its own, not a /mapping layout: /mapping/presets stays as is.
export const Route = createFileRoute('/_authed/mapping/')({
  beforeLoad: ({ search }) => {
    const { preset } = search as { preset?: unknown }
    throw redirect({
      to: '/analytics',
      search: typeof preset === 'number' ? { preset } : { chart: 'map' },
      replace: true,
    })
  },
})
