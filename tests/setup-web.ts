import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resetOnlineStateForTests } from '../src/offline/online-state'

afterEach(() => {
  cleanup()
  resetOnlineStateForTests()
  localStorage.clear()
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]?.trim() ?? ''}=; max-age=0; path=/`
  })
})
