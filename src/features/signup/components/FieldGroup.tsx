import type { ReactNode } from 'react'
import { FieldShell } from '../../../ui'

/**
 * A fieldset of related controls (radio buttons, the requirements) with a legend and one error,
 * described to each control by the caller through `describedBy`.
 */
export function FieldGroup({
  legend,
  hint,
  error,
  children,
}: {
  legend: ReactNode
  hint?: ReactNode
  error?: ReactNode
  children: (ids: { describedBy: string | undefined }) => ReactNode
}) {
  return (
    <FieldShell group label={legend} hint={hint} error={error}>
      {(control) => children({ describedBy: control['aria-describedby'] })}
    </FieldShell>
  )
}
