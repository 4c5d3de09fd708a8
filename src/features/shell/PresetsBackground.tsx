import type { ReactNode } from 'react'
import { activePanelId, useSession } from '../../session'
import { useFlag } from '../../session/flags'
import styles from './PresetsBackground.module.css'

/** Seeds 001 §3.4: the flag that gives the preset screens a neutral background. */
export const NEUTRAL_UI_FLAG = 'neutral-ui-improvements-v1'

/**
 * The preset screens' background: neutral when neutral-ui-improvements-v1 is on for the selected
 * panel (`data-background="neutral"`), the page's own otherwise.
 */
export function PresetsBackground({ children }: { children: ReactNode }) {
  const session = useSession()
  const neutral = useFlag(
    NEUTRAL_UI_FLAG,
    { userId: session?.userId ?? 0, panelId: session ? activePanelId(session) : null },
    session !== null,
  )
  return (
    <div
      className={neutral ? styles.neutral : undefined}
      data-background={neutral ? 'neutral' : 'default'}
    >
      {children}
    </div>
  )
}
