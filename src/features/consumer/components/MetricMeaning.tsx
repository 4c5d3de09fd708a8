import { Trans, useLingui } from '@lingui/react/macro'
import type { ConsumerMetricKey } from '#contracts/metrics.ts'
import { LOCALES } from '#contracts/locales.ts'
import type { VerdictLevel } from '../../../lib/verdict'
import { LEVEL_LABELS, METRIC_ARTICLES } from '../metric-meanings'
import styles from '../Dashboard.module.css'

const LEVEL_CLASS: Record<VerdictLevel, string | undefined> = {
  good: styles.levelGood,
  fair: styles.levelFair,
  poor: styles.levelPoor,
}

/** The class of a level's colour (the semantic good / fair / poor tokens). */
export function levelClass(level: VerdictLevel): string {
  return LEVEL_CLASS[level] ?? ''
}

/** Whether a figure is good, in a word and a colour (the word carries it; the colour helps). */
export function LevelBadge({
  level,
  packageMbps,
  packageOf = 'yours',
}: {
  level: VerdictLevel
  /** Set when the level is judged against the package (a speed). */
  packageMbps?: number | null
  /** Whose package: the reader's own, or (an admin's view of someone's unit) the unit's. */
  packageOf?: 'yours' | 'unit'
}) {
  const { i18n } = useLingui()
  const word = i18n._(LEVEL_LABELS[level])
  const judged = packageMbps !== null && packageMbps !== undefined
  return (
    <p className={`${styles.level} ${levelClass(level)}`}>
      <span className={styles.levelDot} aria-hidden="true" />
      {!judged ? (
        <Trans>{word} for everyday use</Trans>
      ) : packageOf === 'unit' ? (
        <Trans>{word} for the unit’s package</Trans>
      ) : (
        <Trans>{word} for your package</Trans>
      )}
    </p>
  )
}

/** The help-centre article that explains a metric, in the help centre's locale of the app's. */
export function HelpArticleLink({ metric, name }: { metric: ConsumerMetricKey; name: string }) {
  const { i18n } = useLingui()
  const hc = LOCALES.find((locale) => locale.code === i18n.locale)?.hc ?? 'en-gb'
  const href = `/hc/${hc}/articles/${String(METRIC_ARTICLES[metric])}`
  return (
    <a className={styles.helpLink} href={href}>
      <Trans>More about {name}</Trans>
    </a>
  )
}
