import { useSession } from '../../session'
import { unitSearchScope } from './access'
import { UnitSearchBox } from './UnitSearchBox'
import styles from './Units.module.css'

/**
 * Seeds 000 §2.2 navigation search, shown in the constant-care area: one match opens the unit,
 * otherwise the results page. Nothing without a selected panel (or global access) to search in.
 */
export function NavUnitSearch() {
  const session = useSession()
  const panelId = unitSearchScope(session)
  if (panelId === null) return null
  return (
    <div className={styles.navSearch}>
      <UnitSearchBox panelId={panelId} variant="nav" />
    </div>
  )
}
