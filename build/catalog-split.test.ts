import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { Plugin } from 'vite'
import {
  catalogModuleId,
  catalogSplit,
  APP_START_FILE,
  coreChunkNames,
  enterpriseChunkNames,
  SIGN_IN_START_FILE,
  originOf,
  routeFileOf,
  splitIds,
  type ChunkFacts,
} from './catalog-split.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const abs = (file: string) => path.join(root, file)

function chunk(facts: Partial<ChunkFacts> & { moduleIds: string[] }): ChunkFacts {
  return { isEntry: false, imports: [], dynamicImports: [], ...facts }
}

// A small build: the entry lazily opens the login page, a settings page, its own signed-in
// dialog and a catalog; the login page shares a chunk with settings and lazily opens a dialog.
const GRAPH: Record<string, ChunkFacts> = {
  'index.js': chunk({
    isEntry: true,
    moduleIds: [abs('src/main.tsx'), abs('src/routes/login.tsx'), catalogModuleId('en-GB', 'core')],
    dynamicImports: ['login.js', 'settings.js', 'NavEditor.js', 'catalog-en-GB-rest.js'],
  }),
  'login.js': chunk({
    moduleIds: [abs('src/routes/login.tsx?tsr-split=component')],
    imports: ['index.js', 'TextField.js'],
    dynamicImports: ['ResetDialog.js', 'settings.js', 'catalog-ar-SA-core.js'],
  }),
  'TextField.js': chunk({ moduleIds: [abs('src/ui/TextField.tsx')] }),
  'ResetDialog.js': chunk({
    moduleIds: [abs('src/features/auth/ResetDialog.tsx')],
    imports: ['Dialog.js'],
  }),
  'Dialog.js': chunk({ moduleIds: [abs('src/ui/Dialog.tsx')] }),
  'settings.js': chunk({
    moduleIds: [abs('src/routes/_authed/settings.tsx?tsr-split=component')],
    imports: ['TextField.js', 'index.js'],
  }),
  'NavEditor.js': chunk({ moduleIds: [abs('src/features/shell/NavEditor.tsx')] }),
  'catalog-en-GB-rest.js': chunk({ moduleIds: [catalogModuleId('en-GB', 'rest')] }),
  'catalog-ar-SA-core.js': chunk({ moduleIds: [catalogModuleId('ar-SA', 'core')] }),
}

describe('routeFileOf', () => {
  it.each([
    ['/login', 'src/routes/login.tsx'],
    ['/404', 'src/routes/404.tsx'],
    ['/hc/search', 'src/routes/hc.search.tsx'],
  ])('%s is %s', (routeId, file) => {
    expect(routeFileOf(routeId)).toBe(file)
  })
})

describe('originOf', () => {
  it.each([
    [abs('src/features/auth/LoginPage.tsx'), 'src/features/auth/LoginPage.tsx'],
    [abs('src/routes/login.tsx?tsr-split=component'), 'src/routes/login.tsx'],
    [`\0${abs('src/ui/Button.tsx')}?x=1`, 'src/ui/Button.tsx'],
    ['catalog-en-GB-core', 'catalog-en-GB-core'],
  ])('%s is %s', (moduleId, origin) => {
    expect(originOf(moduleId, root)).toBe(origin)
  })
})

describe('coreChunkNames', () => {
  it.each([
    {
      core: ['src/routes/login.tsx'],
      chunks: ['Dialog.js', 'ResetDialog.js', 'TextField.js', 'index.js', 'login.js'],
    },
    { core: [], chunks: ['index.js'] },
    {
      core: ['src/routes/_authed/settings.tsx'],
      chunks: ['TextField.js', 'index.js', 'settings.js'],
    },
  ])('with core route files $core: $chunks', ({ core, chunks }) => {
    expect([...coreChunkNames(GRAPH, root, new Set(core))].sort()).toEqual(chunks)
  })
})

