import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * argon2 replaced by computations the test finishes by hand, so it can see how many run at once.
 * Each one answers whether the password is 'right'; 'broken' makes it fail as a malformed hash would.
 */
const argon2 = vi.hoisted(() => {
  const running: { finish: () => void; input: string }[] = [];
  let started = 0;
  const computation = <T>(input: string, answer: () => T) => {
    started += 1;
    return new Promise<T>((resolve, reject) => {
      running.push({
        input,
        finish: () => (input === 'broken' ? reject(new Error('invalid hash')) : resolve(answer())),
      });
    });
  };
  return {
    running,
    started: () => started,
    reset: () => {
      running.length = 0;
      started = 0;
    },
    hash: vi.fn((secret: string) => computation(secret, () => `hash of ${secret}`)),
    verify: vi.fn((_hash: string, secret: string) => computation(secret, () => secret === 'right')),
  };
});
vi.mock('@node-rs/argon2', () => ({ hash: argon2.hash, verify: argon2.verify }));

const { argon2InFlightLimit, hashSecret, verifySecret } = await import('@server/modules/auth/passwords');
const { createHashingShare, HashingBusy } = await import('@server/shared/hashing-share');
const { legacyHashingRule, verifyLegacyPassword } = await import('@server/adapters/old-platform');

/** An argon2 hash of an old platform, within the caps: the mock answers for it by the password. */
const legacyArgon2 = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$aGFzaGhhc2hoYXNo';

/** Lets every promise callback that can run, run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function finishOne() {
  argon2.running.shift()!.finish();
  await settle();
}

// The module hashes its timing decoy when it loads: that one is finished before any test.
await settle();
while (argon2.running.length > 0) await finishOne();
argon2.reset();

afterEach(async () => {
  while (argon2.running.length > 0) await finishOne();
  argon2.reset();
});

describe('password hashing', () => {
  const limit = argon2InFlightLimit;

  it('runs at most one argon2 computation per core and one more, the rest in turn as those finish', async () => {
    const checks = Array.from({ length: limit + 3 }, (_, index) =>
      verifySecret('stored', index % 2 ? 'right' : 'wrong'),
    );
    const hashes = [hashSecret('new password')];
    await settle();
    expect(argon2.running).toHaveLength(limit);
    await finishOne();
    expect(argon2.running).toHaveLength(limit);
    expect(argon2.started()).toBe(limit + 1);
    while (argon2.running.length > 0) {
      expect(argon2.running.length).toBeLessThanOrEqual(limit);
      await finishOne();
    }
    expect(argon2.started()).toBe(limit + 4);
    expect(await Promise.all(checks)).toEqual(Array.from({ length: limit + 3 }, (_, index) => index % 2 === 1));
    expect(await Promise.all(hashes)).toEqual(['hash of new password']);
  });

  it('makes an account without a password wait and hash like any other, and still refuses it', async () => {
    const checks = Array.from({ length: limit }, () => verifySecret('stored', 'wrong'));
    // Even a decoy computation that said yes would not let it in.
    const withoutPassword = verifySecret(null, 'right');
    await settle();
    expect(argon2.running.map((computation) => computation.input)).toEqual(
      Array.from({ length: limit }, () => 'wrong'),
    );
    await finishOne();
    expect(argon2.running.map((computation) => computation.input)).toContain('right');
    expect(argon2.started()).toBe(limit + 1);
    while (argon2.running.length > 0) await finishOne();
    expect(await withoutPassword).toBe(false);
    expect(await Promise.all(checks)).toEqual(Array.from({ length: limit }, () => false));
  });

  it("runs an old platform's checks in a share of their own, never in the portal's turns", async () => {
    const { slots, queueLimit } = legacyHashingRule;
    // The share's slot is taken and its queue full: the next old check is refused at once.
    const legacy = Array.from({ length: slots + queueLimit }, () => verifyLegacyPassword(legacyArgon2, 'right'));
    await settle();
    expect(argon2.running).toHaveLength(slots);
    await expect(verifyLegacyPassword(legacyArgon2, 'right')).rejects.toBeInstanceOf(HashingBusy);
    // The portal's own checks all start at once beside it, none waits for the old ones.
    const own = Array.from({ length: limit }, () => verifySecret('stored', 'right'));
    await settle();
    expect(argon2.running).toHaveLength(slots + limit);
    while (argon2.running.length > 0) await finishOne();
    expect(await Promise.all(legacy)).toEqual(Array.from({ length: slots + queueLimit }, () => true));
    expect(await Promise.all(own)).toEqual(Array.from({ length: limit }, () => true));

    // And with every turn of the portal's taken, an old check still starts.
    const busyTurns = Array.from({ length: limit }, () => verifySecret('stored', 'wrong'));
    const oldCheck = verifyLegacyPassword(legacyArgon2, 'wrong');
    await settle();
    expect(argon2.running).toHaveLength(limit + 1);
    while (argon2.running.length > 0) await finishOne();
    expect(await oldCheck).toBe(false);
    expect(await Promise.all(busyTurns)).toEqual(Array.from({ length: limit }, () => false));
  });

  it('refuses a computation that waited its longest for a share, and never runs it', async () => {
    const share = createHashingShare({ slots: 1, queueLimit: 2, maxWaitMs: 1 });
    let release = () => {};
    const holding = share(() => new Promise<void>((resolve) => (release = resolve)));
    const waited = vi.fn(async () => 'ran');
    const refused = share(waited);
    await expect(refused).rejects.toEqual(expect.objectContaining({ retryAfterSeconds: 1 }));
    await expect(refused).rejects.toBeInstanceOf(HashingBusy);
    release();
    await holding;
    expect(waited).not.toHaveBeenCalled();
    expect(await share(async () => 'next')).toBe('next');
  });

  it('never computes an old hash whose parameters are above the caps', async () => {
    const costly = '$argon2id$v=19$m=1048576,t=12,p=1$c29tZXNhbHQ$aGFzaGhhc2hoYXNo';
    expect(await verifyLegacyPassword(costly, 'right')).toBe(false);
    await settle();
    expect(argon2.started()).toBe(0);
  });

  it('answers false for a hash argon2 cannot read, and frees its turn', async () => {
    const broken = verifySecret('not an argon2 hash', 'broken');
    const waiting = Array.from({ length: limit }, () => verifySecret('stored', 'right'));
    await settle();
    expect(argon2.running).toHaveLength(limit);
    await finishOne();
    expect(await broken).toBe(false);
    expect(argon2.running).toHaveLength(limit);
    while (argon2.running.length > 0) await finishOne();
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: limit }, () => true));
  });
});
