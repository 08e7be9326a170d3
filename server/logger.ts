import pino from 'pino';

/** Lines gathered before a write: a busy server logs a line per request, and a write per line cost more than composing it. */
const stdoutBufferBytes = 4096;
/** The longest a line waits at a quiet time, so that whoever reads the log sees it soon after it happens. */
const stdoutFlushIntervalMs = 100;

/** pino's isoTime, formatted once per millisecond: a busy server writes many lines in each. */
function isoTimeByMillisecond(): () => string {
  let formattedAt = Number.NaN;
  let formatted = '';
  return () => {
    const now = Date.now();
    if (now !== formattedAt) {
      formattedAt = now;
      formatted = `,"time":"${new Date(now).toISOString()}"`;
    }
    return formatted;
  };
}

/**
 * Logs to standard output through pino's asynchronous destination: lines are buffered and written
 * together without waiting on the write. pino writes what is still buffered when the process exits;
 * stop() in start.ts flushes it on the way there.
 */
export function createLogger(level: string) {
  const stdout = pino.destination({
    dest: 1,
    sync: false,
    minLength: stdoutBufferBytes,
    periodicFlush: stdoutFlushIntervalMs,
  });
  return pino({ level, base: { service: 'game-hall' }, timestamp: isoTimeByMillisecond() }, stdout);
}
