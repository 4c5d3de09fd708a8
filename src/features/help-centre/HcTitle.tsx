import { useEffect, useRef, type ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { takeTitleFocusRequest, TITLE_ATTRIBUTE } from './title-focus'
import styles from './help-centre.module.css'

/** A help-centre page's one h1; sets the document title and takes focus after a page change. */
export function HcTitle({
  children,
  documentTitle,
  lang,
}: {
  children: ReactNode
  documentTitle: string
  /** The item's own language when it fell back to another locale. */
  lang?: string
}) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    document.title = documentTitle
  }, [documentTitle])
  useEffect(() => {
    if (takeTitleFocusRequest()) ref.current?.focus({ preventScroll: true })
  }, [])
  return (
    <h1 ref={ref} tabIndex={-1} className={styles.title} lang={lang} {...{ [TITLE_ATTRIBUTE]: '' }}>
      {children}
    </h1>
  )
}

/** The document title of an item's page: "{name} – Help centre". */
export function usePageTitle(): (name: string) => string {
  const { t } = useLingui()
  return (name) => t`${name} – Help centre`
}
