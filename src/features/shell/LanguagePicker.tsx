import { useLingui } from '@lingui/react/macro'
import { LOCALES } from '../../i18n/locales'
import { MenuButton, MenuGroup, MenuItemRadio } from '../../ui/MenuButton'
import { ShellIcon } from './ShellIcon'
import { useChangeLocale } from './useChangeLocale'
import styles from './Navbar.module.css'

/** The locale choices as radio items, for a menu (the account switcher or the picker below). */
export function LanguageMenuGroup() {
  const { t, i18n } = useLingui()
  const changeLocale = useChangeLocale()
  return (
    <MenuGroup label={t`Language`}>
      {LOCALES.map((locale) => (
        <MenuItemRadio
          key={locale.code}
          checked={i18n.locale === locale.code}
          onClick={() => {
            if (i18n.locale !== locale.code) void changeLocale(locale.code)
          }}
        >
          {/* Each name in its own language and direction; the item keeps the page's alignment. */}
          <span lang={locale.code} dir={locale.rtl ? 'rtl' : 'ltr'}>
            {locale.name}
          </span>
        </MenuItemRadio>
      ))}
    </MenuGroup>
  )
}

/** The language menu of the navbar for visitors who are not signed in. */
export function LanguagePicker() {
  const { t, i18n } = useLingui()
  const current = LOCALES.find((l) => l.code === i18n.locale) ?? LOCALES[0]
  return (
    <MenuButton
      buttonClassName={styles.barButton}
      label={
        <>
          <ShellIcon name="language" />
          <span className="wb-visually-hidden">{t`Language:`}</span>
          <span lang={current.code} className={styles.languageLong}>
            {current.name}
          </span>
          {/* A phone's bar has room for the code only; the full name is still the accessible name. */}
          <span aria-hidden="true" className={styles.languageShort}>
            {current.code.slice(0, 2).toUpperCase()}
          </span>
        </>
      }
    >
      <LanguageMenuGroup />
    </MenuButton>
  )
}
