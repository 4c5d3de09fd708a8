import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'contracts/**/*.test.ts', 'sw/**/*.test.ts'],
            setupFiles: ['./tests/setup-web.ts'],
          },
        },
        {
          // The build's own plugins (build/), in Node: no DOM, no database.
          test: {
            name: 'build',
            environment: 'node',
            include: ['build/**/*.test.ts'],
          },
        },
        {
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts'],
            globalSetup: ['./server/test/global-setup.ts'],
            testTimeout: 20_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }),
)
