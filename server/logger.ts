import pino from 'pino';

/**
 * Standard output, written once per turn of the event loop. A busy server logs a line per request,
 * and a write system call per line cost more than composing the line; lines are gathered during
 * the turn and written together right after it (setImmediate), so none waits longer than that.
 * The writes themselves are synchronous (pino's SonicBoom), and whatever is gathered when the
 * process exits is written before it goes.
 */
function stdoutPerTurn(): pino.DestinationStream & { flush(callback?: () => void): void } {
  const sink = pino.destination({ dest: 1, sync: true });
  let gathered: string[] = [];
  let scheduled = false;
  const writeGathered = () => {
    scheduled = false;
    if (gathered.length === 0) return;
    const text = gathered.join('');
    gathered = [];
    sink.write(text);
  };
  process.once('exit', writeGathered);
  return {
    write(line: string) {
      gathered.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(writeGathered);
      }
    },
    flush(callback) {
      writeGathered();
      callback?.();
    },
  };
}

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

export function createLogger(level: string) {
  return pino({ level, base: { service: 'game-hall' }, timestamp: isoTimeByMillisecond() }, stdoutPerTurn());
}
