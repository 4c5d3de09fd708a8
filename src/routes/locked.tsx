import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { LockedPage } from '../features/auth'

const LockedSearchSchema = v.object({
  duration: v.fallback(v.optional(v.pipe(v.number(), v.minValue(0))), undefined),
})

export const Route = createFileRoute('/locked')({
  validateSearch: LockedSearchSchema,
  component: LockedRoute,
})

function LockedRoute() {
  const { duration } = Route.useSearch()
  return <LockedPage durationSeconds={duration} />
}
