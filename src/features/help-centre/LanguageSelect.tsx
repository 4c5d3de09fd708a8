import { useId } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useLocation, useRouter } from '@tanstack/react-router'
import type { HcLocale } from '#contracts/help-centre.ts'
import { LOCALES } from '../../i18n/locales'
import { isHcLocale, pathInLocale, writeHcLocaleFlag } from './hc-locale'
import styles from './help-centre.module.css'

/** The help centre's language: remembered on this device, and the same page opens in it. */
export function LanguageSelect({ locale }: { locale: HcLocale }) {
  const { t } = useLingui()
  const id = useId()
  const router = useRouter()
  const { pathname, searchStr } = useLocation({
    select: (l) => ({ pathname: l.pathname, searchStr: l.searchStr }),
  })
  return (
    <>
      <label htmlFor={id} className="wb-visually-hidden">
        {t`Help centre language`}
      </label>
      <select
        id={id}
        className={styles.select}
        value={locale}
        onChange={(event) => {
          const next = event.target.value
          if (!isHcLocale(next)) return
          writeHcLocaleFlag(next)
          void router.navigate({ href: `${pathInLocale(pathname, next)}${searchStr}` })
        }}
      >
        {LOCALES.map((option) => (
          <option key={option.hc} value={option.hc} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </>
  )
}
