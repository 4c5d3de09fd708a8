import { sortPanels } from '../../lib/view-choice'
import { currentPath, rememberedView, switchView, type Session } from '../../session'

/** The panels an enterprise user can work in, in the order every chooser shows them. */
export function panelChoices(session: Session): Session['accessibles']['apollo'] {
  return sortPanels(session.accessibles.apollo)
}

/**
 * Seeds 001 §1: the user works on `panelId` from now on (a remembered view choice stays
 * remembered, now with this panel), then goes to `navigate`: by default the page they are on,
 * whose guard runs again on the new panel.
 */
export function choosePanel(session: Session, panelId: number, navigate = currentPath()): void {
  switchView({ type: 'enterprise', panelId }, rememberedView(session.userId) !== null, {
    navigate,
  })
}
