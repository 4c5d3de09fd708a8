import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resetOnlineStateForTests } from '../src/offline/online-state'

// findBy*/waitFor wait up to 1 s by default. On the 2-core CI machine, with the server tests
// running beside them, a route's first render (lazy chunks, the locale's catalog) took 1.2 s once
// (measured): give them room. A check that never passes still fails, only later.
configure({ asyncUtilTimeout: 4_000 })

afterEach(() => {
  cleanup()
  resetOnlineStateForTests()
  localStorage.clear()
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]?.trim() ?? ''}=; max-age=0; path=/`
  })
})
