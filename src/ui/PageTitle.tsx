import { useEffect, type ReactNode } from 'react'
import styles from './PageTitle.module.css'

export type PageTitleProps = {
  children: ReactNode
  subtitle?: ReactNode
  /** Also sets `document.title` so screen-reader users hear the page change. */
  documentTitle?: string
}

/** The page's one h1, optionally setting the document title. */
export function PageTitle({ children, subtitle, documentTitle }: PageTitleProps) {
  useEffect(() => {
    if (documentTitle !== undefined) document.title = documentTitle
  }, [documentTitle])
  return (
    <>
      <h1 className={styles.title}>{children}</h1>
      {subtitle !== undefined ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </>
  )
}
