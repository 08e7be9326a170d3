/** A hashing share refused a computation: its slots and its queue were full, or the wait ran out. */
export class HashingBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('every hashing slot of this share is taken');
  }
}

export interface HashingShareRule {
  /** Computations at once. */
  slots: number;
  /** Computations waiting for a slot; the next one is refused at once. */
  queueLimit: number;
  /** The longest a computation waits for a slot before it is refused. */
  maxWaitMs: number;
}

/**
 * Slots of their own for one kind of hash computation, taken in turn, with a bounded queue and a
 * bounded wait: past either, the computation is refused (HashingBusy) without having run.
 */
export function createHashingShare(rule: HashingShareRule) {
  let running = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  const retryAfterSeconds = Math.ceil(rule.maxWaitMs / 1000);
  const handOver = () => {
    running -= 1;
    const next = waiting.shift();
    if (!next) return;
    clearTimeout(next.timer);
    running += 1;
    next.start();
  };
  return <T>(computation: () => Promise<T>): Promise<T> => {
    const started = () => Promise.resolve().then(computation).finally(handOver);
    if (running < rule.slots) {
      running += 1;
      return started();
    }
    if (waiting.length >= rule.queueLimit) return Promise.reject(new HashingBusy(retryAfterSeconds));
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        start: () => void started().then(resolve, reject),
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new HashingBusy(retryAfterSeconds));
        }, rule.maxWaitMs),
      };
      waiting.push(waiter);
    });
  };
}
