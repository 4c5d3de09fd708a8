import type { ServerMessage } from '#contracts/instant-test.ts'

type Listener = (event: unknown) => void

/**
 * A stand-in for the browser WebSocket: records what the client sends, and lets a test play the
 * server (open, messages, close) step by step. Install with `vi.stubGlobal('WebSocket', MockSocket)`.
 */
export class MockSocket {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  static instances: MockSocket[] = []

  readonly url: string
  readyState = MockSocket.CONNECTING
  readonly sent: unknown[] = []
  closedBy: 'client' | 'server' | null = null
  private readonly listeners = new Map<string, Listener[]>()

  constructor(url: string) {
    this.url = url
    MockSocket.instances.push(this)
  }

  /** The socket opened last. */
  static latest(): MockSocket {
    const socket = MockSocket.instances.at(-1)
    if (!socket) throw new Error('no socket was opened')
    return socket
  }

  static reset(): void {
    MockSocket.instances = []
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }

  send(data: string): void {
    if (this.readyState !== MockSocket.OPEN) throw new Error('send on a socket that is not open')
    this.sent.push(JSON.parse(data))
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === MockSocket.CLOSED) return
    this.closedBy ??= 'client'
    this.readyState = MockSocket.CLOSED
    this.emit('close', { code, reason })
  }

  // ── the server's side ──

  open(): void {
    this.readyState = MockSocket.OPEN
    this.emit('open', {})
  }

  receive(message: ServerMessage | string): void {
    this.emit('message', { data: typeof message === 'string' ? message : JSON.stringify(message) })
  }

  serverClose(code: number, reason = ''): void {
    this.closedBy = 'server'
    this.close(code, reason)
  }

  private emit(type: string, event: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}