// The app's two starts: the sign-in page opened first, and the router's start with every route's
// rules, which imports the data layer every page under the router loads.
const STARTS: Record<string, ChunkFacts> = {
  'index.js': chunk({
    isEntry: true,
    moduleIds: [abs('src/main.tsx')],
    dynamicImports: ['sign-in-start.js', 'app-start.js'],
  }),
  'sign-in-start.js': chunk({
    moduleIds: [abs(SIGN_IN_START_FILE), abs('src/features/auth/LoginPage.tsx')],
    imports: ['index.js', 'shell.js'],
    dynamicImports: ['app-start.js'],
  }),
  'shell.js': chunk({ moduleIds: [abs('src/features/shell/ShellLayout.tsx')] }),
  'app-start.js': chunk({
    moduleIds: [abs(APP_START_FILE), abs('src/routes/login.tsx'), abs('src/routes/__root.tsx')],
    imports: ['index.js', 'shell.js', 'data-layer.js', 'sign-in-start.js'],
    dynamicImports: ['login.js', 'dashboard.js'],
  }),
  'data-layer.js': chunk({ moduleIds: [abs('src/offline/start-data-layer.ts')] }),
  'login.js': chunk({
    moduleIds: [abs('src/routes/login.tsx?tsr-split=component')],
    imports: ['app-start.js', 'sign-in-start.js'],
  }),
  'dashboard.js': chunk({
    moduleIds: [abs('src/routes/_authed/dashboard.tsx?tsr-split=component')],
    imports: ['app-start.js', 'consumer.js'],
  }),
  'consumer.js': chunk({ moduleIds: [abs('src/features/consumer/Page.tsx')] }),
}

describe('coreChunkNames with the two starts', () => {
  it.each([
    {
      core: ['src/routes/login.tsx'],
      chunks: ['app-start.js', 'index.js', 'login.js', 'shell.js', 'sign-in-start.js'],
    },
    { core: [], chunks: ['index.js', 'shell.js', 'sign-in-start.js'] },
    {
      core: ['src/routes/_authed/dashboard.tsx'],
      chunks: [
        'app-start.js',
        'consumer.js',
        'dashboard.js',
        'index.js',
        'shell.js',
        'sign-in-start.js',
      ],
    },
  ])('with core route files $core: $chunks', ({ core, chunks }) => {
    expect([...coreChunkNames(STARTS, root, new Set(core))].sort()).toEqual(chunks)
  })
})

describe('splitIds', () => {
  const catalog = {
    a: { origin: [['src/features/auth/LoginPage.tsx']] },
    b: { origin: [['src/features/settings/Page.tsx'], ['src/ui/TextField.tsx']] },
    c: { origin: [['src/features/settings/Page.tsx']] },
    d: { origin: [] },
    e: {},
  } as const satisfies Parameters<typeof splitIds>[0]

  it.each([
    { modules: ['src/features/auth/LoginPage.tsx'], core: ['a', 'd', 'e'], rest: ['b', 'c'] },
    { modules: ['src/ui/TextField.tsx'], core: ['b', 'd', 'e'], rest: ['a', 'c'] },
    { modules: [], core: ['d', 'e'], rest: ['a', 'b', 'c'] },
  ])('core modules $modules', ({ modules, core, rest }) => {
    expect(splitIds(catalog, new Set(modules))).toEqual({ core, signup: [], rest, enterprise: [] })
  })

  it.each([
    // A word the sign-up shares with a core page stays core; its own go to its part.
    {
      core: ['src/ui/TextField.tsx'],
      signup: ['src/features/settings/Page.tsx', 'src/ui/TextField.tsx'],
      // The rest holds the sign-up's words too: a page beyond it loads core and rest only.
      parts: { core: ['b', 'd', 'e'], signup: ['c'], rest: ['a', 'c'], enterprise: [] },
    },
    {
      core: ['src/features/auth/LoginPage.tsx'],
      signup: [],
      parts: { core: ['a', 'd', 'e'], signup: [], rest: ['b', 'c'], enterprise: [] },
    },
  ])('core $core, sign-up $signup', ({ core, signup, parts }) => {
    expect(splitIds(catalog, new Set(core), new Set(signup))).toEqual(parts)
  })

  it.each([
    // Only a word all of whose origins are enterprise modules leaves the rest.
    {
      enterprise: ['src/features/settings/Page.tsx'],
      parts: { core: ['a', 'd', 'e'], signup: [], rest: ['b'], enterprise: ['c'] },
    },
    {
      enterprise: ['src/features/settings/Page.tsx', 'src/ui/TextField.tsx'],
      parts: { core: ['a', 'd', 'e'], signup: [], rest: [], enterprise: ['b', 'c'] },
    },
    // Core wins over enterprise.
    {
      enterprise: ['src/features/auth/LoginPage.tsx'],
      parts: { core: ['a', 'd', 'e'], signup: [], rest: ['b', 'c'], enterprise: [] },
    },
  ])('enterprise modules $enterprise', ({ enterprise, parts }) => {
    const core = new Set(['src/features/auth/LoginPage.tsx'])
    expect(splitIds(catalog, core, new Set(), new Set(enterprise))).toEqual(parts)
  })
})

