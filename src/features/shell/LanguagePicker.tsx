import { useLingui } from '@lingui/react/macro'
import { findLocale, LOCALES, type LocaleCode } from '#contracts/locales.ts'
import { MenuButton, MenuGroup, MenuItemRadio } from '../../ui/MenuButton'
import { useLanguageChoiceOverride, type LanguageChoice } from './language-choice'
import { ShellIcon } from './ShellIcon'
import { useChangeLocale } from './useChangeLocale'
import styles from './Navbar.module.css'

/** The page's language rule (the sign-up's, the help centre's) or the app's. */
function useLanguageChoice(): LanguageChoice {
  const { i18n } = useLingui()
  const changeLocale = useChangeLocale()
  const override = useLanguageChoiceOverride()
  return (
    override ?? {
      current: findLocale(i18n.locale)?.code ?? LOCALES[0].code,
      choose: (code: LocaleCode) => {
        void changeLocale(code)
      },
    }
  )
}

/** The locale choices as radio items, for a menu (the account menu or the picker below). */
export function LanguageMenuGroup() {
  const { t } = useLingui()
  const choice = useLanguageChoice()
  return (
    <MenuGroup label={t`Language`}>
      {LOCALES.map((locale) => (
        <MenuItemRadio
          key={locale.code}
          checked={choice.current === locale.code}
          onClick={() => {
            if (choice.current !== locale.code) choice.choose(locale.code)
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

/**
 * The header's language menu for visitors who are not signed in (a signed-in user finds the
 * same choices in the account menu): the app, the sign-up and the help centre share it.
 */
export function LanguagePicker() {
  const { t } = useLingui()
  const choice = useLanguageChoice()
  const current = findLocale(choice.current) ?? LOCALES[0]
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
