import { Plural } from '@lingui/react/macro'

/** When the kept changes are spoken of: before a sign-out that would keep them, or after one. */
export type KeptChangesMoment = 'before-sign-out' | 'after-sign-out'

/**
 * The two sentences about changes made offline and not sent yet — how many, and what becomes of
 * them — shared by the sign-out question (SignOutDialog) and the signed-out notice
 * (KeptChangesNotice). Says how many, never what they are.
 */
export function KeptChangesText({
  count,
  moment,
  titleClassName,
  textClassName,
}: {
  count: number
  moment: KeptChangesMoment
  titleClassName?: string
  textClassName?: string
}) {
  const [summary, fate] =
    moment === 'before-sign-out'
      ? [
          <Plural
            key="summary"
            value={count}
            one="# change you made on this device has not reached the server yet."
            other="# changes you made on this device have not reached the server yet."
          />,
          <Plural
            key="fate"
            value={count}
            one="Keep it, and it is sent once you sign in again with this account and are online. Discard it, and it is lost."
            other="Keep them, and they are sent once you sign in again with this account and are online. Discard them, and they are lost."
          />,
        ]
      : [
          <Plural
            key="summary"
            value={count}
            one="# change is waiting for you to sign in again"
            other="# changes are waiting for you to sign in again"
          />,
          <Plural
            key="fate"
            value={count}
            one="It was made on this device while you were offline. Sign in with the same account to send it."
            other="They were made on this device while you were offline. Sign in with the same account to send them."
          />,
        ]
  return (
    <>
      <p className={titleClassName}>{summary}</p>
      <p className={textClassName}>{fate}</p>
    </>
  )
}