// A consumer page and two enterprise pages: the admin page's own feature, the builder's lazily
// loaded map, a table both the admin page and the dashboard use, and the data layer (from the
// router's start) that reaches a preset queue whose words show on every page.
const ENTERPRISE: Record<string, ChunkFacts> = {
  'index.js': chunk({
    isEntry: true,
    moduleIds: [abs('src/main.tsx')],
    dynamicImports: ['app-start.js'],
  }),
  'app-start.js': chunk({
    moduleIds: [abs(APP_START_FILE), abs('src/routeTree.gen.ts')],
    imports: ['index.js'],
    dynamicImports: [
      'dashboard.js',
      'admin.js',
      'analytics.js',
      'data-layer.js',
      'catalog-en-GB-enterprise.js',
    ],
  }),
  'data-layer.js': chunk({
    moduleIds: [abs('src/offline/start-data-layer.ts'), abs('src/features/presets/queue.ts')],
  }),
  'dashboard.js': chunk({
    moduleIds: [abs('src/routes/_authed/dashboard.tsx?tsr-split=component')],
    imports: ['app-start.js', 'table.js'],
    // A link's preload of another page is no reason to hold its words.
    dynamicImports: ['admin.js'],
  }),
  'admin.js': chunk({
    moduleIds: [
      abs('src/routes/_authed/admin.agents.tsx?tsr-split=component'),
      abs('src/features/admin/AgentsPage.tsx'),
    ],
    imports: ['app-start.js', 'table.js'],
  }),
  'analytics.js': chunk({
    moduleIds: [abs('src/routes/_authed/analytics.index.tsx?tsr-split=component')],
    imports: ['app-start.js', 'presets.js'],
    dynamicImports: ['map.js'],
  }),
  'presets.js': chunk({ moduleIds: [abs('src/features/presets/PresetNameDialog.tsx')] }),
  'map.js': chunk({ moduleIds: [abs('src/features/maps/MapChart.tsx')] }),
  'table.js': chunk({ moduleIds: [abs('src/ui/DataTable.tsx')] }),
  'catalog-en-GB-enterprise.js': chunk({ moduleIds: [catalogModuleId('en-GB', 'enterprise')] }),
}

