// The part of the `ws` client the load uses (the package ships no types; @fastify/websocket brings it).
declare module 'ws' {
  export default class WebSocket {
    constructor(url: string, options?: { headers?: Record<string, string> });
    on(event: 'message', listener: (data: Buffer) => void): this;
    on(event: 'error' | 'close', listener: () => void): this;
    close(): void;
  }
}
