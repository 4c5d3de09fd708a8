import { Component, type MouseEvent, type ReactNode } from 'react'
import type { Root } from 'react-dom/client'
import { defaultParseSearch } from '@tanstack/react-router'
import * as v from 'valibot'
import { renderInFrame } from '../app-frame'
import { LoginPage } from '../features/auth/LoginPage'
import { LoginSearchSchema } from '../features/auth/login-search'
import { ShellLayout } from '../features/shell/ShellLayout'
import { mergeShellStaticData } from '../features/shell/static-data'
import { adoptLinkLocale } from '../i18n/link-locale'
import { connectNavigator, startSession } from '../session'
import { navigateTo } from '../session/navigation'
import { recoverFromStartFailure } from '../start-failure'
import { signInAddress } from '#contracts/pages/first-page.ts'
import {
  NavigationContext,
  type AppLinkProps,
  type NavigateOptions,
  type Navigation,
} from './navigation'

/*
 * /login opened first by a visitor (contracts/pages/first-page.ts): the page renders in the shell
 * without the router, whose code (TanStack Router and every route's guards and search rules,
 * ~35 KB gzip) a phone on a slow network would otherwise download before the form shows. The
 * router's part of the app (src/app-start.tsx) is fetched on the user's intent (focus in the
 * form, a pointer on a link, the sign-in itself) and takes over at the first navigation: the
 * page the sign-in leads to, or a link followed.
 */

type AppStart = typeof import('../app-start')

let appStart: Promise<AppStart> | null = null

/**
 * The router's part of the app, fetched once; a failed fetch can be tried again. This page owns
 * the failure (the router's pages reload on a failed chunk, src/navigation/RouterShell.tsx).
 */
function loadAppStart(): Promise<AppStart> {
  appStart ??= import('../app-start')
    .then((module: AppStart | undefined) => {
      // A listener that cancels Vite's preload error makes the import resolve to nothing.
      if (module === undefined) throw new Error('The router’s start could not be loaded')
      return module
    })
    .catch((error: unknown) => {
      appStart = null
      throw error
    })
  return appStart
}

/** Fetches the router's part of the app ahead of the navigation that will need it. */
export function prepareAppStart(): void {
  loadAppStart().catch(() => undefined)
}

/** Whether a click on a link is the browser's own (a new tab, a download), not a navigation. */
function isModifiedClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (event.currentTarget.target !== '' && event.currentTarget.target !== '_self')
  )
}

/**
 * The navigation of the sign-in page opened first: the page's location as opened, and
 * `navigate` handing over to the router at `href` (`handOver`) the first time; a navigation
 * elsewhere asked for meanwhile (a link followed while the sign-in was under way, then the page
 * it leads to) goes through the router once it has taken over (`navigateAfter`).
 */
export function signInNavigation(
  location: { pathname: string; search: string },
  handOver: (href: string, replace: boolean) => Promise<void>,
  prepare: () => void,
  navigateAfter: (href: string) => void = navigateTo,
): Navigation & { handingOver: () => boolean } {
  let leaving: { href: string; done: Promise<void> } | null = null
  const navigate = (href: string, options?: NavigateOptions): Promise<void> => {
    if (leaving === null) {
      leaving = { href, done: handOver(href, options?.replace ?? false) }
      return leaving.done
    }
    if (href === leaving.href) return leaving.done
    return leaving.done.then(() => {
      navigateAfter(href)
    })
  }
  function SignInLink({ to, onClick, onPointerEnter, onFocus, ...props }: AppLinkProps) {
    return (
      <a
        {...props}
        href={to}
        onPointerEnter={(event) => {
          prepare()
          onPointerEnter?.(event)
        }}
        onFocus={(event) => {
          prepare()
          onFocus?.(event)
        }}
        onClick={(event) => {
          onClick?.(event)
          if (event.defaultPrevented || isModifiedClick(event)) return
          event.preventDefault()
          void navigate(to)
        }}
      />
    )
  }
  return {
    pathname: location.pathname,
    searchStr: location.search,
    shell: mergeShellStaticData([]),
    navigate,
    prepare,
    Link: SignInLink,
    visitorShell: true,
    handingOver: () => leaving !== null,
  }
}

/** A render error of the page: the router's app takes over here (its error page shows it). */
class StartAppOnError extends Component<
  { children: ReactNode; onError: () => void },
  { failed: boolean }
> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(): void {
    this.props.onError()
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children
  }
}

/** Renders /login, opened first (or `/`, which leads there), in `root`; the router's app takes over at the first navigation. */
export async function startSignInPage(root: Root, locale: Promise<void>): Promise<void> {
  const address = signInAddress(window.location)
  const opened = `${window.location.pathname}${window.location.search}`
  if (address !== opened) window.history.replaceState(null, '', `${address}${window.location.hash}`)
  const search = v.parse(LoginSearchSchema, defaultParseSearch(window.location.search))
  // What the router's guards do on the way to any page: the session follows other tabs' sign-ins.
  startSession()
  await locale
  // A catalog that cannot load leaves the page in the device's language, not blank.
  await adoptLinkLocale(search.lang).catch(() => undefined)

  const handOver = (href: string, replace: boolean): Promise<void> =>
    loadAppStart().then(
      (app) => app.startApp(root, { leaveTo: href, replace }),
      // The router's code could not be fetched (a new version deployed, offline before the
      // worker had it): the browser loads the page itself.
      () => {
        if (replace) window.location.replace(href)
        else window.location.assign(href)
      },
    )
  const navigation = signInNavigation(window.location, handOver, prepareAppStart)
  connectNavigator((href) => void navigation.navigate(href))

  // A render error: the router's app renders this page instead, with its error handling; not
  // while it is taking over already (it replaces this page anyway).
  const startHere = () => {
    if (navigation.handingOver()) return
    loadAppStart()
      .then((app) => app.startApp(root))
      .catch((error: unknown) => {
        recoverFromStartFailure(root, error)
      })
  }
  renderInFrame(
    root,
    <NavigationContext value={navigation}>
      <StartAppOnError onError={startHere}>
        <ShellLayout>
          <LoginPage
            continueTo={search.continue}
            accountMigrated={search.accountMigrated !== undefined}
          />
        </ShellLayout>
      </StartAppOnError>
    </NavigationContext>,
  )
}
