import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { videoQualityFromMbps, videoServiceOf, type VideoQuality } from '../../../lib/video-quality'
import styles from '../Dashboard.module.css'

const QUALITY_LABELS: Record<VideoQuality, MessageDescriptor> = {
  sd: msg`standard definition (SD)`,
  hd: msg`high definition (HD)`,
  uhd: msg`Ultra HD (4K)`,
}

/** Seeds 9: what the typical (median) bitrate of a video metric allows on its service. */
export function VideoQualityNote({
  metricKey,
  medianMbps,
}: {
  metricKey: string
  medianMbps: number | null
}) {
  const { i18n } = useLingui()
  const service = videoServiceOf(metricKey)
  if (service === null || medianMbps === null) return null
  const quality = i18n._(QUALITY_LABELS[videoQualityFromMbps(service, medianMbps)])
  return (
    <p className={styles.note}>
      <Trans>Typical streaming quality: {quality}</Trans>
    </p>
  )
}
