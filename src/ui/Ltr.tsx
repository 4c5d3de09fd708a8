import type { ReactNode } from 'react'

/**
 * A left-to-right island inside translated text: emails, MAC addresses, ids, serials and URLs
 * keep their order in Arabic ("nora@example.com", never "example.com@nora"), and the sentence
 * around them keeps its own direction (<bdi> isolates).
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>
}
