export interface LoopsResult {
  completed: number;
  /** Time of each completed operation, in milliseconds. */
  latenciesMs: number[];
  /** From the first operation started to the last one finished. */
  windowMs: number;
}

/**
 * Runs `operation` from `concurrency` loops until `durationMs` have passed (an operation under way
 * at the deadline is finished and counted). The first failure fails the whole run.
 */
export async function runTimedLoops(
  concurrency: number,
  durationMs: number,
  operation: (loop: number) => Promise<void>,
): Promise<LoopsResult> {
  const latenciesMs: number[] = [];
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  let lastFinishedAt = startedAt;
  const loop = async (index: number) => {
    while (performance.now() < deadline) {
      const began = performance.now();
      await operation(index);
      lastFinishedAt = performance.now();
      latenciesMs.push(lastFinishedAt - began);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => loop(index)));
  return { completed: latenciesMs.length, latenciesMs, windowMs: lastFinishedAt - startedAt };
}