describe('enterpriseChunkNames', () => {
  const enterpriseFile = (file: string) => /^src\/routes\/_authed\/(admin|analytics)\./.test(file)

  it('holds the chunks only enterprise pages reach, lazily too', () => {
    expect([...enterpriseChunkNames(ENTERPRISE, root, enterpriseFile)].sort()).toEqual([
      'admin.js',
      'analytics.js',
      'map.js',
      'presets.js',
    ])
  })

  it('holds nothing when no page is an enterprise one', () => {
    expect([...enterpriseChunkNames(ENTERPRISE, root, () => false)]).toEqual([])
  })

  it('leaves out a chunk another page reaches as well', () => {
    const graph = {
      ...ENTERPRISE,
      'dashboard.js': chunk({
        moduleIds: [abs('src/routes/_authed/dashboard.tsx?tsr-split=component')],
        imports: ['app-start.js', 'table.js', 'presets.js'],
      }),
    }
    expect([...enterpriseChunkNames(graph, root, enterpriseFile)].sort()).toEqual([
      'admin.js',
      'analytics.js',
      'map.js',
    ])
  })
})

type Hook = (this: unknown, ...args: unknown[]) => unknown

function hook(plugin: Plugin, name: 'configResolved' | 'resolveId' | 'load' | 'renderChunk') {
  const value: unknown = plugin[name]
  const fn = (
    typeof value === 'object' && value !== null ? Reflect.get(value, 'handler') : value
  ) as Hook
  const context = { info: () => undefined, warn: () => undefined, addWatchFile: () => undefined }
  return (...args: unknown[]) => fn.call(context, ...args)
}

async function loadPart(command: 'build' | 'serve', specifier: string): Promise<string> {
  const plugin = catalogSplit()
  await hook(plugin, 'configResolved')({ root, command })
  const id = (await hook(plugin, 'resolveId')(specifier)) as string
  return (await hook(plugin, 'load')(id)) as string
}

/** The messages object a part's module code holds (a plain message compiles to `[text]`). */
function messagesIn(code: string): Record<string, unknown> {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)?.[1]
  if (literal === undefined) throw new Error(`no JSON.parse in ${code.slice(0, 80)}`)
  return JSON.parse(JSON.parse(literal) as string) as Record<string, unknown>
}

describe('catalogSplit', () => {
  it('in dev serves the whole catalog as core and nothing as rest', async () => {
    const core = messagesIn(await loadPart('serve', 'virtual:wb-catalog/ar-SA/core'))
    const rest = messagesIn(await loadPart('serve', 'virtual:wb-catalog/ar-SA/rest'))
    expect(Object.values(core)).toContainEqual(['تسجيل الدخول'])
    expect(Object.keys(core).length).toBeGreaterThan(500)
    expect(rest).toEqual({})
  })

  it('refuses a locale lingui.config does not list', async () => {
    await expect(loadPart('serve', 'virtual:wb-catalog/de-DE/core')).rejects.toThrow(/de-DE/)
  })

  it('in a build fills each part from the chunk graph', async () => {
    const plugin = catalogSplit()
    await hook(plugin, 'configResolved')({ root, command: 'build' })
    const placeholders = await Promise.all(
      (['core', 'rest'] as const).map(
        (part) => hook(plugin, 'load')(catalogModuleId('ar-SA', part)) as Promise<string>,
      ),
    )
    const graph = {
      ...GRAPH,
      'login.js': chunk({
        moduleIds: [abs('src/routes/login.tsx?tsr-split=component')],
        imports: ['LoginPage.js'],
      }),
      'LoginPage.js': chunk({ moduleIds: [abs('src/features/auth/LoginPage.tsx')] }),
    }
    const render = hook(plugin, 'renderChunk')
    const [core, rest] = await Promise.all(
      placeholders.map(async (code) => {
        const result = (await render(code, {}, {}, { chunks: graph })) as { code: string }
        return messagesIn(result.code)
      }),
    )
    // "Sign in" comes from LoginPage.tsx; "Dashboard" only from pages this graph does not bundle.
    expect(Object.values(core ?? {})).toContainEqual(['تسجيل الدخول'])
    expect(Object.values(core ?? {})).not.toContainEqual(['لوحة المعلومات'])
    expect(Object.values(rest ?? {})).toContainEqual(['لوحة المعلومات'])
    const ids = [...Object.keys(core ?? {}), ...Object.keys(rest ?? {})]
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.length).toBeGreaterThan(500)
  })
})
