import { useId } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { THEME_SETTINGS, useThemeSetting, type ThemeSetting } from '../../ui/theme'
import styles from './AppearanceSetting.module.css'

const LABELS: Readonly<Record<ThemeSetting, MessageDescriptor>> = {
  system: msg`System`,
  light: msg`Light`,
  dark: msg`Dark`,
}

/**
 * Issue 22 §2: light or dark, or as the system is. A setting of this device (not the account):
 * applied at once, and before the first paint of every later visit (index.html).
 */
export function AppearanceSetting() {
  const { i18n } = useLingui()
  const [setting, setSetting] = useThemeSetting()
  const headingId = useId()
  const hintId = useId()
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        <Trans>Appearance</Trans>
      </h2>
      <p id={hintId} className={styles.hint}>
        <Trans>
          On this device. System follows your phone or computer’s light or dark setting.
        </Trans>
      </p>
      <div
        role="radiogroup"
        aria-labelledby={headingId}
        aria-describedby={hintId}
        className={styles.choices}
      >
        {THEME_SETTINGS.map((choice) => (
          <label key={choice} className={styles.choice}>
            <input
              type="radio"
              name="appearance"
              value={choice}
              checked={setting === choice}
              onChange={() => {
                setSetting(choice)
              }}
            />
            <span>{i18n._(LABELS[choice])}</span>
          </label>
        ))}
      </div>
    </section>
  )
}
