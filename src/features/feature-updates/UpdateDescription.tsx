import { useMemo } from 'react'
import { renderUpdateHtml } from './update-html'
import styles from './FeatureUpdatesModal.module.css'

/** A feature update's description, rendered through the allow-list of update-html.ts. */
export function UpdateDescription({ html }: { html: string }) {
  const content = useMemo(() => renderUpdateHtml(html), [html])
  return <div className={styles.description}>{content}</div>
}
