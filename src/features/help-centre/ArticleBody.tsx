import { useMemo, type MouseEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { IN_APP_LINK_ATTRIBUTE, sanitiseArticleHtml } from './article-html'
import styles from './help-centre.module.css'

/**
 * An article's body, sanitised (article-html.ts). Links to pages of the app are followed by the
 * router, so they stay in the app (and work offline) instead of loading the page again.
 */
export function ArticleBody({ html }: { html: string }) {
  const router = useRouter()
  const safe = useMemo(() => sanitiseArticleHtml(html), [html])

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const target = event.target instanceof Element ? event.target : null
    const link = target?.closest(`a[${IN_APP_LINK_ATTRIBUTE}]`)
    const href = link?.getAttribute('href')
    if (!href) return
    event.preventDefault()
    void router.navigate({ href })
  }

  return (
    // Clicks bubble up from the links inside; the links themselves are the keyboard targets.
    <div
      className={styles.body}
      onClick={handleClick}
      // Sanitised just above with DOMPurify and the article allow-list.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  )
}
