// Reads a Server-Sent Events response as a browser's EventSource would parse it: blocks separated
// by a blank line, fields `event`, `data`, `id`, `retry`, comment lines starting with ':'.

export type SseBlock = { event: string; data: string; id?: string; retry?: number; comments: string[] };

export type SseReader = {
  /** The next block, comments-only (heartbeat) blocks included; throws after timeoutMs. */
  next(timeoutMs?: number): Promise<SseBlock>;
  /** The next block with data (skips heartbeats and the retry hint). */
  nextEvent(timeoutMs?: number): Promise<SseBlock>;
  /** Resolves true if the stream ends (the server closed it) within timeoutMs. */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

export function parseBlock(text: string): SseBlock {
  const block: SseBlock = { event: 'message', data: '', comments: [] };
  const data: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      block.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') block.event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') block.id = value;
    else if (field === 'retry') block.retry = Number(value);
  }
  block.data = data.join('\n');
  return block;
}

export function sseReader(res: Response): SseReader {
  if (!res.body) throw new Error('no body to read');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  // One read at a time; a read that outlived a timeout is picked up by the next call.
  let reading: Promise<ReadableStreamReadResult<string>> | null = null;

  async function fill(deadline: number): Promise<boolean> {
    if (done) return false;
    reading ??= reader.read();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))));
    const result = await Promise.race([reading, timeout]);
    clearTimeout(timer);
    if (result === 'timeout') return false;
    reading = null;
    if (result.done) {
      done = true;
      return false;
    }
    buffer += result.value.replace(/\r\n?/g, '\n');
    return true;
  }

  async function next(timeoutMs = 5_000): Promise<SseBlock> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseBlock(text);
      }
      if (!(await fill(deadline))) {
        throw new Error(done ? 'the stream ended' : `no event within ${timeoutMs} ms`);
      }
    }
  }

  return {
    next,
    async nextEvent(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = await next(Math.max(1, deadline - Date.now()));
        if (block.data !== '') return block;
      }
    },
    async ended(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done) {
        buffer = '';
        if (!(await fill(deadline)) && !done) return false;
      }
      return true;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
