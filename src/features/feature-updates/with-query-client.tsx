import { useContext, type ReactNode } from 'react'
import { QueryClientContext } from '@tanstack/react-query'

/**
 * Renders `children` only inside the app's data layer. The shell mounts these components, and
 * the shell is also rendered without a query client (its own component tests): nothing then.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  return useContext(QueryClientContext) === undefined ? null : children
}
