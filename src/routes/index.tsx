import { createFileRoute } from '@tanstack/react-router'
import { redirectFromIndex } from '../session'

// Seeds 2.3: `/` always fails its guard: default path when signed in, else /login.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    redirectFromIndex()
  },
})
