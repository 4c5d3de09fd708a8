import { useMemo, type CSSProperties } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { SignupProgramme } from '#contracts/signup.ts'
import { findLocale, LOCALES } from '#contracts/locales.ts'
import { AppHeader, LanguageChoiceContext, useChangeLocale, type LanguageChoice } from '../shell'
import { flushDrafts } from './draft'
import { useStudyName } from './names'
import styles from './SignupHeader.module.css'

/** The study's logo and name as the study publishes them in the page's language. */
function StudyBrand({ programme }: { programme: SignupProgramme }) {
  return (
    <span className={styles.brand}>
      <img className={styles.logo} src={programme.branding.logo} alt="" width={40} height={40} />
      <span className={styles.studyName}>{useStudyName(programme)}</span>
    </span>
  )
}

/**
 * The header of every sign-up page: the app's one header (src/features/shell/AppHeader.tsx)
 * with the study's logo and name as its brand and no app links (seeds 2.5 hides the navigation).
 * Its language choice writes the draft first: the page reloads in the new language with every
 * answer kept.
 */
export function SignupHeader({ programme }: { programme: SignupProgramme | null }) {
  const { t, i18n } = useLingui()
  const changeLocale = useChangeLocale({ beforeReload: flushDrafts })
  const current = findLocale(i18n.locale)?.code ?? LOCALES[0].code
  const choice = useMemo<LanguageChoice>(
    () => ({
      current,
      choose: (code) => {
        void changeLocale(code)
      },
    }),
    [current, changeLocale],
  )
  const brand = programme
    ? ({ '--signup-brand': programme.branding.primary_colour } as CSSProperties)
    : undefined
  return (
    <LanguageChoiceContext value={choice}>
      <div className={styles.frame} style={brand}>
        <AppHeader
          label={t`Sign-up`}
          className={styles.bar}
          brand={programme ? <StudyBrand programme={programme} /> : <span />}
        />
      </div>
    </LanguageChoiceContext>
  )
}
