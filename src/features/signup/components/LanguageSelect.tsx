import { useId } from 'react'
import { useLingui } from '@lingui/react/macro'
import { storeLocale } from '../../../i18n/i18n'
import { findLocale, LOCALES } from '../../../i18n/locales'
import { flushDrafts } from '../draft'
import styles from '../signup.module.css'

/**
 * The sign-up pages hide the navigation bar, so they carry their own language choice. The draft is
 * written first: the page reloads in the new language with every answer kept.
 */
export function LanguageSelect() {
  const { t, i18n } = useLingui()
  const id = useId()
  return (
    <div className={styles.language}>
      <label htmlFor={id} className="wb-visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        className={styles.languageSelect}
        value={i18n.locale}
        onChange={(event) => {
          const locale = findLocale(event.target.value)
          if (!locale) return
          storeLocale(locale.code)
          void flushDrafts().then(() => {
            window.location.reload()
          })
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code}>
            {locale.name}
          </option>
        ))}
      </select>
    </div>
  )
}
